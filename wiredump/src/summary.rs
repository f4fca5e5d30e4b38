//! `--format summary`: one line per frame, as a protocol analyser's packet list shows it:
//! index, offset, direction, message kind, then the frame's key members as `name=value`.
//!
//! ```
//! use wiredump::cli::Protocol;
//! use wiredump::summary::key_members;
//! let fields = serde_json::json!({
//!     "flags": {"qos": "AtLeastOnce"},
//!     "publish": {"topic": "a/b", "packet_id": 5, "payload": "6869"},
//! });
//! assert_eq!(
//!     key_members(Protocol::Mqtt5, &fields),
//!     r#"packet_id=5 topic="a/b" qos=AtLeastOnce payload="hi" (2 bytes)"#
//! );
//! ```

use crate::cli::Protocol;
use serde_json::Value;

/// Strings longer than this are cut in a summary line.
const SHOW_CHARS: usize = 40;

/// The members a summary line shows for a protocol, in this order, each where it first occurs.
fn members(protocol: Protocol) -> &'static [&'static str] {
    match protocol {
        Protocol::Mqtt | Protocol::Mqtt5 => &[
            "client_id",
            "packet_id",
            "topic",
            "filters",
            "qos",
            "return_code",
            "reason",
            "codes",
            "payload",
        ],
        Protocol::Stream => &[
            "correlation_id",
            "response_code",
            "stream",
            "publisher_id",
            "subscription_id",
            "credit",
            "frame_max",
            "heartbeat",
            "messages",
            "publishing_ids",
            "chunk_first_offset",
            "num_records",
            "timestamp_utc",
        ],
        Protocol::Rocketmq => &["code", "opaque", "remark", "topic", "queueId", "body_hex"],
        Protocol::RocketmqMessage | Protocol::RocketmqBatch => &[
            "topic",
            "queue_id",
            "queue_offset",
            "store_timestamp_utc",
            "body_hex",
        ],
        Protocol::Ignite => &["op", "request_id", "flags", "code", "message"],
        Protocol::Msgpack => &[],
    }
}

/// The key members of a frame's fields as `name=value`, space separated; for msgpack, whose
/// frames are bare values, the value itself, cut short.
pub fn key_members(protocol: Protocol, fields: &Value) -> String {
    if protocol == Protocol::Msgpack {
        return cut(&fields.to_string());
    }
    let hidden = crate::protocol::text_hidden(protocol);
    members(protocol)
        .iter()
        .filter(|name| !hidden.contains(name))
        .filter_map(|name| Some(format!("{name}={}", short(name, find(fields, name)?)?)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first member called `name` holding a value (not null, not an object), depth first.
fn find<'v>(value: &'v Value, name: &str) -> Option<&'v Value> {
    match value {
        Value::Object(map) => map
            .get(name)
            .filter(|v| !v.is_null() && !v.is_object())
            .or_else(|| map.values().find_map(|v| find(v, name))),
        Value::Array(items) => items.iter().find_map(|v| find(v, name)),
        _ => None,
    }
}

/// A member's value on a few characters: strings cut, lists as their length, bytes as their
/// size (and text, when they are text); `None` for no bytes.
fn short(name: &str, value: &Value) -> Option<String> {
    Some(match value {
        Value::String(s) if is_bytes(name) => {
            let raw = wire_protocols::hex::parse(s).unwrap_or_default();
            match std::str::from_utf8(&raw) {
                _ if raw.is_empty() => return None,
                Ok(text) if !text.chars().any(char::is_control) => {
                    let text = cut(&Value::from(text).to_string());
                    format!("{text} ({} bytes)", raw.len())
                }
                _ => format!("({} bytes)", raw.len()),
            }
        }
        Value::String(s) if !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_') => {
            s.clone()
        }
        Value::Array(items) => format!("[{}]", items.len()),
        other => cut(&other.to_string()),
    })
}

fn is_bytes(name: &str) -> bool {
    name.ends_with("_hex") || name == "payload"
}

fn cut(s: &str) -> String {
    match s.char_indices().nth(SHOW_CHARS) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

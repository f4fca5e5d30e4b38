//! Each protocol's dissection and its way back (a frame's JSON encoded to bytes), one module
//! per protocol, and the dispatch on the protocol named.

mod ignite;
mod mqtt;
mod msgpack;
mod rocketmq;
mod stream;

use crate::cli::{Protocol, Side};
use crate::frames::{Sink, Summary};
use crate::input::Stream;
use serde_json::Value;
use std::io;

/// Dissects `stream` as `protocol`, frame by frame, into `sink`.
pub fn dissect(protocol: Protocol, stream: &Stream, sink: &mut impl Sink) -> io::Result<Summary> {
    let bytes = &stream.bytes;
    match protocol {
        Protocol::Mqtt => mqtt::dissect(bytes, wire_protocols::mqtt::Version::V311, sink),
        Protocol::Mqtt5 => mqtt::dissect(bytes, wire_protocols::mqtt::Version::V5, sink),
        Protocol::Stream => stream::dissect(bytes, sink),
        Protocol::Msgpack => msgpack::dissect(bytes, sink),
        Protocol::Ignite => ignite::dissect(bytes, stream.side, sink),
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            rocketmq::dissect(protocol, bytes, sink)
        }
    }
}

/// The bytes of the frame `frame` describes (`{"message": .., "fields": ..}`).
pub fn encode(protocol: Protocol, from: Side, frame: &Value) -> Result<Vec<u8>, String> {
    let message = frame["message"]
        .as_str()
        .ok_or("the JSON has no \"message\" naming the frame's type")?;
    let fields = frame.get("fields").ok_or("the JSON has no \"fields\"")?;
    let side = match frame.get("direction").and_then(Value::as_str) {
        Some("server") => Side::Server,
        Some("client") => Side::Client,
        _ => from,
    };
    let bad = |e: serde_json::Error| format!("{message}: {e}");
    match protocol {
        Protocol::Stream => stream::encode(message, fields).map_err(bad)?,
        Protocol::Mqtt => {
            mqtt::encode(message, fields, wire_protocols::mqtt::Version::V311).map_err(bad)?
        }
        Protocol::Mqtt5 => {
            mqtt::encode(message, fields, wire_protocols::mqtt::Version::V5).map_err(bad)?
        }
        Protocol::Msgpack => msgpack::encode(fields).map_err(bad)?,
        Protocol::Ignite => ignite::encode(message, side, fields).map_err(bad)?,
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            rocketmq::encode(protocol, message, fields)
        }
    }
}

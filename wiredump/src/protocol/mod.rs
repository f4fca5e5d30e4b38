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
use serde::Deserialize;
use serde_json::Value;
use std::io;
use wire_protocols::Document;

/// Dissects `stream` as `protocol`, frame by frame, into `sink`.
pub fn dissect(protocol: Protocol, stream: &Stream, sink: &mut impl Sink) -> io::Result<Summary> {
    dissect_bytes(protocol, &stream.bytes, stream.side, sink)
}

/// Dissects `bytes`, sent by `side`, as `protocol`, frame by frame, into `sink`.
pub fn dissect_bytes(
    protocol: Protocol,
    bytes: &[u8],
    side: Side,
    sink: &mut impl Sink,
) -> io::Result<Summary> {
    match protocol {
        Protocol::Mqtt => mqtt::dissect(bytes, wire_protocols::mqtt::Version::V311, sink),
        Protocol::Mqtt5 => mqtt::dissect(bytes, wire_protocols::mqtt::Version::V5, sink),
        Protocol::Stream => stream::dissect(bytes, sink),
        Protocol::Msgpack => msgpack::dissect(bytes, sink),
        Protocol::Ignite => ignite::dissect(bytes, side, sink),
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            rocketmq::dissect(protocol, bytes, sink)
        }
    }
}

/// Members the text format leaves out for `protocol`: those its version does not have.
pub fn text_hidden(protocol: Protocol) -> &'static [&'static str] {
    match protocol {
        Protocol::Mqtt => mqtt::NOT_IN_V311,
        Protocol::Mqtt5 => mqtt::NOT_IN_V5,
        _ => &[],
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
    let bad = |e: &dyn std::fmt::Display| format!("{message}: {e}");
    // The values borrow their strings and bytes from a document that owns them (hex decoded),
    // dropped when this returns.
    let document = |fields: &Value| Document::deserialize(fields).map_err(|e| bad(&e));
    match protocol {
        Protocol::Stream => {
            let fields = stream::with_chunk_data(message, fields).map_err(|e| bad(&e))?;
            let doc = document(&fields)?;
            stream::encode(message, doc.root()).map_err(|e| bad(&e))?
        }
        Protocol::Mqtt | Protocol::Mqtt5 => {
            let version = if protocol == Protocol::Mqtt {
                wire_protocols::mqtt::Version::V311
            } else {
                wire_protocols::mqtt::Version::V5
            };
            let doc = document(fields)?;
            mqtt::encode(message, doc.root(), version).map_err(|e| bad(&e))?
        }
        Protocol::Msgpack => {
            let doc = document(fields)?;
            msgpack::encode(doc.root()).map_err(|e| bad(&e))?
        }
        Protocol::Ignite => {
            let doc = document(fields)?;
            ignite::encode(message, side, doc.root()).map_err(|e| bad(&e))?
        }
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            rocketmq::encode(protocol, message, fields)
        }
    }
}

//! RocketMQ dissection (remoting frames, MessageExt records, batch bodies).

use crate::cli::Protocol;
use crate::dissect::{Sink, Summary};
use serde_json::Value;
use std::io;

/// Dissects RocketMQ input.
pub fn dissect(protocol: Protocol, _bytes: &[u8], _sink: &mut impl Sink) -> io::Result<Summary> {
    Err(io::Error::other(format!(
        "{} is not supported yet",
        protocol.name()
    )))
}

/// Encodes a RocketMQ frame from its JSON.
pub fn encode(protocol: Protocol, _message: &str, _fields: &Value) -> Result<Vec<u8>, String> {
    Err(format!("{} is not supported yet", protocol.name()))
}

//! RabbitMQ Stream: frames behind a `u32` size, and commands built back from JSON.

use crate::frames::{Sink, Span, Summary, framed, u32_prefixed};
use serde::Deserialize;
use serde_json::Value;
use std::io;
use wire_protocols::stream as rmq_stream;

/// RabbitMQ Stream frames: a `u32` size, then the command.
pub fn dissect(bytes: &[u8], sink: &mut impl Sink) -> io::Result<Summary> {
    framed(
        bytes,
        sink,
        |b| u32_prefixed(b, rmq_stream::frame_len(b, usize::MAX)),
        stream_frame,
    )
}

fn stream_frame<S: Sink>(frame: &[u8], sink: &mut S, span: Span) -> io::Result<bool> {
    match rmq_stream::decode(frame) {
        Ok(command) => sink.frame(span, command.name(), &command).map(|()| true),
        Err(e) => sink.error(span, &e, true).map(|()| false),
    }
}

/// The bytes of the command named `message` with these fields.
pub fn encode(message: &str, fields: &Value) -> Result<Result<Vec<u8>, String>, serde_json::Error> {
    let tagged = serde_json::json!({ message: fields });
    let command = rmq_stream::Command::deserialize(&tagged)?;
    Ok(rmq_stream::encode(&command).map_err(|e| e.to_string()))
}

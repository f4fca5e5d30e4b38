//! RabbitMQ Stream: frames behind a `u32` size, and commands built back from JSON.

use crate::frames::{Sink, Span, Summary, decode_frame, framed, u32_prefixed, whole};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;
use std::io;
use wire_protocols::Document;
use wire_protocols::document::{Error as DocumentError, Node};
use wire_protocols::stream as rmq_stream;
use wire_protocols::stream::Entry;
use wire_runtime::WireEncode;

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
    // The chunk CRC of a Deliver is a checksum field, verified while decoding.
    let verify = sink.verifies_checksums();
    decode_frame(sink, span, frame, |spans| {
        let command = whole::<rmq_stream::Frame<'_>, ()>(frame, (), verify, spans)?.command;
        Ok((command.name().into(), command))
    })
}

/// The bytes of the command named `message` with these fields.
pub fn encode(message: &str, fields: &Node) -> Result<Result<Vec<u8>, String>, DocumentError> {
    let tagged = Node::Map(vec![(Node::from(message), fields.clone())]);
    let command = rmq_stream::Command::deserialize(&tagged)?;
    Ok(rmq_stream::encode(&command).map_err(|e| e.to_string()))
}

/// The fields with the chunk's data added, for a Deliver that `decode` printed: its chunk
/// lists its entries, and the chunk is built over their bytes (`data_hex`), encoded here
/// into a buffer that lives as long as the fields.
pub fn with_chunk_data<'f>(message: &str, fields: &'f Value) -> Result<Cow<'f, Value>, String> {
    let Some(chunk) = fields
        .get("chunk")
        .filter(|_| message.starts_with("Deliver"))
    else {
        return Ok(Cow::Borrowed(fields));
    };
    let (Some(entries), None) = (chunk.get("entries"), chunk.get("data_hex")) else {
        return Ok(Cow::Borrowed(fields));
    };
    let doc = Document::deserialize(entries).map_err(|e| format!("chunk entries: {e}"))?;
    let entries: Vec<Entry<'_>> = doc.value().map_err(|e| format!("chunk entries: {e}"))?;
    let mut data = Vec::new();
    for entry in &entries {
        entry
            .encode(&mut data)
            .map_err(|e| format!("chunk entries: {e}"))?;
    }
    let mut fields = fields.clone();
    fields["chunk"]["data_hex"] = Value::String(wire_protocols::hex::Hex(&data).to_string());
    Ok(Cow::Owned(fields))
}

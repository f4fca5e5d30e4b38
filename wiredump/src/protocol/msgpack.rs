//! msgpack: values back to back, and a value built back from JSON.

use crate::frames::{Layout, Sink, Span, Summary};
use std::io;
use wire_protocols::document::{Error as DocumentError, Node};
use wire_runtime::msgpack::{TIMESTAMP_EXT, Value, timestamp_from_data};
use wire_runtime::{DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode, read::Spans};

/// msgpack values back to back; an invalid value stops the dissection (nothing tells where the
/// next one starts).
pub fn dissect(bytes: &[u8], sink: &mut impl Sink) -> io::Result<Summary> {
    let mut r = Reader::new(bytes);
    let mut failed = false;
    // A value is one span: its parts are not fields.
    let no_fields = Spans::new();
    let wants = sink.wants_spans();
    while !r.is_empty() {
        let offset = r.offset();
        match Value::decode(&mut r) {
            Ok(value) => {
                let span = Span {
                    offset,
                    len: r.offset() - offset,
                };
                let layout = wants.then_some(Layout {
                    bytes: &bytes[offset..span.end()],
                    spans: &no_fields,
                });
                // A malformed timestamp is reported, and the next value read: its length was
                // well-formed.
                if let Err(why) = check_timestamps(&value) {
                    failed = true;
                    let error = DecodeError::new(DecodeErrorKind::InvalidValue(why), 0);
                    sink.error(span, &error, true, layout)?;
                    continue;
                }
                sink.frame(
                    span,
                    msgpack_kind(&value),
                    &wire_protocols::hex::MsgPack(&value),
                    layout,
                )?;
            }
            Err(e) if e.is_incomplete() => {
                sink.truncated(offset, e.needed())?;
                return Ok(Summary { failed: true });
            }
            Err(e) => {
                sink.error(
                    Span {
                        offset,
                        len: bytes.len() - offset,
                    },
                    &e,
                    false,
                    None,
                )?;
                return Ok(Summary { failed: true });
            }
        }
    }
    Ok(Summary { failed })
}

/// The timestamp extension (type -1) as the msgpack specification defines it: 4, 8 or 12
/// bytes, nanoseconds below 10^9, checked wherever one is nested.
fn check_timestamps(value: &Value<'_>) -> Result<(), &'static str> {
    match value {
        Value::Ext(TIMESTAMP_EXT, data) => timestamp_from_data(data).map(|_| ()),
        Value::Array(items) => items.iter().try_for_each(check_timestamps),
        Value::Map(pairs) => pairs
            .iter()
            .try_for_each(|(k, v)| check_timestamps(k).and_then(|()| check_timestamps(v))),
        _ => Ok(()),
    }
}

fn msgpack_kind(value: &Value<'_>) -> &'static str {
    match value {
        Value::Nil => "nil",
        Value::Bool(_) => "bool",
        Value::Int(_) | Value::UInt(_) => "int",
        Value::F32(_) => "float32",
        Value::F64(_) => "float64",
        Value::Str(_) => "str",
        Value::Bin(_) => "bin",
        Value::Array(_) => "array",
        Value::Map(_) => "map",
        Value::Ext(..) => "ext",
    }
}

/// The bytes of a msgpack value from its JSON.
pub fn encode(fields: &Node) -> Result<Result<Vec<u8>, String>, DocumentError> {
    let value = wire_protocols::hex::deserialize_msgpack_value(fields)?;
    Ok(value.encode_to_vec().map_err(|e| e.to_string()))
}

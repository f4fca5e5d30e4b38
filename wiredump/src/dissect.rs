//! Splitting a byte stream into frames of one protocol and decoding each.

use crate::cli::{Protocol, Side};
use crate::input::Stream;
use serde::Serialize;
use std::cell::Cell;
use std::io;
use wire_protocols::{ignite, mqtt, stream as rmq_stream};
use wire_runtime::msgpack::Value;
use wire_runtime::{DecodeError, Reader, WireDecode};

/// Where a frame sits in its stream.
#[derive(Debug, Clone, Copy)]
pub struct Span {
    /// Offset of its first byte.
    pub offset: usize,
    /// Its length.
    pub len: usize,
}

impl Span {
    /// Offset just past the frame.
    pub fn end(&self) -> usize {
        self.offset + self.len
    }
}

/// What the dissector reports, frame by frame.
pub trait Sink {
    /// A decoded frame: its type name and its fields.
    fn frame<T: Serialize + ?Sized>(
        &mut self,
        span: Span,
        message: &str,
        fields: &T,
    ) -> io::Result<()>;
    /// A frame that failed to decode; `skipped` when the framing allows going on after it.
    fn error(&mut self, span: Span, error: &DecodeError, skipped: bool) -> io::Result<()>;
    /// The stream ends inside a frame: `missing` more bytes were needed (when known).
    fn truncated(&mut self, offset: usize, missing: Option<usize>) -> io::Result<()>;
}

/// How a dissection ended.
#[derive(Debug, Default, Clone, Copy)]
pub struct Summary {
    /// Some frame failed or the stream was truncated.
    pub failed: bool,
}

/// Dissects `stream` as `protocol`, frame by frame, into `sink`.
pub fn dissect(protocol: Protocol, stream: &Stream, sink: &mut impl Sink) -> io::Result<Summary> {
    let bytes = &stream.bytes;
    match protocol {
        Protocol::Mqtt => framed(bytes, sink, mqtt_len, |f, s, span| {
            mqtt_frame(f, mqtt::Version::V311, s, span)
        }),
        Protocol::Mqtt5 => framed(bytes, sink, mqtt_len, |f, s, span| {
            mqtt_frame(f, mqtt::Version::V5, s, span)
        }),
        Protocol::Stream => framed(
            bytes,
            sink,
            |b| u32_prefixed(b, rmq_stream::frame_len(b, 0)),
            stream_frame,
        ),
        Protocol::Msgpack => msgpack_values(bytes, sink),
        Protocol::Ignite => ignite_messages(bytes, stream.side, sink),
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            crate::rocketmq::dissect(protocol, bytes, sink)
        }
    }
}

/// What a framing knows of the frame at the front of a buffer.
#[derive(Debug, Clone, Copy)]
pub enum Length {
    /// The whole frame is there, this long.
    Whole(usize),
    /// The frame is cut short; this many more bytes are needed, when known.
    Partial(Option<usize>),
}

/// Frames whose length the framing tells (`frame_len`), each decoded by `decode`: a frame that
/// fails is reported and skipped; a malformed length stops the dissection.
pub fn framed<S: Sink>(
    bytes: &[u8],
    sink: &mut S,
    frame_len: impl Fn(&[u8]) -> Result<Length, DecodeError>,
    decode: impl Fn(&[u8], &mut S, Span) -> io::Result<bool>,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        match frame_len(rest) {
            Ok(Length::Whole(len)) => {
                let span = Span { offset: at, len };
                summary.failed |= !decode(&rest[..len], sink, span)?;
                at += len;
            }
            Ok(Length::Partial(missing)) => {
                sink.truncated(at, missing)?;
                summary.failed = true;
                break;
            }
            Err(e) => {
                sink.error(
                    Span {
                        offset: at,
                        len: rest.len(),
                    },
                    &e,
                    false,
                )?;
                summary.failed = true;
                break;
            }
        }
    }
    Ok(summary)
}

/// The length of a frame that starts with a `u32` size of the rest, as `frame_len` found it.
pub fn u32_prefixed(
    buf: &[u8],
    found: Result<Option<usize>, DecodeError>,
) -> Result<Length, DecodeError> {
    Ok(match found? {
        Some(len) => Length::Whole(len),
        None => Length::Partial(
            buf.first_chunk::<4>()
                .map(|size| (u32::from_be_bytes(*size) as usize + 4).saturating_sub(buf.len())),
        ),
    })
}

fn mqtt_len(buf: &[u8]) -> Result<Length, DecodeError> {
    Ok(match mqtt::frame_len(buf, usize::MAX)? {
        Some(len) => Length::Whole(len),
        None => Length::Partial(
            wire_runtime::decode_prefix::<wire_runtime::Vbi>(buf.get(1..).unwrap_or_default())
                .ok()
                .map(|(remaining, used)| {
                    (1 + used + remaining.0 as usize).saturating_sub(buf.len())
                }),
        ),
    })
}

fn mqtt_frame<S: Sink>(
    frame: &[u8],
    version: mqtt::Version,
    sink: &mut S,
    span: Span,
) -> io::Result<bool> {
    match mqtt::decode(frame, version) {
        Ok((packet, _)) => sink.frame(span, packet.name(), &packet).map(|()| true),
        Err(e) => sink.error(span, &e, true).map(|()| false),
    }
}

fn stream_frame<S: Sink>(frame: &[u8], sink: &mut S, span: Span) -> io::Result<bool> {
    match rmq_stream::decode(frame) {
        Ok(command) => sink.frame(span, command.name(), &command).map(|()| true),
        Err(e) => sink.error(span, &e, true).map(|()| false),
    }
}

/// msgpack values back to back; an invalid value stops the dissection (nothing tells where the
/// next one starts).
fn msgpack_values(bytes: &[u8], sink: &mut impl Sink) -> io::Result<Summary> {
    let mut r = Reader::new(bytes);
    while !r.is_empty() {
        let offset = r.offset();
        match Value::decode(&mut r) {
            Ok(value) => {
                let span = Span {
                    offset,
                    len: r.offset() - offset,
                };
                sink.frame(
                    span,
                    msgpack_kind(&value),
                    &wire_protocols::hex::MsgPack(&value),
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
                )?;
                return Ok(Summary { failed: true });
            }
        }
    }
    Ok(Summary::default())
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

/// Ignite messages: `IGNI` and a handshake first when the stream starts with the magic, then
/// requests (from the client) or responses (from the server).
fn ignite_messages<S: Sink>(bytes: &[u8], side: Side, sink: &mut S) -> io::Result<Summary> {
    // Only the first frame can be the handshake.
    let handshake = Cell::new(bytes.starts_with(&ignite::MAGIC));
    framed(
        bytes,
        sink,
        |rest| {
            Ok(match ignite::frame_len(rest, handshake.get())? {
                Some(len) => Length::Whole(len),
                None => Length::Partial(ignite_missing(rest, handshake.get())),
            })
        },
        |frame, sink, span| {
            let first = handshake.replace(false);
            match (first, side) {
                (true, Side::Client) => report(
                    sink,
                    span,
                    "HandshakeRequest",
                    wire_runtime::decode::<ignite::First<ignite::HandshakeRequest<'_>>>(frame)
                        .map(|m| m.body),
                ),
                (true, Side::Server) => report(
                    sink,
                    span,
                    "HandshakeResponse",
                    wire_runtime::decode::<ignite::First<ignite::HandshakeResponse<'_>>>(frame)
                        .map(|m| m.body),
                ),
                (false, Side::Client) => report(
                    sink,
                    span,
                    "Request",
                    wire_runtime::decode::<ignite::Message<ignite::Request<'_>>>(frame)
                        .map(|m| m.body),
                ),
                (false, Side::Server) => report(
                    sink,
                    span,
                    "Response",
                    wire_runtime::decode::<ignite::Message<ignite::Response<'_>>>(frame)
                        .map(|m| m.body),
                ),
            }
        },
    )
}

fn ignite_missing(rest: &[u8], handshake: bool) -> Option<usize> {
    let magic = if handshake { 4 } else { 0 };
    let len = rest.get(magic..magic + 4)?;
    let body = i32::from_be_bytes([len[0], len[1], len[2], len[3]]);
    Some((magic + 4 + usize::try_from(body).ok()?).saturating_sub(rest.len()))
}

/// Reports a decoded value or its error; true when it decoded.
pub fn report<T: Serialize>(
    sink: &mut impl Sink,
    span: Span,
    message: &str,
    value: Result<T, DecodeError>,
) -> io::Result<bool> {
    match value {
        Ok(value) => sink.frame(span, message, &value).map(|()| true),
        Err(e) => sink.error(span, &e, true).map(|()| false),
    }
}

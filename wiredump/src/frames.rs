//! The framework every protocol's dissection uses: where a frame lies ([`Span`]), what the
//! dissection reports to ([`Sink`]), and the loop over length-framed frames ([`framed`]).

use serde::Serialize;
use std::io;
use wire_runtime::DecodeError;

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
    /// Whether checksums are verified (`--no-verify` turns it off).
    fn verifies_checksums(&self) -> bool {
        true
    }
}

/// How a dissection ended.
#[derive(Debug, Default, Clone, Copy)]
pub struct Summary {
    /// Some frame failed or the stream was truncated.
    pub failed: bool,
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

//! The framework every protocol's dissection uses: where a frame lies ([`Span`]), where its
//! fields lie ([`Layout`]), what the dissection reports to ([`Sink`]), the loop over
//! length-framed frames ([`framed`]) and the decoding of one frame ([`decode_frame`]).

use serde::Serialize;
use std::borrow::Cow;
use std::io;
use wire_runtime::{DecodeError, DecodeWith, Reader, read::Spans};

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

/// A frame's bytes and where each of its fields lies in them (offsets from the frame's start
/// in `spans`), as the derived decoders record them.
#[derive(Debug, Clone, Copy)]
pub struct Layout<'a> {
    /// The frame.
    pub bytes: &'a [u8],
    /// Its fields' spans.
    pub spans: &'a Spans,
}

/// What the dissector reports, frame by frame.
pub trait Sink {
    /// A decoded frame: its type name, its fields, and (when [`Sink::wants_spans`]) where
    /// they lie.
    fn frame<T: Serialize + ?Sized>(
        &mut self,
        span: Span,
        message: &str,
        fields: &T,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()>;
    /// A frame that failed to decode; `skipped` when the framing allows going on after it;
    /// where its fields lie as far as they decoded (when [`Sink::wants_spans`]).
    fn error(
        &mut self,
        span: Span,
        error: &DecodeError,
        skipped: bool,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()>;
    /// Whether frames are decoded with their fields' spans.
    fn wants_spans(&self) -> bool {
        false
    }
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
                let span = Span {
                    offset: at,
                    len: rest.len(),
                };
                sink.error(span, &e, false, None)?;
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

/// Decodes `frame` with `decode` (given a [`Spans`] to fill when the sink wants spans) and
/// reports the value, with the name `decode` gives it, or the error; true when it decoded.
/// An error always comes with the spans of the fields decoded up to it (the frame is decoded
/// again for them if need be), so that it can point at the field that failed.
pub fn decode_frame<T: Serialize, S: Sink>(
    sink: &mut S,
    span: Span,
    frame: &[u8],
    mut decode: impl FnMut(Option<&mut Spans>) -> Result<(Cow<'static, str>, T), DecodeError>,
) -> io::Result<bool> {
    thread_local! {
        /// One frame's spans at a time: the storage is kept from frame to frame.
        static SPANS: std::cell::RefCell<Spans> = std::cell::RefCell::new(Spans::new());
    }
    SPANS.with_borrow_mut(|spans| {
        spans.clear();
        let decoded = if sink.wants_spans() {
            decode(Some(spans))
        } else {
            match decode(None) {
                Ok(decoded) => {
                    let (message, value) = decoded;
                    return sink.frame(span, &message, &value, None).map(|()| true);
                }
                // The error again, with the spans up to it (a valid frame is decoded once).
                Err(_) => decode(Some(spans)),
            }
        };
        let layout = Some(Layout {
            bytes: frame,
            spans,
        });
        match decoded {
            Ok((message, value)) => sink.frame(span, &message, &value, layout).map(|()| true),
            Err(e) => sink.error(span, &e, true, layout).map(|()| false),
        }
    })
}

/// A whole frame decoded as a `T` with context `ctx`, with its fields' spans when `spans` is
/// given; checksum fields verified if `verify`. Bytes after it are an error.
pub fn whole<'a, T: DecodeWith<'a, C>, C>(
    frame: &'a [u8],
    ctx: C,
    verify: bool,
    spans: Option<&mut Spans>,
) -> Result<T, DecodeError> {
    let mut r = Reader::new(frame);
    if !verify {
        r = r.without_checksums();
    }
    let value = match spans {
        Some(spans) => T::decode_with_spanned(&mut r, ctx, spans)?,
        None => T::decode_with(&mut r, ctx)?,
    };
    r.expect_end()?;
    Ok(value)
}

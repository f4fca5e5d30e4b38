//! One `tokio_util` codec for every protocol: whole frames in, messages out (feature `tokio`).

use crate::EncodeWith;
use crate::framing::{Framing, next_frame};
use bytes::{Bytes, BytesMut};
use core::fmt;
use core::marker::PhantomData;
use std::io;
use tokio_util::codec::{Decoder, Encoder};

/// A protocol as its codec sees it: how its frames are delimited ([`Framing`]), which messages
/// go out, and the context they are encoded with.
pub trait Outgoing: Framing {
    /// The messages the codec encodes, for any lifetime of what they borrow (`Packet<'a>`).
    type Message<'a>: EncodeWith<Self::Context> + ?Sized;
    /// The context every message is encoded with (the protocol version, say), `()` for none.
    type Context: Copy;
}

/// A `tokio_util` codec for any protocol: whole frames in as [`Bytes`] (decode them with the
/// protocol's decoder, borrowing from the frame), the protocol's [`Outgoing::Message`]s out,
/// encoded with the codec's context.
///
/// Frames above [`max_len`](FrameCodec::max_len) are an error (`InvalidData`); the limit is
/// the protocol's [`Framing::DEFAULT_MAX_LEN`] unless set with
/// [`with_max_len`](FrameCodec::with_max_len).
///
/// ```
/// use bytes::BytesMut;
/// use tokio_util::codec::{Decoder, Encoder};
/// use wire_runtime::{DecodeError, framing::FrameCodec, framing::Framing, framing::Outgoing, WireDecode, WireEncode};
///
/// /// Frames of one length byte and that many bytes.
/// struct Tiny;
/// impl Framing for Tiny {
///     const DEFAULT_MAX_LEN: usize = 256;
///     fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
///         let Some(&n) = buf.first() else { return Ok(None) };
///         let len = 1 + usize::from(n);
///         if len > max_len {
///             return Err(DecodeError::new(wire_runtime::DecodeErrorKind::InvalidValue("too long"), 0));
///         }
///         Ok((buf.len() >= len).then_some(len))
///     }
/// }
/// impl Outgoing for Tiny {
///     type Message<'a> = Note<'a>;
///     type Context = ();
/// }
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Note<'a> {
///     #[wire(len = u8)]
///     text: &'a str,
/// }
///
/// let mut codec = FrameCodec::<Tiny>::default();
/// let mut buf = BytesMut::new();
/// codec.encode(&Note { text: "hi" }, &mut buf)?;
/// let frame = codec.decode(&mut buf)?.expect("a whole frame");
/// assert_eq!(wire_runtime::decode::<Note<'_>>(&frame)?, Note { text: "hi" });
/// assert!(codec.decode(&mut buf)?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct FrameCodec<P: Outgoing> {
    max_len: usize,
    ctx: P::Context,
    protocol: PhantomData<fn() -> P>,
}

impl<P: Outgoing> FrameCodec<P> {
    /// A codec that encodes with context `ctx`, with the protocol's default frame limit.
    pub fn new(ctx: P::Context) -> Self {
        FrameCodec {
            max_len: P::DEFAULT_MAX_LEN,
            ctx,
            protocol: PhantomData,
        }
    }

    /// The same codec, accepting frames of up to `max_len` bytes.
    #[must_use]
    pub fn with_max_len(mut self, max_len: usize) -> Self {
        self.max_len = max_len;
        self
    }

    /// The largest frame accepted, in bytes.
    pub fn max_len(&self) -> usize {
        self.max_len
    }

    /// The context messages are encoded with.
    pub fn context(&self) -> P::Context {
        self.ctx
    }
}

impl<P: Outgoing<Context: Default>> Default for FrameCodec<P> {
    fn default() -> Self {
        FrameCodec::new(P::Context::default())
    }
}

impl<P: Outgoing> Clone for FrameCodec<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Outgoing> Copy for FrameCodec<P> {}

impl<P: Outgoing<Context: fmt::Debug>> fmt::Debug for FrameCodec<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameCodec")
            .field("max_len", &self.max_len)
            .field("ctx", &self.ctx)
            .finish()
    }
}

impl<P: Outgoing> Decoder for FrameCodec<P> {
    type Item = Bytes;
    type Error = io::Error;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Bytes>, io::Error> {
        next_frame::<P>(src, self.max_len)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }
}

impl<'a, P: Outgoing> Encoder<&P::Message<'a>> for FrameCodec<P> {
    type Error = io::Error;

    fn encode(&mut self, message: &P::Message<'a>, dst: &mut BytesMut) -> Result<(), io::Error> {
        dst.reserve(message.encoded_len_with(self.ctx));
        message
            .encode_with(dst, self.ctx)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
    }
}

//! Splitting a byte stream into whole frames, for protocols whose frames tell their own length
//! in their first bytes.

use crate::DecodeError;
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use crate::codec::{FrameCodec, Outgoing};
use bytes::{Bytes, BytesMut};
use core::fmt;
use core::marker::PhantomData;

/// How a protocol delimits its frames on a stream.
///
/// Frame limits mean one thing everywhere: `max_len` is the largest whole frame accepted, in
/// bytes, its own length field included. There is no "0 means unlimited": a limit of 0 rejects
/// every frame, and a protocol's [`DEFAULT_MAX_LEN`](Framing::DEFAULT_MAX_LEN) is what
/// [`FrameSplitter::default`] and the codecs use.
pub trait Framing {
    /// The limit a splitter or codec has unless told otherwise: large enough for the traffic of
    /// the protocol's usual servers, small enough that a peer cannot make the reader buffer
    /// gigabytes by announcing them.
    const DEFAULT_MAX_LEN: usize;

    /// The total length of the frame at the front of `buf`, `Ok(None)` while more bytes are
    /// needed to know it or to hold it, or an error for a malformed length or a frame above
    /// `max_len` bytes.
    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError>;
}

/// Takes the next whole frame off the front of `buf`, or `None` until it is all there.
pub fn next_frame<F: Framing>(
    buf: &mut BytesMut,
    max_len: usize,
) -> Result<Option<Bytes>, DecodeError> {
    Ok(F::frame_len(buf, max_len)?.map(|len| buf.split_to(len).freeze()))
}

/// Feeds bytes as they arrive and hands out whole frames; a partial frame stays buffered.
///
/// ```
/// use wire_runtime::{DecodeError, framing::FrameSplitter, framing::Framing};
///
/// /// Frames of one length byte and that many bytes.
/// struct Tiny;
/// impl Framing for Tiny {
///     const DEFAULT_MAX_LEN: usize = 256;
///     fn frame_len(buf: &[u8], _max_len: usize) -> Result<Option<usize>, DecodeError> {
///         Ok(buf.first().map(|&n| 1 + usize::from(n)).filter(|&len| buf.len() >= len))
///     }
/// }
///
/// let mut splitter = FrameSplitter::<Tiny>::default();
/// splitter.extend(&[2, b'h']);
/// assert!(splitter.next_frame()?.is_none());
/// splitter.extend(&[b'i', 0]);
/// assert_eq!(&splitter.next_frame()?.unwrap()[..], &[2, b'h', b'i']);
/// assert_eq!(&splitter.next_frame()?.unwrap()[..], &[0]);
/// # Ok::<(), DecodeError>(())
/// ```
pub struct FrameSplitter<F> {
    buf: BytesMut,
    max_len: usize,
    framing: PhantomData<fn() -> F>,
}

impl<F: Framing> FrameSplitter<F> {
    /// A splitter that rejects frames longer than `max_len` bytes.
    pub fn new(max_len: usize) -> Self {
        FrameSplitter {
            buf: BytesMut::new(),
            max_len,
            framing: PhantomData,
        }
    }

    /// Appends received bytes.
    pub fn extend(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole frame's bytes, or `None` until more bytes arrive.
    pub fn next_frame(&mut self) -> Result<Option<Bytes>, DecodeError> {
        next_frame::<F>(&mut self.buf, self.max_len)
    }
}

impl<F: Framing> Default for FrameSplitter<F> {
    /// A splitter with the protocol's [`Framing::DEFAULT_MAX_LEN`].
    fn default() -> Self {
        FrameSplitter::new(F::DEFAULT_MAX_LEN)
    }
}

impl<F> fmt::Debug for FrameSplitter<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameSplitter")
            .field("buffered", &self.buf.len())
            .field("max_len", &self.max_len)
            .finish()
    }
}

//! What the code generated for checksum fields calls: the check on decode, and the writer that
//! checksums bytes as encode writes them.

use crate::checksum::{Checksum, ChecksumValue};
use crate::error::{DecodeError, DecodeErrorKind};
use bytes::BufMut;
use bytes::buf::UninitSlice;

/// Names, at the checksum field's type, a field whose type is not the algorithm's output.
#[inline(always)]
pub fn checksum_output<C: Checksum<Output = T>, T>() {}

/// Checks a checksum field on decode: `covered` are the bytes it covers, with `hole` (start
/// and length within `covered`) read as zeros when the field lies inside them.
#[inline]
pub fn verify_checksum<C: Checksum>(
    covered: &[u8],
    hole: Option<(usize, usize)>,
    found: C::Output,
    at: usize,
) -> Result<(), DecodeError> {
    let expected = match hole {
        None => C::of(&[covered]),
        Some((start, len)) => {
            let mut sum = C::default();
            sum.update(&covered[..start]);
            feed_zeros(&mut sum, len);
            sum.update(&covered[start + len..]);
            sum.finish()
        }
    };
    if expected == found {
        Ok(())
    } else {
        Err(mismatch(found.bits(), expected.bits(), at))
    }
}

#[cold]
fn mismatch(declared: u64, computed: u64, at: usize) -> DecodeError {
    DecodeError::new(
        DecodeErrorKind::ChecksumMismatch {
            expected: declared,
            actual: computed,
        },
        at,
    )
}

fn feed_zeros<C: Checksum>(sum: &mut C, mut len: usize) {
    const ZEROS: [u8; 64] = [0; 64];
    while len > 0 {
        let n = len.min(ZEROS.len());
        sum.update(&ZEROS[..n]);
        len -= n;
    }
}

/// A `BufMut` that checksums what is written through it, in one pass: encode writes the
/// covered fields through it when the checksum field comes after them.
#[derive(Debug)]
pub struct ChecksumWriter<'b, B: ?Sized, C> {
    inner: &'b mut B,
    sum: C,
    /// The start of the chunk `chunk_mut` last handed out, which `advance_mut` reads back.
    chunk: *mut u8,
}

impl<'b, B: BufMut + ?Sized, C: Checksum> ChecksumWriter<'b, B, C> {
    /// A writer into `inner`, checksumming what goes through it.
    #[inline]
    pub fn new(inner: &'b mut B) -> Self {
        ChecksumWriter {
            inner,
            sum: C::default(),
            chunk: core::ptr::null_mut(),
        }
    }

    /// Feeds `len` zero bytes (the checksum field itself, where it is covered) without
    /// writing them.
    #[inline]
    pub fn skip_zeros(&mut self, len: usize) {
        feed_zeros(&mut self.sum, len);
    }

    /// Feeds bytes written elsewhere (covered fields written after the checksum field).
    #[inline]
    pub fn feed(&mut self, bytes: &[u8]) {
        self.sum.update(bytes);
    }

    /// The checksum of everything written and fed.
    #[inline]
    pub fn finish(self) -> C::Output {
        self.sum.finish()
    }
}

// SAFETY: every method forwards to `inner`, which upholds `BufMut`'s contract; `advance_mut`
// only reads back bytes the caller initialized before advancing past them.
unsafe impl<B: BufMut + ?Sized, C: Checksum> BufMut for ChecksumWriter<'_, B, C> {
    #[inline]
    fn remaining_mut(&self) -> usize {
        self.inner.remaining_mut()
    }

    #[inline]
    unsafe fn advance_mut(&mut self, cnt: usize) {
        if cnt > 0 {
            // SAFETY: `advance_mut`'s contract: the caller initialized the first `cnt` bytes of
            // the chunk `chunk_mut` returned last (whose start `self.chunk` holds), and they
            // stay valid until `inner` advances below.
            let written = unsafe { core::slice::from_raw_parts(self.chunk, cnt) };
            self.sum.update(written);
            self.chunk = self.chunk.wrapping_add(cnt);
        }
        // SAFETY: forwarded with the caller's guarantee.
        unsafe { self.inner.advance_mut(cnt) }
    }

    #[inline]
    fn chunk_mut(&mut self) -> &mut UninitSlice {
        let chunk = self.inner.chunk_mut();
        self.chunk = chunk.as_mut_ptr();
        chunk
    }

    #[inline]
    fn put_slice(&mut self, src: &[u8]) {
        self.sum.update(src);
        self.inner.put_slice(src);
    }

    #[inline]
    fn put_bytes(&mut self, val: u8, cnt: usize) {
        let block = [val; 64];
        let mut left = cnt;
        while left > 0 {
            let n = left.min(block.len());
            self.sum.update(&block[..n]);
            left -= n;
        }
        self.inner.put_bytes(val, cnt);
    }
}

/// A `BufMut` that holds nothing: the inner buffer of a [`ChecksumWriter`] that is only fed.
#[derive(Debug, Clone, Copy)]
pub struct Sink;

// SAFETY: it has no room: `remaining_mut` is 0, `chunk_mut` is empty, and advancing by
// anything but 0 is refused.
unsafe impl BufMut for Sink {
    #[inline]
    fn remaining_mut(&self) -> usize {
        0
    }

    #[inline]
    unsafe fn advance_mut(&mut self, cnt: usize) {
        assert_eq!(cnt, 0, "a Sink has no room");
    }

    #[inline]
    fn chunk_mut(&mut self) -> &mut UninitSlice {
        UninitSlice::new(&mut [])
    }
}

//! Writing a run of values through one capacity check.

use crate::error::EncodeError;
use bytes::BufMut;
use core::mem::MaybeUninit;

/// The spare capacity of a buffer, written front to back as a plain slice.
pub type Window<'a> = &'a mut [MaybeUninit<u8>];

/// Writes a run of about `len` bytes with one capacity check: when `buf`'s current chunk has
/// room for `len` bytes, `write` gets that chunk as a [`Window`], and `buf` advances once, by
/// what `write` wrote, after it succeeds. Returns `None` without calling `write` when the chunk
/// is smaller; the caller then writes into `buf` itself.
///
/// Into a `BytesMut` or a `Vec`, every `put` checks the capacity and stores the new length,
/// which the next `put` loads back: a chain through memory that costs more than the writing
/// when the values are small. Through the window, the position stays in a register.
///
/// `len` is the size of the run (its `encoded_len`): a run that writes more than the chunk
/// holds panics, as writing past the end of any slice does. If `write` fails, nothing is
/// committed.
///
/// ```
/// use bytes::BufMut;
/// use wire_runtime::write::write_in_window;
///
/// let mut out = Vec::with_capacity(16);
/// let done = write_in_window(&mut out, 6, |w| {
///     w.put_u16(0x0102);
///     w.put_u32(7);
///     Ok(())
/// });
/// assert!(matches!(done, Some(Ok(()))));
/// assert_eq!(out, [1, 2, 0, 0, 0, 7]);
///
/// // No room: nothing is called, the caller writes.
/// let mut full = [0u8; 2];
/// assert!(write_in_window(&mut &mut full[..], 6, |_| Ok(())).is_none());
/// ```
#[inline(always)]
pub fn write_in_window<B, F>(buf: &mut B, len: usize, write: F) -> Option<Result<(), EncodeError>>
where
    B: BufMut + ?Sized,
    F: FnOnce(&mut Window<'_>) -> Result<(), EncodeError>,
{
    let chunk = buf.chunk_mut();
    if chunk.len() < len {
        return None;
    }
    // SAFETY: the window is only written through `BufMut` for `&mut [MaybeUninit<u8>]`,
    // which writes initialized bytes; nothing uninitialized is written into the chunk.
    let mut window: Window<'_> = unsafe { chunk.as_uninit_slice_mut() };
    let room = window.len();
    if let Err(e) = write(&mut window) {
        return Some(Err(e));
    }
    let written = room - window.len();
    // SAFETY: the window's `BufMut` writes from its front and moves its start past what it
    // wrote, so the first `written` bytes of the chunk are initialized, and `written` is at
    // most the chunk's length.
    unsafe { buf.advance_mut(written) };
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::EncodeErrorKind;
    use alloc::vec::Vec;

    #[test]
    fn commits_what_was_written_and_nothing_on_error() {
        let mut out = bytes::BytesMut::with_capacity(8);
        out.put_u8(9);
        let done = write_in_window(&mut out, 3, |w| {
            w.put_slice(b"abc");
            Ok(())
        });
        assert!(matches!(done, Some(Ok(()))));
        assert_eq!(&out[..], b"\x09abc");

        let failed = write_in_window(&mut out, 2, |w| {
            w.put_slice(b"xy");
            Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange))
        });
        assert!(matches!(failed, Some(Err(_))));
        assert_eq!(&out[..], b"\x09abc");
    }

    #[test]
    fn a_small_chunk_leaves_the_writing_to_the_caller() {
        let mut out: Vec<u8> = Vec::new();
        // An empty Vec hands out a chunk of 64 bytes (`BufMut::chunk_mut` reserves them).
        assert!(write_in_window(&mut out, 65, |_| unreachable!()).is_none());
        assert!(out.is_empty());
        let mut slice = [0u8; 4];
        let mut window = &mut slice[..];
        let done = write_in_window(&mut window, 4, |w| {
            w.put_u32(0x0a0b0c0d);
            Ok(())
        });
        assert!(matches!(done, Some(Ok(()))));
        assert!(window.is_empty());
        assert_eq!(slice, [10, 11, 12, 13]);
    }
}

//! UTF-8 validation of protocol text.

use crate::error::{DecodeError, ErrorKind};

/// True when every byte is below 0x80: a word at a time (32-byte blocks, then words, the last
/// one overlapping those before), and strings under eight bytes in one or two loads. Protocol
/// strings are mostly short, where a vectorised byte loop spends its time in its
/// byte-at-a-time tail.
#[inline(always)]
fn is_ascii(bytes: &[u8]) -> bool {
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let word = |w: &[u8]| u64::from_ne_bytes(w.try_into().unwrap_or([0; 8]));
    if let Some(last) = bytes.last_chunk::<8>() {
        // The last eight bytes, then 32-byte blocks, then the words left before the last.
        let mut any = u64::from_ne_bytes(*last);
        let mut blocks = bytes.chunks_exact(32);
        for block in &mut blocks {
            any |=
                word(&block[..8]) | word(&block[8..16]) | word(&block[16..24]) | word(&block[24..]);
        }
        for w in blocks.remainder().chunks_exact(8) {
            any |= word(w);
        }
        any & HIGHS == 0
    } else if let (Some(first), Some(last)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        (u32::from_ne_bytes(*first) | u32::from_ne_bytes(*last)) & 0x8080_8080 == 0
    } else {
        bytes.iter().fold(0u8, |acc, b| acc | b) < 0x80
    }
}

/// Borrows `bytes` as a `&str` if they are UTF-8, checking ASCII (by far the common case in
/// protocol text) a word at a time first; `offset` is where they start in the input, so that
/// an error points at the first invalid byte.
///
/// ```
/// use wire_runtime::{ErrorKind, utf8};
///
/// assert_eq!(utf8(b"topic", 10)?, "topic");
/// let err = utf8(b"ab\xff", 10).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (&ErrorKind::InvalidUtf8, 12));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[inline]
pub fn utf8(bytes: &[u8], offset: usize) -> Result<&str, DecodeError> {
    // ASCII is by far the common case in protocol strings; check it a word at a time first.
    if is_ascii(bytes) {
        // SAFETY: every byte is below 0x80, and an all-ASCII byte string is valid UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes)
        .map_err(|e| DecodeError::new(ErrorKind::InvalidUtf8, offset + e.valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::is_ascii;

    #[test]
    fn ascii_check_agrees_with_the_byte_loop_at_every_length_and_position() {
        for len in 0..80 {
            let mut bytes = [b'a'; 80];
            assert!(is_ascii(&bytes[..len]));
            for at in 0..len {
                bytes[at] = 0xc3;
                assert!(!is_ascii(&bytes[..len]), "len {len}, high byte at {at}");
                bytes[at] = b'a';
            }
        }
    }
}

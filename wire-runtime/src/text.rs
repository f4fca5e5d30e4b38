//! UTF-8 validation of protocol text.

use crate::error::{DecodeError, DecodeErrorKind};

/// True when every byte is below 0x80 (`<[u8]>::is_ascii`), for text checked as a whole (a
/// section of strings, a long value): 64-byte blocks, then the words left and the last eight
/// bytes, without std's byte-at-a-time tail. On the 201-byte extFields section of a RocketMQ
/// SEND_MESSAGE_V2 header, 32 instructions fewer than std (callgrind). Always inlined: out of
/// line, that frame decoder kept its registers across the call, 30 instructions more.
///
/// ```
/// use wire_runtime::text::is_ascii;
///
/// assert!(is_ascii(b"topic/a") && is_ascii(b""));
/// assert!(!is_ascii("caf\u{e9}".as_bytes()));
/// assert!(is_ascii(&[b'a'; 200]) && !is_ascii(&[[b'a'; 199].as_slice(), &[0x80]].concat()));
/// ```
#[inline(always)]
pub fn is_ascii(bytes: &[u8]) -> bool {
    let Some(last) = bytes.last_chunk::<8>() else {
        return words_are_ascii(bytes);
    };
    // 64-byte blocks into eight accumulators (four vector registers, folded once after the
    // loop: folding per block cost a reduction per block); then at most one block each of 32,
    // 16 and 8 bytes, straight-line (a loop over the words left is vectorised again, with its
    // own prologue), and the last eight bytes, overlapping those before. The block loop
    // walks `split_first_chunk`s: over `chunks_exact(64)` and its remainder, the RocketMQ
    // frame decoder ran 11 instructions a frame more.
    let mut any = u64::from_ne_bytes(*last);
    let mut rest = bytes;
    if let Some((block, tail)) = rest.split_first_chunk::<64>() {
        let mut lanes = [0u64; 8];
        let mut block = block;
        rest = tail;
        loop {
            for (lane, w) in lanes.iter_mut().zip(block.chunks_exact(8)) {
                *lane |= word(w);
            }
            match rest.split_first_chunk::<64>() {
                Some((next, tail)) => (block, rest) = (next, tail),
                None => break,
            }
        }
        any |= lanes.iter().fold(0, |any, lane| any | lane);
    }
    if let Some((block, tail)) = rest.split_first_chunk::<32>() {
        any |= block.chunks_exact(8).fold(0, |any, w| any | word(w));
        rest = tail;
    }
    if let Some((block, tail)) = rest.split_first_chunk::<16>() {
        any |= word(&block[..8]) | word(&block[8..]);
        rest = tail;
    }
    if let Some(w) = rest.first_chunk::<8>() {
        any |= u64::from_ne_bytes(*w);
    }
    any & HIGHS == 0
}

/// [`is_ascii`] tuned for short strings, small enough to inline into every string read (which
/// [`utf8`] is): a word at a time (32-byte blocks, then words, the last one overlapping those
/// before), and strings under eight bytes in one or two loads. With the block loop in it,
/// `utf8` is no longer inlined into derived decoders: a RocketMQ header (13 fixed bytes, five
/// extFields) took 591 instructions a decode with this check, 788 with `is_ascii`, and 822
/// with `is_ascii` for strings of 64 bytes and more (callgrind, `rocketmq_header_decode`).
#[inline(always)]
fn words_are_ascii(bytes: &[u8]) -> bool {
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

/// Bit 7 of every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// A word of eight bytes (`w` always has eight).
#[inline(always)]
fn word(w: &[u8]) -> u64 {
    u64::from_ne_bytes(w.try_into().unwrap_or([0; 8]))
}

/// Borrows `bytes` as a `&str` if they are UTF-8, checking ASCII (by far the common case in
/// protocol text) a word at a time first; `offset` is where they start in the input, so that
/// an error points at the first invalid byte.
///
/// ```
/// use wire_runtime::{DecodeErrorKind, text::utf8};
///
/// assert_eq!(utf8(b"topic", 10)?, "topic");
/// let err = utf8(b"ab\xff", 10).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (&DecodeErrorKind::InvalidUtf8, 12));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[inline]
pub fn utf8(bytes: &[u8], offset: usize) -> Result<&str, DecodeError> {
    // ASCII is by far the common case in protocol strings; check it a word at a time first.
    if words_are_ascii(bytes) {
        // SAFETY: every byte is below 0x80, and an all-ASCII byte string is valid UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes)
        .map_err(|e| DecodeError::new(DecodeErrorKind::InvalidUtf8, offset + e.valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::{is_ascii, words_are_ascii};

    #[test]
    fn ascii_checks_agree_with_the_byte_loop_at_every_length_and_position() {
        // Past three 64-byte blocks, so that every remainder follows more than one block.
        for check in [is_ascii, words_are_ascii] {
            for len in 0..260 {
                let mut bytes = [b'a'; 260];
                assert!(check(&bytes[..len]));
                for at in 0..len {
                    bytes[at] = 0xc3;
                    assert!(!check(&bytes[..len]), "len {len}, high byte at {at}");
                    bytes[at] = b'a';
                }
            }
        }
    }
}

//! Decoding the escapes of a JSON string's text, once the scanner ([`super::json::Cursor`])
//! has validated it.

use super::json::{HIGHS, ONES};
use std::string::String;
use std::vec::Vec;

/// Decodes the escapes of validated string text.
///
/// Into a buffer as long as the text (every escape is at least as long as what it stands for:
/// `\n` two bytes for one, `\uXXXX` six for at most three, a surrogate pair twelve for four),
/// the runs between escapes a word at a time. For a header's properties
/// (`KEYS\u0001k1\u0002...`, six escapes) this takes 805 instructions, allocation and UTF-8
/// check included, where copying the runs with `extend_from_slice` (a `memcpy` call each) and
/// pushing `char`s took 1,076 (`examples/rocketmq_probe.rs json-typed`, callgrind).
pub(super) fn unescape(raw: &str) -> String {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let spare = &mut out.spare_capacity_mut()[..b.len()];
    let (mut at, mut len) = (0, 0);
    while let Some(&c) = b.get(at) {
        // Eight bytes at a time up to the next backslash: the word is copied whole (`len` is
        // never past `at`, so it fits) and as much of it kept as comes before a backslash.
        if let (Some(word), Some(to)) = (
            b.get(at..).and_then(<[u8]>::first_chunk::<8>),
            spare.get_mut(len..).and_then(<[_]>::first_chunk_mut::<8>),
        ) {
            *to = word.map(core::mem::MaybeUninit::new);
            let backslash = u64::from_le_bytes(*word) ^ (ONES * u64::from(b'\\'));
            let hits = backslash.wrapping_sub(ONES) & !backslash & HIGHS;
            // The lowest flagged byte is the first backslash (see `specials`).
            let plain = if hits == 0 {
                8
            } else {
                hits.trailing_zeros() as usize / 8
            };
            at += plain;
            len += plain;
            if plain != 0 {
                continue;
            }
        }
        let (c, used) = match (c, b.get(at + 1)) {
            (b'\\', Some(b'b')) => (0x08, 2),
            (b'\\', Some(b'f')) => (0x0c, 2),
            (b'\\', Some(b'n')) => (b'\n', 2),
            (b'\\', Some(b'r')) => (b'\r', 2),
            (b'\\', Some(b't')) => (b'\t', 2),
            (b'\\', Some(b'u')) => match unit_at(b, at + 2) {
                // Not in validated text; kept ASCII, so the text still fits.
                None => (b'u', 2),
                Some(unit @ 0..0x80) => (unit as u8, 6),
                Some(unit) => {
                    let (c, used) = match unit {
                        hi @ 0xd800..0xdc00 => {
                            let lo = unit_at(b, at + 8).unwrap_or(0xdc00);
                            let c = 0x10000
                                + ((u32::from(hi) - 0xd800) << 10)
                                + (u32::from(lo).wrapping_sub(0xdc00) & 0x3ff);
                            (char::from_u32(c), 12)
                        }
                        unit => (char::from_u32(u32::from(unit)), 6),
                    };
                    let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
                    for &byte in c.encode_utf8(&mut [0; 4]).as_bytes() {
                        spare[len].write(byte);
                        len += 1;
                    }
                    at += used;
                    continue;
                }
            },
            (b'\\', Some(&other)) => (other, 2),
            (c, _) => (c, 1),
        };
        spare[len].write(c);
        len += 1;
        at += used;
    }
    // SAFETY: the first `len` bytes of the capacity were all written above: `len` grows only
    // past bytes just written, by one after a byte, by at most eight after a word.
    unsafe { out.set_len(len) };
    // Validated text, cut at ASCII backslashes, with its escapes replaced by whole
    // characters: UTF-8; should it somehow not be, the lossy conversion keeps it a string.
    match String::from_utf8(out) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// What each byte is worth as a hex digit; `0x1_0000` for a byte that is none, which shifted
/// into any digit's place leaves a bit above 16.
const HEX_DIGIT: [u32; 256] = {
    let mut table = [0x1_0000; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u32;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'a' as usize + i] = 10 + i as u32;
        table[b'A' as usize + i] = 10 + i as u32;
        i += 1;
    }
    table
};

/// The four hex digits at the start of `digits` as a UTF-16 unit.
#[inline(always)]
pub(super) fn hex4(digits: &[u8]) -> Option<u16> {
    let &[a, b, c, d] = digits.first_chunk::<4>()?;
    let digit = |x: u8| HEX_DIGIT[usize::from(x)];
    let unit = digit(a) << 12 | digit(b) << 8 | digit(c) << 4 | digit(d);
    u16::try_from(unit).ok()
}

/// The four hex digits at `at` of `b`, if there are four.
#[inline(always)]
fn unit_at(b: &[u8], at: usize) -> Option<u16> {
    b.get(at..).and_then(hex4)
}

#[cfg(test)]
mod tests {
    use super::unescape;
    use crate::rocketmq::json::Cursor;

    /// Every kind of escape, as the `\u` of each character and as its short form, after every
    /// length of plain text up to two words (so escapes fall at each place of the word copy),
    /// decoded as serde_json decodes the same string.
    #[test]
    fn unescape_decodes_as_serde_json_wherever_the_escapes_fall() {
        let escapes = [
            r"\u0001",
            r"\u001f",
            r"\u0041",
            r"\u00e9",
            r"\u20ac",
            r"\ud83d\ude00",
            r"\uDBFF\uDFFF",
            r#"\""#,
            r"\\",
            r"\/",
            r"\b\f\n\r\t",
        ];
        for pad in 0..17 {
            for escape in escapes {
                let plain = "é-x".repeat(pad / 3) + &"y".repeat(pad % 3);
                let raw = format!("{plain}{escape}{plain}{escape}{escape}z");
                let quoted = format!("\"{raw}\"");
                // The text is valid, as every string given to `unescape` was checked to be.
                let mut cursor = Cursor::new(quoted.as_bytes(), 0).unwrap();
                assert!(cursor.string().is_ok(), "{raw}");
                let expected: String = serde_json::from_str(&quoted).unwrap();
                assert_eq!(unescape(&raw), expected, "{raw}");
            }
        }
    }

    /// Text the scanner would refuse still decodes, without a panic and never longer than
    /// the text (the buffer is as long as the text).
    #[test]
    fn unescape_of_unvalidated_text_stays_in_bounds() {
        for raw in [
            r"\",
            r"x\",
            r"\u",
            r"\u12",
            r"\u12345",
            r"\uzzzz",
            r"\ud800",
            r"\ud800\u",
            r"\udc00",
            r"\q",
            "\\\u{e9}",
            r"\ud800\ud800\ud800",
        ] {
            let text = unescape(raw);
            assert!(text.len() <= raw.len(), "{raw:?} -> {text:?}");
        }
        assert_eq!(unescape(r"\u12"), "u12");
        assert_eq!(unescape(r"\udc00"), "\u{fffd}");
    }
}

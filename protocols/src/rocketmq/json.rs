//! JSON, as far as RocketMQ headers need it: a strict, validating scanner that borrows every
//! string without escapes (RFC 8259: any key order, any whitespace, `null`s, unknown keys
//! skipped whatever their value), and a writer with serde_json's escaping.
//!
//! Why not serde_json itself for decoding: on this project's machine serde_json takes
//! ~220-280 ns just to *validate* the 295-byte header of the Go seed's benchmark
//! (`IgnoredAny`), and ~700 ns to deserialize it borrowed, while the target for decoding the
//! whole frame is 264 ns. The scanner below skips string contents eight bytes at a time and
//! keeps extFields as validated text that is iterated on demand. serde_json is its oracle in
//! the tests (`tests/tests/rocketmq_json.rs`) and its baseline in the benches.

use super::json_unescape::{hex4, unescape};
use bytes::BufMut;
use std::borrow::Cow;
use wire_runtime::{DecodeError, DecodeErrorKind};

/// Nesting allowed in the values of unknown keys, which are skipped.
const MAX_DEPTH: u32 = 64;

pub(super) const ONES: u64 = 0x0101_0101_0101_0101;
pub(super) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `word` (little-endian) that is `"`, `\` or a control
/// character. Only the lowest flagged byte is exact (a borrow can flag bytes above a hit),
/// which is the one the scanner uses.
#[inline(always)]
fn specials(word: u64) -> u64 {
    let quote = word ^ (ONES * u64::from(b'"'));
    let backslash = word ^ (ONES * u64::from(b'\\'));
    let zero_quote = quote.wrapping_sub(ONES) & !quote;
    let zero_backslash = backslash.wrapping_sub(ONES) & !backslash;
    let control = word.wrapping_sub(ONES * 0x20) & !word;
    (zero_quote | zero_backslash | control) & HIGHS
}

/// From `i`, skips bytes while they are not `"`, `\\` or control characters, a block at a
/// time; stops at such a byte, or where fewer bytes than a block are left (the caller goes on
/// a byte at a time).
#[inline(always)]
fn skip_plain(b: &[u8], mut i: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8,
            _mm_or_si128, _mm_set1_epi8,
        };
        while let Some(chunk) = b.get(i..).and_then(<[u8]>::first_chunk::<16>) {
            // SAFETY: SSE2 is part of x86_64; the load reads the 16 bytes of `chunk`, which
            // is unaligned-safe with `loadu`.
            let hits = unsafe {
                let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
                let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
                let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
                // Unsigned `v <= 0x1f`: the maximum of the two is 0x1f.
                let low = _mm_set1_epi8(0x1f);
                let control = _mm_cmpeq_epi8(_mm_max_epu8(v, low), low);
                _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)) as u32
            };
            if hits != 0 {
                return i + hits.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    while let Some(chunk) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let hits = specials(u64::from_le_bytes(*chunk));
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i
}

/// A JSON string as it is in the text, between its quotes: borrowed, with its escapes not yet
/// decoded (`escaped` says whether it has any). Only built over validated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawStr<'a> {
    pub raw: &'a str,
    pub escaped: bool,
}

impl<'a> RawStr<'a> {
    /// The string's value: borrowed when it has no escapes, decoded into a `String` otherwise.
    #[inline]
    pub fn value(self) -> Cow<'a, str> {
        if self.escaped {
            Cow::Owned(unescape(self.raw))
        } else {
            Cow::Borrowed(self.raw)
        }
    }

    /// True when the value equals `s` (without decoding when there are no escapes).
    #[inline]
    pub fn eq_str(self, s: &str) -> bool {
        if self.escaped {
            unescape(self.raw) == s
        } else {
            self.raw == s
        }
    }
}

/// A cursor over JSON text that was checked to be UTF-8. Errors carry the offset of the
/// offending byte in the whole input (`base` is where the text starts).
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    at: usize,
    base: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `bytes`, which start at offset `base` of the input; fails unless they
    /// are UTF-8.
    pub fn new(bytes: &'a [u8], base: usize) -> Result<Self, DecodeError> {
        let text = wire_runtime::text::utf8(bytes, base)?;
        Ok(Cursor { text, at: 0, base })
    }

    #[inline]
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// Offset of the next byte in the whole input.
    pub fn offset(&self) -> usize {
        self.base + self.at
    }

    #[cold]
    pub fn error(&self, why: &'static str) -> DecodeError {
        DecodeError::new(DecodeErrorKind::InvalidValue(why), self.offset())
    }

    /// Steps over whitespace; returns the next byte, if any.
    #[inline]
    fn skip_ws(&mut self) -> Option<u8> {
        let b = self.bytes();
        while let Some(&c) = b.get(self.at) {
            match c {
                b' ' | b'\n' | b'\r' | b'\t' => self.at += 1,
                _ => return Some(c),
            }
        }
        None
    }

    /// The next byte after whitespace, not consumed.
    #[inline]
    pub fn peek(&mut self) -> Result<u8, DecodeError> {
        match self.skip_ws() {
            Some(c) => Ok(c),
            None => Err(self.error("JSON ends early")),
        }
    }

    /// Consumes `c` after whitespace.
    #[inline(always)]
    pub fn expect(&mut self, c: u8, why: &'static str) -> Result<(), DecodeError> {
        if self.bytes().get(self.at) == Some(&c) || self.peek()? == c {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(why))
        }
    }

    /// Consumes `c` after whitespace if it is next.
    #[inline(always)]
    pub fn eat(&mut self, c: u8) -> Result<bool, DecodeError> {
        let found = self.bytes().get(self.at) == Some(&c) || self.peek()? == c;
        self.at += usize::from(found);
        Ok(found)
    }

    /// Fails unless only whitespace is left.
    pub fn expect_end(&mut self) -> Result<(), DecodeError> {
        match self.skip_ws() {
            None => Ok(()),
            Some(_) => Err(self.error("bytes after the JSON object")),
        }
    }

    /// Reads a string (after whitespace), validating its escapes.
    #[inline(always)]
    pub fn string(&mut self) -> Result<RawStr<'a>, DecodeError> {
        let b = self.bytes();
        let mut at = self.at;
        // The opening quote, after whitespace (the common case: right here).
        loop {
            match b.get(at) {
                Some(b'"') => break,
                Some(b' ' | b'\n' | b'\r' | b'\t') => at += 1,
                _ => {
                    self.at = at;
                    return Err(self.error("expected a string"));
                }
            }
        }
        at += 1;
        let start = at;
        let mut escaped = false;
        loop {
            // A block at a time up to the first quote, backslash or control character.
            at = skip_plain(b, at);
            match b.get(at) {
                Some(b'"') => {
                    // SAFETY: the text is UTF-8 (checked by `Cursor::new`) and both ends of
                    // the range are at ASCII quotes, hence at character boundaries.
                    let raw = unsafe { self.text.get_unchecked(start..at) };
                    self.at = at + 1;
                    return Ok(RawStr { raw, escaped });
                }
                Some(b'\\') => {
                    escaped = true;
                    self.at = at;
                    self.escape()?;
                    at = self.at;
                }
                Some(&c) if c < 0x20 => {
                    self.at = at;
                    return Err(self.error("control character in a string"));
                }
                Some(_) => at += 1,
                None => {
                    self.at = at;
                    return Err(self.error("unterminated string"));
                }
            }
        }
    }

    /// Validates one escape sequence at the cursor (a backslash) and steps over it.
    #[inline]
    fn escape(&mut self) -> Result<(), DecodeError> {
        let b = self.bytes();
        match b.get(self.at + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                self.at += 2;
                Ok(())
            }
            Some(b'u') => {
                let unit = self.hex_unit(self.at + 2)?;
                self.at += 6;
                match unit {
                    0xd800..=0xdbff => {
                        if b.get(self.at..self.at + 2) != Some(b"\\u") {
                            return Err(self.error("lone leading surrogate in a \\u escape"));
                        }
                        if !(0xdc00..=0xdfff).contains(&self.hex_unit(self.at + 2)?) {
                            return Err(self.error("lone leading surrogate in a \\u escape"));
                        }
                        self.at += 6;
                        Ok(())
                    }
                    0xdc00..=0xdfff => Err(self.error("lone trailing surrogate in a \\u escape")),
                    _ => Ok(()),
                }
            }
            Some(_) => Err(self.error("invalid escape")),
            None => Err(self.error("unterminated string")),
        }
    }

    #[inline]
    fn hex_unit(&self, at: usize) -> Result<u16, DecodeError> {
        self.bytes()
            .get(at..at + 4)
            .and_then(hex4)
            .ok_or_else(|| self.error("invalid \\u escape"))
    }

    /// Reads an integer (after whitespace): no fraction, no exponent, within `i64`.
    #[inline]
    pub fn integer(&mut self) -> Result<i64, DecodeError> {
        self.peek()?;
        let b = self.bytes();
        let negative = b.get(self.at) == Some(&b'-');
        self.at += usize::from(negative);
        let mut value: i64 = 0;
        match b.get(self.at) {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                while let Some(&d @ b'0'..=b'9') = b.get(self.at) {
                    value = value
                        .checked_mul(10)
                        .and_then(|v| v.checked_sub(i64::from(d - b'0')))
                        .ok_or_else(|| self.error("integer out of range"))?;
                    self.at += 1;
                }
            }
            _ => return Err(self.error("expected an integer")),
        }
        if let Some(b'.' | b'e' | b'E') = b.get(self.at) {
            return Err(self.error("expected an integer, found a fraction or exponent"));
        }
        if negative {
            Ok(value)
        } else {
            value
                .checked_neg()
                .ok_or_else(|| self.error("integer out of range"))
        }
    }

    /// Reads an integer that must fit `i32`.
    #[inline]
    pub fn int32(&mut self) -> Result<i32, DecodeError> {
        let at = self.at;
        let value = self.integer()?;
        i32::try_from(value).map_err(|_| {
            self.at = at;
            self.error("integer outside i32")
        })
    }

    /// Consumes `null` if it is next.
    pub fn null(&mut self) -> Result<bool, DecodeError> {
        if self.peek()? == b'n' {
            self.literal(b"null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn literal(&mut self, word: &'static [u8]) -> Result<(), DecodeError> {
        if self.bytes().get(self.at..self.at + word.len()) == Some(word) {
            self.at += word.len();
            Ok(())
        } else {
            Err(self.error("invalid literal"))
        }
    }

    /// Steps over any JSON value, validating it.
    pub fn skip_value(&mut self, depth: u32) -> Result<(), DecodeError> {
        if depth >= MAX_DEPTH {
            return Err(self.error("JSON nested too deeply"));
        }
        match self.peek()? {
            b'"' => self.string().map(drop),
            b'{' => {
                self.at += 1;
                if self.eat(b'}')? {
                    return Ok(());
                }
                loop {
                    self.string()?;
                    self.expect(b':', "expected `:`")?;
                    self.skip_value(depth + 1)?;
                    if !self.eat(b',')? {
                        return self.expect(b'}', "expected `,` or `}`");
                    }
                }
            }
            b'[' => {
                self.at += 1;
                if self.eat(b']')? {
                    return Ok(());
                }
                loop {
                    self.skip_value(depth + 1)?;
                    if !self.eat(b',')? {
                        return self.expect(b']', "expected `,` or `]`");
                    }
                }
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.error("expected a JSON value")),
        }
    }

    fn number(&mut self) -> Result<(), DecodeError> {
        let b = self.bytes();
        let digits = |at: &mut usize| {
            let start = *at;
            while let Some(b'0'..=b'9') = b.get(*at) {
                *at += 1;
            }
            *at > start
        };
        let mut at = self.at;
        at += usize::from(b.get(at) == Some(&b'-'));
        match b.get(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => {
                digits(&mut at);
            }
            _ => return Err(self.error("invalid number")),
        }
        if b.get(at) == Some(&b'.') {
            at += 1;
            if !digits(&mut at) {
                self.at = at;
                return Err(self.error("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = b.get(at) {
            at += 1;
            if let Some(b'+' | b'-') = b.get(at) {
                at += 1;
            }
            if !digits(&mut at) {
                self.at = at;
                return Err(self.error("invalid number"));
            }
        }
        self.at = at;
        Ok(())
    }

    /// Reads an object whose values are all strings and returns its text, `{` to `}`,
    /// handing every key and value to `entry` as it is checked, in the order of the text.
    #[inline]
    pub fn string_object(
        &mut self,
        mut entry: impl FnMut(RawStr<'a>, RawStr<'a>) -> Result<(), DecodeError>,
    ) -> Result<&'a str, DecodeError> {
        self.peek()?;
        let start = self.at;
        self.expect(b'{', "expected an object or null")?;
        if !self.eat(b'}')? {
            loop {
                let key = self.string()?;
                self.expect(b':', "expected `:`")?;
                if self.peek()? != b'"' {
                    return Err(self.error("extFields values must be strings"));
                }
                let value = self.string()?;
                entry(key, value)?;
                if !self.eat(b',')? {
                    self.expect(b'}', "expected `,` or `}`")?;
                    break;
                }
            }
        }
        Ok(&self.text[start..self.at])
    }
}

/// Bytes `c` takes inside a JSON string, as serde_json escapes it.
#[inline(always)]
fn escaped_width(c: u8) -> usize {
    match c {
        b'"' | b'\\' | 0x08 | 0x09 | 0x0a | 0x0c | 0x0d => 2,
        0..0x20 => 6,
        _ => 1,
    }
}

/// The encoded length of `s` as a JSON string, quotes included.
#[inline]
pub(crate) fn str_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut len = 2 + b.len();
    let at = skip_plain(b, 0);
    for &c in &b[at..] {
        len += escaped_width(c) - 1;
    }
    len
}

/// Writes `s` as a JSON string with serde_json's escapes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
/// `\t`, other control characters as `\u00xx`; everything else as it is.
#[inline]
pub(crate) fn write_str<B: BufMut + ?Sized>(buf: &mut B, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    buf.put_u8(b'"');
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if escaped_width(c) == 1 {
            continue;
        }
        buf.put_slice(&b[start..i]);
        match c {
            b'"' => buf.put_slice(b"\\\""),
            b'\\' => buf.put_slice(b"\\\\"),
            0x08 => buf.put_slice(b"\\b"),
            0x09 => buf.put_slice(b"\\t"),
            0x0a => buf.put_slice(b"\\n"),
            0x0c => buf.put_slice(b"\\f"),
            0x0d => buf.put_slice(b"\\r"),
            _ => buf.put_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(c >> 4)],
                HEX[usize::from(c & 0xf)],
            ]),
        }
        start = i + 1;
    }
    buf.put_slice(&b[start..]);
    buf.put_u8(b'"');
}

/// Digits (and sign) of `n` in decimal.
#[inline]
pub(crate) fn int_len(n: i64) -> usize {
    let mut len = usize::from(n < 0) + 1;
    let mut m = n.unsigned_abs();
    while m >= 10 {
        m /= 10;
        len += 1;
    }
    len
}

/// Writes `n` in decimal.
#[inline]
pub(crate) fn write_int<B: BufMut + ?Sized>(buf: &mut B, n: i64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut m = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        buf.put_u8(b'-');
    }
    buf.put_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::Cursor;

    fn integer(text: &str) -> Option<i64> {
        Cursor::new(text.as_bytes(), 0).unwrap().integer().ok()
    }

    #[test]
    fn integers_of_every_length_read_as_std_parses_them() {
        let mut texts = vec![
            i64::MAX.to_string(),
            i64::MIN.to_string(),
            "9223372036854775808".to_string(),
            "-9223372036854775809".to_string(),
            "0".to_string(),
            "-0".to_string(),
        ];
        for len in 1..=21 {
            for digit in ['1', '5', '9'] {
                let all: String = core::iter::repeat_n(digit, len).collect();
                let one_then_zeros = format!("{digit}{}", "0".repeat(len - 1));
                for text in [all, one_then_zeros] {
                    texts.push(format!("-{text}"));
                    texts.push(text);
                }
            }
        }
        for text in &texts {
            assert_eq!(integer(text), text.parse::<i64>().ok(), "{text}");
        }
    }

    #[test]
    fn an_integer_too_large_is_reported_at_the_digit_that_overflows() {
        let mut cursor = Cursor::new(b"  92233720368547758070", 100).unwrap();
        let e = cursor.integer().unwrap_err();
        assert_eq!(e.offset(), 100 + 2 + 19);
        let mut cursor = Cursor::new(b"-x", 100).unwrap();
        assert_eq!(cursor.integer().unwrap_err().offset(), 101);
    }
}

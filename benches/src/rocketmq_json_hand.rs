//! A RocketMQ frame with a JSON header (serialize type 0) decoded by hand into its command fields and the typed
//! SEND_MESSAGE_V2 header: the `hand` side of `rocketmq_send_v2_json_typed`.
//!
//! It accepts and refuses what `rocketmq::decode_with_header` does (see `JsonHeader`): keys in
//! any order, any whitespace, unknown keys with any value (nested at most 64 deep), `null` or
//! absent `remark` and `extFields`; no duplicate known keys, integers within `i32`, extFields
//! values only strings, valid UTF-8 and escapes, nothing after the object. Strings borrow the
//! frame unless they have escapes. The careful parts: the header's UTF-8 checked once, strings
//! scanned sixteen bytes a step for their end (a quote, a backslash or a control character), and
//! the extFields entries handed to the typed header as they are read.

use std::borrow::Cow;
use wire_protocols::rocketmq::{LanguageCode, SendMessageRequestHeaderV2};

/// The command fields of a JSON-header frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command<'a> {
    pub code: i32,
    pub language: LanguageCode,
    pub version: i32,
    pub opaque: i32,
    pub flag: i32,
    pub remark: Option<Cow<'a, str>>,
    pub body: &'a [u8],
}

/// Decodes a JSON-header frame and its SEND_MESSAGE_V2 header, observed as every
/// implementation observes it.
#[inline]
pub fn typed(frame: &[u8]) -> Option<i64> {
    let (command, header) = decode_typed(frame)?;
    Some(super::rocketmq_remoting::observe_typed(
        &header,
        command.body,
    ))
}

/// Decodes a JSON-header frame into its command fields and SEND_MESSAGE_V2 header; `None` for
/// anything else, a binary-header frame included.
#[inline(always)]
pub fn decode_typed(frame: &[u8]) -> Option<(Command<'_>, SendMessageRequestHeaderV2<'_>)> {
    let (head, rest) = frame.split_first_chunk::<8>()?;
    let length = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
    let word = u32::from_be_bytes([head[4], head[5], head[6], head[7]]);
    if length != rest.len() + 4 || word >> 24 != 0 {
        return None;
    }
    let (header, body) = rest.split_at_checked((word & 0xff_ffff) as usize)?;
    let mut fields = SendV2::default();
    let mut text = Text {
        s: crate::utf8(header)?,
        at: 0,
    };
    let mut command = text.header(&mut fields)?;
    command.body = body;
    Some((command, fields.finish()?))
}

/// The SEND_MESSAGE_V2 header's fields as extFields entries arrive (a repeated key's last
/// value kept), then checked whole.
#[derive(Default)]
struct SendV2<'a> {
    a: Option<Cow<'a, str>>,
    b: Option<Cow<'a, str>>,
    c: Option<Cow<'a, str>>,
    d: Option<i32>,
    e: Option<i32>,
    f: Option<i32>,
    g: Option<i64>,
    h: Option<i32>,
    i: Option<Cow<'a, str>>,
    j: Option<i32>,
    k: Option<bool>,
    l: Option<i32>,
    m: Option<bool>,
    n: Option<Cow<'a, str>>,
}

impl<'a> SendV2<'a> {
    #[inline(always)]
    fn set(&mut self, key: &str, value: Cow<'a, str>) -> Option<()> {
        let int = |v: &str| v.parse::<i32>().ok();
        let boolean = |v: &str| match v.as_bytes() {
            b"true" => Some(true),
            b"false" => Some(false),
            _ => None,
        };
        match key.as_bytes() {
            b"a" => self.a = Some(value),
            b"b" => self.b = Some(value),
            b"c" => self.c = Some(value),
            b"d" => self.d = Some(int(&value)?),
            b"e" => self.e = Some(int(&value)?),
            b"f" => self.f = Some(int(&value)?),
            b"g" => self.g = Some(value.parse::<i64>().ok()?),
            b"h" => self.h = Some(int(&value)?),
            b"i" => self.i = Some(value),
            b"j" => self.j = Some(int(&value)?),
            b"k" => self.k = Some(boolean(&value)?),
            b"l" => self.l = Some(int(&value)?),
            b"m" => self.m = Some(boolean(&value)?),
            b"n" => self.n = Some(value),
            _ => {}
        }
        Some(())
    }

    #[inline(always)]
    fn finish(self) -> Option<SendMessageRequestHeaderV2<'a>> {
        Some(SendMessageRequestHeaderV2 {
            producer_group: self.a?,
            topic: self.b?,
            default_topic: self.c?,
            default_topic_queue_nums: self.d?,
            queue_id: self.e?,
            sys_flag: self.f?,
            born_timestamp: self.g?,
            flag: self.h?,
            properties: self.i,
            reconsume_times: self.j,
            unit_mode: self.k,
            max_reconsume_times: self.l,
            batch: self.m,
            broker_name: self.n,
        })
    }
}

/// A string as it is between its quotes, and whether it has escapes.
#[derive(Clone, Copy)]
struct Raw<'a> {
    text: &'a str,
    escaped: bool,
}

impl<'a> Raw<'a> {
    #[inline(always)]
    fn value(self) -> Option<Cow<'a, str>> {
        if self.escaped {
            unescape(self.text).map(Cow::Owned)
        } else {
            Some(Cow::Borrowed(self.text))
        }
    }
}

/// JSON text, checked to be UTF-8, and a position in it.
struct Text<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> Text<'a> {
    /// The next byte after whitespace, not consumed; `None` at the end.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        let b = self.s.as_bytes();
        let c = *b.get(self.at)?;
        if !matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
            return Some(c);
        }
        self.skip_whitespace()
    }

    /// [`Self::peek`] past whitespace, out of line: compact JSON has none.
    #[cold]
    fn skip_whitespace(&mut self) -> Option<u8> {
        let b = self.s.as_bytes();
        while let Some(&c) = b.get(self.at) {
            if !matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
                return Some(c);
            }
            self.at += 1;
        }
        None
    }

    #[inline(always)]
    fn eat(&mut self, c: u8) -> Option<bool> {
        let hit = self.peek()? == c;
        self.at += usize::from(hit);
        Some(hit)
    }

    #[inline(always)]
    fn expect(&mut self, c: u8) -> Option<()> {
        self.eat(c)?.then_some(())
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        let b = self.s.as_bytes();
        (b.get(self.at..self.at + word.len())? == word).then(|| self.at += word.len())
    }

    /// Consumes `null` if it is next.
    fn null(&mut self) -> Option<bool> {
        if self.peek()? != b'n' {
            return Some(false);
        }
        self.literal(b"null").map(|()| true)
    }

    /// A string (after whitespace), its escapes checked.
    #[inline(always)]
    fn string(&mut self) -> Option<Raw<'a>> {
        if self.peek()? != b'"' {
            return None;
        }
        let b = self.s.as_bytes();
        let start = self.at + 1;
        let mut at = start;
        let mut escaped = false;
        loop {
            at = plain_end(b, at);
            match b.get(at)? {
                b'"' => {
                    self.at = at + 1;
                    // SAFETY: `start..at` lies in the text, and both ends are at ASCII
                    // quotes, so at character boundaries of the UTF-8 text.
                    let text = unsafe { self.s.get_unchecked(start..at) };
                    return Some(Raw { text, escaped });
                }
                b'\\' => {
                    escaped = true;
                    at = escape_end(b, at)?;
                }
                _ => return None,
            }
        }
    }

    /// An integer (after whitespace) within `i32`: no fraction, no exponent.
    fn int32(&mut self) -> Option<i32> {
        self.peek()?;
        let b = self.s.as_bytes();
        let negative = b.get(self.at) == Some(&b'-');
        let mut at = self.at + usize::from(negative);
        let mut value: i64 = 0;
        match b.get(at)? {
            b'0' => at += 1,
            b'1'..=b'9' => {
                while let Some(&d @ b'0'..=b'9') = b.get(at) {
                    value = value.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
                    at += 1;
                }
            }
            _ => return None,
        }
        if let Some(b'.' | b'e' | b'E') = b.get(at) {
            return None;
        }
        self.at = at;
        i32::try_from(if negative { -value } else { value }).ok()
    }

    /// Steps over any JSON value, checking it.
    fn skip(&mut self, depth: u32) -> Option<()> {
        if depth >= 64 {
            return None;
        }
        match self.peek()? {
            b'"' => self.string().map(drop),
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                self.at += 1;
                if self.eat(close)? {
                    return Some(());
                }
                loop {
                    if open == b'{' {
                        self.string()?;
                        self.expect(b':')?;
                    }
                    self.skip(depth + 1)?;
                    if !self.eat(b',')? {
                        return self.expect(close);
                    }
                }
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn number(&mut self) -> Option<()> {
        let b = self.s.as_bytes();
        let digits = |at: &mut usize| {
            let start = *at;
            while let Some(b'0'..=b'9') = b.get(*at) {
                *at += 1;
            }
            *at > start
        };
        let mut at = self.at + usize::from(b.get(self.at) == Some(&b'-'));
        match b.get(at)? {
            b'0' => at += 1,
            b'1'..=b'9' => {
                digits(&mut at);
            }
            _ => return None,
        }
        if b.get(at) == Some(&b'.') {
            at += 1;
            digits(&mut at).then_some(())?;
        }
        if let Some(b'e' | b'E') = b.get(at) {
            at += 1;
            at += usize::from(matches!(b.get(at), Some(b'+' | b'-')));
            digits(&mut at).then_some(())?;
        }
        self.at = at;
        Some(())
    }

    /// The header object, its extFields entries handed to `fields`; the body left empty.
    #[inline(always)]
    fn header(&mut self, fields: &mut SendV2<'a>) -> Option<Command<'a>> {
        let mut command = Command {
            code: 0,
            language: LanguageCode::Java,
            version: 0,
            opaque: 0,
            flag: 0,
            remark: None,
            body: &[],
        };
        self.expect(b'{')?;
        if !self.eat(b'}')? {
            let mut seen = 0u8;
            loop {
                let key = self.string()?;
                self.expect(b':')?;
                let key = key.value()?;
                let bit = match key.as_ref() {
                    "code" => 0,
                    "language" => 1,
                    "version" => 2,
                    "opaque" => 3,
                    "flag" => 4,
                    "remark" => 5,
                    "extFields" => 6,
                    "serializeTypeCurrentRPC" => 7,
                    _ => 8,
                };
                if bit < 8 {
                    if seen & 1 << bit != 0 {
                        return None;
                    }
                    seen |= 1 << bit;
                }
                match bit {
                    0 => command.code = self.int32()?,
                    1 => command.language = self.language()?,
                    2 => command.version = self.int32()?,
                    3 => command.opaque = self.int32()?,
                    4 => command.flag = self.int32()?,
                    5 if !self.null()? => command.remark = Some(self.string()?.value()?),
                    6 if !self.null()? => self.ext_fields(fields)?,
                    7 if !self.null()? => {
                        let name = self.string()?.value()?;
                        if name != "JSON" && name != "ROCKETMQ" {
                            return None;
                        }
                    }
                    8 => self.skip(0)?,
                    _ => {}
                }
                if !self.eat(b',')? {
                    self.expect(b'}')?;
                    break;
                }
            }
        }
        self.peek().is_none().then_some(command)
    }

    /// A language by name, or by its number as fastjson also writes it.
    fn language(&mut self) -> Option<LanguageCode> {
        if self.peek()? == b'"' {
            LanguageCode::from_name(&self.string()?.value()?)
        } else {
            Some(LanguageCode::from_code(u8::try_from(self.int32()?).ok()?))
        }
    }

    /// An object of strings, each entry handed to `fields`.
    #[inline(always)]
    fn ext_fields(&mut self, fields: &mut SendV2<'a>) -> Option<()> {
        self.expect(b'{')?;
        if self.eat(b'}')? {
            return Some(());
        }
        loop {
            let key = self.string()?;
            self.expect(b':')?;
            if self.peek()? != b'"' {
                return None;
            }
            let value = self.string()?.value()?;
            if key.escaped {
                fields.set(&key.value()?, value)?;
            } else {
                fields.set(key.text, value)?;
            }
            if !self.eat(b',')? {
                return self.expect(b'}');
            }
        }
    }
}

/// Where the plain text from `at` ends: the first `"`, `\\` or control character (or the
/// end): sixteen bytes a step with SSE2 on x86_64, then eight (each byte tested for zero
/// after an XOR, the "has a zero byte" trick), the last few one at a time.
#[inline(always)]
fn plain_end(b: &[u8], mut at: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = b.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86_64; `loadu` reads the 16 bytes of `chunk`, unaligned.
        let hits = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast());
            let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
            let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
            // Signed compare: bytes 0x00..=0x1f are below 0x20; bytes 0x80.. are negative,
            // so a second test takes them out.
            let below = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
            let high = _mm_cmplt_epi8(v, _mm_setzero_si128());
            let control = _mm_andnot_si128(high, below);
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control))
        };
        if hits != 0 {
            return at + hits.trailing_zeros() as usize;
        }
        at += 16;
    }
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = ONES << 7;
    while let Some(chunk) = b.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk);
        let quote = word ^ (ONES * u64::from(b'"'));
        let backslash = word ^ (ONES * u64::from(b'\\'));
        let hits = (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (word.wrapping_sub(ONES * 0x20) & !word);
        // Only the lowest flagged byte is exact (a borrow can flag bytes above it).
        let hits = hits & HIGHS;
        if hits != 0 {
            return at + (hits.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while let Some(&c) = b.get(at) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            break;
        }
        at += 1;
    }
    at
}

/// Four hex digits as a UTF-16 code unit.
#[inline]
fn hex4(b: &[u8], at: usize) -> Option<u16> {
    b.get(at..at + 4)?.iter().try_fold(0u16, |unit, &d| {
        let digit = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return None,
        };
        Some(unit << 4 | u16::from(digit))
    })
}

/// The end of the escape whose backslash is at `at`, if it is a valid one (a `\u` high
/// surrogate must be followed by a `\u` low surrogate, and a low one must follow a high one).
fn escape_end(b: &[u8], at: usize) -> Option<usize> {
    match b.get(at + 1)? {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Some(at + 2),
        b'u' => match hex4(b, at + 2)? {
            0xd800..=0xdbff => {
                let pair = b.get(at + 6..at + 8)? == b"\\u";
                let low = hex4(b, at + 8)?;
                (pair && (0xdc00..=0xdfff).contains(&low)).then_some(at + 12)
            }
            0xdc00..=0xdfff => None,
            _ => Some(at + 6),
        },
        _ => None,
    }
}

/// The value of a string whose escapes were checked by [`escape_end`].
fn unescape(raw: &str) -> Option<String> {
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut at = 0;
    while let Some(i) = memchr::memchr(b'\\', &b[at..]).map(|i| at + i) {
        out.push_str(&raw[at..i]);
        let (c, next) = match b.get(i + 1)? {
            b'"' => ('"', i + 2),
            b'\\' => ('\\', i + 2),
            b'/' => ('/', i + 2),
            b'b' => ('\u{8}', i + 2),
            b'f' => ('\u{c}', i + 2),
            b'n' => ('\n', i + 2),
            b'r' => ('\r', i + 2),
            b't' => ('\t', i + 2),
            _ => match hex4(b, i + 2)? {
                high @ 0xd800..=0xdbff => {
                    let low = hex4(b, i + 8)?;
                    let code =
                        0x10000 + ((u32::from(high) - 0xd800) << 10) + u32::from(low) - 0xdc00;
                    (char::from_u32(code)?, i + 12)
                }
                unit => (char::from_u32(u32::from(unit))?, i + 6),
            },
        };
        out.push(c);
        at = next;
    }
    out.push_str(&raw[at..]);
    Some(out)
}

#[cfg(test)]
mod tests;

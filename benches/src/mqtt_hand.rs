//! Building blocks shared by the hand-written MQTT codecs (`mqtt_publish`, `mqtt_connect`): Variable
//! Byte Integers, `u16`-prefixed fields, single-pass string checks, property identifiers and the
//! walk over a validated property section.

use bytes::BufMut;

/// A minimal Variable Byte Integer: 1 to 4 bytes, no zero last group after the first.
#[inline]
pub(crate) fn vbi(input: &mut &[u8]) -> Option<usize> {
    let (&first, rest) = input.split_first()?;
    *input = rest;
    if first < 0x80 {
        return Some(usize::from(first));
    }
    vbi_continued(input, first)
}

#[inline]
pub(crate) fn vbi_continued(input: &mut &[u8], first: u8) -> Option<usize> {
    let mut value = usize::from(first & 0x7f);
    for i in 1..4 {
        let (&byte, rest) = input.split_first()?;
        *input = rest;
        value |= usize::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            return (byte != 0).then_some(value);
        }
    }
    None
}

#[inline]
pub(crate) fn vbi_len(n: usize) -> usize {
    match n {
        0..=0x7f => 1,
        0x80..=0x3fff => 2,
        0x4000..=0x1f_ffff => 3,
        _ => 4,
    }
}

#[inline]
pub(crate) fn put_vbi<B: BufMut + ?Sized>(out: &mut B, mut n: usize) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.put_u8(byte);
            return;
        }
        out.put_u8(byte | 0x80);
    }
}

/// `u16` length, then that many bytes.
#[inline]
pub(crate) fn prefixed<'a>(input: &mut &'a [u8]) -> Option<&'a [u8]> {
    let (len, rest) = input.split_first_chunk::<2>()?;
    let len = usize::from(u16::from_be_bytes(*len));
    if len > rest.len() {
        return None;
    }
    let (bytes, rest) = rest.split_at(len);
    *input = rest;
    Some(bytes)
}

pub(crate) const LO: u64 = u64::from_ne_bytes([0x01; 8]);

pub(crate) const HI: u64 = u64::from_ne_bytes([0x80; 8]);

/// Non-zero when a byte of `x` is 0 (exact as a yes/no answer).
#[inline(always)]
pub(crate) fn zero_byte(x: u64) -> u64 {
    x.wrapping_sub(LO) & !x & HI
}

/// High bits of `w`, and a non-zero value when a byte of `w` is forbidden: U+0000, and for a
/// topic name also `+` and `#`.
#[inline(always)]
pub(crate) fn word<const TOPIC: bool>(w: u64) -> (u64, u64) {
    let mut bad = zero_byte(w);
    if TOPIC {
        bad |= zero_byte(w ^ (LO * u64::from(b'+'))) | zero_byte(w ^ (LO * u64::from(b'#')));
    }
    (w & HI, bad)
}

/// Checks an MQTT string in one pass, 8 bytes at a time (plain `u64` arithmetic): valid UTF-8
/// (ASCII fast path), no U+0000, and for a topic name no wildcard. None of the forbidden bytes
/// can occur inside a multi-byte UTF-8 sequence, so the byte test is exact.
#[inline(always)]
pub(crate) fn checked_str<const TOPIC: bool>(bytes: &[u8]) -> Option<&str> {
    let (mut high, mut bad) = (0u64, 0u64);
    if bytes.len() >= 8 {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let (h, b) = word::<TOPIC>(u64::from_ne_bytes(chunk.try_into().ok()?));
            high |= h;
            bad |= b;
        }
        if !chunks.remainder().is_empty() {
            // The last 8 bytes, overlapping the previous word.
            let last = bytes.last_chunk::<8>()?;
            let (h, b) = word::<TOPIC>(u64::from_ne_bytes(*last));
            high |= h;
            bad |= b;
        }
    } else {
        for &b in bytes {
            high |= u64::from(b & 0x80);
            bad |= u64::from(b == 0 || (TOPIC && (b == b'+' || b == b'#')));
        }
    }
    if bad != 0 {
        return None;
    }
    if high == 0 {
        // SAFETY: every byte is ASCII.
        return Some(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes).ok()
}

/// An MQTT UTF-8 string: valid UTF-8 without U+0000.
#[inline]
pub(crate) fn mqtt_str(bytes: &[u8]) -> Option<&str> {
    checked_str::<false>(bytes)
}

/// A topic name: an MQTT string without the wildcards `+` and `#`.
#[inline]
pub(crate) fn topic_name(bytes: &[u8]) -> Option<&str> {
    checked_str::<true>(bytes)
}

#[inline]
pub(crate) fn string<'a>(input: &mut &'a [u8]) -> Option<&'a str> {
    mqtt_str(prefixed(input)?)
}

/// A string inside a section the decoder already validated.
#[inline]
pub(crate) fn validated_str<'a>(input: &mut &'a [u8]) -> Option<&'a str> {
    let bytes = prefixed(input)?;
    // SAFETY: a `Section` is only built by `properties`, which checked every string in it.
    Some(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// Checks a string to encode (length, no U+0000) and returns its encoded size.
#[inline]
pub(crate) fn str_len(s: &str) -> Option<usize> {
    (s.len() <= 0xffff && mqtt_str(s.as_bytes()).is_some()).then_some(2 + s.len())
}

pub(crate) const VBI_MAX: usize = 268_435_455;

pub(crate) const PAYLOAD_FORMAT: u8 = 0x01;

pub(crate) const MESSAGE_EXPIRY: u8 = 0x02;

pub(crate) const CONTENT_TYPE: u8 = 0x03;

pub(crate) const RESPONSE_TOPIC: u8 = 0x08;

pub(crate) const CORRELATION_DATA: u8 = 0x09;

pub(crate) const SUBSCRIPTION_ID: u8 = 0x0b;

pub(crate) const TOPIC_ALIAS: u8 = 0x23;

pub(crate) const USER_PROPERTY: u8 = 0x26;

/// Property identifiers only the CONNECT codec uses.
pub(crate) const SESSION_EXPIRY: u8 = 0x11;
/// Authentication Method.
pub(crate) const AUTH_METHOD: u8 = 0x15;
/// Authentication Data.
pub(crate) const AUTH_DATA: u8 = 0x16;
/// Request Problem Information.
pub(crate) const REQUEST_PROBLEM: u8 = 0x17;
/// Will Delay Interval.
pub(crate) const WILL_DELAY: u8 = 0x18;
/// Request Response Information.
pub(crate) const REQUEST_RESPONSE: u8 = 0x19;
/// Receive Maximum.
pub(crate) const RECEIVE_MAXIMUM: u8 = 0x21;
/// Topic Alias Maximum.
pub(crate) const TOPIC_ALIAS_MAXIMUM: u8 = 0x22;
/// Maximum Packet Size.
pub(crate) const MAXIMUM_PACKET_SIZE: u8 = 0x27;

/// The property at the front of a property section the decoder validated: its identifier and
/// its value's bytes (strings and binary data with their length prefix). `None` at the end, or
/// for an identifier MQTT 5.0 does not define (table 2.2.2.2).
#[inline]
pub(crate) fn next_property<'a>(section: &mut &'a [u8]) -> Option<(u8, &'a [u8])> {
    let (&id, rest) = section.split_first()?;
    let prefixed = |at: usize| {
        let len = rest.get(at..)?.first_chunk::<2>()?;
        Some(2 + usize::from(u16::from_be_bytes(*len)))
    };
    let len = match id {
        // Byte.
        0x01 | 0x17 | 0x19 | 0x24 | 0x25 | 0x28 | 0x29 | 0x2a => 1,
        // Two Byte Integer.
        0x13 | 0x21 | 0x22 | 0x23 => 2,
        // Four Byte Integer.
        0x02 | 0x11 | 0x18 | 0x27 => 4,
        // Variable Byte Integer.
        0x0b => rest.iter().position(|&b| b < 0x80)? + 1,
        // UTF-8 Encoded String or Binary Data.
        0x03 | 0x08 | 0x09 | 0x12 | 0x15 | 0x16 | 0x1a | 0x1c | 0x1f => prefixed(0)?,
        // UTF-8 String Pair.
        USER_PROPERTY => {
            let key = prefixed(0)?;
            key + prefixed(key)?
        }
        _ => return None,
    };
    let (value, rest) = rest.split_at_checked(len)?;
    *section = rest;
    Some((id, value))
}

/// User properties in wire order: given as values (to encode), or walked in a property section
/// the decoder validated, which holds `left` of them (among other properties).
#[derive(Debug, Clone)]
pub struct UserPropertyIter<'a> {
    given: core::slice::Iter<'a, (&'a str, &'a str)>,
    section: &'a [u8],
    left: u32,
}

impl<'a> UserPropertyIter<'a> {
    /// The pairs given.
    pub(crate) fn given(values: &'a [(&'a str, &'a str)]) -> Self {
        UserPropertyIter {
            given: values.iter(),
            section: &[],
            left: 0,
        }
    }

    /// The `count` pairs of a validated property section.
    pub(crate) fn decoded(section: &'a [u8], count: u32) -> Self {
        UserPropertyIter {
            given: [].iter(),
            section,
            left: count,
        }
    }
}

impl<'a> Iterator for UserPropertyIter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        if let Some(&pair) = self.given.next() {
            return Some(pair);
        }
        while self.left > 0 {
            let (id, mut value) = next_property(&mut self.section)?;
            if id == USER_PROPERTY {
                self.left -= 1;
                let key = validated_str(&mut value)?;
                let val = validated_str(&mut value)?;
                return Some((key, val));
            }
        }
        None
    }
}

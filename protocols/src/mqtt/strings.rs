//! MQTT's UTF-8 strings and binary data: a `u16` length, then the bytes.

use bytes::BufMut;
use wire_runtime::{
    DecodeError, EncodeError, EncodeErrorKind, ErrorKind, Reader, WireDecode, WireEncode,
};

/// A UTF-8 Encoded String: at most 65 535 bytes, valid UTF-8, no U+0000 ([MQTT-1.5.4]).
/// Borrowed from the input. With `TOPIC = true` ([`TopicName`]) it is a topic name, which must
/// not hold the wildcards `+` and `#` either ([MQTT-3.3.2-2]).
///
/// Its codec is written by hand rather than derived: the length prefix is the derive's
/// `len = u16`, but MQTT's extra rules (no U+0000, no wildcard in a topic name) are checked in
/// the same single pass over the bytes as the UTF-8 validation, which a derived `validate`
/// hook could only do in a second one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Utf8Str<'a, const TOPIC: bool = false> {
    /// The string, borrowed from the input.
    pub str: &'a str,
}

/// A topic name (PUBLISH, will topic): an MQTT string without wildcards.
///
/// ```
/// use wire_protocols::mqtt::TopicName;
///
/// assert!(wire_runtime::decode::<TopicName<'_>>(b"\0\x03a/b").is_ok());
/// let err = wire_runtime::decode::<TopicName<'_>>(b"\0\x03a/#").unwrap_err();
/// assert!(err.to_string().contains("wildcard"));
/// ```
pub type TopicName<'a> = Utf8Str<'a, true>;

impl<'a, const TOPIC: bool> Utf8Str<'a, TOPIC> {
    /// The string.
    pub fn as_str(&self) -> &'a str {
        self.str
    }
}

// By hand: MQTT's string rules in one scan, skipped for a validated reader (no attribute).
impl<'de: 'a, 'a, const TOPIC: bool> WireDecode<'de> for Utf8Str<'a, TOPIC> {
    #[inline(always)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let len = usize::from(u16::from_be_bytes(*r.take_array()?));
        let at = r.offset();
        let bytes = r.take(len)?;
        if r.is_validated() {
            // SAFETY: a validated reader reads again bytes that decoded before as these same
            // values (`Reader::new_validated`), so this string passed every check below then.
            return Ok(Utf8Str {
                str: unsafe { core::str::from_utf8_unchecked(bytes) },
            });
        }
        let scan = Scan::of::<TOPIC>(bytes);
        if scan.nul {
            return Err(DecodeError::new(
                ErrorKind::InvalidValue("U+0000 in an MQTT string"),
                at,
            ));
        }
        if TOPIC && scan.wildcard {
            return Err(DecodeError::new(
                ErrorKind::InvalidValue("wildcard in a topic name"),
                at,
            ));
        }
        let str = if scan.ascii {
            // SAFETY: every byte is below 0x80, and ASCII is valid UTF-8.
            unsafe { core::str::from_utf8_unchecked(bytes) }
        } else {
            core::str::from_utf8(bytes)
                .map_err(|e| DecodeError::new(ErrorKind::InvalidUtf8, at + e.valid_up_to()))?
        };
        Ok(Utf8Str { str })
    }
}

impl<const TOPIC: bool> WireEncode for Utf8Str<'_, TOPIC> {
    #[inline]
    fn encoded_len(&self) -> usize {
        2 + self.str.len()
    }

    #[inline(always)]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        let len = u16::try_from(self.str.len()).map_err(|_| {
            EncodeError::new(EncodeErrorKind::LengthOverflow {
                len: self.str.len(),
            })
        })?;
        let scan = Scan::of::<TOPIC>(self.str.as_bytes());
        if scan.nul {
            return Err(EncodeError::new(EncodeErrorKind::Custom(
                "U+0000 in an MQTT string",
            )));
        }
        if TOPIC && scan.wildcard {
            return Err(EncodeError::new(EncodeErrorKind::Custom(
                "wildcard in a topic name",
            )));
        }
        buf.put_u16(len);
        buf.put_slice(self.str.as_bytes());
        Ok(())
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `word` that is zero, and maybe of some bytes above a zero
/// byte (the classic SWAR test): non-zero exactly when some byte is zero.
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(ONES) & !word & HIGHS
}

/// Non-zero exactly when some byte of `word` is `+` or `#`.
#[inline(always)]
fn wildcard_bytes(word: u64) -> u64 {
    zero_bytes(word ^ (ONES * u64::from(b'+'))) | zero_bytes(word ^ (ONES * u64::from(b'#')))
}

/// What one pass over a string's bytes found, eight bytes at a time.
struct Scan {
    ascii: bool,
    nul: bool,
    /// Only looked for when `TOPIC`.
    wildcard: bool,
}

impl Scan {
    #[inline(always)]
    fn of<const TOPIC: bool>(bytes: &[u8]) -> Scan {
        // Masks are or-ed together and tested once at the end: no branch or flag per word.
        let (mut any, mut nul, mut wildcard) = (0u64, 0u64, 0u64);
        let mut add = |word: u64| {
            any |= word;
            nul |= zero_bytes(word);
            if TOPIC {
                wildcard |= wildcard_bytes(word);
            }
        };
        let len = bytes.len();
        if let Some(last) = bytes.last_chunk::<8>() {
            let mut chunks = bytes.chunks_exact(8);
            for chunk in &mut chunks {
                add(u64::from_le_bytes(chunk.try_into().unwrap_or([1; 8])));
            }
            if !chunks.remainder().is_empty() {
                // The last eight bytes, overlapping words already seen: same verdicts.
                add(u64::from_le_bytes(*last));
            }
        } else if let (Some(first), Some(last)) =
            (bytes.first_chunk::<4>(), bytes.last_chunk::<4>())
        {
            // 4 to 7 bytes: the first four and the last four, overlapping.
            add(u64::from(u32::from_le_bytes(*first)) | u64::from(u32::from_le_bytes(*last)) << 32);
        } else if len > 0 {
            // 1 to 3 bytes: the first, middle and last cover them all; the other five bytes of
            // the word are 0x01, which is none of the bytes looked for.
            let word = u64::from(bytes[0])
                | u64::from(bytes[len / 2]) << 8
                | u64::from(bytes[len - 1]) << 16
                | 0x0101_0101_0100_0000;
            add(word);
        }
        Scan {
            ascii: any & HIGHS == 0,
            nul: nul != 0,
            wildcard: wildcard != 0,
        }
    }
}

impl<'a, const TOPIC: bool> From<&'a str> for Utf8Str<'a, TOPIC> {
    fn from(str: &'a str) -> Self {
        Utf8Str { str }
    }
}

impl<const TOPIC: bool> core::ops::Deref for Utf8Str<'_, TOPIC> {
    type Target = str;

    fn deref(&self) -> &str {
        self.str
    }
}

impl<const TOPIC: bool> PartialEq<str> for Utf8Str<'_, TOPIC> {
    fn eq(&self, other: &str) -> bool {
        self.str == other
    }
}

impl<const TOPIC: bool> PartialEq<&str> for Utf8Str<'_, TOPIC> {
    fn eq(&self, other: &&str) -> bool {
        self.str == *other
    }
}

/// Binary Data: a `u16` length and up to 65 535 bytes, borrowed from the input.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Binary<'a> {
    /// The bytes, borrowed from the input.
    #[wire(len = u16)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub bytes: &'a [u8],
}

impl<'a> From<&'a [u8]> for Binary<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        Binary { bytes }
    }
}

impl core::ops::Deref for Binary<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.bytes
    }
}

#[cfg(feature = "serde")]
impl<const TOPIC: bool> serde::Serialize for Utf8Str<'_, TOPIC> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.str)
    }
}

#[cfg(feature = "serde")]
impl<'de: 'a, 'a, const TOPIC: bool> serde::Deserialize<'de> for Utf8Str<'a, TOPIC> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let str: &'a str = serde::Deserialize::deserialize(d)?;
        Ok(Utf8Str { str })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_agree_with_the_naive_checks() {
        let samples: [&[u8]; 9] = [
            b"",
            b"0123456789abcdef+",
            b"0123456789abcde\0ghijklmnop#",
            b"\xc3\xa9123456789abcdefghijk",
            b"a/b",
            b"sensors/room1/temperature",
            b"a\0b",
            b"caf\xc3\xa9 \x00",
            b"x+#y.........",
        ];
        for s in samples {
            for (from, to) in (0..=s.len()).flat_map(|to| (0..=to).map(move |from| (from, to))) {
                let part = &s[from..to];
                let scan = Scan::of::<true>(part);
                assert_eq!(scan.nul, part.contains(&0), "{part:?}");
                assert_eq!(scan.ascii, part.is_ascii(), "{part:?}");
                assert_eq!(
                    scan.wildcard,
                    part.iter().any(|&b| b == b'+' || b == b'#'),
                    "{part:?}"
                );
            }
        }
    }
}

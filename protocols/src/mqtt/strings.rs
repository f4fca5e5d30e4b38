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

impl<'de: 'a, 'a, const TOPIC: bool> WireDecode<'de> for Utf8Str<'a, TOPIC> {
    #[inline(always)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let len = usize::from(u16::from_be_bytes(*r.take_array()?));
        let at = r.offset();
        let bytes = r.take(len)?;
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

    #[inline]
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

/// True when some byte of `word` is zero (the classic SWAR test).
#[inline(always)]
fn has_zero(word: u64) -> bool {
    word.wrapping_sub(ONES) & !word & HIGHS != 0
}

/// True when some byte of `word` is `+` or `#`.
#[inline(always)]
fn has_wildcard_byte(word: u64) -> bool {
    has_zero(word ^ (ONES * u64::from(b'+'))) | has_zero(word ^ (ONES * u64::from(b'#')))
}

/// What one pass over a string's bytes found, eight bytes at a time.
struct Scan {
    ascii: bool,
    nul: bool,
    /// Only looked for when `TOPIC`.
    wildcard: bool,
}

impl Scan {
    #[inline]
    fn of<const TOPIC: bool>(bytes: &[u8]) -> Scan {
        let mut any = 0u64;
        let mut nul = false;
        let mut wildcard = false;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([1; 8]));
            any |= word;
            nul |= has_zero(word);
            if TOPIC {
                wildcard |= has_wildcard_byte(word);
            }
        }
        for &b in chunks.remainder() {
            any |= u64::from(b);
            nul |= b == 0;
            wildcard |= TOPIC && (b == b'+' || b == b'#');
        }
        Scan {
            ascii: any & HIGHS == 0,
            nul,
            wildcard,
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
        let samples: [&[u8]; 6] = [
            b"",
            b"a/b",
            b"sensors/room1/temperature",
            b"a\0b",
            b"caf\xc3\xa9 \x00",
            b"x+#y.........",
        ];
        for s in samples {
            for cut in 0..=s.len() {
                let part = &s[..cut];
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

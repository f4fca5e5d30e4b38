//! MQTT's UTF-8 strings and binary data: a `u16` length, then the bytes.

use bytes::BufMut;
use wire_runtime::{
    DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Reader, WireDecode, WireEncode,
};

/// A UTF-8 Encoded String: at most 65 535 bytes, valid UTF-8, no U+0000 ([MQTT-1.5.4]).
/// Borrowed from the input. With `TOPIC = true` ([`TopicName`]) it is a topic name, which must
/// not hold the wildcards `+` and `#` either ([MQTT-3.3.2-2]).
///
/// A value is valid by construction: decoded (which checks), made with [`Utf8Str::new`] (or
/// `try_from`, or serde, which check), or vouched for with the `unsafe`
/// [`Utf8Str::new_unchecked`]. So encoding writes it with a copy and checks nothing: the rules
/// are checked once, where the value is made.
///
/// ```
/// use wire_protocols::mqtt::{StringError, TopicFilter, TopicName, Utf8Str};
///
/// let topic = TopicName::new("sensors/1")?;
/// assert_eq!(topic.as_str(), "sensors/1");
/// assert_eq!(TopicName::new("sensors/+"), Err(StringError::Wildcard { at: 8 }));
/// assert_eq!(Utf8Str::<'_, false>::new("a\0b"), Err(StringError::Nul { at: 1 }));
/// // A filter may hold wildcards, each a whole level: it is a `TopicFilter`.
/// assert!(TopicFilter::new("sensors/+").is_ok());
/// # Ok::<(), StringError>(())
/// ```
///
/// Its codec is written by hand rather than derived: the length prefix is the derive's
/// `len = u16`, but MQTT's extra rules (no U+0000, no wildcard in a topic name) are checked in
/// the same single pass over the bytes as the UTF-8 validation, which a derived `validate`
/// hook could only do in a second one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Utf8Str<'a, const TOPIC: bool = false> {
    /// The string, borrowed from the input; valid (see the type's docs).
    str: &'a str,
}

/// Why a string cannot be an MQTT string or topic name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringError {
    /// Longer than the 65 535 bytes its `u16` length can say.
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// U+0000 at this byte ([MQTT-1.5.4-2]).
    Nul {
        /// Byte offset in the string.
        at: usize,
    },
    /// A wildcard (`+` or `#`) in a topic name, at this byte ([MQTT-3.3.2-2]).
    Wildcard {
        /// Byte offset in the string.
        at: usize,
    },
    /// A wildcard in a topic filter that is not a whole level, or a `#` before the last
    /// level, at this byte ([MQTT-4.7.1-1], [MQTT-4.7.1-2]).
    MisplacedWildcard {
        /// Byte offset in the string.
        at: usize,
    },
    /// An empty topic filter ([MQTT-4.7.3-1]).
    Empty,
}

impl core::fmt::Display for StringError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StringError::TooLong { len } => {
                write!(f, "an MQTT string of {len} bytes (at most 65535)")
            }
            StringError::Nul { at } => write!(f, "U+0000 in an MQTT string at byte {at}"),
            StringError::Wildcard { at } => write!(f, "wildcard in a topic name at byte {at}"),
            StringError::MisplacedWildcard { at } => {
                write!(f, "misplaced wildcard in a topic filter at byte {at}")
            }
            StringError::Empty => f.write_str("an empty topic filter"),
        }
    }
}

impl std::error::Error for StringError {}

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
    /// `str` as an MQTT string (a topic name when `TOPIC`), if it is one: at most 65 535
    /// bytes, no U+0000, and for a topic name no wildcard.
    pub fn new(str: &'a str) -> Result<Self, StringError> {
        if str.len() > usize::from(u16::MAX) {
            return Err(StringError::TooLong { len: str.len() });
        }
        let scan = Scan::of::<TOPIC>(str.as_bytes());
        if scan.nul {
            let at = str.bytes().position(|b| b == 0).unwrap_or(0);
            return Err(StringError::Nul { at });
        }
        if TOPIC && scan.wildcard {
            let at = str
                .bytes()
                .position(|b| b == b'+' || b == b'#')
                .unwrap_or(0);
            return Err(StringError::Wildcard { at });
        }
        Ok(Utf8Str { str })
    }

    /// `str`, taken as valid without a check: for strings the caller knows (constants,
    /// values a checked source made).
    ///
    /// # Safety
    ///
    /// `str` must be what [`Utf8Str::new`] accepts: at most 65 535 bytes, no U+0000, and for a
    /// topic name no `+` or `#`. Encoding trusts it and writes it as is, so an invalid string
    /// makes a malformed packet, which a broker answers by closing the connection. (A string
    /// longer than 65 535 bytes is still refused when encoded.) Memory safety does not depend
    /// on it: `unsafe` marks that the caller, not the type, vouches for the protocol's rules.
    ///
    /// ```
    /// use wire_protocols::mqtt::TopicName;
    /// // SAFETY: a constant without U+0000 or wildcards, far below 65 535 bytes.
    /// const STATUS: TopicName<'static> = unsafe { TopicName::new_unchecked("status") };
    /// assert_eq!(STATUS.as_str(), "status");
    /// ```
    pub const unsafe fn new_unchecked(str: &'a str) -> Self {
        Utf8Str { str }
    }

    /// The string.
    pub fn as_str(&self) -> &'a str {
        self.str
    }
}

impl<'a, const TOPIC: bool> TryFrom<&'a str> for Utf8Str<'a, TOPIC> {
    type Error = StringError;

    /// [`Utf8Str::new`].
    fn try_from(str: &'a str) -> Result<Self, StringError> {
        Utf8Str::new(str)
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
                DecodeErrorKind::InvalidValue("U+0000 in an MQTT string"),
                at,
            ));
        }
        if TOPIC && scan.wildcard {
            return Err(DecodeError::new(
                DecodeErrorKind::InvalidValue("wildcard in a topic name"),
                at,
            ));
        }
        let str = if scan.ascii {
            // SAFETY: every byte is below 0x80, and ASCII is valid UTF-8.
            unsafe { core::str::from_utf8_unchecked(bytes) }
        } else {
            core::str::from_utf8(bytes)
                .map_err(|e| DecodeError::new(DecodeErrorKind::InvalidUtf8, at + e.valid_up_to()))?
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
        // Valid by construction: nothing more to check (see the type's docs).
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
        Utf8Str::new(str).map_err(serde::de::Error::custom)
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

//! Topic filters (SUBSCRIBE, UNSUBSCRIBE): MQTT strings whose wildcards stand alone.

use super::strings::{StringError, Utf8Str};
use bytes::BufMut;
use wire_runtime::{DecodeError, DecodeErrorKind, EncodeError, Reader, WireDecode, WireEncode};

/// A topic filter: a non-empty MQTT string ([`Utf8Str`]) in which `+` fills a whole level and
/// `#` fills the last one ([MQTT-4.7.1-1], [MQTT-4.7.1-2], [MQTT-4.7.3-1]). Both versions'
/// rules; a 5.0 shared subscription, `$share/<name>/<filter>`, is a filter by them too.
///
/// Valid by construction, like [`Utf8Str`]: decoded (which checks), made with
/// [`TopicFilter::new`] (or `try_from`, or serde, which check), or vouched for with the
/// `unsafe` [`TopicFilter::new_unchecked`]; encoding copies it and checks nothing.
///
/// ```
/// use wire_protocols::mqtt::{StringError, TopicFilter};
///
/// assert!(TopicFilter::new("sensors/+/temperature").is_ok());
/// assert!(TopicFilter::new("sensors/#").is_ok());
/// assert!(TopicFilter::new("+").is_ok());
/// assert_eq!(TopicFilter::new("sensors/#/x"), Err(StringError::MisplacedWildcard { at: 8 }));
/// assert_eq!(TopicFilter::new("sensors+"), Err(StringError::MisplacedWildcard { at: 7 }));
/// assert_eq!(TopicFilter::new(""), Err(StringError::Empty));
/// let err = wire_runtime::decode::<TopicFilter<'_>>(b"\0\x03a#b").unwrap_err();
/// assert_eq!(err.offset(), 3);
/// # Ok::<(), StringError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TopicFilter<'a>(Utf8Str<'a>);

impl<'a> TopicFilter<'a> {
    /// `str` as a topic filter, if it is one: an MQTT string ([`Utf8Str::new`]), not empty,
    /// each wildcard a whole level and `#` the last.
    pub fn new(str: &'a str) -> Result<Self, StringError> {
        let string = Utf8Str::new(str)?;
        match misplaced_wildcard(str.as_bytes()) {
            Some(error) => Err(error),
            None => Ok(TopicFilter(string)),
        }
    }

    /// `str`, taken as a valid filter without a check.
    ///
    /// # Safety
    ///
    /// `str` must be what [`TopicFilter::new`] accepts. Encoding writes it as is, so an
    /// invalid filter makes a malformed packet (a broker closes the connection). Memory safety
    /// does not depend on it: `unsafe` marks that the caller vouches for the protocol's rules.
    ///
    /// ```
    /// use wire_protocols::mqtt::TopicFilter;
    /// // SAFETY: a constant: not empty, `#` alone in the last level, no U+0000.
    /// const ALL: TopicFilter<'static> = unsafe { TopicFilter::new_unchecked("status/#") };
    /// assert_eq!(ALL.as_str(), "status/#");
    /// ```
    pub const unsafe fn new_unchecked(str: &'a str) -> Self {
        // SAFETY: the caller vouches for every rule `Utf8Str::new` checks, as this function's
        // contract asks.
        TopicFilter(unsafe { Utf8Str::new_unchecked(str) })
    }

    /// The filter.
    pub fn as_str(&self) -> &'a str {
        self.0.as_str()
    }
}

/// Where `filter` breaks the filter rules, if it does (empty, or a misplaced wildcard).
fn misplaced_wildcard(filter: &[u8]) -> Option<StringError> {
    if filter.is_empty() {
        return Some(StringError::Empty);
    }
    let last = filter.len() - 1;
    filter.iter().enumerate().find_map(|(at, &b)| {
        let starts_level = at == 0 || filter[at - 1] == b'/';
        let ends_level = at == last || filter[at + 1] == b'/';
        let alone = match b {
            b'+' => starts_level && ends_level,
            b'#' => starts_level && at == last,
            _ => true,
        };
        (!alone).then_some(StringError::MisplacedWildcard { at })
    })
}

impl<'a> TryFrom<&'a str> for TopicFilter<'a> {
    type Error = StringError;

    /// [`TopicFilter::new`].
    fn try_from(str: &'a str) -> Result<Self, StringError> {
        TopicFilter::new(str)
    }
}

// By hand: an MQTT string, then the filter rules (filters are short, and not on a hot path).
impl<'de: 'a, 'a> WireDecode<'de> for TopicFilter<'a> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset() + 2;
        let string = Utf8Str::decode(r)?;
        if !r.is_validated() {
            match misplaced_wildcard(string.as_bytes()) {
                None => {}
                Some(StringError::MisplacedWildcard { at: i }) => {
                    return Err(DecodeError::new(
                        DecodeErrorKind::InvalidValue(
                            "a wildcard in a topic filter that is not a whole level, or `#` \
                             before the last level",
                        ),
                        at + i,
                    ));
                }
                Some(_) => {
                    return Err(DecodeError::new(
                        DecodeErrorKind::InvalidValue("empty topic filter"),
                        at - 2,
                    ));
                }
            }
        }
        Ok(TopicFilter(string))
    }
}

impl WireEncode for TopicFilter<'_> {
    #[inline]
    fn encoded_len(&self) -> usize {
        self.0.encoded_len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.0.encode(buf)
    }
}

impl core::ops::Deref for TopicFilter<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl PartialEq<str> for TopicFilter<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for TopicFilter<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TopicFilter<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de: 'a, 'a> serde::Deserialize<'de> for TopicFilter<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let str: &'a str = serde::Deserialize::deserialize(d)?;
        TopicFilter::new(str).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filter of the spec's section 4.7 examples, valid and not.
    #[test]
    fn the_specs_examples() {
        let valid = [
            "sport/tennis/player1/#",
            "sport/#",
            "#",
            "+",
            "+/tennis/#",
            "sport/+/player1",
            "/+",
            "+/+",
            "sport/",
            "/",
            "$SYS/#",
            "$share/group/a/+",
        ];
        for filter in valid {
            assert!(TopicFilter::new(filter).is_ok(), "{filter}");
        }
        let invalid = [
            ("sport/tennis#", 12),
            ("sport/tennis/#/ranking", 13),
            ("sport+", 5),
            ("#/", 0),
            ("a/b+/c", 3),
            ("++", 0),
        ];
        for (filter, at) in invalid {
            assert_eq!(
                TopicFilter::new(filter),
                Err(StringError::MisplacedWildcard { at }),
                "{filter}"
            );
        }
        assert_eq!(TopicFilter::new(""), Err(StringError::Empty));
        assert_eq!(TopicFilter::new("a\0"), Err(StringError::Nul { at: 1 }));
    }
}

//! The protocol's shared value types: response codes, offset specifications, string maps.

use wire_runtime::{WireDecode, WireEncode};

macro_rules! response_codes {
    ($($(#[$doc:meta])* $name:ident = $value:literal,)*) => {
        /// A response code (`rabbit_stream.hrl`); values this crate does not know stay visible
        /// as `Unknown`.
        #[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[wire(tag = u16)]
        pub enum ResponseCode {
            $($(#[$doc])* #[wire(tag = $value)] $name,)*
            /// A code that is not in the table.
            #[wire(other)]
            Unknown(u16),
        }

        impl ResponseCode {
            /// The code as it is on the wire.
            ///
            /// ```
            /// use wire_protocols::stream::ResponseCode;
            /// assert_eq!(ResponseCode::Ok.code(), 1);
            /// assert_eq!(ResponseCode::from_code(99), ResponseCode::Unknown(99));
            /// ```
            pub fn code(self) -> u16 {
                match self {
                    $(ResponseCode::$name => $value,)*
                    ResponseCode::Unknown(code) => code,
                }
            }

            /// The variant for a code as it is on the wire.
            pub fn from_code(code: u16) -> Self {
                match code {
                    $($value => ResponseCode::$name,)*
                    other => ResponseCode::Unknown(other),
                }
            }
        }
    };
}

response_codes! {
    /// 1
    Ok = 1,
    /// 2
    StreamDoesNotExist = 2,
    /// 3
    SubscriptionIdAlreadyExists = 3,
    /// 4
    SubscriptionIdDoesNotExist = 4,
    /// 5
    StreamAlreadyExists = 5,
    /// 6
    StreamNotAvailable = 6,
    /// 7
    SaslMechanismNotSupported = 7,
    /// 8
    AuthenticationFailure = 8,
    /// 9
    SaslError = 9,
    /// 10: the response carries a challenge.
    SaslChallenge = 10,
    /// 11
    SaslAuthenticationFailureLoopback = 11,
    /// 12
    VirtualHostAccessFailure = 12,
    /// 13
    UnknownFrame = 13,
    /// 14
    FrameTooLarge = 14,
    /// 15
    InternalError = 15,
    /// 16
    AccessRefused = 16,
    /// 17
    PreconditionFailed = 17,
    /// 18
    PublisherDoesNotExist = 18,
    /// 19
    NoOffset = 19,
    /// 20 (server only, not in PROTOCOL.adoc)
    SaslCannotChangeMechanism = 20,
    /// 21 (server only, not in PROTOCOL.adoc)
    SaslCannotChangeUsername = 21,
}

impl ResponseCode {
    /// True for [`ResponseCode::Ok`].
    pub fn is_ok(self) -> bool {
        self == ResponseCode::Ok
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ResponseCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.code())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ResponseCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <u16 as serde::Deserialize>::deserialize(d).map(ResponseCode::from_code)
    }
}

/// Where a subscription starts: the offset type, and for types 4 and 5 the value after it.
///
/// ```
/// use wire_protocols::stream::OffsetSpec;
///
/// assert_eq!(wire_runtime::WireEncode::encode_to_vec(&OffsetSpec::Offset(7))?, [0, 4, 0, 0, 0, 0, 0, 0, 0, 7]);
/// assert_eq!(wire_runtime::decode::<OffsetSpec>(&[0, 1])?, OffsetSpec::First);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u16)]
pub enum OffsetSpec {
    /// 0: no offset (ConsumerUpdate responses only).
    #[wire(tag = 0)]
    None,
    /// 1: the first offset of the stream.
    #[wire(tag = 1)]
    First,
    /// 2: the last chunk of the stream.
    #[wire(tag = 2)]
    Last,
    /// 3: the next offset to be written.
    #[wire(tag = 3)]
    Next,
    /// 4: an absolute offset.
    #[wire(tag = 4)]
    Offset(u64),
    /// 5: a timestamp in milliseconds since the epoch.
    #[wire(tag = 5)]
    Timestamp(i64),
}

/// A map of strings as the protocol sends it (`i32` count, then `i16`-length keys and values),
/// kept in wire order and borrowed from the frame.
///
/// ```
/// use wire_protocols::stream::Properties;
///
/// let props = Properties::from([("product", "wire"), ("version", "1")]);
/// assert_eq!(props.get("version"), Some("1"));
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&props)?;
/// assert_eq!(&bytes[..6], &[0, 0, 0, 2, 0, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq, Default)]
pub struct Properties<'a> {
    /// Key-value pairs in wire order.
    #[wire(count = i32, key(len = i16), value(len = i16))]
    pub entries: Vec<(&'a str, &'a str)>,
}

impl<'a> Properties<'a> {
    /// The value of the first entry with this key.
    pub fn get(&self, key: &str) -> Option<&'a str> {
        self.entries
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    /// The entries in wire order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        self.entries.iter().copied()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<'a, const N: usize> From<[(&'a str, &'a str); N]> for Properties<'a> {
    fn from(entries: [(&'a str, &'a str); N]) -> Self {
        Properties {
            entries: entries.to_vec(),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Properties<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.entries.iter().map(|(k, v)| (k, v)))
    }
}

/// From a map (order kept); keys and values are borrowed from the input.
#[cfg(feature = "serde")]
impl<'de: 'a, 'a> serde::Deserialize<'de> for Properties<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = Vec<(&'de str, &'de str)>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a map of strings")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(entries)
            }
        }
        d.deserialize_map(Entries)
            .map(|entries| Properties { entries })
    }
}

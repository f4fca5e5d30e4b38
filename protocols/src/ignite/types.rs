//! Ignite's msgpack extension types: UUID (type 3) and bit set (type 8).

use wire_runtime::{WireDecode, WireEncode};

/// The payload of a UUID extension: the most significant half, then the least, each
/// little-endian (Ignite's `writeLongLE`).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(le)]
pub struct UuidBits {
    /// Most significant 64 bits.
    pub msb: u64,
    /// Least significant 64 bits.
    pub lsb: u64,
}

/// A UUID: msgpack extension type 3 (`fixext16`) holding [`UuidBits`]. Displayed (and
/// serialized) in the canonical form, and parsed from it; deserializing also takes the halves,
/// `{"bits": {"msb": .., "lsb": ..}}`.
///
/// ```
/// use wire_protocols::ignite::Uuid;
///
/// let uuid: Uuid = "550e8400-e29b-41d4-a716-446655440000".parse()?;
/// assert_eq!(uuid.bits.msb, 0x550e_8400_e29b_41d4);
/// assert_eq!(uuid.to_string(), "550e8400-e29b-41d4-a716-446655440000");
/// # Ok::<(), &'static str>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[wire(msgpack)]
pub struct Uuid {
    /// The two halves.
    #[wire(ext = 3)]
    pub bits: UuidBits,
}

impl Uuid {
    /// A UUID from its halves.
    pub fn new(msb: u64, lsb: u64) -> Self {
        Uuid {
            bits: UuidBits { msb, lsb },
        }
    }

    /// The UUID as a 128-bit number.
    pub fn as_u128(&self) -> u128 {
        (u128::from(self.bits.msb) << 64) | u128::from(self.bits.lsb)
    }
}

impl std::fmt::Display for Uuid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.as_u128();
        write!(
            f,
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            v >> 96,
            (v >> 80) & 0xffff,
            (v >> 64) & 0xffff,
            (v >> 48) & 0xffff,
            v & 0xffff_ffff_ffff
        )
    }
}

impl std::str::FromStr for Uuid {
    type Err = &'static str;

    /// The canonical form: 32 hex digits in groups of 8, 4, 4, 4 and 12.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let groups: Vec<&str> = text.split('-').collect();
        let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
        if lengths != [8, 4, 4, 4, 12] || !text.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
            return Err("a UUID is written as 8-4-4-4-12 hex digits");
        }
        let v = u128::from_str_radix(&groups.concat(), 16).map_err(|_| "not hex")?;
        Ok(Uuid::new((v >> 64) as u64, v as u64))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Uuid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Uuid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Form {
            Text(String),
            Halves { bits: UuidBits },
        }
        match Form::deserialize(deserializer)? {
            Form::Text(text) => text.parse().map_err(serde::de::Error::custom),
            Form::Halves { bits } => Ok(Uuid { bits }),
        }
    }
}

/// The payload of a bit set extension: `java.util.BitSet.toByteArray()`, little-endian bit order.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BitSetBytes<'a> {
    /// The bytes, borrowed.
    #[wire(rest)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub bytes: &'a [u8],
}

/// A bit set: msgpack extension type 8.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct BitSet<'a> {
    /// The bits, least significant first.
    #[wire(ext = 8)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub bits: BitSetBytes<'a>,
}

impl BitSet<'_> {
    /// Whether bit `index` is set.
    pub fn get(&self, index: usize) -> bool {
        self.bits
            .bytes
            .get(index / 8)
            .is_some_and(|b| b >> (index % 8) & 1 == 1)
    }
}

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

/// A UUID: msgpack extension type 3 (`fixext16`) holding [`UuidBits`].
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

//! The primitive encodings of AMQP 1.0 (part 1, section 1.6): one variant per constructor
//! byte, declared with the derive. The constructor is read by the caller and passed in as the
//! tag (`ctx_tag`), because an array reads it once for all of its elements.
//!
//! This is the wire form, where `uint` has three encodings; [`Value`](super::Value) is what
//! they mean, and encodes itself through the smallest of them.

use super::{Array, List, Map, Width};
use wire_runtime::{WireDecode, WireEncode};

/// One primitive value as its constructor encodes it (described values, constructor `0x00`,
/// are read by hand: their extent is only known by reading their parts).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq)]
#[wire(ctx_tag = u8)]
pub enum Encoded<'a> {
    /// `null`.
    #[wire(tag = 0x40)]
    Null,
    /// `boolean` in one octet: 0x00 false, 0x01 true (other octets are rejected).
    #[wire(tag = 0x56)]
    Boolean(bool),
    /// `boolean` true, no data.
    #[wire(tag = 0x41)]
    True,
    /// `boolean` false, no data.
    #[wire(tag = 0x42)]
    False,
    /// `ubyte`.
    #[wire(tag = 0x50)]
    Ubyte(u8),
    /// `ushort`.
    #[wire(tag = 0x60)]
    Ushort(u16),
    /// `uint` in four octets.
    #[wire(tag = 0x70)]
    Uint(u32),
    /// `uint` 0..=255 in one octet.
    #[wire(tag = 0x52)]
    SmallUint(u8),
    /// `uint` zero.
    #[wire(tag = 0x43)]
    Uint0,
    /// `ulong` in eight octets.
    #[wire(tag = 0x80)]
    Ulong(u64),
    /// `ulong` 0..=255 in one octet.
    #[wire(tag = 0x53)]
    SmallUlong(u8),
    /// `ulong` zero.
    #[wire(tag = 0x44)]
    Ulong0,
    /// `byte`.
    #[wire(tag = 0x51)]
    Byte(i8),
    /// `short`.
    #[wire(tag = 0x61)]
    Short(i16),
    /// `int` in four octets.
    #[wire(tag = 0x71)]
    Int(i32),
    /// `int` -128..=127 in one octet.
    #[wire(tag = 0x54)]
    SmallInt(i8),
    /// `long` in eight octets.
    #[wire(tag = 0x81)]
    Long(i64),
    /// `long` -128..=127 in one octet.
    #[wire(tag = 0x55)]
    SmallLong(i8),
    /// `float`, IEEE 754 binary32.
    #[wire(tag = 0x72)]
    Float(f32),
    /// `double`, IEEE 754 binary64.
    #[wire(tag = 0x82)]
    Double(f64),
    /// `decimal32`, IEEE 754 decimal32 (kept as its bytes).
    #[wire(tag = 0x74)]
    Decimal32([u8; 4]),
    /// `decimal64` (kept as its bytes).
    #[wire(tag = 0x84)]
    Decimal64([u8; 8]),
    /// `decimal128` (kept as its bytes).
    #[wire(tag = 0x94)]
    Decimal128([u8; 16]),
    /// `char`: a UTF-32BE code point (checked when it becomes a [`Value`](super::Value)).
    #[wire(tag = 0x73)]
    Char(u32),
    /// `timestamp`: milliseconds since the Unix epoch.
    #[wire(tag = 0x83)]
    Timestamp(i64),
    /// `uuid`, RFC 4122 byte order.
    #[wire(tag = 0x98)]
    Uuid([u8; 16]),
    /// `binary` up to 255 octets.
    #[wire(tag = 0xa0)]
    Vbin8(#[wire(len = u8)] &'a [u8]),
    /// `binary` up to 2^32 - 1 octets.
    #[wire(tag = 0xb0)]
    Vbin32(#[wire(len = u32)] &'a [u8]),
    /// `string` (UTF-8) up to 255 octets.
    #[wire(tag = 0xa1)]
    Str8(#[wire(len = u8)] &'a str),
    /// `string` (UTF-8) up to 2^32 - 1 octets.
    #[wire(tag = 0xb1)]
    Str32(#[wire(len = u32)] &'a str),
    /// `symbol` (ASCII, checked when it becomes a [`Value`](super::Value)) up to 255 octets.
    #[wire(tag = 0xa3)]
    Sym8(#[wire(len = u8)] &'a [u8]),
    /// `symbol` up to 2^32 - 1 octets.
    #[wire(tag = 0xb3)]
    Sym32(#[wire(len = u32)] &'a [u8]),
    /// The empty `list`.
    #[wire(tag = 0x45)]
    List0,
    /// `list`: size and count in one octet each.
    #[wire(tag = 0xc0)]
    List8(#[wire(len = u8, ctx = Width::One)] List<'a>),
    /// `list`: size and count in four octets each.
    #[wire(tag = 0xd0)]
    List32(#[wire(len = u32, ctx = Width::Four)] List<'a>),
    /// `map`: size and count (keys plus values) in one octet each.
    #[wire(tag = 0xc1)]
    Map8(#[wire(len = u8, ctx = Width::One)] Map<'a>),
    /// `map`: size and count in four octets each.
    #[wire(tag = 0xd1)]
    Map32(#[wire(len = u32, ctx = Width::Four)] Map<'a>),
    /// `array`: size and count in one octet each, then one constructor for every element.
    #[wire(tag = 0xe0)]
    Array8(#[wire(len = u8, ctx = Width::One)] Array<'a>),
    /// `array`: size and count in four octets each.
    #[wire(tag = 0xf0)]
    Array32(#[wire(len = u32, ctx = Width::Four)] Array<'a>),
}

impl Encoded<'_> {
    /// The constructor byte of this encoding (the tag the caller writes before it).
    pub fn constructor(&self) -> u8 {
        self.wire_tag()
    }
}

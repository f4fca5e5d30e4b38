//! Derived types that together use every attribute of the derive, for round-trip, truncation
//! and allocation tests.

use bytes::Bytes;
use std::collections::{BTreeMap, HashMap};
use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode, int::Vbi};

/// The top level: everything inside a `u32`-sized section, so any truncation is incomplete.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Frame {
    #[wire(len = u32)]
    pub body: Everything,
}

/// One field per feature.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(magic = b"WR")]
pub struct Everything {
    pub a: u8,
    pub b: i16,
    #[wire(le)]
    pub c: u32,
    pub d: i64,
    pub e: f64,
    pub flag: bool,
    pub id: [u8; 4],
    pub wide: u128,
    #[wire(len = u8)]
    pub s8: String,
    #[wire(len = i16, nullable)]
    pub maybe: Option<String>,
    #[wire(len = i32, empty_is_none)]
    pub remark: Option<String>,
    #[wire(len = vbi)]
    pub blob: Vec<u8>,
    #[wire(len = varint)]
    pub blob2: Bytes,
    #[wire(count = u16)]
    pub nums: Vec<u32>,
    #[wire(count = i32, item(len = u16))]
    pub names: Vec<String>,
    #[wire(len = u16, item(le))]
    pub le_nums: Vec<u16>,
    pub n_items: u8,
    #[wire(count = n_items)]
    pub counted_by_field: Vec<u16>,
    pub body_len: u16,
    #[wire(len = body_len)]
    pub sized_by_field: Vec<u8>,
    pub kind: u8,
    #[wire(if = *kind > 3)]
    pub extra: Option<u32>,
    #[wire(ctx = *kind)]
    pub with_ctx: CtxChild,
    #[wire(len = u16, key(len = u8), value(len = u16))]
    pub map: BTreeMap<String, Vec<u8>>,
    #[wire(count = u8, key(len = u8))]
    pub hmap: HashMap<String, u32>,
    #[wire(count = u8, key(len = u8), value(count = u8))]
    pub pairs: Vec<(String, Vec<i8>)>,
    #[wire(pad_before = 2, pad_after = 1)]
    pub padded: u8,
    #[wire(skip)]
    pub skipped: u32,
    #[wire(skip, default = 7)]
    pub skipped_default: u8,
    #[wire(with = hex_u16)]
    pub custom: u16,
    pub flags: Flags,
    pub cmd: Command,
    pub packet: Packet,
    #[wire(len = u8)]
    pub tagged: Tagged,
    #[wire(fill = by_kind.wire_tag())]
    pub by_kind_tag: u8,
    #[wire(len = u8, ctx = *by_kind_tag)]
    pub by_kind: ByKind,
    pub le_thing: LeThing,
    #[wire(len = u8)]
    pub generic: Wrapper<Nested>,
    pub vbi: Vbi,
    pub rest_framed: RestFramed,
    pub lenient: Lenient,
    #[wire(len = u8)]
    pub ack: Ack,
    #[wire(rest)]
    pub tail: Vec<u8>,
}

/// The rest of a struct inside a section whose length (a VBI, as MQTT's remaining length) is a
/// field, filled in on encode.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct RestFramed {
    pub kind: u8,
    #[wire(rest_len)]
    pub remaining: Vbi,
    pub code: u16,
    #[wire(len = u8)]
    pub name: String,
}

/// Trailing optional fields (MQTT's short acks) and a validation hook.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(validate = if *packet_id == 0 { Err("packet id 0") } else { Ok(()) })]
pub struct Ack {
    pub packet_id: u16,
    #[wire(optional)]
    pub reason: u8,
    #[wire(optional, default = 7)]
    pub weight: u16,
    #[wire(optional, len = vbi)]
    pub properties: Vec<u8>,
}

/// Sections that may keep bytes their contents do not read (newer protocol versions append
/// fields).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Lenient {
    #[wire(len = u8, allow_trailing)]
    pub head: Nested,
    #[wire(rest_len, allow_trailing)]
    pub size: u16,
    pub after: u8,
}

/// A child that takes context from its parent.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(ctx(kind: u8))]
pub struct CtxChild {
    #[wire(if = kind % 2 == 0)]
    pub even: Option<u16>,
}

/// A bit-field word with reserved bits, an enum in a bit range, and a bit (2) that is read as
/// anything and written as 0.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, reserved(bits = 0..1, value = 0), uncovered = ignore)]
pub struct Flags {
    #[wire(bit = 7)]
    pub username: bool,
    #[wire(bits = 3..5)]
    pub qos: QoS,
    #[wire(bits = 5..7)]
    pub small: u8,
    #[wire(bit = 1)]
    pub clean: bool,
}

/// A fieldless enum usable in a bit range.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(tag = u8)]
pub enum QoS {
    #[wire(tag = 0)]
    AtMostOnce,
    #[wire(tag = 1)]
    AtLeastOnce,
    #[wire(tag = 2)]
    ExactlyOnce,
}

/// A composite tag with a catch-all that keeps the raw bytes.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag(key: u16, version: u16))]
pub enum Command {
    #[wire(tag = (1, 1))]
    Open {
        #[wire(len = i16, nullable)]
        vhost: Option<String>,
    },
    #[wire(tag = (2, 2))]
    Credit(u8, u16),
    #[wire(tag = (3, 1))]
    Heartbeat,
    #[wire(other)]
    Unknown {
        key: u16,
        version: u16,
        #[wire(len = u16)]
        body: Vec<u8>,
    },
}

/// Dispatch on a peeked nibble: each variant reads the byte again with its own bit fields.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u8, tag_bits = 4..8, peek)]
pub enum Packet {
    #[wire(tag = 3)]
    Publish(PublishHeader, #[wire(len = vbi)] Vec<u8>),
    #[wire(tag = 12)]
    PingReq(PingHeader),
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, reserved(bits = 4..8, value = 3))]
pub struct PublishHeader {
    #[wire(bit = 3)]
    pub dup: bool,
    #[wire(bits = 1..3)]
    pub qos: QoS,
    #[wire(bit = 0)]
    pub retain: bool,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, reserved(bits = 4..8, value = 12), reserved(bits = 0..4, value = 0))]
pub struct PingHeader;

/// A `u8` tag with explicit discriminants and a tuple catch-all.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u8)]
pub enum Tagged {
    #[wire(tag = 0x10)]
    Small(i8),
    #[wire(tag = 0x20)]
    Named {
        #[wire(len = u8)]
        name: String,
    },
    #[wire(other)]
    Unknown(u8, #[wire(rest)] Vec<u8>),
}

/// An enum whose tag the parent read.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(ctx_tag = u8)]
pub enum ByKind {
    #[wire(tag = 1)]
    One(u16),
    #[wire(tag = 2)]
    Two {
        #[wire(rest)]
        data: Vec<u8>,
    },
    #[wire(other)]
    Other(u8, #[wire(rest)] Vec<u8>),
}

/// Little-endian by default, with a big-endian override.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(le)]
pub struct LeThing {
    pub a: u32,
    #[wire(len = u16)]
    pub s: String,
    #[wire(be)]
    pub b: u16,
}

/// A generic sequence wrapper.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Wrapper<T> {
    #[wire(rest)]
    pub items: Vec<T>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Nested {
    pub x: u16,
    #[wire(len = u8)]
    pub label: String,
}

/// A `with` hook: a `u16` written as four ASCII hex digits.
pub mod hex_u16 {
    use super::*;
    use wire_runtime::DecodeErrorKind;

    pub fn decode(r: &mut Reader<'_>) -> Result<u16, DecodeError> {
        let at = r.offset();
        let digits = r.take(4)?;
        std::str::from_utf8(digits)
            .ok()
            .and_then(|s| u16::from_str_radix(s, 16).ok())
            .ok_or_else(|| DecodeError::new(DecodeErrorKind::Custom("expected 4 hex digits"), at))
    }

    pub fn encode<B: bytes::BufMut + ?Sized>(value: &u16, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_slice(format!("{value:04x}").as_bytes());
        Ok(())
    }

    pub fn encoded_len(_: &u16) -> usize {
        4
    }
}

/// Borrowed fields only: decoding it must not allocate.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
pub struct Borrowed<'a> {
    pub code: i16,
    pub flag: bool,
    #[wire(len = u16)]
    pub topic: &'a str,
    #[wire(len = i16, nullable)]
    pub name: Option<&'a str>,
    pub kind: u8,
    #[wire(if = *kind > 0)]
    pub packet_id: Option<u16>,
    #[wire(len = u32)]
    pub body: &'a [u8],
    #[wire(rest)]
    pub payload: &'a [u8],
}

/// Counted sequences that must not trust their counts.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Counted {
    #[wire(count = u32)]
    pub items: Vec<u64>,
    #[wire(count = u32, item(len = u32))]
    pub names: Vec<String>,
    #[wire(len = u32)]
    pub bytes: Vec<u8>,
}

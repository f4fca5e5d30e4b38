//! Derived types using the vocabulary for protocols outside `protocols/`: odd-width integers,
//! ... Round-trip, truncation and allocation tests run over them
//! (`tests/tests/vocabulary.rs`).

use wire_runtime::{WireDecode, WireEncode, int::U48};

/// Odd-width integers as fields, prefixes, counts and elements, in both byte orders.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct OddWidths {
    #[wire(int = u24)]
    pub length: u32,
    #[wire(int = u24, le)]
    pub length_le: u32,
    #[wire(int = u40)]
    pub forty: u64,
    #[wire(int = u48)]
    pub millis: u64,
    #[wire(int = u56, le)]
    pub fifty_six: u64,
    #[wire(int = u16)]
    pub narrow: u32,
    pub stamp: U48,
    #[wire(len = u24)]
    pub cert: Vec<u8>,
    #[wire(len = u24, le)]
    pub name: String,
    #[wire(count = u24, item(int = u24))]
    pub sizes: Vec<u32>,
    pub kind: u8,
    #[wire(if = *kind == 1, int = u24)]
    pub extra: Option<u32>,
    pub record: OddTagged,
}

/// An enum dispatched on a 24-bit tag (as TLS extension-free layouts number their types).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u24)]
pub enum OddTagged {
    #[wire(tag = 0x00_0001)]
    Small(u8),
    #[wire(tag = 0xff_fffe)]
    Large {
        #[wire(len = u24)]
        data: Vec<u8>,
    },
    #[wire(other)]
    Unknown(u32, #[wire(rest)] Vec<u8>),
}

/// A frame around [`OddWidths`], as TLS wraps a handshake message: a type byte and a 24-bit
/// length, so that any truncation is incomplete input.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct OddFrame {
    pub msg_type: u8,
    #[wire(len = u24)]
    pub body: OddWidths,
}

/// HTTP/2's frame (RFC 9113, section 4.1): a 24-bit length, the type, the flags and the stream
/// id, then the payload, decoded by type with the flags and the stream id passed down.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct H2Frame {
    #[wire(int = u24)]
    pub length: u32,
    #[wire(fill = payload.wire_tag())]
    pub kind: u8,
    pub flags: u8,
    pub stream_id: u32,
    #[wire(len = length, ctx = (*kind, *flags, *stream_id))]
    pub payload: H2Payload,
}

/// An HTTP/2 frame payload: the tag is the frame type the parent read, and the variants see
/// the flags and the stream id.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(ctx_tag = u8, ctx(flags: u8, stream_id: u32))]
pub enum H2Payload {
    /// HEADERS: the priority fields are present when the PRIORITY flag (0x20) is set.
    #[wire(tag = 0x1)]
    Headers {
        #[wire(if = flags & 0x20 != 0)]
        priority: Option<H2Priority>,
        #[wire(rest)]
        block: Vec<u8>,
    },
    /// PING: eight opaque bytes, on stream 0 only.
    #[wire(
        tag = 0x6,
        validate = if stream_id != 0 { Err("PING on a stream") } else { Ok(()) }
    )]
    Ping { opaque: [u8; 8] },
    #[wire(tag = 0x8)]
    WindowUpdate { increment: u32 },
    #[wire(other)]
    Unknown(u8, #[wire(rest)] Vec<u8>),
}

/// HEADERS' priority fields.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
pub struct H2Priority {
    pub dependency: u32,
    pub weight: u8,
}

/// AMQP 0-9-1's method frame payload (section 4.2.4): class and method ids, then the
/// arguments, dispatched on both ids as the parent read them.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct AmqpMethodFrame {
    #[wire(fill = method.wire_tag().0)]
    pub class_id: u16,
    #[wire(fill = method.wire_tag().1)]
    pub method_id: u16,
    #[wire(ctx = (*class_id, *method_id))]
    pub method: AmqpMethod,
}

/// Methods by (class id, method id).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(ctx_tag(class_id: u16, method_id: u16))]
pub enum AmqpMethod {
    /// connection.tune (10, 30).
    #[wire(tag = (10, 30))]
    Tune {
        channel_max: u16,
        frame_max: u32,
        heartbeat: u16,
    },
    /// basic.qos (60, 10).
    #[wire(tag = (60, 10))]
    Qos {
        prefetch_size: u32,
        prefetch_count: u16,
        global: bool,
    },
    #[wire(other)]
    Other(u16, u16, #[wire(rest)] Vec<u8>),
}

/// DNS's message layout (RFC 1035, section 4.1.1): the header's counts come before the
/// sections they count. They are temps: read, used by `count`, filled in on encode, and not
/// kept in the struct. (Names are simplified to one length-prefixed label here.)
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct DnsLike {
    pub id: u16,
    pub flags: u16,
    #[wire(temp(qdcount: u16), temp(ancount: u16), count = qdcount)]
    pub questions: Vec<Question>,
    #[wire(count = ancount)]
    pub answers: Vec<u32>,
}

/// A question: a name, its type and class.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Question {
    #[wire(len = u8)]
    pub name: String,
    pub qtype: u16,
    pub qclass: u16,
}

/// Temps computed from the stored fields: a presence flag (a byte that is 1 when the field
/// follows) and a 24-bit length, neither of them kept.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Computed {
    #[wire(temp(has_name: u8 = name.is_some()), if = *has_name != 0, len = u8)]
    pub name: Option<String>,
    #[wire(temp(body_len: u24), len = body_len)]
    pub body: Vec<u8>,
    #[wire(temp(checks: u16 = body.len() * 2))]
    pub tail: u8,
}

/// Kafka's compact types (KIP-482): lengths and counts as unsigned varints holding N + 1, so
/// that 0 can mean null.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct KafkaCompact {
    /// COMPACT_STRING.
    #[wire(len = varint + 1)]
    pub topic: String,
    /// COMPACT_NULLABLE_STRING: 0 is null.
    #[wire(len = varint + 1, nullable)]
    pub client_id: Option<String>,
    /// COMPACT_ARRAY of COMPACT_STRING.
    #[wire(count = varint + 1, item(len = varint + 1))]
    pub names: Vec<String>,
    /// A fixed-width prefix can be biased too, in either byte order.
    #[wire(len = u16 + 2, le)]
    pub biased_le: Vec<u8>,
    /// 0 is null, 1 is empty, as with `nullable`: here empty means `None` as well.
    #[wire(len = varint + 1, empty_is_none)]
    pub empty_none: Option<Vec<u8>>,
}

/// TCP's data offset and control bits (RFC 9293, section 3.1), numbered as the RFC draws
/// them: bit 0 is the most significant bit of the 16-bit word.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u16, msb0, reserved(bits = 4..8, value = 0))]
pub struct TcpControl {
    #[wire(bits = 0..4)]
    pub data_offset: u8,
    #[wire(bit = 8)]
    pub cwr: bool,
    #[wire(bit = 9)]
    pub ece: bool,
    #[wire(bit = 10)]
    pub urg: bool,
    #[wire(bit = 11)]
    pub ack: bool,
    #[wire(bit = 12)]
    pub psh: bool,
    #[wire(bit = 13)]
    pub rst: bool,
    #[wire(bit = 14)]
    pub syn: bool,
    #[wire(bit = 15)]
    pub fin: bool,
}

/// DNS's header flags (RFC 1035, section 4.1.1), MSB first. The three Z bits are kept as they
/// came (later RFCs gave two of them meanings), in place.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u16, msb0)]
pub struct DnsFlags {
    #[wire(bit = 0)]
    pub qr: bool,
    #[wire(bits = 1..5)]
    pub opcode: u8,
    #[wire(bit = 5)]
    pub aa: bool,
    #[wire(bit = 6)]
    pub tc: bool,
    #[wire(bit = 7)]
    pub rd: bool,
    #[wire(bit = 8)]
    pub ra: bool,
    #[wire(other_bits)]
    pub z: u16,
    #[wire(bits = 12..16)]
    pub rcode: u8,
}

/// The policies for bits no field covers, and a boolean byte any non-zero value makes true.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct BitPolicies {
    pub strict: MustBeZero,
    pub lenient: Ignored,
    #[wire(nonzero)]
    pub enabled: bool,
    #[wire(count = u8, item(nonzero))]
    pub switches: Vec<bool>,
}

/// Bits 1..8 must be 0.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, uncovered = zero)]
pub struct MustBeZero {
    #[wire(bit = 0)]
    pub on: bool,
}

/// Bits 1..8 are read as anything and written as 0.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, uncovered = ignore)]
pub struct Ignored {
    #[wire(bit = 0)]
    pub on: bool,
}

/// AMQP 0-9-1's general frame (section 4.2.3): type, channel, a sized payload, and the
/// frame-end octet 0xCE after it.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(trailer = [0xce])]
pub struct AmqpFrame {
    pub kind: u8,
    pub channel: u16,
    #[wire(len = u32)]
    pub payload: Vec<u8>,
}

/// Constant bytes in the middle: a two-line record whose lines end in CRLF.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct TwoLines {
    #[wire(len = u8)]
    pub first: String,
    #[wire(magic = b"\r\n", len = u8)]
    pub second: String,
    #[wire(magic = b"\r\n")]
    pub end: u8,
}

/// A length checked as soon as it is read: an oversized claim is an invalid value, reported
/// before the body it announces is looked for (where it would be incomplete input).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Bounded {
    pub version: u8,
    #[wire(validate = if *len <= 1024 { Ok(()) } else { Err("length over 1024") })]
    pub len: u32,
    #[wire(len = len)]
    pub body: Vec<u8>,
    #[wire(validate = check_version(*version, *flags))]
    pub flags: u8,
}

/// Version 1 has no flags.
fn check_version(version: u8, flags: u8) -> Result<(), &'static str> {
    if version == 1 && flags != 0 {
        return wire_runtime::reject("flags need version 2");
    }
    Ok(())
}

/// DNS's header as a struct of its own, its counts naming the sections that follow
/// (`count = header.qdcount`): encode fills them in from the sections.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct DnsMessage {
    pub header: DnsHeader,
    #[wire(count = header.qdcount)]
    pub questions: Vec<Question>,
    #[wire(count = header.counts.ancount)]
    pub answers: Vec<u32>,
}

/// The fixed part of a DNS message.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct DnsHeader {
    pub id: u16,
    pub flags: u16,
    pub qdcount: u16,
    pub counts: DnsCounts,
}

/// A nested struct, to fill through two levels.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct DnsCounts {
    pub ancount: u16,
}

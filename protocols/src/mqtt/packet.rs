//! The control packet: fixed header, remaining length, body.

use super::acks::{Auth, Disconnect, PubAck, PubComp, PubRec, PubRel};
use super::connect::{ConnAck, Connect};
use super::header::{Empty, FixedHeader, PublishFlags};
use super::publish::Publish;
use super::subscribe::{SubAck, Subscribe, UnsubAck, Unsubscribe};
use super::version::Version;
use wire_runtime::{DecodeError, DecodeWith, EncodeError, EncodeWith, Reader};

/// An MQTT control packet. The first byte's high nibble picks the variant; each variant reads
/// that byte again with its own flags, then the remaining length (a Variable Byte Integer) and
/// a body that must fill exactly that many bytes.
#[derive(wire_runtime::WireDecode, wire_runtime::WireEncode, Debug, Clone, PartialEq, Eq)]
// Serialized as the packet's own fields: the name is `Packet::name`.
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
#[wire(inline, tag = u8, tag_bits = 4..8, peek, ctx(version: Version))]
// An explicit tag byte: without it the variant is a value of a vector capacity inside the
// properties, which every `match` and the drop must decode with arithmetic.
#[repr(u8)]
pub enum Packet<'a> {
    /// CONNECT (client to server).
    #[wire(tag = 1)]
    Connect {
        /// `0x10`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<1, 0>,
        /// The body.
        /// Boxed: the largest body by far (160 bytes), and a rare packet. Inline, it would
        /// double the size of every `Packet`, and decoding a PUBLISH would write all of it;
        /// boxed, even CONNECT decodes faster (49 ns against 58 ns, allocation included).
        #[wire(len = vbi)]
        connect: Box<Connect<'a>>,
    },
    /// CONNACK.
    #[wire(tag = 2)]
    ConnAck {
        /// `0x20`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<2, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        connack: ConnAck<'a>,
    },
    /// PUBLISH.
    #[wire(tag = 3)]
    Publish {
        /// DUP, QoS, RETAIN.
        flags: PublishFlags,
        /// The body.
        #[wire(len = vbi, ctx = (*flags, version))]
        publish: Publish<'a>,
    },
    /// PUBACK.
    #[wire(tag = 4)]
    PubAck {
        /// `0x40`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<4, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        ack: PubAck<'a>,
    },
    /// PUBREC.
    #[wire(tag = 5)]
    PubRec {
        /// `0x50`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<5, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        ack: PubRec<'a>,
    },
    /// PUBREL.
    #[wire(tag = 6)]
    PubRel {
        /// `0x62`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<6, 0b0010>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        ack: PubRel<'a>,
    },
    /// PUBCOMP.
    #[wire(tag = 7)]
    PubComp {
        /// `0x70`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<7, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        ack: PubComp<'a>,
    },
    /// SUBSCRIBE.
    #[wire(tag = 8)]
    Subscribe {
        /// `0x82`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<8, 0b0010>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        subscribe: Subscribe<'a>,
    },
    /// SUBACK.
    #[wire(tag = 9)]
    SubAck {
        /// `0x90`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<9, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        suback: SubAck<'a>,
    },
    /// UNSUBSCRIBE.
    #[wire(tag = 10)]
    Unsubscribe {
        /// `0xa2`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<10, 0b0010>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        unsubscribe: Unsubscribe<'a>,
    },
    /// UNSUBACK.
    #[wire(tag = 11)]
    UnsubAck {
        /// `0xb0`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<11, 0>,
        /// The body.
        #[wire(len = vbi, ctx = version)]
        unsuback: UnsubAck<'a>,
    },
    /// PINGREQ; remaining length 0.
    #[wire(tag = 12)]
    PingReq {
        /// `0xc0`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<12, 0>,
        /// Nothing.
        #[wire(len = vbi)]
        body: Empty,
    },
    /// PINGRESP; remaining length 0.
    #[wire(tag = 13)]
    PingResp {
        /// `0xd0`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<13, 0>,
        /// Nothing.
        #[wire(len = vbi)]
        body: Empty,
    },
    /// DISCONNECT.
    #[wire(tag = 14)]
    Disconnect {
        /// `0xe0`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<14, 0>,
        /// The body (empty in 3.1.1).
        #[wire(len = vbi, ctx = version)]
        disconnect: Disconnect<'a>,
    },
    /// AUTH (5.0 only; type 15 is reserved in 3.1.1).
    #[wire(tag = 15, validate = if version == Version::V5 { Ok(()) } else { Err("AUTH in MQTT 3.1.1") })]
    Auth {
        /// `0xf0`
        #[cfg_attr(feature = "serde", serde(skip))]
        header: FixedHeader<15, 0>,
        /// The body.
        #[wire(len = vbi)]
        auth: Auth<'a>,
    },
}

/// Decodes one packet from the front of `input`, returning it and the bytes it took.
///
/// Incomplete input is reported as [`DecodeError::is_incomplete`], with at least how many more
/// bytes are needed.
#[inline]
pub fn decode(input: &[u8], version: Version) -> Result<(Packet<'_>, usize), DecodeError> {
    // PUBLISH, the packet a stream mostly carries, has a copy of the derived decoder of its
    // own: with the packet type known, the compiler reduces the copy to the PUBLISH branch
    // (3 KB of code against 127 KB for every kind), which keeps more of its values in
    // registers. With the PUBLISH property walk out of line (`properties.rs`), a 3.1.1 PUBLISH
    // with 4 KiB of payload decodes in 12.2-12.5 ns instead of 13.2 ns (`benches/mqtt.rs`).
    // `publish_fast_path_answers_as_the_derived_decoder` checks that both copies agree.
    // The test is inlined: in a function of its own, the other kinds would pay for the
    // PUBLISH copy's register saves before reaching theirs (a PUBACK took 1 ns longer).
    match input.first() {
        Some(&first) if first >> 4 == 3 => decode_publish(input, version),
        _ => decode_other(input, version),
    }
}

#[inline(never)]
fn decode_publish(input: &[u8], version: Version) -> Result<(Packet<'_>, usize), DecodeError> {
    // Tested again where the compiler can use it.
    match input.first() {
        Some(&first) if first >> 4 == 3 => decode_any(input, version),
        _ => decode_other(input, version),
    }
}

#[inline(never)]
fn decode_other(input: &[u8], version: Version) -> Result<(Packet<'_>, usize), DecodeError> {
    decode_any(input, version)
}

#[inline(always)]
fn decode_any(input: &[u8], version: Version) -> Result<(Packet<'_>, usize), DecodeError> {
    // Built in place: see `WireDecode::decode_then`.
    Packet::decode_with_then(&mut Reader::new(input), version, |packet, r| {
        (packet, r.offset())
    })
}

/// Encodes one packet into a new buffer allocated once at the exact size.
pub fn encode(packet: &Packet<'_>, version: Version) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(packet.encoded_len_with(version));
    packet.encode_with(&mut out, version)?;
    Ok(out)
}

impl Packet<'_> {
    /// The packet's name, as the specification spells it.
    pub fn name(&self) -> &'static str {
        match self {
            Packet::Connect { .. } => "CONNECT",
            Packet::ConnAck { .. } => "CONNACK",
            Packet::Publish { .. } => "PUBLISH",
            Packet::PubAck { .. } => "PUBACK",
            Packet::PubRec { .. } => "PUBREC",
            Packet::PubRel { .. } => "PUBREL",
            Packet::PubComp { .. } => "PUBCOMP",
            Packet::Subscribe { .. } => "SUBSCRIBE",
            Packet::SubAck { .. } => "SUBACK",
            Packet::Unsubscribe { .. } => "UNSUBSCRIBE",
            Packet::UnsubAck { .. } => "UNSUBACK",
            Packet::PingReq { .. } => "PINGREQ",
            Packet::PingResp { .. } => "PINGRESP",
            Packet::Disconnect { .. } => "DISCONNECT",
            Packet::Auth { .. } => "AUTH",
        }
    }
}

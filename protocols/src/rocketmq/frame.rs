//! The word packing a frame's serialize type and header length, and the header in either
//! serialization. The frame itself is [`super::RemotingCommand`].

use super::binary::BinaryHeader;
use super::json_header::JsonHeader;
use wire_runtime::{EncodeWith, WireDecode, WireEncode};

/// How a frame's header is serialized (`SerializeType.java`), the high byte of
/// [`HeaderWord`].
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[wire(tag = u8)]
pub enum SerializeType {
    /// 0: a JSON object.
    #[default]
    #[wire(tag = 0)]
    #[cfg_attr(feature = "serde", serde(rename = "JSON"))]
    Json,
    /// 1: the binary layout ("ROCKETMQ").
    #[wire(tag = 1)]
    #[cfg_attr(feature = "serde", serde(rename = "ROCKETMQ"))]
    RocketMq,
}

/// The second word of a frame: serialize type in the high byte, header length in the low 24
/// bits (`RemotingCommand.markProtocolType`).
///
/// ```
/// use wire_protocols::rocketmq::{HeaderWord, SerializeType};
///
/// let word = HeaderWord { serialize_type: SerializeType::RocketMq, header_length: 0xff_ffff };
/// assert_eq!(wire_runtime::WireEncode::encode_to_vec(&word)?, [0x01, 0xff, 0xff, 0xff]);
/// let json: HeaderWord = wire_runtime::decode(&[0x00, 0x00, 0x01, 0x05])?;
/// assert_eq!((json.serialize_type, json.header_length), (SerializeType::Json, 261));
/// // Serialize type 0x7f is not one.
/// assert!(wire_runtime::decode::<HeaderWord>(&[0x7f, 0xff, 0xff, 0xff]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[wire(bits = u32)]
pub struct HeaderWord {
    /// Bits 24..32.
    #[wire(bits = 24..32)]
    pub serialize_type: SerializeType,
    /// Bits 0..24: the header's length in bytes.
    #[wire(bits = 0..24)]
    pub header_length: u32,
}

/// A header in either serialization; the frame's [`HeaderWord`] says which.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[wire(ctx_tag = u8)]
pub enum Header<'a> {
    /// Serialize type 0.
    #[wire(tag = 0)]
    Json(JsonHeader<'a>),
    /// Serialize type 1.
    #[wire(tag = 1)]
    RocketMq(BinaryHeader<'a>),
}

impl Header<'_> {
    /// The serialize type of this header.
    pub fn serialize_type(&self) -> SerializeType {
        match self {
            Header::Json(_) => SerializeType::Json,
            Header::RocketMq(_) => SerializeType::RocketMq,
        }
    }

    /// The word announcing this header (a header longer than 24 bits can say fails to encode).
    pub fn word(&self) -> HeaderWord {
        HeaderWord {
            serialize_type: self.serialize_type(),
            header_length: u32::try_from(self.encoded_len_with(self.serialize_type().wire_tag()))
                .unwrap_or(u32::MAX),
        }
    }
}

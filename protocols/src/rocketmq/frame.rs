//! The word packing a frame's serialize type and header length, and the header in either
//! serialization. The frame itself is [`super::RemotingCommand`].

use super::binary::BinaryHeader;
use super::codes::LanguageCode;
use super::ext::ExtFields;
use super::json_header::JsonHeader;
use bytes::BufMut;
use std::borrow::Cow;
use wire_runtime::{
    DecodeError, DecodeWith, EncodeError, EncodeErrorKind, EncodeWith, Reader, WireDecode,
    WireEncode,
};

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

/// A header as it is on the wire, in either serialization; the frame's [`HeaderWord`] says
/// which. A [`super::RemotingCommand`] holds it as a [`Header`].
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[wire(ctx_tag = u8)]
pub enum WireHeader<'a> {
    /// Serialize type 0.
    #[wire(tag = 0)]
    Json(JsonHeader<'a>),
    /// Serialize type 1.
    #[wire(tag = 1)]
    RocketMq(BinaryHeader<'a>),
}

/// A command's header: its fields, in the [`JsonHeader`] that holds every value of both
/// serializations, and the serialization it came in (and is sent in unless another is asked
/// for). A decoded binary header keeps its extFields section as it came, so that, sent again
/// as binary, it is written back byte for byte.
///
/// One layout whatever the serialization: each [`WireHeader`] variant is converted where it is
/// decoded ([`DecodeWith::decode_with_then`]), so a decoder builds this header in place
/// instead of an enum whose variants lay their fields out differently, which was assembled in
/// memory and copied out with wide loads of its narrow stores.
///
/// ```
/// use wire_protocols::rocketmq::{Header, JsonHeader, SerializeType};
/// use wire_runtime::{DecodeWith, EncodeWith, Reader};
///
/// let header = Header {
///     serialize_type: SerializeType::RocketMq,
///     fields: JsonHeader { code: 10, opaque: 7, ..JsonHeader::default() },
/// };
/// let tag = SerializeType::RocketMq.wire_tag();
/// let bytes = header.encode_to_vec_with(tag)?;
/// assert_eq!(bytes.len(), 21);
/// let decoded = Header::decode_with(&mut Reader::new(&bytes), tag)?;
/// assert_eq!(decoded, header);
/// // A binary header's code is an i16.
/// let wide = Header { fields: JsonHeader { code: 40_000, ..JsonHeader::default() }, ..header };
/// assert!(wide.encode_to_vec_with(tag).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header<'a> {
    /// The serialization.
    pub serialize_type: SerializeType,
    /// The fields.
    pub fields: JsonHeader<'a>,
}

impl<'a> Header<'a> {
    /// The word announcing this header (a header longer than 24 bits can say fails to encode).
    pub fn word(&self) -> HeaderWord {
        HeaderWord {
            serialize_type: self.serialize_type,
            header_length: u32::try_from(self.encoded_len_with(self.serialize_type.wire_tag()))
                .unwrap_or(u32::MAX),
        }
    }

    /// The binary header with these fields, borrowing them; `code` and `version` are
    /// truncated to `i16` (see [`Header::narrow_check`]). An empty remark or extFields is
    /// written as absent, as the binary layout has no other way to say it.
    fn binary(&self) -> BinaryHeader<'_> {
        let h = &self.fields;
        BinaryHeader {
            code: h.code as i16,
            language: h.language.code(),
            version: h.version as i16,
            opaque: h.opaque,
            flag: h.flag,
            remark: h.remark.as_deref().filter(|r| !r.is_empty()),
            ext_fields: h
                .ext_fields
                .as_ref()
                .filter(|ext| !ext.is_empty())
                .map(ExtFields::reborrow),
        }
    }

    /// Fails when the binary header cannot hold `code` or `version` (each an `i16` there).
    pub(crate) fn narrow_check(&self) -> Result<(), EncodeError> {
        let fits = |value: i32, why| {
            i16::try_from(value)
                .map(drop)
                .map_err(|_| EncodeError::new(EncodeErrorKind::Custom(why)))
        };
        fits(self.fields.code, "the binary header's code is an i16")?;
        fits(self.fields.version, "the binary header's version is an i16")
    }
}

impl<'a> From<WireHeader<'a>> for Header<'a> {
    /// A binary header's fields widened into the JSON header, which holds them all.
    #[inline(always)]
    fn from(header: WireHeader<'a>) -> Self {
        match header {
            WireHeader::Json(fields) => Header {
                serialize_type: SerializeType::Json,
                fields,
            },
            WireHeader::RocketMq(h) => Header {
                serialize_type: SerializeType::RocketMq,
                fields: JsonHeader {
                    code: h.code.into(),
                    language: LanguageCode::from_code(h.language),
                    version: h.version.into(),
                    opaque: h.opaque,
                    flag: h.flag,
                    remark: h.remark.map(Cow::Borrowed),
                    ext_fields: h.ext_fields,
                },
            },
        }
    }
}

// By hand: converts the derived WireHeader in each branch and checks the section end there.
/// Decoded as the [`WireHeader`] of serialize type `tag` (a [`SerializeType::wire_tag`]),
/// which must use up the reader: the frame's header section.
impl<'de: 'a, 'a> DecodeWith<'de, u8> for Header<'a> {
    #[inline(always)]
    fn decode_with(r: &mut Reader<'de>, tag: u8) -> Result<Self, DecodeError> {
        let header = WireHeader::decode_with_then(r, tag, |header, _| Header::from(header))?;
        // Checked here, where a header with bytes after it is dropped out of line
        // (`end_with`), the section's own check after it cannot fail and goes away: its error
        // path would drop the header in place, which would keep it in memory on every path
        // and copy it out twice.
        r.end_with(header)
    }

    fn decode_with_spanned(
        r: &mut Reader<'de>,
        tag: u8,
        spans: &mut wire_runtime::read::Spans,
    ) -> Result<Self, DecodeError> {
        let header = WireHeader::decode_with_spanned(r, tag, spans)?;
        r.end_with(Header::from(header))
    }
}

/// Encoded as the [`WireHeader`] of serialize type `tag` (binary for 1, JSON otherwise:
/// [`HeaderWord`] allows no other), whatever `serialize_type` says; fails for a binary header
/// whose code or version does not fit an `i16`.
impl EncodeWith<u8> for Header<'_> {
    #[inline]
    fn encoded_len_with(&self, tag: u8) -> usize {
        if tag == SerializeType::RocketMq.wire_tag() {
            self.binary().encoded_len()
        } else {
            self.fields.encoded_len()
        }
    }

    #[inline]
    fn encode_with<B: BufMut + ?Sized>(&self, buf: &mut B, tag: u8) -> Result<(), EncodeError> {
        if tag == SerializeType::RocketMq.wire_tag() {
            self.narrow_check()?;
            self.binary().encode(buf)
        } else {
            self.fields.encode(buf)
        }
    }
}

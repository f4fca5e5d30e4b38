//! The ROCKETMQ (binary) header: `RocketMQSerializable.rocketMQProtocolEncode/Decode`.

use super::ext::ExtFields;
use wire_runtime::{WireDecode, WireEncode};

/// The binary header, as it is on the wire: 21 fixed bytes, then the remark and the extFields
/// section, each behind an `i32` length (0 meaning absent). [`super::RemotingCommand`] is the
/// typed view of it.
///
/// ```
/// use wire_protocols::rocketmq::{BinaryHeader, ExtFields};
///
/// let header = BinaryHeader {
///     code: 103, language: 0, version: 2333, opaque: 2, flag: 0, remark: None,
///     ext_fields: Some(ExtFields::from_iter([("key", "value")])),
/// };
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&header)?;
/// assert_eq!(bytes.len(), 21 + 14);
/// let decoded: BinaryHeader<'_> = wire_runtime::decode(&bytes)?;
/// assert_eq!(decoded, header);
/// assert_eq!(decoded.ext_fields.unwrap().get("key").as_deref(), Some("value"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
pub struct BinaryHeader<'a> {
    /// Request or response code (only `i16` fits here; JSON headers carry any `i32`).
    pub code: i16,
    /// [`super::LanguageCode`] byte.
    pub language: u8,
    /// Version of the sender.
    pub version: i16,
    /// Request id, echoed by the response.
    pub opaque: i32,
    /// [`super::Flags`] bits.
    pub flag: i32,
    /// Length 0 means none.
    #[wire(len = i32, empty_is_none)]
    pub remark: Option<&'a str>,
    /// Length 0 means none; entries are validated and borrowed.
    #[wire(len = i32, empty_is_none)]
    pub ext_fields: Option<ExtFields<'a>>,
}

/// [`BinaryHeader`] with its extFields section not yet checked, for
/// [`super::decode_with_header`], which checks it while handing its entries to a header.
/// Inlined (`#[wire(inline)]`): out of line, its fields came back through memory, 62
/// instructions a frame with the call where 34 do the reading.
#[derive(WireDecode)]
#[wire(inline)]
pub(crate) struct BinaryHeaderParts<'a> {
    pub code: i16,
    pub language: u8,
    pub version: i16,
    pub opaque: i32,
    pub flag: i32,
    #[wire(len = i32, empty_is_none)]
    pub remark: Option<&'a str>,
    #[wire(len = i32)]
    pub ext_fields: &'a [u8],
}

//! The JSON header (`RemotingSerializable`): the same fields as the binary header, as a JSON
//! object.

use super::codes::LanguageCode;
use super::ext::ExtFields;
use super::json::{self, Cursor, RawStr};
use bytes::BufMut;
use std::borrow::Cow;
use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode};

/// The JSON header, borrowed from the frame where it can be.
///
/// Decoding accepts what Java (fastjson), Go and Rust peers send: keys in any order, any
/// whitespace, `null` or absent `remark` and `extFields` (absent fields take the Java
/// defaults: 0, `JAVA`, none), unknown keys with any value. It rejects what the strict Rust
/// server rejects: values of the wrong type, integers outside `i32`, extFields values that are
/// not strings, duplicate known keys, invalid UTF-8 or escapes, trailing bytes.
/// `serializeTypeCurrentRPC` must be `"JSON"`, `"ROCKETMQ"` or `null` and is otherwise
/// ignored.
///
/// Encoding writes the rocketmq-rust layout, which its server requires: every key, `null` for
/// an absent remark or extFields, string values, `"serializeTypeCurrentRPC":"JSON"`.
///
/// ```
/// use wire_protocols::rocketmq::{JsonHeader, LanguageCode};
///
/// let text = br#"{"opaque": 4, "code": 501, "language": "GO", "remark": null,
///                 "extFields": {"topic": "T\u0001"}, "x": [1, {"y": null}]}"#;
/// let header: JsonHeader<'_> = wire_runtime::decode(text)?;
/// assert_eq!((header.code, header.opaque, header.language), (501, 4, LanguageCode::Go));
/// assert_eq!(header.ext_fields.unwrap().get("topic").as_deref(), Some("T\u{1}"));
///
/// let header = JsonHeader { code: 10, ..JsonHeader::default() };
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&header)?;
/// assert_eq!(
///     std::str::from_utf8(&bytes)?,
///     r#"{"code":10,"language":"JAVA","version":0,"opaque":0,"flag":0,"remark":null,"extFields":null,"serializeTypeCurrentRPC":"JSON"}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonHeader<'a> {
    /// Request or response code.
    pub code: i32,
    /// The sender's language, by name.
    pub language: LanguageCode,
    /// Version of the sender.
    pub version: i32,
    /// Request id, echoed by the response.
    pub opaque: i32,
    /// [`super::Flags`] bits.
    pub flag: i32,
    /// `null` or absent means none; borrowed unless it has escapes.
    pub remark: Option<Cow<'a, str>>,
    /// `null` or absent means none; validated and borrowed.
    pub ext_fields: Option<ExtFields<'a>>,
}

/// The known keys.
#[derive(Clone, Copy)]
enum Key {
    Code,
    Language,
    Version,
    Opaque,
    Flag,
    Remark,
    ExtFields,
    SerializeType,
    Unknown,
}

impl Key {
    #[inline]
    fn of(raw: &str) -> Key {
        match raw {
            "code" => Key::Code,
            "language" => Key::Language,
            "version" => Key::Version,
            "opaque" => Key::Opaque,
            "flag" => Key::Flag,
            "remark" => Key::Remark,
            "extFields" => Key::ExtFields,
            "serializeTypeCurrentRPC" => Key::SerializeType,
            _ => Key::Unknown,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Key::Code => "code",
            Key::Language => "language",
            Key::Version => "version",
            Key::Opaque => "opaque",
            Key::Flag => "flag",
            Key::Remark => "remark",
            Key::ExtFields => "extFields",
            Key::SerializeType => "serializeTypeCurrentRPC",
            Key::Unknown => "<unknown key>",
        }
    }
}

pub(crate) fn parse<'a>(bytes: &'a [u8], base: usize) -> Result<JsonHeader<'a>, DecodeError> {
    parse_with(bytes, base, |_, _| Ok(()))
}

/// As `parse`, handing every extFields entry to `entry` while the object is checked (see
/// [`super::decode_with_header`]).
#[inline]
pub(crate) fn parse_with<'a>(
    bytes: &'a [u8],
    base: usize,
    mut entry: impl FnMut(RawStr<'a>, RawStr<'a>) -> Result<(), DecodeError>,
) -> Result<JsonHeader<'a>, DecodeError> {
    let mut c = Cursor::new(bytes, base)?;
    let mut header = JsonHeader::default();
    c.expect(b'{', "a JSON header must be an object")?;
    if c.eat(b'}')? {
        c.expect_end()?;
        return Ok(header);
    }
    let mut seen = 0u16;
    loop {
        let raw = c.string()?;
        c.expect(b':', "expected `:`")?;
        let key = if raw.escaped {
            Key::of(&raw.value())
        } else {
            Key::of(raw.raw)
        };
        if !matches!(key, Key::Unknown) {
            let bit = 1 << key as u16;
            if seen & bit != 0 {
                return Err(c.error("duplicate key").in_field("JsonHeader", key.name()));
            }
            seen |= bit;
        }
        value(&mut c, key, &mut header, &mut entry)
            .map_err(|e| e.in_field("JsonHeader", key.name()))?;
        if !c.eat(b',')? {
            c.expect(b'}', "expected `,` or `}`")?;
            break;
        }
    }
    c.expect_end()?;
    Ok(header)
}

#[inline]
fn value<'a>(
    c: &mut Cursor<'a>,
    key: Key,
    h: &mut JsonHeader<'a>,
    entry: &mut impl FnMut(RawStr<'a>, RawStr<'a>) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    match key {
        Key::Code => h.code = c.int32()?,
        Key::Version => h.version = c.int32()?,
        Key::Opaque => h.opaque = c.int32()?,
        Key::Flag => h.flag = c.int32()?,
        Key::Language => {
            h.language = if c.peek()? == b'"' {
                let at = c.offset();
                let name = c.string()?;
                let known = if name.escaped {
                    LanguageCode::from_name(&name.value())
                } else {
                    LanguageCode::from_name(name.raw)
                };
                known.ok_or_else(|| {
                    DecodeError::new(
                        wire_runtime::DecodeErrorKind::InvalidValue("unknown language name"),
                        at,
                    )
                })?
            } else {
                // fastjson also reads enums from their ordinal.
                let code = c.int32()?;
                LanguageCode::from_code(
                    u8::try_from(code).map_err(|_| c.error("language out of range"))?,
                )
            };
        }
        Key::Remark => {
            h.remark = if c.null()? {
                None
            } else {
                Some(c.string()?.value())
            };
        }
        Key::ExtFields => {
            h.ext_fields = if c.null()? {
                None
            } else {
                Some(ExtFields::from_json(c.string_object(entry)?))
            };
        }
        Key::SerializeType => {
            if !c.null()? {
                let name = c.string()?;
                if !(name.eq_str("JSON") || name.eq_str("ROCKETMQ")) {
                    return Err(c.error("serializeTypeCurrentRPC must be JSON or ROCKETMQ"));
                }
            }
        }
        Key::Unknown => c.skip_value(0)?,
    }
    Ok(())
}

// By hand: the header is JSON text (parsed in json.rs), not a binary layout.
impl<'de: 'a, 'a> WireDecode<'de> for JsonHeader<'a> {
    /// The rest of the reader's section is the JSON text.
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let base = r.offset();
        parse(r.take_rest(), base)
    }
}

const CODE: &str = "{\"code\":";
const LANGUAGE: &str = ",\"language\":";
const VERSION: &str = ",\"version\":";
const OPAQUE: &str = ",\"opaque\":";
const FLAG: &str = ",\"flag\":";
const REMARK: &str = ",\"remark\":";
const EXT_FIELDS: &str = ",\"extFields\":";
const END: &str = ",\"serializeTypeCurrentRPC\":\"JSON\"}";
const NULL: &str = "null";

impl WireEncode for JsonHeader<'_> {
    fn encoded_len(&self) -> usize {
        let language = match self.language.name() {
            Some(name) => name.len() + 2,
            None => json::int_len(self.language.code().into()),
        };
        CODE.len()
            + json::int_len(self.code.into())
            + LANGUAGE.len()
            + language
            + VERSION.len()
            + json::int_len(self.version.into())
            + OPAQUE.len()
            + json::int_len(self.opaque.into())
            + FLAG.len()
            + json::int_len(self.flag.into())
            + REMARK.len()
            + self.remark.as_deref().map_or(NULL.len(), json::str_len)
            + EXT_FIELDS.len()
            + self
                .ext_fields
                .as_ref()
                .map_or(NULL.len(), ExtFields::json_len)
            + END.len()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_slice(CODE.as_bytes());
        json::write_int(buf, self.code.into());
        buf.put_slice(LANGUAGE.as_bytes());
        match self.language.name() {
            Some(name) => {
                buf.put_u8(b'"');
                buf.put_slice(name.as_bytes());
                buf.put_u8(b'"');
            }
            None => json::write_int(buf, self.language.code().into()),
        }
        buf.put_slice(VERSION.as_bytes());
        json::write_int(buf, self.version.into());
        buf.put_slice(OPAQUE.as_bytes());
        json::write_int(buf, self.opaque.into());
        buf.put_slice(FLAG.as_bytes());
        json::write_int(buf, self.flag.into());
        buf.put_slice(REMARK.as_bytes());
        match &self.remark {
            Some(remark) => json::write_str(buf, remark),
            None => buf.put_slice(NULL.as_bytes()),
        }
        buf.put_slice(EXT_FIELDS.as_bytes());
        match &self.ext_fields {
            Some(ext) => ext.write_json(buf),
            None => buf.put_slice(NULL.as_bytes()),
        }
        buf.put_slice(END.as_bytes());
        Ok(())
    }
}

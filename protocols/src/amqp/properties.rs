//! The two list-typed sections of a message: [`Header`] and [`Properties`] (part 3, sections
//! 3.2.1 and 3.2.4), and the composite-list reading and writing they share.
//!
//! By hand rather than derived: a composite is a `list` (of any of three encodings) whose
//! elements are self-describing values, any of which may be `null` and whose trailing ones
//! may be left out; the derive's layouts are positional bytes, not typed values.

use super::compound::Width;
use super::typed;
use super::value::Value;
use bytes::BufMut;
use wire_runtime::{DecodeError, DecodeErrorKind, EncodeError, Reader, WireDecode, WireEncode};

/// Reads a list-typed composite of at most `fields.len()` fields, calling `field` with the
/// reader after each present (non-null) field's constructor, the field's index, the
/// constructor and its offset; an error names the composite and the field.
pub(crate) fn read_fields<'a>(
    r: &mut Reader<'a>,
    composite: &'static str,
    fields: &'static [&'static str],
    mut field: impl FnMut(&mut Reader<'a>, usize, u8, usize) -> Result<(), DecodeError>,
) -> Result<(), DecodeError> {
    let at = r.offset();
    let (count, mut items) = match r.read::<u8>()? {
        0x45 => return Ok(()),
        0xc0 => {
            let size = r.read::<u8>()?;
            let mut items = r.section(size.into())?;
            (u32::from(items.read::<u8>()?), items)
        }
        0xd0 => {
            let size = r.read::<u32>()?;
            let mut items = r.section(size as usize)?;
            (items.read::<u32>()?, items)
        }
        _ => return Err(invalid("a composite is not a list", at).in_field(composite, "")),
    };
    if count as usize > fields.len() {
        return Err(invalid("more fields than the composite has", at).in_field(composite, ""));
    }
    for (index, name) in fields.iter().enumerate().take(count as usize) {
        let at = items.offset();
        let read = items.read::<u8>().and_then(|c| match c {
            // An absent field (the usual case): its default stands.
            0x40 => Ok(()),
            c => field(&mut items, index, c, at),
        });
        read.map_err(|e| e.in_field(composite, name))?;
    }
    items.expect_end().map_err(|e| e.in_field(composite, ""))
}

#[cold]
pub(crate) fn invalid(why: &'static str, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
}

/// The fields of a composite, to encode: the ones up to the last present, absent ones as
/// null, in a `list0`, `list8` or `list32`, whichever is smallest.
pub(crate) struct Fields<'v, 'a>(pub(crate) &'v [Option<Value<'a>>]);

impl Fields<'_, '_> {
    fn present(&self) -> &[Option<Value<'_>>] {
        let last = self
            .0
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1);
        &self.0[..last]
    }

    fn items_len(&self) -> usize {
        self.present()
            .iter()
            .map(|f| f.as_ref().map_or(1, WireEncode::encoded_len))
            .sum()
    }
}

impl WireEncode for Fields<'_, '_> {
    fn encoded_len(&self) -> usize {
        let count = self.present().len();
        if count == 0 {
            return 1;
        }
        let items = self.items_len();
        match Width::for_items(count, items) {
            Width::One => 3 + items,
            Width::Four => 9 + items,
        }
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        let present = self.present();
        if present.is_empty() {
            buf.put_u8(0x45);
            return Ok(());
        }
        let items = self.items_len();
        match Width::for_items(present.len(), items) {
            Width::One => {
                buf.put_u8(0xc0);
                buf.put_u8((items + 1) as u8);
                buf.put_u8(present.len() as u8);
            }
            Width::Four => {
                buf.put_u8(0xd0);
                buf.put_u32(u32::try_from(items + 4).map_err(|_| too_long(items))?);
                buf.put_u32(present.len() as u32);
            }
        }
        for field in present {
            field.unwrap_or(Value::Null).encode(buf)?;
        }
        Ok(())
    }
}

#[cold]
fn too_long(len: usize) -> EncodeError {
    EncodeError::new(wire_runtime::EncodeErrorKind::LengthOverflow { len })
}

/// The header section: delivery details (part 3 section 3.2.1). Absent or null fields take
/// the specification's defaults.
///
/// ```
/// use wire_protocols::amqp::Header;
///
/// let header = Header::default();
/// assert_eq!((header.durable, header.priority, header.delivery_count), (false, 4, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Header {
    /// Whether intermediaries must keep the message across restarts.
    pub durable: bool,
    /// Relative priority (default 4).
    pub priority: u8,
    /// Time to live in milliseconds.
    pub ttl: Option<u32>,
    /// Whether no earlier acquirer has taken the message.
    pub first_acquirer: bool,
    /// Failed delivery attempts so far.
    pub delivery_count: u32,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            durable: false,
            priority: 4,
            ttl: None,
            first_acquirer: false,
            delivery_count: 0,
        }
    }
}

const HEADER_FIELDS: &[&str] = &[
    "durable",
    "priority",
    "ttl",
    "first_acquirer",
    "delivery_count",
];

impl<'de> WireDecode<'de> for Header {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut header = Header::default();
        header.read_from(r)?;
        Ok(header)
    }
}

impl Header {
    /// Reads the fields present into `self` (in place: see `Message::read_sections`).
    #[inline]
    pub(crate) fn read_from(&mut self, r: &mut Reader<'_>) -> Result<(), DecodeError> {
        let header = self;
        read_fields(r, "Header", HEADER_FIELDS, |r, index, c, at| {
            match index {
                0 => header.durable = typed::boolean(r, c, at)?,
                1 => header.priority = typed::ubyte(r, c, at)?,
                2 => header.ttl = Some(typed::uint(r, c, at)?),
                3 => header.first_acquirer = typed::boolean(r, c, at)?,
                _ => header.delivery_count = typed::uint(r, c, at)?,
            }
            Ok(())
        })
    }
}

impl Header {
    /// The fields to encode: defaults as absent.
    fn fields(&self) -> [Option<Value<'static>>; 5] {
        [
            self.durable.then_some(Value::Bool(true)),
            (self.priority != 4).then_some(Value::Ubyte(self.priority)),
            self.ttl.map(Value::Uint),
            self.first_acquirer.then_some(Value::Bool(true)),
            (self.delivery_count != 0).then_some(Value::Uint(self.delivery_count)),
        ]
    }
}

impl WireEncode for Header {
    fn encoded_len(&self) -> usize {
        Fields(&self.fields()).encoded_len()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        Fields(&self.fields()).encode(buf)
    }
}

/// A message id or correlation id: one of four types (part 3 section 3.2.11 to 3.2.14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageId<'a> {
    /// `message-id-ulong`.
    Ulong(u64),
    /// `message-id-uuid`.
    Uuid([u8; 16]),
    /// `message-id-binary`.
    Binary(&'a [u8]),
    /// `message-id-string`.
    String(&'a str),
}

impl<'a> MessageId<'a> {
    /// Reads an id after its constructor `c` (at `at`) into `slot`: a ulong, uuid, binary
    /// or string.
    ///
    /// Each form is written into the slot where it is read: an id built first and then
    /// moved was copied through its padding in overlapping pieces, and the load that
    /// followed stalled on them (a tenth of a consumer's time).
    #[inline(always)]
    fn read_into(
        slot: &mut Option<Self>,
        r: &mut Reader<'a>,
        c: u8,
        at: usize,
    ) -> Result<(), DecodeError> {
        if let Some(n) = typed::ulong(r, c) {
            *slot = Some(MessageId::Ulong(n?));
            return Ok(());
        }
        match c {
            0x98 => *slot = Some(MessageId::Uuid(r.read::<[u8; 16]>()?)),
            0xa0 | 0xb0 => *slot = Some(MessageId::Binary(typed::binary(r, c, at)?)),
            0xa1 | 0xb1 => *slot = Some(MessageId::String(typed::string(r, c, at)?)),
            _ => return Err(typed::mismatch("not a ulong, uuid, binary or string", at)),
        }
        Ok(())
    }

    /// The id as a value.
    pub fn to_value(self) -> Value<'a> {
        match self {
            MessageId::Ulong(n) => Value::Ulong(n),
            MessageId::Uuid(u) => Value::Uuid(u),
            MessageId::Binary(b) => Value::Binary(b),
            MessageId::String(s) => Value::String(s),
        }
    }
}

impl<'a> From<&'a str> for MessageId<'a> {
    fn from(s: &'a str) -> Self {
        MessageId::String(s)
    }
}

impl From<u64> for MessageId<'_> {
    fn from(n: u64) -> Self {
        MessageId::Ulong(n)
    }
}

/// The properties section: the message's immutable properties (part 3 section 3.2.4).
/// `content_type` and `content_encoding` are symbols; a string is accepted in their place on
/// decode (some clients write one) and a symbol written on encode.
///
/// ```
/// use wire_protocols::amqp::{MessageId, Properties};
/// use wire_runtime::{WireDecode, WireEncode};
///
/// let properties = Properties {
///     message_id: Some(MessageId::Ulong(7)),
///     content_type: Some("text/plain"),
///     ..Properties::default()
/// };
/// let bytes = properties.encode_to_vec()?;
/// // Fields after content-type are left out; the ones between are null.
/// assert_eq!(bytes, b"\xc0\x14\x07\x53\x07\x40\x40\x40\x40\x40\xa3\x0atext/plain");
/// assert_eq!(wire_runtime::decode::<Properties<'_>>(&bytes)?, properties);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Properties<'a> {
    /// Application message identifier.
    pub message_id: Option<MessageId<'a>>,
    /// Creating user's identity.
    pub user_id: Option<&'a [u8]>,
    /// Destination address.
    pub to: Option<&'a str>,
    /// Subject.
    pub subject: Option<&'a str>,
    /// Address for replies.
    pub reply_to: Option<&'a str>,
    /// Identifies the message this one relates to.
    pub correlation_id: Option<MessageId<'a>>,
    /// MIME type of the body.
    pub content_type: Option<&'a str>,
    /// Encoding applied to the body (`gzip`, ...).
    pub content_encoding: Option<&'a str>,
    /// When the message expires, in milliseconds since the epoch.
    pub absolute_expiry_time: Option<i64>,
    /// When the message was created, in milliseconds since the epoch.
    pub creation_time: Option<i64>,
    /// Group the message belongs to.
    pub group_id: Option<&'a str>,
    /// Position in its group.
    pub group_sequence: Option<u32>,
    /// Group replies go to.
    pub reply_to_group_id: Option<&'a str>,
}

const PROPERTIES_FIELDS: &[&str] = &[
    "message_id",
    "user_id",
    "to",
    "subject",
    "reply_to",
    "correlation_id",
    "content_type",
    "content_encoding",
    "absolute_expiry_time",
    "creation_time",
    "group_id",
    "group_sequence",
    "reply_to_group_id",
];

impl<'de> WireDecode<'de> for Properties<'de> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut p = Properties::default();
        p.read_from(r)?;
        Ok(p)
    }
}

impl<'de> Properties<'de> {
    /// Reads the fields present into `self` (in place: see `Message::read_sections`).
    #[inline]
    pub(crate) fn read_from(&mut self, r: &mut Reader<'de>) -> Result<(), DecodeError> {
        let p = self;
        read_fields(r, "Properties", PROPERTIES_FIELDS, |r, index, c, at| {
            match index {
                0 => MessageId::read_into(&mut p.message_id, r, c, at)?,
                1 => p.user_id = Some(typed::binary(r, c, at)?),
                2 => p.to = Some(typed::string(r, c, at)?),
                3 => p.subject = Some(typed::string(r, c, at)?),
                4 => p.reply_to = Some(typed::string(r, c, at)?),
                5 => MessageId::read_into(&mut p.correlation_id, r, c, at)?,
                6 => p.content_type = Some(symbol_or_string(r, c, at)?),
                7 => p.content_encoding = Some(symbol_or_string(r, c, at)?),
                8 => p.absolute_expiry_time = Some(typed::timestamp(r, c, at)?),
                9 => p.creation_time = Some(typed::timestamp(r, c, at)?),
                10 => p.group_id = Some(typed::string(r, c, at)?),
                11 => p.group_sequence = Some(typed::uint(r, c, at)?),
                _ => p.reply_to_group_id = Some(typed::string(r, c, at)?),
            }
            Ok(())
        })
    }
}

/// A symbol, or a string in its place (some clients write `content-type` as one).
#[inline(always)]
fn symbol_or_string<'a>(r: &mut Reader<'a>, c: u8, at: usize) -> Result<&'a str, DecodeError> {
    match c {
        0xa1 | 0xb1 => typed::string(r, c, at),
        _ => typed::symbol(r, c, at),
    }
}

impl<'a> Properties<'a> {
    fn fields(&self) -> [Option<Value<'a>>; 13] {
        [
            self.message_id.map(MessageId::to_value),
            self.user_id.map(Value::Binary),
            self.to.map(Value::String),
            self.subject.map(Value::String),
            self.reply_to.map(Value::String),
            self.correlation_id.map(MessageId::to_value),
            self.content_type.map(Value::Symbol),
            self.content_encoding.map(Value::Symbol),
            self.absolute_expiry_time.map(Value::Timestamp),
            self.creation_time.map(Value::Timestamp),
            self.group_id.map(Value::String),
            self.group_sequence.map(Value::Uint),
            self.reply_to_group_id.map(Value::String),
        ]
    }
}

impl WireEncode for Properties<'_> {
    fn encoded_len(&self) -> usize {
        Fields(&self.fields()).encoded_len()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        Fields(&self.fields()).encode(buf)
    }
}

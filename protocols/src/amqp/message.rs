//! [`Message`]: the sections of an AMQP 1.0 message (part 3 section 3.2), in order, each
//! optional, read in one pass.

use super::map::{Map, StringPairs, any_pair};
use super::properties::{Header, Properties, invalid};
use super::value::{Descriptor, Value, decode_simple};
use super::{DESCRIBED, MessageBuilder, skip, typed};
use bytes::BufMut;
use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode};

/// The descriptor codes of the message sections (domain 0, the AMQP one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum SectionCode {
    /// `amqp:header:list`.
    Header = 0x70,
    /// `amqp:delivery-annotations:map`.
    DeliveryAnnotations = 0x71,
    /// `amqp:message-annotations:map`.
    MessageAnnotations = 0x72,
    /// `amqp:properties:list`.
    Properties = 0x73,
    /// `amqp:application-properties:map`.
    ApplicationProperties = 0x74,
    /// `amqp:data:binary`.
    Data = 0x75,
    /// `amqp:amqp-sequence:list`.
    AmqpSequence = 0x76,
    /// `amqp:amqp-value:*`.
    AmqpValue = 0x77,
    /// `amqp:footer:map`.
    Footer = 0x78,
}

const SECTIONS: [(SectionCode, &str); 9] = [
    (SectionCode::Header, "amqp:header:list"),
    (
        SectionCode::DeliveryAnnotations,
        "amqp:delivery-annotations:map",
    ),
    (
        SectionCode::MessageAnnotations,
        "amqp:message-annotations:map",
    ),
    (SectionCode::Properties, "amqp:properties:list"),
    (
        SectionCode::ApplicationProperties,
        "amqp:application-properties:map",
    ),
    (SectionCode::Data, "amqp:data:binary"),
    (SectionCode::AmqpSequence, "amqp:amqp-sequence:list"),
    (SectionCode::AmqpValue, "amqp:amqp-value:*"),
    (SectionCode::Footer, "amqp:footer:map"),
];

impl SectionCode {
    /// The section a descriptor names (by code or by symbolic name).
    pub fn from_descriptor(descriptor: Descriptor<'_>) -> Option<SectionCode> {
        SECTIONS
            .iter()
            .find(|(code, name)| match descriptor {
                Descriptor::Code(c) => c == *code as u64,
                Descriptor::Name(n) => n == *name,
            })
            .map(|(code, _)| *code)
    }

    /// The section's symbolic name.
    pub fn name(self) -> &'static str {
        SECTIONS[(self as u8 - 0x70) as usize].1
    }
}

/// A message's body: one or more data sections, one or more amqp-sequence sections, or one
/// amqp-value section (or none at all, which the specification allows for a message with
/// other sections).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Body<'a> {
    /// No body section.
    #[default]
    None,
    /// Data sections: opaque binary.
    Data(DataSections<'a>),
    /// amqp-sequence sections: each a list of values.
    Sequence(DataSections<'a>),
    /// An amqp-value section: one value.
    Value(Value<'a>),
}

impl<'a> Body<'a> {
    /// One data section holding `bytes`.
    pub const fn data(bytes: &'a [u8]) -> Self {
        Body::Data(DataSections::one(Value::Binary(bytes)))
    }

    /// The first data section's bytes (for most messages, the whole body).
    #[inline]
    pub fn first_data(&self) -> Option<&'a [u8]> {
        match self {
            Body::Data(sections) => match sections.first {
                Value::Binary(bytes) => Some(bytes),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Consecutive body sections of one kind (data or amqp-sequence): the first one's value, and
/// the encoded sections after it, validated, walked on demand.
#[derive(Clone, Copy, PartialEq)]
pub struct DataSections<'a> {
    first: Value<'a>,
    /// The encoded sections after the first (descriptor included).
    more: &'a [u8],
    count: usize,
}

impl<'a> DataSections<'a> {
    /// A single section holding `value`.
    pub const fn one(value: Value<'a>) -> Self {
        DataSections {
            first: value,
            more: &[],
            count: 1,
        }
    }

    /// How many sections.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Always false: there is at least one.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The sections' values (`Binary` for data sections, `List` for amqp-sequence ones).
    pub fn iter(&self) -> impl Iterator<Item = Value<'a>> + 'a {
        // SAFETY: `more` decoded as exactly these sections, from its first byte, without error
        // (`Message::decode` is the only place that sets it).
        let mut r = unsafe { Reader::new_validated(self.more) };
        let first = self.first;
        core::iter::once(first).chain(core::iter::from_fn(move || {
            if r.is_empty() {
                return None;
            }
            match r.read::<Value<'a>>() {
                Ok(Value::Described(d)) => Some(d.value()),
                _ => None,
            }
        }))
    }

    /// The data sections' bytes, in order (empty for amqp-sequence sections).
    pub fn binaries(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        self.iter().filter_map(|v| match v {
            Value::Binary(b) => Some(b),
            _ => None,
        })
    }
}

impl core::fmt::Debug for DataSections<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An AMQP 1.0 message: every section optional, in the specification's order. Decoding
/// reads it in one pass, borrowing every string and binary; annotations and application
/// properties are [`Map`]s validated on the way and walked when asked.
///
/// Rules checked: each section is a described value whose descriptor names a message
/// section; sections come in the specification's order, each at most once, except that the
/// body may be several data or several amqp-sequence sections; header and properties are
/// lists of their fields' types; annotations and footers are maps with symbol or ulong keys;
/// application properties are a map from strings to simple values; data is binary.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Message<'a> {
    /// Delivery details.
    pub header: Option<Header>,
    /// Annotations for the next hop only.
    pub delivery_annotations: Option<Map<'a>>,
    /// Annotations for the message's whole path.
    pub message_annotations: Option<Map<'a>>,
    /// The standard properties.
    pub properties: Option<Properties<'a>>,
    /// The application's own properties: string keys, simple values.
    pub application_properties: Option<Map<'a>>,
    /// The body.
    pub body: Body<'a>,
    /// Delivery details computed over the message (hashes, signatures).
    pub footer: Option<Map<'a>>,
}

impl<'a> Message<'a> {
    /// A builder for the common case: body, properties, application properties.
    pub fn builder() -> MessageBuilder<'a> {
        MessageBuilder::default()
    }

    /// The application property `name`.
    pub fn application_property(&self, name: &str) -> Option<Value<'a>> {
        self.application_properties?.get_string(name)
    }

    /// The application properties, name and value, in order (names are strings: decoding
    /// checked it).
    pub fn application_properties(&self) -> StringPairs<'a> {
        match self.application_properties {
            Some(map) => map.string_pairs(),
            None => StringPairs::empty(),
        }
    }

    /// The message id, if the properties carry one.
    pub fn message_id(&self) -> Option<super::MessageId<'a>> {
        self.properties.as_ref()?.message_id
    }
}

/// Reads the next section's code (after its `0x00` constructor and descriptor).
#[inline(always)]
fn section_code(r: &mut Reader<'_>) -> Result<SectionCode, DecodeError> {
    // The usual descriptor, a smallulong, inline; the rest out of line.
    match r.peek_rest().first_chunk::<3>() {
        Some(&[DESCRIBED, 0x53, code @ 0x70..=0x78]) => {
            r.take_array::<3>()?;
            Ok(SECTIONS[(code - 0x70) as usize].0)
        }
        _ => other_section_code(r),
    }
}

/// [`section_code`] for a descriptor other than a smallulong section code, or no section.
#[inline(never)]
fn other_section_code(r: &mut Reader<'_>) -> Result<SectionCode, DecodeError> {
    let at = r.offset();
    if r.read::<u8>()? != DESCRIBED {
        return Err(invalid("a message section is not a described value", at));
    }
    let descriptor = Descriptor::decode(r)?;
    SectionCode::from_descriptor(descriptor)
        .ok_or_else(|| invalid("a descriptor that names no message section", at))
}

/// An annotations map (delivery, message, footer): keys are symbols or ulongs.
fn annotations<'a>(r: &mut Reader<'a>) -> Result<Map<'a>, DecodeError> {
    Map::decode_checked(r, |r| {
        let key_at = r.offset();
        if !matches!(r.peek_u8()?, 0xa3 | 0xb3 | 0x44 | 0x53 | 0x80) {
            return Err(invalid(
                "an annotation key is neither a symbol nor a ulong",
                key_at,
            ));
        }
        any_pair(r)
    })
}

/// What receives each application property while a message is decoded: nothing (the
/// properties are only validated, and walked later when asked), or a closure.
pub(crate) trait OnProperty<'a> {
    /// True for the receiver that takes nothing: values are then checked, not built.
    const IGNORES: bool = false;

    /// One property, validated.
    fn property(&mut self, name: &'a str, value: Value<'a>);
}

/// Takes no application property.
pub(crate) struct IgnoreProperties;

impl OnProperty<'_> for IgnoreProperties {
    const IGNORES: bool = true;

    #[inline(always)]
    fn property(&mut self, _: &str, _: Value<'_>) {}
}

impl<'a, F: FnMut(&'a str, Value<'a>)> OnProperty<'a> for F {
    #[inline(always)]
    fn property(&mut self, name: &'a str, value: Value<'a>) {
        self(name, value)
    }
}

/// Application properties: string keys, values of simple (not compound) types; each pair
/// handed to `on_property` once it is validated.
#[inline(always)]
fn application_properties<'a, V: OnProperty<'a>>(
    r: &mut Reader<'a>,
    on_property: &mut V,
) -> Result<Map<'a>, DecodeError> {
    Map::decode_checked(r, |r| {
        let key_at = r.offset();
        let key = r.read::<u8>()?;
        if key != 0xa1 && key != 0xb1 {
            return Err(invalid(
                "an application property's name is not a string",
                key_at,
            ));
        }
        let name = typed::string(r, key, key_at)?;
        match r.read::<u8>()? {
            0x45 | 0xc0..=0xf0 | DESCRIBED => Err(invalid(
                "an application property's value is not of a simple type",
                key_at,
            )),
            value if V::IGNORES => skip::primitive(r, value),
            value => {
                on_property.property(name, decode_simple(r, value)?);
                Ok(())
            }
        }
    })
}

impl<'de> WireDecode<'de> for Message<'de> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut message = Message::default();
        message.read_sections(r, &mut IgnoreProperties)?;
        Ok(message)
    }
}

impl<'de> Message<'de> {
    /// Decodes the message that fills `bytes` (a Stream record's data, say), handing each
    /// application property to `on_property` as decoding validates it: a consumer that reads
    /// every property reads them once, where decoding and then iterating
    /// [`Message::application_properties`] reads them twice.
    ///
    /// The whole message is validated, as by [`wire_runtime::decode`]; `Ok` means it is well
    /// formed. Should a later section be malformed, `on_property` has already been given the
    /// properties before it (each well formed itself) and the error names the section.
    ///
    /// ```
    /// use wire_protocols::amqp::{Message, Value};
    /// use wire_runtime::WireEncode;
    ///
    /// let bytes = Message::builder()
    ///     .application_property("region", "eu")
    ///     .application_property("qty", 2i32)
    ///     .body(b"{}")
    ///     .encode_to_vec()?;
    /// let mut seen = Vec::new();
    /// let message = Message::decode_with_properties(&bytes, |name, value| seen.push((name, value)))?;
    /// assert_eq!(seen, [("region", Value::String("eu")), ("qty", Value::Int(2))]);
    /// assert_eq!(message.body.first_data(), Some(&b"{}"[..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn decode_with_properties(
        bytes: &'de [u8],
        mut on_property: impl FnMut(&'de str, Value<'de>),
    ) -> Result<Self, DecodeError> {
        Message::decode_whole(bytes, &mut on_property)
    }

    /// Decodes the message that fills `bytes`, its application properties validated only.
    #[inline]
    pub(crate) fn decode_record(bytes: &'de [u8]) -> Result<Self, DecodeError> {
        Message::decode_whole(bytes, &mut IgnoreProperties)
    }

    /// The message that fills `bytes` (a record, complete: running out of it is malformed,
    /// not incomplete), its application properties handed to `on_property`.
    #[inline(always)]
    fn decode_whole<V: OnProperty<'de>>(
        bytes: &'de [u8],
        on_property: &mut V,
    ) -> Result<Self, DecodeError> {
        let mut message = Message::default();
        message.read_sections(&mut Reader::new_section(bytes), on_property)?;
        Ok(message)
    }

    /// Reads sections until `r` is empty, into `self` (in place: a message is large, and
    /// returning each section through memory cost a consumer about a tenth of its time).
    #[inline]
    pub(crate) fn read_sections<V: OnProperty<'de>>(
        &mut self,
        r: &mut Reader<'de>,
        on_property: &mut V,
    ) -> Result<(), DecodeError> {
        let mut last: Option<SectionCode> = None;
        // Where the second of several body sections begins.
        let mut more_start: &'de [u8] = &[];
        while !r.is_empty() {
            let section_start = r.peek_rest();
            let at = r.offset();
            let code = section_code(r).map_err(|e| e.in_field("Message", "section"))?;
            let field = field_name(code);
            let is_body = matches!(
                code,
                SectionCode::Data | SectionCode::AmqpSequence | SectionCode::AmqpValue
            );
            let repeat_body = last == Some(code) && code != SectionCode::AmqpValue && is_body;
            if last.is_some_and(|last| code <= last) && !repeat_body {
                return Err(
                    invalid("a section out of order or repeated", at).in_field("Message", field)
                );
            }
            if is_body && !repeat_body && !matches!(self.body, Body::None) {
                return Err(invalid("a second kind of body section", at).in_field("Message", field));
            }
            last = Some(code);
            let value_at = r.offset();
            let result = match code {
                SectionCode::Header => self.header.insert(Header::default()).read_from(r),
                SectionCode::DeliveryAnnotations => {
                    annotations(r).map(|m| self.delivery_annotations = Some(m))
                }
                SectionCode::MessageAnnotations => {
                    annotations(r).map(|m| self.message_annotations = Some(m))
                }
                SectionCode::Properties => {
                    self.properties.insert(Properties::default()).read_from(r)
                }
                SectionCode::ApplicationProperties => application_properties(r, on_property)
                    .map(|m| self.application_properties = Some(m)),
                SectionCode::Data | SectionCode::AmqpSequence if repeat_body => {
                    body_value(r, code, value_at).map(|_| {
                        if let Body::Data(sections) | Body::Sequence(sections) = &mut self.body {
                            if sections.count == 1 {
                                more_start = section_start;
                            }
                            sections.more = &more_start[..more_start.len() - r.remaining()];
                            sections.count += 1;
                        }
                    })
                }
                SectionCode::Data => data(r, value_at).map(|bytes| self.body = Body::data(bytes)),
                SectionCode::AmqpSequence => body_value(r, code, value_at)
                    .map(|value| self.body = Body::Sequence(DataSections::one(value))),
                SectionCode::AmqpValue => {
                    r.nested(Value::decode).map(|v| self.body = Body::Value(v))
                }
                SectionCode::Footer => annotations(r).map(|m| self.footer = Some(m)),
            };
            result.map_err(|e| e.in_field("Message", field))?;
        }
        Ok(())
    }
}

/// A (first) data section's bytes.
#[inline(always)]
fn data<'a>(r: &mut Reader<'a>, at: usize) -> Result<&'a [u8], DecodeError> {
    match r.read::<u8>()? {
        c @ (0xa0 | 0xb0) => typed::variable(r, c),
        _ => Err(invalid("a data section is not binary", at)),
    }
}

/// A data section's binary, or an amqp-sequence section's list.
fn body_value<'a>(
    r: &mut Reader<'a>,
    code: SectionCode,
    at: usize,
) -> Result<Value<'a>, DecodeError> {
    match (code, r.nested(Value::decode)?) {
        (SectionCode::Data, value @ Value::Binary(_)) => Ok(value),
        (SectionCode::AmqpSequence, value @ Value::List(_)) => Ok(value),
        (SectionCode::Data, _) => Err(invalid("a data section is not binary", at)),
        _ => Err(invalid("an amqp-sequence section is not a list", at)),
    }
}

fn field_name(code: SectionCode) -> &'static str {
    match code {
        SectionCode::Header => "header",
        SectionCode::DeliveryAnnotations => "delivery_annotations",
        SectionCode::MessageAnnotations => "message_annotations",
        SectionCode::Properties => "properties",
        SectionCode::ApplicationProperties => "application_properties",
        SectionCode::Data | SectionCode::AmqpSequence | SectionCode::AmqpValue => "body",
        SectionCode::Footer => "footer",
    }
}

/// Calls `f` with each section to write, in order.
fn each_section<'a, E>(
    message: &Message<'a>,
    mut f: impl FnMut(SectionCode, Section<'_, 'a>) -> Result<(), E>,
) -> Result<(), E> {
    if let Some(header) = &message.header {
        f(SectionCode::Header, Section::Header(header))?;
    }
    if let Some(map) = message.delivery_annotations {
        f(
            SectionCode::DeliveryAnnotations,
            Section::Value(Value::Map(map)),
        )?;
    }
    if let Some(map) = message.message_annotations {
        f(
            SectionCode::MessageAnnotations,
            Section::Value(Value::Map(map)),
        )?;
    }
    if let Some(properties) = &message.properties {
        f(SectionCode::Properties, Section::Properties(properties))?;
    }
    if let Some(map) = message.application_properties {
        f(
            SectionCode::ApplicationProperties,
            Section::Value(Value::Map(map)),
        )?;
    }
    match message.body {
        Body::None => {}
        Body::Data(sections) => {
            for value in sections.iter() {
                f(SectionCode::Data, Section::Value(value))?;
            }
        }
        Body::Sequence(sections) => {
            for value in sections.iter() {
                f(SectionCode::AmqpSequence, Section::Value(value))?;
            }
        }
        Body::Value(value) => f(SectionCode::AmqpValue, Section::Value(value))?,
    }
    if let Some(map) = message.footer {
        f(SectionCode::Footer, Section::Value(Value::Map(map)))?;
    }
    Ok(())
}

/// A section's contents, to encode.
enum Section<'m, 'a> {
    Header(&'m Header),
    Properties(&'m Properties<'a>),
    Value(Value<'a>),
}

impl WireEncode for Section<'_, '_> {
    fn encoded_len(&self) -> usize {
        match self {
            Section::Header(h) => h.encoded_len(),
            Section::Properties(p) => p.encoded_len(),
            Section::Value(v) => v.encoded_len(),
        }
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self {
            Section::Header(h) => h.encode(buf),
            Section::Properties(p) => p.encode(buf),
            Section::Value(v) => v.encode(buf),
        }
    }
}

/// Sections in the specification's order, each `0x00`, a smallulong descriptor and the value;
/// the smallest encoding of every value.
impl WireEncode for Message<'_> {
    fn encoded_len(&self) -> usize {
        let mut len = 0;
        let _ = each_section(self, |_, section| {
            len += 3 + section.encoded_len();
            Ok::<(), ()>(())
        });
        len
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        each_section(self, |code, section| {
            buf.put_slice(&[DESCRIBED, 0x53, code as u8]);
            section.encode(buf)
        })
    }
}

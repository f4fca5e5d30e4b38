//! [`MessageBuilder`]: the common message (body, properties, application properties and
//! message annotations) without the type system; and the conversions of Rust values to
//! [`Value`] it takes.

use super::map::Map;
use super::message::{Body, Message};
use super::properties::{MessageId, Properties};
use super::value::Value;
use bytes::BufMut;
use wire_runtime::{EncodeError, WireEncode};

/// Builds a message to encode: one data section as the body, properties, application
/// properties (string names, in the order given) and message annotations (symbol keys).
/// It encodes itself (`WireEncode`), or gives the [`Message`] it describes.
///
/// ```
/// use wire_protocols::amqp::{Message, MessageId, Value};
/// use wire_runtime::{WireDecode, WireEncode};
///
/// let builder = Message::builder()
///     .message_id(42u64)
///     .correlation_id("req-7")
///     .subject("orders")
///     .creation_time(1_767_225_600_000)
///     .application_property("count", 3i32)
///     .application_property("urgent", true)
///     .message_annotation("x-opt-partition-key", "k1")
///     .body(b"payload");
/// let bytes = builder.encode_to_vec()?;
/// assert_eq!(bytes.len(), builder.encoded_len());
///
/// let message = wire_runtime::decode::<Message<'_>>(&bytes)?;
/// assert_eq!(message.message_id(), Some(MessageId::Ulong(42)));
/// assert_eq!(message.properties.unwrap().subject, Some("orders"));
/// assert_eq!(message.application_property("count"), Some(Value::Int(3)));
/// assert_eq!(message.body.first_data(), Some(&b"payload"[..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct MessageBuilder<'a> {
    properties: Option<Properties<'a>>,
    application_properties: Vec<(Value<'a>, Value<'a>)>,
    message_annotations: Vec<(Value<'a>, Value<'a>)>,
    body: Option<&'a [u8]>,
}

impl<'a> MessageBuilder<'a> {
    fn properties_mut(&mut self) -> &mut Properties<'a> {
        self.properties.get_or_insert_with(Properties::default)
    }

    /// The body: one data section.
    pub fn body(mut self, bytes: &'a [u8]) -> Self {
        self.body = Some(bytes);
        self
    }

    /// Every property at once (replacing those set before).
    pub fn properties(mut self, properties: Properties<'a>) -> Self {
        self.properties = Some(properties);
        self
    }

    /// The message id.
    pub fn message_id(mut self, id: impl Into<MessageId<'a>>) -> Self {
        self.properties_mut().message_id = Some(id.into());
        self
    }

    /// The correlation id.
    pub fn correlation_id(mut self, id: impl Into<MessageId<'a>>) -> Self {
        self.properties_mut().correlation_id = Some(id.into());
        self
    }

    /// The body's MIME type.
    pub fn content_type(mut self, content_type: &'a str) -> Self {
        self.properties_mut().content_type = Some(content_type);
        self
    }

    /// The body's encoding.
    pub fn content_encoding(mut self, encoding: &'a str) -> Self {
        self.properties_mut().content_encoding = Some(encoding);
        self
    }

    /// The subject.
    pub fn subject(mut self, subject: &'a str) -> Self {
        self.properties_mut().subject = Some(subject);
        self
    }

    /// The destination address.
    pub fn to(mut self, to: &'a str) -> Self {
        self.properties_mut().to = Some(to);
        self
    }

    /// The address for replies.
    pub fn reply_to(mut self, reply_to: &'a str) -> Self {
        self.properties_mut().reply_to = Some(reply_to);
        self
    }

    /// The creation time, in milliseconds since the epoch.
    pub fn creation_time(mut self, millis: i64) -> Self {
        self.properties_mut().creation_time = Some(millis);
        self
    }

    /// The group id.
    pub fn group_id(mut self, group: &'a str) -> Self {
        self.properties_mut().group_id = Some(group);
        self
    }

    /// An application property (a simple value: not a list, map, array or described value,
    /// which encoding refuses).
    pub fn application_property(mut self, name: &'a str, value: impl Into<Value<'a>>) -> Self {
        self.application_properties
            .push((Value::String(name), value.into()));
        self
    }

    /// A message annotation under a symbol key (`x-opt-...`).
    pub fn message_annotation(mut self, key: &'a str, value: impl Into<Value<'a>>) -> Self {
        self.message_annotations
            .push((Value::Symbol(key), value.into()));
        self
    }

    /// The message these settings describe.
    pub fn message(&self) -> Message<'_> {
        fn non_empty<'m>(pairs: &'m [(Value<'_>, Value<'_>)]) -> Option<Map<'m>> {
            (!pairs.is_empty()).then(|| Map::from_pairs(pairs))
        }
        Message {
            properties: self.properties,
            application_properties: non_empty(&self.application_properties),
            message_annotations: non_empty(&self.message_annotations),
            body: self.body.map_or(Body::None, Body::data),
            ..Message::default()
        }
    }

    fn check(&self) -> Result<(), EncodeError> {
        let compound = self.application_properties.iter().any(|(_, v)| {
            matches!(
                v,
                Value::List(_) | Value::Map(_) | Value::Array(_) | Value::Described(_)
            )
        });
        if compound {
            return Err(EncodeError::new(wire_runtime::EncodeErrorKind::Custom(
                "an application property's value is not of a simple type",
            )));
        }
        Ok(())
    }
}

impl WireEncode for MessageBuilder<'_> {
    fn encoded_len(&self) -> usize {
        self.message().encoded_len()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.check()?;
        self.message().encode(buf)
    }
}

macro_rules! value_from {
    ($($ty:ty => $variant:ident),* $(,)?) => {$(
        impl From<$ty> for Value<'_> {
            fn from(v: $ty) -> Self {
                Value::$variant(v)
            }
        }
    )*};
}

value_from!(
    bool => Bool, u8 => Ubyte, u16 => Ushort, u32 => Uint, u64 => Ulong, i8 => Byte,
    i16 => Short, i32 => Int, i64 => Long, f32 => Float, f64 => Double, char => Char,
);

impl<'a> From<&'a str> for Value<'a> {
    fn from(s: &'a str) -> Self {
        Value::String(s)
    }
}

impl<'a> From<&'a [u8]> for Value<'a> {
    fn from(b: &'a [u8]) -> Self {
        Value::Binary(b)
    }
}

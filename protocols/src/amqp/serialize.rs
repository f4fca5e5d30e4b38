//! `serde::Serialize` for messages and values, as a dissector shows them: values as their
//! natural JSON (binary as hex, UUIDs canonical, described values as descriptor and value),
//! maps as objects keyed by their keys' text, sections that are absent left out.

use super::{Body, Described, Descriptor, Header, Map, Message, MessageId, Properties, Value};
use crate::hex::Hex;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Value::Null => s.serialize_unit(),
            Value::Bool(v) => s.serialize_bool(v),
            Value::Ubyte(v) => s.serialize_u8(v),
            Value::Ushort(v) => s.serialize_u16(v),
            Value::Uint(v) => s.serialize_u32(v),
            Value::Ulong(v) => s.serialize_u64(v),
            Value::Byte(v) => s.serialize_i8(v),
            Value::Short(v) => s.serialize_i16(v),
            Value::Int(v) => s.serialize_i32(v),
            Value::Long(v) | Value::Timestamp(v) => s.serialize_i64(v),
            Value::Float(v) => s.serialize_f32(v),
            Value::Double(v) => s.serialize_f64(v),
            Value::Decimal32(v) => s.collect_str(&Hex(&v)),
            Value::Decimal64(v) => s.collect_str(&Hex(&v)),
            Value::Decimal128(v) => s.collect_str(&Hex(&v)),
            Value::Char(v) => s.serialize_char(v),
            Value::Uuid(v) => s.serialize_str(&super::uuid_text(&v)),
            Value::Binary(v) => s.collect_str(&Hex(v)),
            Value::String(v) | Value::Symbol(v) => s.serialize_str(v),
            Value::List(list) => s.collect_seq(list.iter()),
            Value::Array(array) => s.collect_seq(array.iter()),
            Value::Map(map) => map.serialize(s),
            Value::Described(described) => described.serialize(s),
        }
    }
}

/// A map key as text: strings and symbols as they are, other keys as their JSON.
struct Key<'v, 'a>(&'v Value<'a>);

impl Serialize for Key<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::String(text) | Value::Symbol(text) => s.serialize_str(text),
            Value::Ulong(n) => s.collect_str(n),
            other => s.collect_str(&format_args!("{other:?}")),
        }
    }
}

impl Serialize for Map<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.len()))?;
        for (key, value) in self.iter() {
            map.serialize_entry(&Key(&key), &value)?;
        }
        map.end()
    }
}

impl Serialize for Descriptor<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Descriptor::Code(code) => s.collect_str(&format_args!("{code:#x}")),
            Descriptor::Name(name) => s.serialize_str(name),
        }
    }
}

impl Serialize for Described<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Described", 2)?;
        st.serialize_field("descriptor", &self.descriptor)?;
        st.serialize_field("value", &self.value())?;
        st.end()
    }
}

impl Serialize for MessageId<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(s)
    }
}

impl Serialize for Properties<'_> {
    /// The fields that are present.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        let text = [
            ("to", self.to),
            ("subject", self.subject),
            ("reply_to", self.reply_to),
            ("content_type", self.content_type),
            ("content_encoding", self.content_encoding),
        ];
        if let Some(id) = &self.message_id {
            map.serialize_entry("message_id", id)?;
        }
        if let Some(user) = self.user_id {
            map.serialize_entry("user_id", &Value::Binary(user))?;
        }
        for (name, value) in &text[..3] {
            if let Some(value) = value {
                map.serialize_entry(name, value)?;
            }
        }
        if let Some(id) = &self.correlation_id {
            map.serialize_entry("correlation_id", id)?;
        }
        for (name, value) in &text[3..] {
            if let Some(value) = value {
                map.serialize_entry(name, value)?;
            }
        }
        if let Some(time) = self.absolute_expiry_time {
            map.serialize_entry("absolute_expiry_time", &time)?;
        }
        if let Some(time) = self.creation_time {
            map.serialize_entry("creation_time", &time)?;
        }
        if let Some(group) = self.group_id {
            map.serialize_entry("group_id", group)?;
        }
        if let Some(sequence) = self.group_sequence {
            map.serialize_entry("group_sequence", &sequence)?;
        }
        if let Some(group) = self.reply_to_group_id {
            map.serialize_entry("reply_to_group_id", group)?;
        }
        map.end()
    }
}

/// The body's sections: `data_hex` for one data section, `data_sections` for several,
/// `sequence` (a list per section) or `value`.
struct BodyForm<'b, 'a>(&'b Body<'a>);

impl Serialize for BodyForm<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self.0 {
            Body::None => {}
            Body::Data(sections) if sections.len() == 1 => {
                map.serialize_entry("data_hex", &sections.iter().next())?;
            }
            Body::Data(sections) => {
                let all: Vec<Value<'_>> = sections.iter().collect();
                map.serialize_entry("data_sections", &all)?;
            }
            Body::Sequence(sections) => {
                let all: Vec<Value<'_>> = sections.iter().collect();
                map.serialize_entry("sequence", &all)?;
            }
            Body::Value(value) => map.serialize_entry("value", value)?,
        }
        map.end()
    }
}

impl Serialize for Message<'_> {
    /// The sections that are present, in order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        if let Some(header) = &self.header {
            map.serialize_entry::<str, Header>("header", header)?;
        }
        let maps = [
            ("delivery_annotations", self.delivery_annotations),
            ("message_annotations", self.message_annotations),
        ];
        for (name, section) in &maps {
            if let Some(section) = section {
                map.serialize_entry(name, section)?;
            }
        }
        if let Some(properties) = &self.properties {
            map.serialize_entry("properties", properties)?;
        }
        if let Some(section) = &self.application_properties {
            map.serialize_entry("application_properties", section)?;
        }
        if !matches!(self.body, Body::None) {
            map.serialize_entry("body", &BodyForm(&self.body))?;
        }
        if let Some(section) = &self.footer {
            map.serialize_entry("footer", section)?;
        }
        map.end()
    }
}

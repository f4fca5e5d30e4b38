//! Byte strings as lower-case hex in serialized output.

use serde::Serializer;

/// Serializes bytes as a lower-case hex string, for `#[serde(serialize_with = ...)]`.
pub fn serialize<S: Serializer>(bytes: &&[u8], s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&Hex(bytes))
}

/// Serializes optional bytes as a hex string or `null`.
pub fn serialize_option<S: Serializer>(bytes: &Option<&[u8]>, s: S) -> Result<S::Ok, S::Error> {
    match bytes {
        Some(bytes) => s.collect_str(&Hex(bytes)),
        None => s.serialize_none(),
    }
}

/// Displays bytes as lower-case hex.
#[derive(Debug, Clone, Copy)]
pub struct Hex<'a>(pub &'a [u8]);

impl core::fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

/// Serializes an MQTT Variable Byte Integer as its value.
pub fn vbi<S: Serializer>(value: &wire_runtime::Vbi, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(value.0)
}

/// Serializes a dynamic msgpack value as the JSON-like value it holds (binary as hex,
/// extensions as `{"ext": type, "hex": data}`, timestamps as `{"seconds", "nanos"}`).
pub fn msgpack_value<S: Serializer>(
    value: &wire_runtime::msgpack::Value<'_>,
    s: S,
) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&MsgPack(value), s)
}

/// A msgpack value, serializable.
#[derive(Debug, Clone, Copy)]
pub struct MsgPack<'v, 'a>(pub &'v wire_runtime::msgpack::Value<'a>);

impl serde::Serialize for MsgPack<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        use wire_runtime::msgpack::Value;
        match self.0 {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::UInt(u) => s.serialize_u64(*u),
            Value::F64(f) => s.serialize_f64(*f),
            Value::Str(text) => s.serialize_str(text),
            // Types JSON cannot tell apart are tagged.
            Value::F32(f) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("f32", f)?;
                m.end()
            }
            Value::Bin(bytes) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("bin", &Hex(bytes).to_string())?;
                m.end()
            }
            Value::Ext(kind, data) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("ext", kind)?;
                m.serialize_entry("hex", &Hex(data).to_string())?;
                m.end()
            }
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&MsgPack(item))?;
                }
                seq.end()
            }
            Value::Map(pairs) => {
                let mut m = s.serialize_map(Some(1))?;
                let pairs: Vec<[MsgPack<'_, '_>; 2]> = pairs
                    .iter()
                    .map(|(k, v)| [MsgPack(k), MsgPack(v)])
                    .collect();
                m.serialize_entry("map", &pairs)?;
                m.end()
            }
        }
    }
}

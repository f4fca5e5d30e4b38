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
    /// Converts through a stack buffer, a chunk at a time: formatting byte by byte with `{:02x}`
    /// costs several times more.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut buf = [0u8; 256];
        for chunk in self.0.chunks(buf.len() / 2) {
            for (pair, b) in buf.chunks_exact_mut(2).zip(chunk) {
                pair[0] = DIGITS[usize::from(b >> 4)];
                pair[1] = DIGITS[usize::from(b & 0x0f)];
            }
            let text = &buf[..chunk.len() * 2];
            // Only ASCII hex digits were written.
            f.write_str(core::str::from_utf8(text).map_err(|_| core::fmt::Error)?)?;
        }
        Ok(())
    }
}

/// Serializes an MQTT Variable Byte Integer as its value.
pub fn vbi<S: Serializer>(value: &wire_runtime::int::Vbi, s: S) -> Result<S::Ok, S::Error> {
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

/// Deserializes a byte string borrowed from the input, for `#[serde(deserialize_with = ...)]`
/// (with `#[serde(borrow)]`): from a [`crate::Document`], which holds hex strings decoded, or
/// from a binary format that has bytes. Text formats hold bytes as hex, which must be decoded
/// into storage that outlives the value: deserializing straight from JSON is an error that
/// says to go through a `Document`.
pub fn deserialize<'de: 'a, 'a, D: serde::Deserializer<'de>>(d: D) -> Result<&'a [u8], D::Error> {
    d.deserialize_newtype_struct(HEX_BYTES, BorrowedBytes)
}

/// The name under which a byte string field asks for its bytes: a [`crate::Document`] answers
/// with the bytes its hex string spells; any other deserializer treats it as a newtype, which
/// `BorrowedBytes` reads as bytes from a binary format and refuses in a text format (where
/// `deserialize_bytes` would lend the hex digits themselves).
pub(crate) const HEX_BYTES: &str = "$wire_protocols::hex::Bytes";

/// As [`deserialize`], for an optional field (`null` is `None`).
pub fn deserialize_option<'de: 'a, 'a, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<&'a [u8]>, D::Error> {
    let bytes: Option<HexBytes<'a>> = serde::Deserialize::deserialize(d)?;
    Ok(bytes.map(|b| b.0))
}

/// A byte string field's value, borrowed from the input (see [`deserialize`]).
struct HexBytes<'a>(&'a [u8]);

impl<'de: 'a, 'a> serde::Deserialize<'de> for HexBytes<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d).map(HexBytes)
    }
}

struct BorrowedBytes;

impl<'de> serde::de::Visitor<'de> for BorrowedBytes {
    type Value = &'de [u8];

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("a byte string borrowed from the input")
    }

    fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<&'de [u8], E> {
        Ok(v)
    }

    /// Any deserializer but a document's: bytes as such from a binary format, and an error
    /// from a text format.
    fn visit_newtype_struct<D: serde::Deserializer<'de>>(
        self,
        d: D,
    ) -> Result<&'de [u8], D::Error> {
        if d.is_human_readable() {
            return Err(serde::de::Error::custom(
                "a byte string in text form is hex, and its bytes need an owner: deserialize \
                 through wire_protocols::Document",
            ));
        }
        d.deserialize_bytes(BorrowedBytes)
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<&'de [u8], E> {
        Err(E::custom(
            "a byte string in text form is hex, and its bytes need an owner: deserialize \
             through wire_protocols::Document",
        ))
    }

    fn visit_bytes<E: serde::de::Error>(self, _: &[u8]) -> Result<&'de [u8], E> {
        Err(E::custom(
            "a byte string that the input cannot lend: deserialize through \
             wire_protocols::Document",
        ))
    }
}

/// Deserializes an MQTT Variable Byte Integer from its value.
pub fn deserialize_vbi<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<wire_runtime::int::Vbi, D::Error> {
    let value: u32 = serde::Deserialize::deserialize(d)?;
    Ok(wire_runtime::int::Vbi(value))
}

/// Hex digits to bytes.
///
/// ```
/// assert_eq!(wire_protocols::hex::parse("00ff10"), Ok(vec![0, 255, 16]));
/// assert!(wire_protocols::hex::parse("0").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<u8>, &'static str> {
    fn digit(b: u8) -> Result<u8, &'static str> {
        match b {
            b'0'..=b'9' => Ok(b - b'0'),
            b'a'..=b'f' => Ok(b - b'a' + 10),
            b'A'..=b'F' => Ok(b - b'A' + 10),
            _ => Err("not a hex digit"),
        }
    }
    let bytes = text.as_bytes();
    if bytes.len() % 2 != 0 {
        return Err("odd number of hex digits");
    }
    bytes
        .chunks_exact(2)
        .map(|pair| Ok(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// Deserializes a msgpack value from the form [`msgpack_value`] writes, its strings and bytes
/// borrowed from the input (a [`crate::Document`]; see [`deserialize`]).
pub fn deserialize_msgpack_value<'de: 'a, 'a, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<wire_runtime::msgpack::Value<'a>, D::Error> {
    d.deserialize_any(ValueVisitor)
}

struct ValueVisitor;

/// A msgpack value in its serialized form, borrowed from the input.
struct BorrowedValue<'a>(wire_runtime::msgpack::Value<'a>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for BorrowedValue<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor).map(BorrowedValue)
    }
}

impl<'de> serde::de::Visitor<'de> for ValueVisitor {
    type Value = wire_runtime::msgpack::Value<'de>;

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("a msgpack value")
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::Nil)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::Nil)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(if v >= 0 {
            wire_runtime::msgpack::Value::UInt(v as u64)
        } else {
            wire_runtime::msgpack::Value::Int(v)
        })
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::UInt(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::F64(v))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(wire_runtime::msgpack::Value::Str(v))
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Err(E::custom(
            "a msgpack string the input cannot lend: deserialize through \
             wire_protocols::Document",
        ))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::new();
        while let Some(BorrowedValue(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(wire_runtime::msgpack::Value::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        use serde::de::Error;
        use wire_runtime::msgpack::Value;
        let Some(key) = map.next_key::<&'de str>()? else {
            return Ok(Value::Map(Vec::new()));
        };
        match key {
            "f32" => Ok(Value::F32(map.next_value()?)),
            "bin" => Ok(Value::Bin(map.next_value::<HexBytes<'de>>()?.0)),
            "ext" => {
                let kind: i8 = map.next_value()?;
                match map.next_key::<&'de str>()? {
                    Some("hex") => Ok(Value::Ext(kind, map.next_value::<HexBytes<'de>>()?.0)),
                    _ => Err(A::Error::custom("an ext value needs `hex`")),
                }
            }
            "map" => {
                let pairs: Vec<(BorrowedValue<'de>, BorrowedValue<'de>)> = map.next_value()?;
                Ok(Value::Map(
                    pairs.into_iter().map(|(k, v)| (k.0, v.0)).collect(),
                ))
            }
            other => Err(A::Error::custom(format_args!(
                "unknown msgpack value form `{other}` (expected f32, bin, ext or map)"
            ))),
        }
    }
}

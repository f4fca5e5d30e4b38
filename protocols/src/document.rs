//! Deserializing the protocol types without leaking: a [`Document`] owns the serialized form,
//! with every hex byte string decoded once, and the values deserialized from it borrow it.

use core::fmt;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

/// The serialized form of protocol values (as their `Serialize` writes it, in JSON or any other
/// self-describing format), owned: strings as they are, and byte strings, which text formats
/// hold as lower-case hex, decoded once. The protocol types borrow their strings and byte
/// strings, so they deserialize *from a document*, which must outlive them; dropping it frees
/// everything.
///
/// ```
/// use wire_protocols::{Document, mqtt};
///
/// let json = r#"{"topic": "a/b", "packet_id": 7, "properties": null, "payload": "6869"}"#;
/// let doc: Document = serde_json::from_str(json)?;
/// let publish: mqtt::Publish<'_> = doc.value()?;
/// assert_eq!(publish.payload, b"hi");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Deserializing a byte string straight from JSON (`serde_json::from_str::<Publish>`) fails
/// with an error that names `Document`: the decoded bytes need an owner.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    root: Node,
}

impl Document {
    /// The document as a `T`, whose strings and byte strings borrow from the document.
    pub fn value<'a, T: Deserialize<'a>>(&'a self) -> Result<T, Error> {
        T::deserialize(&self.root)
    }

    /// The document's top value.
    pub fn root(&self) -> &Node {
        &self.root
    }
}

impl From<Node> for Document {
    fn from(root: Node) -> Self {
        Document { root }
    }
}

impl<'de> Deserialize<'de> for Document {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Node::deserialize(d).map(Document::from)
    }
}

/// One value of a [`Document`]. Deserialize a protocol value from it (`T::deserialize(node)`)
/// when it sits inside a larger document.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// `null`, or a unit.
    Null,
    /// A boolean.
    Bool(bool),
    /// A negative integer.
    I64(i64),
    /// A non-negative integer.
    U64(u64),
    /// A float.
    F64(f64),
    /// A string, and its bytes if it is even-length hex.
    Str {
        /// The string.
        text: Box<str>,
        /// The bytes it spells as hex, if it does.
        hex: Option<Box<[u8]>>,
    },
    /// Bytes, from a format that has them.
    Bytes(Box<[u8]>),
    /// A sequence.
    Seq(Vec<Node>),
    /// A map, entries in order.
    Map(Vec<(Node, Node)>),
}

impl From<&str> for Node {
    /// A string node (with its hex bytes, if it spells any).
    fn from(text: &str) -> Node {
        Node::text(text)
    }
}

impl Node {
    fn text(text: &str) -> Node {
        Node::Str {
            hex: crate::hex::parse(text).ok().map(Vec::into_boxed_slice),
            text: text.into(),
        }
    }

    /// The value of `key` in a map.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(entries) => entries
                .iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Str { text, .. } => Some(text),
            _ => None,
        }
    }

    fn unexpected(&self) -> de::Unexpected<'_> {
        match self {
            Node::Null => de::Unexpected::Unit,
            Node::Bool(b) => de::Unexpected::Bool(*b),
            Node::I64(i) => de::Unexpected::Signed(*i),
            Node::U64(u) => de::Unexpected::Unsigned(*u),
            Node::F64(f) => de::Unexpected::Float(*f),
            Node::Str { text, .. } => de::Unexpected::Str(text),
            Node::Bytes(b) => de::Unexpected::Bytes(b),
            Node::Seq(_) => de::Unexpected::Seq,
            Node::Map(_) => de::Unexpected::Map,
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any self-describing value")
    }
    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }
    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(u64::try_from(v).map_or(Node::I64(v), Node::U64))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::U64(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::F64(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::text(v))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Node, E> {
        Ok(Node::Bytes(v.into()))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Seq(items))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Node::Map(entries))
    }
}

/// Why a value could not be deserialized from a [`Document`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

impl<'de> Deserializer<'de> for &'de Node {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Node::Null => visitor.visit_unit(),
            Node::Bool(b) => visitor.visit_bool(*b),
            Node::I64(i) => visitor.visit_i64(*i),
            Node::U64(u) => visitor.visit_u64(*u),
            Node::F64(f) => visitor.visit_f64(*f),
            Node::Str { text, .. } => visitor.visit_borrowed_str(text),
            Node::Bytes(bytes) => visitor.visit_borrowed_bytes(bytes),
            Node::Seq(items) => visitor.visit_seq(de::value::SeqDeserializer::new(items.iter())),
            Node::Map(entries) => visitor.visit_map(de::value::MapDeserializer::new(
                entries.iter().map(|(k, v)| (k, v)),
            )),
        }
    }

    /// A byte string: the bytes a hex string spells, or bytes as such.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Node::Str {
                hex: Some(bytes), ..
            }
            | Node::Bytes(bytes) => visitor.visit_borrowed_bytes(bytes),
            Node::Str { hex: None, .. } => Err(de::Error::invalid_value(
                self.unexpected(),
                &"a byte string as lower-case hex",
            )),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Node::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    /// A byte string field asks for its bytes as a newtype of a private name: its hex decoded.
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == crate::hex::HEX_BYTES {
            return self.deserialize_bytes(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    /// `"Variant"` for a unit variant, `{"Variant": value}` for the others.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            Node::Str { text, .. } => visitor.visit_enum(text.as_ref().into_deserializer()),
            Node::Map(entries) if entries.len() == 1 => visitor.visit_enum(Variant {
                name: &entries[0].0,
                value: &entries[0].1,
            }),
            other => Err(de::Error::invalid_type(
                other.unexpected(),
                &"a variant name, or a map of one variant to its value",
            )),
        }
    }

    fn is_human_readable(&self) -> bool {
        true
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string unit
        unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, Error> for &'de Node {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// `{"Variant": value}`, read as an enum.
struct Variant<'de> {
    name: &'de Node,
    value: &'de Node,
}

impl<'de> de::EnumAccess<'de> for Variant<'de> {
    type Error = Error;
    type Variant = &'de Node;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, &'de Node), Error> {
        Ok((seed.deserialize(self.name)?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for &'de Node {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self {
            Node::Null => Ok(()),
            other => Err(de::Error::invalid_type(
                other.unexpected(),
                &"a unit variant",
            )),
        }
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }
}

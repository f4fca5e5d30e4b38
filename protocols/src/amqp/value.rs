//! [`Value`]: an AMQP 1.0 value, borrowed from the bytes it was decoded from, whatever its
//! encoding; and described values.

use super::{Array, List, Map, Width};
use super::{DESCRIBED, Encoded, typed};
use bytes::BufMut;
use core::fmt;
use wire_runtime::{
    DecodeError, DecodeErrorKind, DecodeWith, EncodeError, EncodeErrorKind, EncodeWith, Reader,
    WireDecode, WireEncode,
};

/// One AMQP 1.0 value (part 1, "Types"). Decoding accepts every encoding of every type and
/// checks what the types promise (UTF-8 strings, ASCII symbols, Unicode chars, list and map
/// sizes and counts that agree, maps of pairs), nesting no deeper than the reader's depth
/// limit; encoding writes the smallest encoding, as the Java and Go clients do.
///
/// ```
/// use wire_protocols::amqp::Value;
/// use wire_runtime::{WireDecode, WireEncode};
///
/// // uint 0, uint 7 and uint 70 000: zero, one and four octets after the constructor.
/// assert_eq!(Value::Uint(0).encode_to_vec()?, [0x43]);
/// assert_eq!(Value::Uint(7).encode_to_vec()?, [0x52, 7]);
/// assert_eq!(Value::Uint(70_000).encode_to_vec()?, [0x70, 0, 1, 0x11, 0x70]);
/// // Any of them decodes to the same value.
/// assert_eq!(wire_runtime::decode::<Value<'_>>(&[0x70, 0, 0, 0, 7])?, Value::Uint(7));
/// // A symbol is ASCII.
/// assert!(wire_runtime::decode::<Value<'_>>(b"\xa3\x02\xc3\xa9").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq)]
pub enum Value<'a> {
    /// `null`.
    Null,
    /// `boolean`.
    Bool(bool),
    /// `ubyte`.
    Ubyte(u8),
    /// `ushort`.
    Ushort(u16),
    /// `uint`.
    Uint(u32),
    /// `ulong`.
    Ulong(u64),
    /// `byte`.
    Byte(i8),
    /// `short`.
    Short(i16),
    /// `int`.
    Int(i32),
    /// `long`.
    Long(i64),
    /// `float`.
    Float(f32),
    /// `double`.
    Double(f64),
    /// `decimal32`, as its IEEE 754 bytes.
    Decimal32([u8; 4]),
    /// `decimal64`, as its bytes.
    Decimal64([u8; 8]),
    /// `decimal128`, as its bytes.
    Decimal128([u8; 16]),
    /// `char`.
    Char(char),
    /// `timestamp`: milliseconds since the Unix epoch.
    Timestamp(i64),
    /// `uuid`.
    Uuid([u8; 16]),
    /// `binary`.
    Binary(&'a [u8]),
    /// `string`.
    String(&'a str),
    /// `symbol` (ASCII).
    Symbol(&'a str),
    /// `list`.
    List(List<'a>),
    /// `map`.
    Map(Map<'a>),
    /// `array`.
    Array(Array<'a>),
    /// A described value.
    Described(Described<'a>),
}

impl<'a> Value<'a> {
    /// The list, if this is one.
    pub fn as_list(&self) -> Option<List<'a>> {
        match self {
            Value::List(list) => Some(*list),
            _ => None,
        }
    }

    /// The map, if this is one.
    pub fn as_map(&self) -> Option<Map<'a>> {
        match self {
            Value::Map(map) => Some(*map),
            _ => None,
        }
    }

    /// The text of a string or a symbol.
    pub fn as_str(&self) -> Option<&'a str> {
        match self {
            Value::String(s) | Value::Symbol(s) => Some(s),
            _ => None,
        }
    }

    /// The value of an encoding whose constructor was `constructor`, checked.
    #[inline]
    fn from_encoded(encoded: Encoded<'a>, at: usize) -> Result<Self, DecodeError> {
        Ok(match encoded {
            Encoded::Null => Value::Null,
            Encoded::Boolean(b) => Value::Bool(b),
            Encoded::True => Value::Bool(true),
            Encoded::False => Value::Bool(false),
            Encoded::Ubyte(v) => Value::Ubyte(v),
            Encoded::Ushort(v) => Value::Ushort(v),
            Encoded::Uint(v) => Value::Uint(v),
            Encoded::SmallUint(v) => Value::Uint(v.into()),
            Encoded::Uint0 => Value::Uint(0),
            Encoded::Ulong(v) => Value::Ulong(v),
            Encoded::SmallUlong(v) => Value::Ulong(v.into()),
            Encoded::Ulong0 => Value::Ulong(0),
            Encoded::Byte(v) => Value::Byte(v),
            Encoded::Short(v) => Value::Short(v),
            Encoded::Int(v) => Value::Int(v),
            Encoded::SmallInt(v) => Value::Int(v.into()),
            Encoded::Long(v) => Value::Long(v),
            Encoded::SmallLong(v) => Value::Long(v.into()),
            Encoded::Float(v) => Value::Float(v),
            Encoded::Double(v) => Value::Double(v),
            Encoded::Decimal32(v) => Value::Decimal32(v),
            Encoded::Decimal64(v) => Value::Decimal64(v),
            Encoded::Decimal128(v) => Value::Decimal128(v),
            Encoded::Char(c) => match char::from_u32(c) {
                Some(c) => Value::Char(c),
                None => return Err(invalid("a char is not a Unicode scalar value", at)),
            },
            Encoded::Timestamp(v) => Value::Timestamp(v),
            Encoded::Uuid(v) => Value::Uuid(v),
            Encoded::Vbin8(v) | Encoded::Vbin32(v) => Value::Binary(v),
            Encoded::Str8(v) | Encoded::Str32(v) => Value::String(v),
            Encoded::Sym8(v) | Encoded::Sym32(v) => match symbol(v) {
                Some(s) => Value::Symbol(s),
                None => return Err(invalid("a symbol is not ASCII", at)),
            },
            Encoded::List0 => Value::List(List::empty()),
            Encoded::List8(v) | Encoded::List32(v) => Value::List(v),
            Encoded::Map8(v) | Encoded::Map32(v) => Value::Map(v),
            Encoded::Array8(v) | Encoded::Array32(v) => Value::Array(v),
        })
    }

    /// The smallest encoding of this value (not for described values).
    fn smallest(&self) -> Result<Encoded<'a>, EncodeError> {
        Ok(match *self {
            Value::Null => Encoded::Null,
            Value::Bool(true) => Encoded::True,
            Value::Bool(false) => Encoded::False,
            Value::Ubyte(v) => Encoded::Ubyte(v),
            Value::Ushort(v) => Encoded::Ushort(v),
            Value::Uint(0) => Encoded::Uint0,
            Value::Uint(v) => match u8::try_from(v) {
                Ok(small) => Encoded::SmallUint(small),
                Err(_) => Encoded::Uint(v),
            },
            Value::Ulong(0) => Encoded::Ulong0,
            Value::Ulong(v) => match u8::try_from(v) {
                Ok(small) => Encoded::SmallUlong(small),
                Err(_) => Encoded::Ulong(v),
            },
            Value::Byte(v) => Encoded::Byte(v),
            Value::Short(v) => Encoded::Short(v),
            Value::Int(v) => match i8::try_from(v) {
                Ok(small) => Encoded::SmallInt(small),
                Err(_) => Encoded::Int(v),
            },
            Value::Long(v) => match i8::try_from(v) {
                Ok(small) => Encoded::SmallLong(small),
                Err(_) => Encoded::Long(v),
            },
            Value::Float(v) => Encoded::Float(v),
            Value::Double(v) => Encoded::Double(v),
            Value::Decimal32(v) => Encoded::Decimal32(v),
            Value::Decimal64(v) => Encoded::Decimal64(v),
            Value::Decimal128(v) => Encoded::Decimal128(v),
            Value::Char(c) => Encoded::Char(c.into()),
            Value::Timestamp(v) => Encoded::Timestamp(v),
            Value::Uuid(v) => Encoded::Uuid(v),
            Value::Binary(v) if v.len() <= 255 => Encoded::Vbin8(v),
            Value::Binary(v) => Encoded::Vbin32(v),
            Value::String(v) if v.len() <= 255 => Encoded::Str8(v),
            Value::String(v) => Encoded::Str32(v),
            Value::Symbol(v) => match (symbol(v.as_bytes()), v.len() <= 255) {
                (None, _) => return Err(custom("a symbol is not ASCII")),
                (Some(_), true) => Encoded::Sym8(v.as_bytes()),
                (Some(_), false) => Encoded::Sym32(v.as_bytes()),
            },
            Value::List(list) if list.is_empty() => Encoded::List0,
            Value::List(list) => match list.width() {
                Width::One => Encoded::List8(list),
                Width::Four => Encoded::List32(list),
            },
            Value::Map(map) => match map.width() {
                Width::One => Encoded::Map8(map),
                Width::Four => Encoded::Map32(map),
            },
            Value::Array(array) => match array.width() {
                Width::One => Encoded::Array8(array),
                Width::Four => Encoded::Array32(array),
            },
            Value::Described(_) => {
                return Err(custom("a described value has no primitive encoding"));
            }
        })
    }

    /// This value as an array element under `constructor` (see [`array_constructor`]).
    fn as_element(&self, constructor: u8) -> Result<Encoded<'a>, EncodeError> {
        Ok(match (*self, constructor) {
            (Value::Bool(b), 0x56) => Encoded::Boolean(b),
            (Value::Uint(v), 0x70) => Encoded::Uint(v),
            (Value::Uint(v), 0x52) => Encoded::SmallUint(v as u8),
            (Value::Ulong(v), 0x80) => Encoded::Ulong(v),
            (Value::Ulong(v), 0x53) => Encoded::SmallUlong(v as u8),
            (Value::Int(v), 0x71) => Encoded::Int(v),
            (Value::Int(v), 0x54) => Encoded::SmallInt(v as i8),
            (Value::Long(v), 0x81) => Encoded::Long(v),
            (Value::Long(v), 0x55) => Encoded::SmallLong(v as i8),
            (Value::Binary(v), 0xb0) => Encoded::Vbin32(v),
            (Value::String(v), 0xb1) => Encoded::Str32(v),
            (Value::Symbol(v), 0xb3) => Encoded::Sym32(v.as_bytes()),
            (Value::List(v), 0xc0) => Encoded::List8(v),
            (Value::List(v), 0xd0) => Encoded::List32(v),
            (Value::Map(v), 0xc1) => Encoded::Map8(v),
            (Value::Map(v), 0xd1) => Encoded::Map32(v),
            (Value::Array(v), 0xe0) => Encoded::Array8(v),
            (Value::Array(v), 0xf0) => Encoded::Array32(v),
            _ => {
                let encoded = self.smallest()?;
                if encoded.constructor() != constructor {
                    return Err(custom("the elements of an array are of different types"));
                }
                encoded
            }
        })
    }

    /// Octets of this value as an array element under `constructor`.
    pub(crate) fn element_len(&self, constructor: u8) -> usize {
        self.as_element(constructor)
            .map_or(0, |e| e.encoded_len_with(constructor))
    }

    /// Writes this value as an array element under `constructor`.
    pub(crate) fn encode_element<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        constructor: u8,
    ) -> Result<(), EncodeError> {
        self.as_element(constructor)?.encode_with(buf, constructor)
    }
}

/// The narrowest constructor under which every value of a built array can be written: each
/// value's smallest, widened to the fixed-width one where values need different widths.
pub(crate) fn array_constructor(values: &[Value<'_>]) -> Result<u8, EncodeError> {
    let widest = |narrow: u8, wide: u8, fits: &dyn Fn(&Value<'_>) -> bool| {
        if values.iter().all(fits) {
            narrow
        } else {
            wide
        }
    };
    let Some(first) = values.first() else {
        // An empty array still names a type: null's.
        return Ok(0x40);
    };
    Ok(match first {
        Value::Bool(_) => 0x56,
        Value::Uint(_) => widest(0x52, 0x70, &|v| matches!(v, Value::Uint(0..=255))),
        Value::Ulong(_) => widest(0x53, 0x80, &|v| matches!(v, Value::Ulong(0..=255))),
        Value::Int(_) => widest(0x54, 0x71, &|v| matches!(v, Value::Int(-128..=127))),
        Value::Long(_) => widest(0x55, 0x81, &|v| matches!(v, Value::Long(-128..=127))),
        Value::Binary(_) => widest(
            0xa0,
            0xb0,
            &|v| matches!(v, Value::Binary(b) if b.len() <= 255),
        ),
        Value::String(_) => widest(
            0xa1,
            0xb1,
            &|v| matches!(v, Value::String(s) if s.len() <= 255),
        ),
        Value::Symbol(_) => widest(
            0xa3,
            0xb3,
            &|v| matches!(v, Value::Symbol(s) if s.len() <= 255),
        ),
        Value::List(_) => widest(
            0xc0,
            0xd0,
            &|v| matches!(v, Value::List(l) if l.width() == Width::One),
        ),
        Value::Map(_) => widest(
            0xc1,
            0xd1,
            &|v| matches!(v, Value::Map(m) if m.width() == Width::One),
        ),
        Value::Array(_) => widest(
            0xe0,
            0xf0,
            &|v| matches!(v, Value::Array(a) if a.width() == Width::One),
        ),
        Value::Described(_) => {
            return Err(custom(
                "an array's elements are not described one by one: use Array::described",
            ));
        }
        other => other.smallest()?.constructor(),
    })
}

/// `bytes` as a symbol, if they are ASCII.
#[inline]
fn symbol(bytes: &[u8]) -> Option<&str> {
    // `utf8` checks ASCII a word at a time before anything else.
    wire_runtime::text::utf8(bytes, 0)
        .ok()
        .filter(|s| s.is_ascii())
}

/// The text of a string's `bytes` at `at`: checked, unless `r` reads bytes that were decoded
/// (and so checked) before.
#[inline(always)]
pub(crate) fn text<'a>(r: &Reader<'a>, bytes: &'a [u8], at: usize) -> Result<&'a str, DecodeError> {
    if r.is_validated() {
        // SAFETY: a validated reader reads bytes that decoded, from the same first byte, as
        // the same values (`Reader::new_validated`'s contract, kept by every place that makes
        // one here: `Items::values`, `Described::value`, `DataSections::iter`); a `string`'s
        // bytes were checked to be UTF-8 then (here, or in `skip::primitive`).
        Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        wire_runtime::text::utf8(bytes, at)
    }
}

#[cold]
fn invalid(why: &'static str, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
}

#[cold]
fn custom(why: &'static str) -> EncodeError {
    EncodeError::new(EncodeErrorKind::Custom(why))
}

impl<'de> WireDecode<'de> for Value<'de> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let constructor = r.read::<u8>()?;
        Value::decode_with(r, constructor)
    }
}

/// The value after its constructor (an array's elements share one).
impl<'de> DecodeWith<'de, u8> for Value<'de> {
    #[inline]
    fn decode_with(r: &mut Reader<'de>, constructor: u8) -> Result<Self, DecodeError> {
        match constructor {
            DESCRIBED => r
                .nested(Described::decode_after_constructor)
                .map(Value::Described),
            0x45 => Ok(Value::List(List::empty())),
            0xc0 | 0xc1 | 0xe0 => decode_compound(r, constructor, Width::One),
            0xd0 | 0xd1 | 0xf0 => decode_compound(r, constructor, Width::Four),
            _ => decode_simple(r, constructor),
        }
    }
}

/// A value of a simple (neither compound nor described) type, after its constructor.
///
/// The encodings without data and the forms that fill messages (names, ids, symbols, bodies,
/// numbers) are read inline: through the derived dispatch a value is returned twice through
/// memory.
#[inline(always)]
pub(crate) fn decode_simple<'de>(
    r: &mut Reader<'de>,
    constructor: u8,
) -> Result<Value<'de>, DecodeError> {
    match constructor {
        0x40 => Ok(Value::Null),
        0x41 => Ok(Value::Bool(true)),
        0x42 => Ok(Value::Bool(false)),
        0x43 => Ok(Value::Uint(0)),
        0x44 => Ok(Value::Ulong(0)),
        0xa1 | 0xb1 => typed::string(r, constructor, r.offset()).map(Value::String),
        0xa3 | 0xb3 => typed::symbol(r, constructor, r.offset()).map(Value::Symbol),
        0xa0 | 0xb0 => typed::variable(r, constructor).map(Value::Binary),
        0x70 => r.read::<u32>().map(Value::Uint),
        0x71 => r.read::<i32>().map(Value::Int),
        0x80 => r.read::<u64>().map(Value::Ulong),
        0x81 => r.read::<i64>().map(Value::Long),
        0x83 => r.read::<i64>().map(Value::Timestamp),
        0x50 => r.read::<u8>().map(Value::Ubyte),
        0x52 => r.read::<u8>().map(|v| Value::Uint(v.into())),
        0x53 => r.read::<u8>().map(|v| Value::Ulong(v.into())),
        0x54 => r.read::<i8>().map(|v| Value::Int(v.into())),
        0x55 => r.read::<i8>().map(|v| Value::Long(v.into())),
        _ => decode_primitive(r, constructor),
    }
}

/// A primitive value through the derived [`Encoded`], in a frame of its own: the derived
/// enum's frame is large in unoptimized builds, and compound values recurse through
/// [`decode_compound`] instead, so that each nesting level costs a small frame (through the
/// derived enum, 128 levels overflowed a 2 MiB thread stack in a debug build).
#[inline(never)]
fn decode_primitive<'de>(r: &mut Reader<'de>, constructor: u8) -> Result<Value<'de>, DecodeError> {
    let at = r.offset();
    let encoded = Encoded::decode_with(r, constructor).map_err(|e| at_constructor(e, at))?;
    Value::from_encoded(encoded, at)
}

/// An unknown constructor, which the derived [`Encoded`] reports where its data would start
/// (`at`, past the constructor its caller read), is reported at the constructor's own byte, as
/// the validating walk (`skip.rs`) does: both ways of reading a message name the same offset.
#[cold]
fn at_constructor(e: DecodeError, at: usize) -> DecodeError {
    match e.kind() {
        DecodeErrorKind::InvalidTag(tag) if e.offset() == at => {
            DecodeError::new(DecodeErrorKind::InvalidTag(*tag), at - 1)
        }
        _ => e,
    }
}

/// A list, map or array: the size (the section the contents must fill), then the contents;
/// the layout [`Encoded`]'s `List8` .. `Array32` variants declare.
fn decode_compound<'de>(
    r: &mut Reader<'de>,
    constructor: u8,
    width: Width,
) -> Result<Value<'de>, DecodeError> {
    let mut contents = width.contents(r)?;
    let value = contents.nested(|c| {
        Ok(match constructor & 0xf1 {
            0xc0 | 0xd0 => Value::List(List::decode_with(c, width)?),
            0xc1 | 0xd1 => Value::Map(Map::decode_with(c, width)?),
            _ => Value::Array(Array::decode_with(c, width)?),
        })
    })?;
    contents.end_with(value)
}

impl WireEncode for Value<'_> {
    fn encoded_len(&self) -> usize {
        match self {
            Value::Described(d) => 1 + d.descriptor.encoded_len() + d.value_len(),
            _ => self
                .smallest()
                .map_or(0, |e| 1 + e.encoded_len_with(e.constructor())),
        }
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        if let Value::Described(d) = self {
            buf.put_u8(DESCRIBED);
            d.descriptor.encode(buf)?;
            return d.encode_value(buf);
        }
        let encoded = self.smallest()?;
        let constructor = encoded.constructor();
        buf.put_u8(constructor);
        encoded.encode_with(buf, constructor)
    }
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(v) => write!(f, "Bool({v})"),
            Value::Ubyte(v) => write!(f, "Ubyte({v})"),
            Value::Ushort(v) => write!(f, "Ushort({v})"),
            Value::Uint(v) => write!(f, "Uint({v})"),
            Value::Ulong(v) => write!(f, "Ulong({v})"),
            Value::Byte(v) => write!(f, "Byte({v})"),
            Value::Short(v) => write!(f, "Short({v})"),
            Value::Int(v) => write!(f, "Int({v})"),
            Value::Long(v) => write!(f, "Long({v})"),
            Value::Float(v) => write!(f, "Float({v:?})"),
            Value::Double(v) => write!(f, "Double({v:?})"),
            Value::Decimal32(v) => write!(f, "Decimal32({v:02x?})"),
            Value::Decimal64(v) => write!(f, "Decimal64({v:02x?})"),
            Value::Decimal128(v) => write!(f, "Decimal128({v:02x?})"),
            Value::Char(v) => write!(f, "Char({v:?})"),
            Value::Timestamp(v) => write!(f, "Timestamp({v})"),
            Value::Uuid(v) => write!(f, "Uuid({})", super::uuid_text(v)),
            Value::Binary(v) => write!(f, "Binary({v:02x?})"),
            Value::String(v) => write!(f, "String({v:?})"),
            Value::Symbol(v) => write!(f, "Symbol({v:?})"),
            Value::List(v) => write!(f, "List({v:?})"),
            Value::Map(v) => write!(f, "Map({v:?})"),
            Value::Array(v) => write!(f, "Array({v:?})"),
            Value::Described(v) => write!(f, "{v:?}"),
        }
    }
}

/// What a described type's descriptor names it by: a code (`domain << 32 | id`) or a
/// symbolic name such as `amqp:data:binary`. Other descriptor types are reserved by the
/// specification (part 1 section 1.5) and rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Descriptor<'a> {
    /// A numeric descriptor (a `ulong`).
    Code(u64),
    /// A symbolic descriptor (a `symbol`).
    Name(&'a str),
}

impl<'de> WireDecode<'de> for Descriptor<'de> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset();
        match Value::decode(r)? {
            Value::Ulong(code) => Ok(Descriptor::Code(code)),
            Value::Symbol(name) => Ok(Descriptor::Name(name)),
            _ => Err(invalid("a descriptor is neither a ulong nor a symbol", at)),
        }
    }
}

impl WireEncode for Descriptor<'_> {
    fn encoded_len(&self) -> usize {
        self.as_value().encoded_len()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.as_value().encode(buf)
    }
}

impl<'a> Descriptor<'a> {
    fn as_value(&self) -> Value<'a> {
        match *self {
            Descriptor::Code(code) => Value::Ulong(code),
            Descriptor::Name(name) => Value::Symbol(name),
        }
    }
}

/// A described value: a descriptor, then the value it describes (kept as its validated
/// bytes when decoded, so that reading it costs nothing until [`Described::value`]).
///
/// ```
/// use wire_protocols::amqp::{Described, Descriptor, Value};
/// use wire_runtime::{WireDecode, WireEncode};
///
/// let inner = Value::Binary(b"hi");
/// let data = Value::Described(Described::new(Descriptor::Name("amqp:data:binary"), &inner));
/// let bytes = data.encode_to_vec()?;
/// let Value::Described(read) = wire_runtime::decode::<Value<'_>>(&bytes)? else { unreachable!() };
/// assert_eq!(read.descriptor, Descriptor::Name("amqp:data:binary"));
/// assert_eq!(read.value(), inner);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Described<'a> {
    /// The descriptor.
    pub descriptor: Descriptor<'a>,
    value: DescribedValue<'a>,
}

#[derive(Clone, Copy)]
enum DescribedValue<'a> {
    /// The value's encoding (constructor included), validated.
    Wire(&'a [u8]),
    Built(&'a Value<'a>),
}

impl<'a> Described<'a> {
    /// `value` described by `descriptor`, to encode.
    pub const fn new(descriptor: Descriptor<'a>, value: &'a Value<'a>) -> Self {
        Described {
            descriptor,
            value: DescribedValue::Built(value),
        }
    }

    /// The described value.
    pub fn value(&self) -> Value<'a> {
        match self.value {
            DescribedValue::Wire(bytes) => {
                // SAFETY: `bytes` decoded as exactly one value, from their first byte, without
                // error (`decode_after_constructor` is the only place that keeps them).
                let mut r = unsafe { Reader::new_validated(bytes) };
                // Should they not decode again (they always do), the value reads as null.
                Value::decode(&mut r).unwrap_or(Value::Null)
            }
            DescribedValue::Built(value) => *value,
        }
    }

    /// The described value's encoding, for a decoded one.
    pub fn value_bytes(&self) -> Option<&'a [u8]> {
        match self.value {
            DescribedValue::Wire(bytes) => Some(bytes),
            DescribedValue::Built(_) => None,
        }
    }

    /// Reads the descriptor and the value after a `0x00` constructor.
    fn decode_after_constructor(r: &mut Reader<'a>) -> Result<Self, DecodeError> {
        let descriptor = Descriptor::decode(r)?;
        let start = r.peek_rest();
        super::skip::value(r)?;
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Described {
            descriptor,
            value: DescribedValue::Wire(bytes),
        })
    }

    fn value_len(&self) -> usize {
        match self.value {
            DescribedValue::Wire(bytes) => bytes.len(),
            DescribedValue::Built(value) => value.encoded_len(),
        }
    }

    fn encode_value<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self.value {
            DescribedValue::Wire(bytes) => {
                buf.put_slice(bytes);
                Ok(())
            }
            DescribedValue::Built(value) => value.encode(buf),
        }
    }
}

impl PartialEq for Described<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.descriptor == other.descriptor && self.value() == other.value()
    }
}

impl fmt::Debug for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Described({:?}, {:?})", self.descriptor, self.value())
    }
}

//! AMQP 1.0 compound values (lists and maps) and arrays, as views: decoding validates every
//! item once and keeps the bytes; iterating reads them again, lazily, as MQTT property lists
//! do. A value built by a sender borrows its items instead (`List::from_values`).

use super::value::Value;
use super::{Descriptor, Encoded, skip};
use bytes::BufMut;
use core::fmt;
use wire_runtime::{
    DecodeError, DecodeWith, EncodeError, EncodeErrorKind, EncodeWith, ErrorKind, Reader,
    WireDecode, WireEncode,
};

/// The width of a compound's size and count: one octet (`list8`, `map8`, `array8`) or four.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// One octet each.
    One,
    /// Four octets each.
    Four,
}

impl Width {
    fn read_count(self, r: &mut Reader<'_>) -> Result<u32, DecodeError> {
        match self {
            Width::One => r.read::<u8>().map(u32::from),
            Width::Four => r.read::<u32>(),
        }
    }

    fn put_count<B: BufMut + ?Sized>(self, buf: &mut B, count: u32) {
        match self {
            Width::One => buf.put_u8(count as u8),
            Width::Four => buf.put_u32(count),
        }
    }

    /// Octets of the count.
    pub(crate) fn count_size(self) -> usize {
        match self {
            Width::One => 1,
            Width::Four => 4,
        }
    }

    /// The narrowest width for `count` items in `items` octets: a one-octet size counts the
    /// count octet too.
    pub(crate) fn for_items(count: usize, items: usize) -> Width {
        if count <= 255 && items < 255 {
            Width::One
        } else {
            Width::Four
        }
    }
}

/// The smallest size an encoding with this constructor can have after it, from its width
/// category (the constructor's high nibble, part 1 section 1.6): 0 for the fixed-width-zero
/// encodings (`null`, `true`, `uint0`, `list0`, ...).
fn min_item_size(constructor: u8) -> usize {
    match constructor >> 4 {
        0x4 => 0,
        0x6 => 2,
        0x7 | 0xb | 0xd | 0xf => 4,
        0x8 => 8,
        0x9 => 16,
        _ => 1,
    }
}

/// `count` encoded values, validated when they were decoded.
#[derive(Clone, Copy, PartialEq)]
struct Items<'a> {
    count: u32,
    bytes: &'a [u8],
}

impl<'a> Items<'a> {
    /// Reads a count and checks that many values (each with its constructor) from `r`; the
    /// caller counts the nesting level.
    fn decode(r: &mut Reader<'a>, width: Width) -> Result<Self, DecodeError> {
        let count = width.read_count(r)?;
        r.check_count(u64::from(count), 1)?;
        let start = r.peek_rest();
        for _ in 0..count {
            skip::value(r)?;
        }
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Items { count, bytes })
    }

    fn values(&self) -> Values<'a> {
        // SAFETY: `bytes` were decoded as exactly `count` values, in this order, from their
        // first byte, without error (`Items::decode` is the only constructor).
        Values {
            reader: unsafe { Reader::new_validated(self.bytes) },
            element: None,
            left: self.count,
        }
    }
}

/// Iterator over values encoded one after another.
#[derive(Clone)]
pub struct Values<'a> {
    reader: Reader<'a>,
    /// An array's element constructor (the elements then do not carry one).
    element: Option<u8>,
    left: u32,
}

impl<'a> Values<'a> {
    /// The next value if it is a `str8` (application property names): read without the
    /// general dispatch, its UTF-8 checked when it was decoded.
    #[inline]
    fn next_str8(&mut self) -> Option<Value<'a>> {
        let &[0xa1, len, ..] = self.reader.peek_rest() else {
            return None;
        };
        if self.left == 0 || self.element.is_some() {
            return None;
        }
        let mut r = self.reader.clone();
        r.take(2).ok()?;
        let bytes = r.take(len.into()).ok()?;
        let text = wire_runtime::utf8(bytes, 0).ok()?;
        self.reader = r;
        self.left -= 1;
        Some(Value::String(text))
    }
}

impl<'a> Iterator for Values<'a> {
    type Item = Value<'a>;

    #[inline]
    fn next(&mut self) -> Option<Value<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let value = match self.element {
            None => Value::decode(&mut self.reader),
            Some(constructor) => Value::decode_with(&mut self.reader, constructor),
        };
        // The bytes decoded as these values once already; should they not (they always do),
        // the iteration ends.
        if value.is_err() {
            self.left = 0;
        }
        value.ok()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.left as usize))
    }
}

impl fmt::Debug for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// Where a compound's items come from.
#[derive(Clone, Copy)]
enum Repr<'a, T> {
    /// Decoded and validated.
    Wire(Items<'a>),
    /// Built by a sender.
    Built(&'a [T]),
}

/// An AMQP `list`: a sequence of values of any types.
///
/// ```
/// use wire_protocols::amqp::{List, Value};
///
/// let items = [Value::Uint(7), Value::String("seven")];
/// let encoded = wire_runtime::WireEncode::encode_to_vec(&Value::List(List::from_values(&items)))?;
/// assert_eq!(encoded, b"\xc0\x0a\x02\x52\x07\xa1\x05seven");
/// let decoded: Value<'_> = wire_runtime::decode(&encoded)?;
/// assert_eq!(decoded.as_list().unwrap().iter().collect::<Vec<_>>(), items);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct List<'a>(Repr<'a, Value<'a>>);

impl<'a> List<'a> {
    /// A list of `values`, to encode.
    pub const fn from_values(values: &'a [Value<'a>]) -> Self {
        List(Repr::Built(values))
    }

    /// The empty list.
    pub const fn empty() -> Self {
        List(Repr::Built(&[]))
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        match self.0 {
            Repr::Wire(items) => items.count as usize,
            Repr::Built(values) => values.len(),
        }
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its values, in order.
    pub fn iter(&self) -> ListIter<'a> {
        match self.0 {
            Repr::Wire(items) => ListIter::Wire(items.values()),
            Repr::Built(values) => ListIter::Built(values.iter()),
        }
    }

    /// Octets of the items.
    fn items_len(&self) -> usize {
        match self.0 {
            Repr::Wire(items) => items.bytes.len(),
            Repr::Built(values) => values.iter().map(WireEncode::encoded_len).sum(),
        }
    }

    /// The narrowest encoding's width.
    pub(crate) fn width(&self) -> Width {
        Width::for_items(self.len(), self.items_len())
    }

    fn encode_items<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self.0 {
            Repr::Wire(items) => buf.put_slice(items.bytes),
            Repr::Built(values) => {
                for value in values {
                    value.encode(buf)?;
                }
            }
        }
        Ok(())
    }
}

/// Iterator over a [`List`]'s values.
#[derive(Debug, Clone)]
pub enum ListIter<'a> {
    /// Over decoded bytes.
    Wire(Values<'a>),
    /// Over built values.
    Built(core::slice::Iter<'a, Value<'a>>),
}

impl<'a> Iterator for ListIter<'a> {
    type Item = Value<'a>;

    #[inline]
    fn next(&mut self) -> Option<Value<'a>> {
        match self {
            ListIter::Wire(values) => values.next(),
            ListIter::Built(values) => values.next().copied(),
        }
    }
}

/// Checks a list's or map's contents (count and items) without keeping them.
pub(crate) fn check_items(r: &mut Reader<'_>, width: Width, map: bool) -> Result<(), DecodeError> {
    if map {
        Map::decode_with(r, width).map(drop)
    } else {
        Items::decode(r, width).map(drop)
    }
}

/// Checks an array's contents without keeping them.
pub(crate) fn check_array(r: &mut Reader<'_>, width: Width) -> Result<(), DecodeError> {
    Array::decode_with(r, width).map(drop)
}

impl<'de> DecodeWith<'de, Width> for List<'de> {
    fn decode_with(r: &mut Reader<'de>, width: Width) -> Result<Self, DecodeError> {
        Items::decode(r, width).map(|items| List(Repr::Wire(items)))
    }
}

impl EncodeWith<Width> for List<'_> {
    fn encoded_len_with(&self, width: Width) -> usize {
        width.count_size() + self.items_len()
    }

    fn encode_with<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        width: Width,
    ) -> Result<(), EncodeError> {
        width.put_count(buf, count_fits(self.len(), width)?);
        self.encode_items(buf)
    }
}

impl PartialEq for List<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An AMQP `map`: key-value pairs, keys of any type (annotations use symbols, application
/// properties strings). Its encoded count is of keys plus values, so an odd count is
/// malformed. Keys are not checked for duplicates.
///
/// ```
/// use wire_protocols::amqp::{Map, Value};
///
/// let pairs = [(Value::Symbol("x-opt-a"), Value::Long(-1))];
/// let encoded = wire_runtime::WireEncode::encode_to_vec(&Value::Map(Map::from_pairs(&pairs)))?;
/// assert_eq!(encoded, b"\xc1\x0c\x02\xa3\x07x-opt-a\x55\xff");
/// let decoded: Value<'_> = wire_runtime::decode(&encoded)?;
/// assert_eq!(decoded.as_map().unwrap().get_symbol("x-opt-a"), Some(Value::Long(-1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Map<'a>(Repr<'a, (Value<'a>, Value<'a>)>);

impl<'a> Map<'a> {
    /// A map of `pairs`, to encode.
    pub const fn from_pairs(pairs: &'a [(Value<'a>, Value<'a>)]) -> Self {
        Map(Repr::Built(pairs))
    }

    /// How many pairs it holds.
    pub fn len(&self) -> usize {
        match self.0 {
            Repr::Wire(items) => items.count as usize / 2,
            Repr::Built(pairs) => pairs.len(),
        }
    }

    /// True when it holds no pair.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its pairs, in order.
    pub fn iter(&self) -> MapIter<'a> {
        match self.0 {
            Repr::Wire(items) => MapIter::Wire(items.values()),
            Repr::Built(pairs) => MapIter::Built(pairs.iter()),
        }
    }

    /// The value of the first pair whose key is `key`.
    pub fn get(&self, key: &Value<'_>) -> Option<Value<'a>> {
        self.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value under the string key `key` (application properties).
    pub fn get_string(&self, key: &str) -> Option<Value<'a>> {
        self.get(&Value::String(key))
    }

    /// The value under the symbol key `key` (annotations).
    pub fn get_symbol(&self, key: &str) -> Option<Value<'a>> {
        self.get(&Value::Symbol(key))
    }

    fn items_len(&self) -> usize {
        match self.0 {
            Repr::Wire(items) => items.bytes.len(),
            Repr::Built(pairs) => pairs
                .iter()
                .map(|(k, v)| k.encoded_len() + v.encoded_len())
                .sum(),
        }
    }

    /// The narrowest encoding's width.
    pub(crate) fn width(&self) -> Width {
        Width::for_items(self.len() * 2, self.items_len())
    }
}

/// Iterator over a [`Map`]'s pairs.
#[derive(Debug, Clone)]
pub enum MapIter<'a> {
    /// Over decoded bytes.
    Wire(Values<'a>),
    /// Over built pairs.
    Built(core::slice::Iter<'a, (Value<'a>, Value<'a>)>),
}

impl<'a> Iterator for MapIter<'a> {
    type Item = (Value<'a>, Value<'a>);

    #[inline]
    fn next(&mut self) -> Option<(Value<'a>, Value<'a>)> {
        match self {
            MapIter::Wire(values) => Some((values.next()?, values.next()?)),
            MapIter::Built(pairs) => pairs.next().copied(),
        }
    }
}

impl<'de> Map<'de> {
    /// A map (constructor, size, count, pairs) whose every pair passes `check` (given the
    /// key's and the value's constructors), validated in the one pass that reads it: what
    /// message sections require of their keys and values. `check` returns why a pair is
    /// refused; the error points at the pair's key.
    pub(crate) fn decode_checked(
        r: &mut Reader<'de>,
        check: impl Fn(u8, u8) -> Result<(), &'static str>,
    ) -> Result<Self, DecodeError> {
        let at = r.offset();
        let width = match r.read::<u8>()? {
            0xc1 => Width::One,
            0xd1 => Width::Four,
            _ => {
                return Err(DecodeError::new(
                    ErrorKind::InvalidValue("the section is not a map"),
                    at,
                ));
            }
        };
        let size = match width {
            Width::One => usize::from(r.read::<u8>()?),
            Width::Four => r.read::<u32>()? as usize,
        };
        let mut contents = r.section(size)?;
        let count = width.read_count(&mut contents)?;
        if count % 2 != 0 {
            return Err(DecodeError::new(
                ErrorKind::InvalidValue("a map's count (keys plus values) is odd"),
                at,
            ));
        }
        contents.check_count(u64::from(count), 1)?;
        let start = contents.peek_rest();
        contents.nested(|r| {
            for _ in 0..count / 2 {
                let key_at = r.offset();
                let key = r.peek_u8()?;
                skip::value(r)?;
                let value = r.peek_u8()?;
                if let Err(why) = check(key, value) {
                    return Err(DecodeError::new(ErrorKind::InvalidValue(why), key_at));
                }
                skip::value(r)?;
            }
            Ok(())
        })?;
        contents.expect_end()?;
        let bytes = &start[..start.len() - contents.remaining()];
        Ok(Map(Repr::Wire(Items { count, bytes })))
    }

    /// The pairs of a decoded map whose keys are strings (as [`Map::decode_checked`] made
    /// sure), read without looking at the keys' types again; built maps skip other keys.
    pub(crate) fn string_pairs(&self) -> StringPairs<'de> {
        match self.0 {
            Repr::Wire(items) => StringPairs::Wire(items.values()),
            Repr::Built(pairs) => StringPairs::Built(pairs.iter()),
        }
    }
}

/// Iterator over the string-keyed pairs of a map (application properties).
#[derive(Debug, Clone)]
pub enum StringPairs<'a> {
    /// Over decoded bytes.
    Wire(Values<'a>),
    /// Over built pairs.
    Built(core::slice::Iter<'a, (Value<'a>, Value<'a>)>),
}

impl<'a> Iterator for StringPairs<'a> {
    type Item = (&'a str, Value<'a>);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, Value<'a>)> {
        match self {
            StringPairs::Wire(values) => loop {
                let key = values.next_str8().or_else(|| values.next())?;
                let value = values.next()?;
                if let Value::String(name) = key {
                    return Some((name, value));
                }
            },
            StringPairs::Built(pairs) => loop {
                if let (Value::String(name), value) = pairs.next()? {
                    return Some((name, *value));
                }
            },
        }
    }
}

impl<'de> DecodeWith<'de, Width> for Map<'de> {
    fn decode_with(r: &mut Reader<'de>, width: Width) -> Result<Self, DecodeError> {
        let at = r.offset();
        let items = Items::decode(r, width)?;
        if items.count % 2 != 0 {
            return Err(DecodeError::new(
                ErrorKind::InvalidValue("a map's count (keys plus values) is odd"),
                at,
            ));
        }
        Ok(Map(Repr::Wire(items)))
    }
}

impl EncodeWith<Width> for Map<'_> {
    fn encoded_len_with(&self, width: Width) -> usize {
        width.count_size() + self.items_len()
    }

    fn encode_with<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        width: Width,
    ) -> Result<(), EncodeError> {
        width.put_count(buf, count_fits(self.len() * 2, width)?);
        match self.0 {
            Repr::Wire(items) => buf.put_slice(items.bytes),
            Repr::Built(pairs) => {
                for (key, value) in pairs {
                    key.encode(buf)?;
                    value.encode(buf)?;
                }
            }
        }
        Ok(())
    }
}

impl PartialEq for Map<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Map<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// The count as the width's integer, or an error when it does not fit.
fn count_fits(count: usize, width: Width) -> Result<u32, EncodeError> {
    let max = match width {
        Width::One => 255,
        Width::Four => u32::MAX as usize,
    };
    if count > max {
        return Err(EncodeError::new(EncodeErrorKind::LengthOverflow {
            len: count,
        }));
    }
    Ok(count as u32)
}

/// An AMQP `array`: values of one type, behind a single constructor (which may be described).
///
/// ```
/// use wire_protocols::amqp::{Array, Value};
///
/// let symbols = [Value::Symbol("a"), Value::Symbol("bc")];
/// let value = Value::Array(Array::from_values(&symbols));
/// let encoded = wire_runtime::WireEncode::encode_to_vec(&value)?;
/// assert_eq!(encoded, b"\xe0\x07\x02\xa3\x01a\x02bc");
/// let decoded: Value<'_> = wire_runtime::decode(&encoded)?;
/// assert_eq!(decoded, value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Array<'a>(ArrayRepr<'a>);

#[derive(Clone, Copy)]
enum ArrayRepr<'a> {
    Wire {
        /// The elements' constructor.
        constructor: u8,
        descriptor: Option<Descriptor<'a>>,
        /// The elements, without constructors.
        items: Items<'a>,
    },
    Built {
        descriptor: Option<Descriptor<'a>>,
        values: &'a [Value<'a>],
    },
}

impl<'a> Array<'a> {
    /// An array of `values`, which must all be of one type (checked on encode); they are
    /// written with the narrowest constructor that holds every one of them.
    pub const fn from_values(values: &'a [Value<'a>]) -> Self {
        Array(ArrayRepr::Built {
            descriptor: None,
            values,
        })
    }

    /// An array of described values: `descriptor` once, then `values`.
    pub const fn described(descriptor: Descriptor<'a>, values: &'a [Value<'a>]) -> Self {
        Array(ArrayRepr::Built {
            descriptor: Some(descriptor),
            values,
        })
    }

    /// The descriptor every element carries, if they are described.
    pub fn descriptor(&self) -> Option<Descriptor<'a>> {
        match self.0 {
            ArrayRepr::Wire { descriptor, .. } | ArrayRepr::Built { descriptor, .. } => descriptor,
        }
    }

    /// How many elements it holds.
    pub fn len(&self) -> usize {
        match self.0 {
            ArrayRepr::Wire { items, .. } => items.count as usize,
            ArrayRepr::Built { values, .. } => values.len(),
        }
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its elements (without their descriptor), in order.
    pub fn iter(&self) -> ListIter<'a> {
        match self.0 {
            ArrayRepr::Wire {
                constructor, items, ..
            } => {
                let mut values = items.values();
                values.element = Some(constructor);
                ListIter::Wire(values)
            }
            ArrayRepr::Built { values, .. } => ListIter::Built(values.iter()),
        }
    }

    /// The element constructor: the one decoded, or the narrowest for built values.
    fn constructor(&self) -> Result<u8, EncodeError> {
        match self.0 {
            ArrayRepr::Wire { constructor, .. } => Ok(constructor),
            ArrayRepr::Built { values, .. } => super::value::array_constructor(values),
        }
    }

    /// Octets after the count: the (described) constructor and the elements.
    fn body_len(&self) -> usize {
        let descriptor = self.descriptor().map_or(0, |d| 1 + d.encoded_len());
        let elements = match self.0 {
            ArrayRepr::Wire { items, .. } => items.bytes.len(),
            ArrayRepr::Built { values, .. } => match self.constructor() {
                Ok(c) => values.iter().map(|v| v.element_len(c)).sum(),
                Err(_) => 0,
            },
        };
        descriptor + 1 + elements
    }

    /// The narrowest encoding's width.
    pub(crate) fn width(&self) -> Width {
        Width::for_items(self.len(), self.body_len())
    }
}

impl<'de> DecodeWith<'de, Width> for Array<'de> {
    fn decode_with(r: &mut Reader<'de>, width: Width) -> Result<Self, DecodeError> {
        let count = width.read_count(r)?;
        let mut constructor = r.read::<u8>()?;
        let mut descriptor = None;
        if constructor == super::DESCRIBED {
            descriptor = Some(Descriptor::decode(r)?);
            let at = r.offset();
            constructor = r.read::<u8>()?;
            if constructor == super::DESCRIBED {
                return Err(DecodeError::new(
                    ErrorKind::InvalidValue("an array's described constructor is described again"),
                    at,
                ));
            }
        }
        let start = r.peek_rest();
        if min_item_size(constructor) == 0 {
            // Elements of no width: one shows the constructor is valid, and any count of them
            // takes no bytes (iterating them is as lazy as ever).
            if count > 0 {
                skip::after_constructor(r, constructor)?;
            }
        } else {
            r.check_count(u64::from(count), min_item_size(constructor))?;
            for _ in 0..count {
                skip::after_constructor(r, constructor)?;
            }
        }
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Array(ArrayRepr::Wire {
            constructor,
            descriptor,
            items: Items { count, bytes },
        }))
    }
}

impl EncodeWith<Width> for Array<'_> {
    fn encoded_len_with(&self, width: Width) -> usize {
        width.count_size() + self.body_len()
    }

    fn encode_with<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        width: Width,
    ) -> Result<(), EncodeError> {
        width.put_count(buf, count_fits(self.len(), width)?);
        if let Some(descriptor) = self.descriptor() {
            buf.put_u8(super::DESCRIBED);
            descriptor.encode(buf)?;
        }
        let constructor = self.constructor()?;
        buf.put_u8(constructor);
        match self.0 {
            ArrayRepr::Wire { items, .. } => buf.put_slice(items.bytes),
            ArrayRepr::Built { values, .. } => {
                for value in values {
                    value.encode_element(buf, constructor)?;
                }
            }
        }
        Ok(())
    }
}

impl PartialEq for Array<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.descriptor() == other.descriptor()
            && self.len() == other.len()
            && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Array<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(descriptor) = self.descriptor() {
            write!(f, "{descriptor:?} ")?;
        }
        f.debug_list().entries(self.iter()).finish()
    }
}

// The derive's `Encoded` needs these for its compound variants' `Debug`.
impl Encoded<'_> {
    /// The constructor byte of this encoding.
    pub fn constructor(&self) -> u8 {
        self.wire_tag()
    }
}

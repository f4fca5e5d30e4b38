//! The AMQP 1.0 `map`, a view like the list (`compound.rs`): its pairs validated once,
//! walked lazily.

use super::compound::{Items, Repr, Values, Width, count_fits};
use super::value::{Value, decode_simple};
use super::{DESCRIBED, skip, typed};
use bytes::BufMut;
use core::fmt;
use wire_runtime::{
    DecodeError, DecodeErrorKind, DecodeWith, EncodeError, EncodeWith, Reader, WireEncode,
};

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
    /// A map (constructor, size, count, pairs) whose pairs are read and checked by `pair`:
    /// what message sections require of their keys and values, validated in the one pass that
    /// reads it.
    pub(crate) fn decode_checked(
        r: &mut Reader<'de>,
        pair: impl FnMut(&mut Reader<'de>) -> Result<(), DecodeError>,
    ) -> Result<Self, DecodeError> {
        let at = r.offset();
        let width = match r.read::<u8>()? {
            0xc1 => Width::One,
            0xd1 => Width::Four,
            _ => {
                return Err(DecodeError::new(
                    DecodeErrorKind::InvalidValue("the section is not a map"),
                    at,
                ));
            }
        };
        let mut contents = width.contents(r)?;
        let map = contents.nested(|c| Map::decode_pairs(c, width, pair))?;
        contents.end_with(map)
    }

    /// The count (even) and the pairs, each read and checked by `pair`.
    #[inline]
    fn decode_pairs(
        r: &mut Reader<'de>,
        width: Width,
        mut pair: impl FnMut(&mut Reader<'de>) -> Result<(), DecodeError>,
    ) -> Result<Self, DecodeError> {
        let at = r.offset();
        let count = width.read_count(r)?;
        if count % 2 != 0 {
            return Err(DecodeError::new(
                DecodeErrorKind::InvalidValue("a map's count (keys plus values) is odd"),
                at,
            ));
        }
        r.check_count(u64::from(count), 1)?;
        let start = r.peek_rest();
        for _ in 0..count / 2 {
            pair(r)?;
        }
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Map(Repr::Wire(Items { count, bytes })))
    }

    /// The pairs of a decoded map whose keys are strings (as decoding application properties
    /// made sure), the keys read as strings without the general dispatch; built maps skip
    /// other keys.
    pub(crate) fn string_pairs(&self) -> StringPairs<'de> {
        StringPairs(match self.0 {
            Repr::Wire(items) => StringPairsRepr::Wire {
                reader: items.reader(),
                left: items.count / 2,
            },
            Repr::Built(pairs) => StringPairsRepr::Built(pairs.iter()),
        })
    }
}

/// Checks one pair of a map, any types, and moves past it.
pub(crate) fn any_pair(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    skip::value(r)?;
    skip::value(r)
}

/// Iterator over the string-keyed pairs of a map (application properties).
#[derive(Debug, Clone)]
pub struct StringPairs<'a>(StringPairsRepr<'a>);

#[derive(Debug, Clone)]
enum StringPairsRepr<'a> {
    /// Decoded pairs whose keys are strings.
    Wire { reader: Reader<'a>, left: u32 },
    /// Built pairs.
    Built(core::slice::Iter<'a, (Value<'a>, Value<'a>)>),
}

impl StringPairs<'_> {
    /// No pairs.
    pub(crate) fn empty() -> Self {
        StringPairs(StringPairsRepr::Built([].iter()))
    }
}

/// The next pair of validated bytes, if its key is a string (the pair is skipped if not).
#[inline(always)]
fn string_pair<'a>(r: &mut Reader<'a>) -> Result<Option<(&'a str, Value<'a>)>, DecodeError> {
    let at = r.offset();
    let c = r.read::<u8>()?;
    if c != 0xa1 && c != 0xb1 {
        skip::after_constructor(r, c)?;
        return skip::value(r).map(|()| None);
    }
    let name = typed::string(r, c, at)?;
    let value = match r.read::<u8>()? {
        // Application properties' values are simple: decoding made sure. A map decoded as
        // something else may hold others.
        c @ (0x45 | 0xc0..=0xf0 | DESCRIBED) => Value::decode_with(r, c)?,
        c => decode_simple(r, c)?,
    };
    Ok(Some((name, value)))
}

impl<'a> Iterator for StringPairs<'a> {
    type Item = (&'a str, Value<'a>);

    #[inline(always)]
    fn next(&mut self) -> Option<(&'a str, Value<'a>)> {
        match &mut self.0 {
            StringPairsRepr::Wire { reader, left } => loop {
                *left = left.checked_sub(1)?;
                // The bytes decoded as these pairs once already; should they not (they always
                // do), the iteration ends.
                match string_pair(reader) {
                    Ok(Some(pair)) => return Some(pair),
                    Ok(None) => {}
                    Err(_) => {
                        *left = 0;
                        return None;
                    }
                }
            },
            StringPairsRepr::Built(pairs) => loop {
                if let (Value::String(name), value) = pairs.next()? {
                    return Some((name, *value));
                }
            },
        }
    }
}

impl<'de> DecodeWith<'de, Width> for Map<'de> {
    fn decode_with(r: &mut Reader<'de>, width: Width) -> Result<Self, DecodeError> {
        Map::decode_pairs(r, width, any_pair)
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

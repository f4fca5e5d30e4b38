//! AMQP 1.0 lists, and what lists, maps (`map.rs`) and arrays (`array.rs`) share: as views,
//! decoding validates every item once and keeps the bytes; iterating reads them again,
//! lazily, as MQTT property lists do. A value built by a sender borrows its items instead
//! (`List::from_values`).

use super::value::Value;
use super::{Array, Map, skip};
use bytes::BufMut;
use core::fmt;
use wire_runtime::{
    DecodeError, DecodeWith, EncodeError, EncodeErrorKind, EncodeWith, Reader, WireDecode,
    WireEncode,
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
    pub(super) fn read_count(self, r: &mut Reader<'_>) -> Result<u32, DecodeError> {
        match self {
            Width::One => r.read::<u8>().map(u32::from),
            Width::Four => r.read::<u32>(),
        }
    }

    pub(super) fn put_count<B: BufMut + ?Sized>(self, buf: &mut B, count: u32) {
        match self {
            Width::One => buf.put_u8(count as u8),
            Width::Four => buf.put_u32(count),
        }
    }

    /// Reads a compound's size and splits off the contents it covers (which the caller must
    /// use up).
    #[inline]
    pub(super) fn contents<'de>(self, r: &mut Reader<'de>) -> Result<Reader<'de>, DecodeError> {
        let size = match self {
            Width::One => usize::from(r.read::<u8>()?),
            Width::Four => r.read::<u32>()? as usize,
        };
        r.section(size)
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
pub(super) fn min_item_size(constructor: u8) -> usize {
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
pub(super) struct Items<'a> {
    pub(super) count: u32,
    pub(super) bytes: &'a [u8],
}

impl<'a> Items<'a> {
    /// Reads a count and checks that many values (each with its constructor) from `r`; the
    /// caller counts the nesting level.
    pub(super) fn decode(r: &mut Reader<'a>, width: Width) -> Result<Self, DecodeError> {
        let count = width.read_count(r)?;
        r.check_count(u64::from(count), 1)?;
        let start = r.peek_rest();
        for _ in 0..count {
            skip::value(r)?;
        }
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Items { count, bytes })
    }

    pub(super) fn values(&self) -> Values<'a> {
        Values {
            reader: self.reader(),
            element: None,
            left: self.count,
        }
    }

    /// A reader over the items, which it may read without checking them again.
    pub(super) fn reader(&self) -> Reader<'a> {
        // SAFETY: `bytes` were decoded as exactly `count` values, in this order, from their
        // first byte, without error (by `Items::decode` or `Map::decode_pairs`, the only
        // places that make `Items`).
        unsafe { Reader::new_validated(self.bytes) }
    }
}

/// Iterator over values encoded one after another.
#[derive(Clone)]
pub struct Values<'a> {
    pub(super) reader: Reader<'a>,
    /// An array's element constructor (the elements then do not carry one).
    pub(super) element: Option<u8>,
    pub(super) left: u32,
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
pub(super) enum Repr<'a, T> {
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

/// The count as the width's integer, or an error when it does not fit.
pub(super) fn count_fits(count: usize, width: Width) -> Result<u32, EncodeError> {
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

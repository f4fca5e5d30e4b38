//! Validation without building values: what decoding a list, map, array or described value
//! checks of its items, walked once (the items are read again, lazily, when iterated).
//!
//! By hand, and kept in step with [`Encoded`](super::Encoded) (the derived dispatch that reads
//! values) by the round-trip and fuzz tests: building a [`Value`](super::Value) for every item
//! only to drop it cost a consumer reading a chunk of messages about twice the time.

use super::DESCRIBED;
use super::compound::Width;
use wire_runtime::{DecodeError, DecodeErrorKind, Reader, text::utf8};

/// Checks the value at the reader's position, constructor included, and moves past it.
#[inline]
pub(crate) fn value(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    let constructor = r.read::<u8>()?;
    after_constructor(r, constructor)
}

/// Checks the value after `constructor` (an array's elements share one) and moves past it.
///
/// Compound and described values recurse through small functions of their own, so that a
/// nesting level costs little stack even unoptimized.
#[inline]
pub(crate) fn after_constructor(r: &mut Reader<'_>, constructor: u8) -> Result<(), DecodeError> {
    match constructor {
        0xc0 | 0xc1 | 0xd0 | 0xd1 | 0xe0 | 0xf0 => compound(r, constructor),
        DESCRIBED => r.nested(described),
        _ => primitive(r, constructor),
    }
}

/// A list, map or array: its size, then its contents, which must fill it.
fn compound(r: &mut Reader<'_>, constructor: u8) -> Result<(), DecodeError> {
    let width = if constructor < 0xd0 || constructor == 0xe0 {
        Width::One
    } else {
        Width::Four
    };
    let mut contents = width.contents(r)?;
    contents.nested(|c| match constructor {
        0xe0 | 0xf0 => super::compound::check_array(c, width),
        _ => super::compound::check_items(c, width, constructor & 1 == 1),
    })?;
    contents.expect_end()
}

/// A described value after its `0x00`: a ulong or symbol descriptor, then the value.
fn described(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    let descriptor_at = r.offset();
    match r.peek_u8()? {
        0x44 | 0x53 | 0x80 | 0xa3 | 0xb3 => value(r)?,
        _ => {
            return Err(invalid(
                "a descriptor is neither a ulong nor a symbol",
                descriptor_at,
            ));
        }
    }
    value(r)
}

/// A value of a primitive type.
#[inline(always)]
pub(crate) fn primitive(r: &mut Reader<'_>, constructor: u8) -> Result<(), DecodeError> {
    let at = r.offset();
    match constructor {
        0x40..=0x45 => Ok(()),
        0x56 => match r.read::<u8>()? {
            0 | 1 => Ok(()),
            other => Err(DecodeError::new(DecodeErrorKind::InvalidBool(other), at)),
        },
        0x50..=0x55 => r.take(1).map(drop),
        0x60 | 0x61 => r.take(2).map(drop),
        0x70..=0x72 | 0x74 => r.take(4).map(drop),
        0x73 => match char::from_u32(r.read::<u32>()?) {
            Some(_) => Ok(()),
            None => Err(invalid("a char is not a Unicode scalar value", at)),
        },
        0x80..=0x84 => r.take(8).map(drop),
        0x94 | 0x98 => r.take(16).map(drop),
        0xa0 | 0xa1 | 0xa3 | 0xb0 | 0xb1 | 0xb3 => {
            let len = if constructor < 0xb0 {
                usize::from(r.read::<u8>()?)
            } else {
                r.read::<u32>()? as usize
            };
            if len > r.remaining() {
                return Err(r.length_out_of_bounds(len as u64));
            }
            let start = r.offset();
            let bytes = r.take(len)?;
            match constructor & 0x0f {
                1 if !r.is_validated() => utf8(bytes, start).map(drop),
                3 if !bytes.is_ascii() => Err(invalid("a symbol is not ASCII", at)),
                _ => Ok(()),
            }
        }
        other => Err(DecodeError::new(
            DecodeErrorKind::InvalidTag(other.into()),
            at - 1,
        )),
    }
}

#[cold]
fn invalid(why: &'static str, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
}

//! Reading a value whose type the layout fixes (a property that must be a string, a key that
//! must be a symbol) straight from its constructor, without building a [`Value`](super::Value):
//! the few forms that fill messages, read where they are needed.
//!
//! The layouts are those of the derived [`Encoded`](super::Encoded) (the reference, and the
//! path for every other form); the round-trip, cross-check and fuzz tests keep the two in step.
//! Each function takes the reader after the constructor `c`, and `at`, where a value of
//! another type is reported (the constructor's offset). Constructors are named by the
//! derived `Encoded`'s tag constants (`Encoded::STR8_TAG`), not repeated as literals.

use super::Encoded;
use super::value::text;
use wire_runtime::{DecodeError, DecodeErrorKind, Reader};

/// The bytes of a variable-width value: a one-octet length for constructors `0xa_`, four
/// octets for `0xb_`.
#[inline(always)]
pub(crate) fn variable<'a>(r: &mut Reader<'a>, c: u8) -> Result<&'a [u8], DecodeError> {
    let len = if c < 0xb0 {
        usize::from(r.read::<u8>()?)
    } else {
        r.read::<u32>()? as usize
    };
    // A length past the section is the length's fault, as the validating walk (`skip.rs`)
    // reports it: `LengthOutOfBounds` (or `Incomplete` at the top level), not an overrun.
    // Mapped on the error path only, so that the read itself is `take`'s one check.
    match r.take(len) {
        Ok(bytes) => Ok(bytes),
        Err(_) => Err(past_section(r, len)),
    }
}

#[cold]
#[inline(never)]
fn past_section(r: &Reader<'_>, len: usize) -> DecodeError {
    r.length_out_of_bounds(len as u64)
}

/// A `string` (`str8`, `str32`), its UTF-8 checked unless `r` reads validated bytes.
#[inline(always)]
pub(crate) fn string<'a>(r: &mut Reader<'a>, c: u8, at: usize) -> Result<&'a str, DecodeError> {
    if c != Encoded::STR8_TAG && c != Encoded::STR32_TAG {
        return Err(mismatch("not a string", at));
    }
    let bytes = variable(r, c)?;
    text(r, bytes, r.offset() - bytes.len())
}

/// A `symbol` (`sym8`, `sym32`): ASCII.
#[inline(always)]
pub(crate) fn symbol<'a>(r: &mut Reader<'a>, c: u8, at: usize) -> Result<&'a str, DecodeError> {
    if c != Encoded::SYM8_TAG && c != Encoded::SYM32_TAG {
        return Err(mismatch("not a symbol", at));
    }
    let len_at = r.offset();
    let bytes = variable(r, c)?;
    if !r.is_validated() && !bytes.is_ascii() {
        return Err(mismatch("a symbol is not ASCII", len_at));
    }
    // SAFETY: ASCII is UTF-8; the bytes were checked to be ASCII just above, or, for a
    // validated reader, when they were decoded (`Reader::new_validated`'s contract).
    Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// A `binary` (`vbin8`, `vbin32`).
#[inline(always)]
pub(crate) fn binary<'a>(r: &mut Reader<'a>, c: u8, at: usize) -> Result<&'a [u8], DecodeError> {
    match c {
        Encoded::VBIN8_TAG | Encoded::VBIN32_TAG => variable(r, c),
        _ => Err(mismatch("not binary", at)),
    }
}

/// A `uint` (`uint0`, `smalluint`, `uint`).
#[inline(always)]
pub(crate) fn uint(r: &mut Reader<'_>, c: u8, at: usize) -> Result<u32, DecodeError> {
    match c {
        Encoded::UINT0_TAG => Ok(0),
        Encoded::SMALL_UINT_TAG => r.read::<u8>().map(u32::from),
        Encoded::UINT_TAG => r.read::<u32>(),
        _ => Err(mismatch("not a uint", at)),
    }
}

/// A `ulong` (`ulong0`, `smallulong`, `ulong`), or `None` for another constructor.
#[inline(always)]
pub(crate) fn ulong(r: &mut Reader<'_>, c: u8) -> Option<Result<u64, DecodeError>> {
    match c {
        Encoded::ULONG0_TAG => Some(Ok(0)),
        Encoded::SMALL_ULONG_TAG => Some(r.read::<u8>().map(u64::from)),
        Encoded::ULONG_TAG => Some(r.read::<u64>()),
        _ => None,
    }
}

/// A `ubyte`.
#[inline(always)]
pub(crate) fn ubyte(r: &mut Reader<'_>, c: u8, at: usize) -> Result<u8, DecodeError> {
    match c {
        Encoded::UBYTE_TAG => r.read::<u8>(),
        _ => Err(mismatch("not a ubyte", at)),
    }
}

/// A `boolean` (`true`, `false`, or one octet that is 0 or 1).
#[inline(always)]
pub(crate) fn boolean(r: &mut Reader<'_>, c: u8, at: usize) -> Result<bool, DecodeError> {
    match c {
        Encoded::TRUE_TAG => Ok(true),
        Encoded::FALSE_TAG => Ok(false),
        Encoded::BOOLEAN_TAG => match r.read::<u8>()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(DecodeError::new(
                DecodeErrorKind::InvalidBool(other),
                at + 1,
            )),
        },
        _ => Err(mismatch("not a boolean", at)),
    }
}

/// A `timestamp`: milliseconds since the Unix epoch.
#[inline(always)]
pub(crate) fn timestamp(r: &mut Reader<'_>, c: u8, at: usize) -> Result<i64, DecodeError> {
    match c {
        Encoded::TIMESTAMP_TAG => r.read::<i64>(),
        _ => Err(mismatch("not a timestamp", at)),
    }
}

#[cold]
pub(crate) fn mismatch(why: &'static str, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
}

//! Reading msgpack values, accepting every valid width.

use super::marker::*;
use crate::error::{DecodeError, DecodeErrorKind};
use crate::reader::Reader;

/// The next marker byte and its offset.
#[inline]
fn marker(r: &mut Reader<'_>) -> Result<(u8, usize), DecodeError> {
    let at = r.offset();
    let [m] = *r.take_array()?;
    Ok((m, at))
}

#[cold]
fn wrong(expected: &'static str, marker: u8, at: usize) -> DecodeError {
    if marker == NEVER_USED {
        return DecodeError::new(
            DecodeErrorKind::InvalidValue("0xc1 is never used in msgpack"),
            at,
        );
    }
    DecodeError::new(DecodeErrorKind::WrongType { expected, marker }, at)
}

#[inline]
fn be<const N: usize>(r: &mut Reader<'_>) -> Result<[u8; N], DecodeError> {
    Ok(*r.take_array::<N>()?)
}

/// nil
#[inline]
pub fn read_nil(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    match marker(r)? {
        (NIL, _) => Ok(()),
        (m, at) => Err(wrong("nil", m, at)),
    }
}

/// Consumes a nil if one comes next; `Ok(false)` (nothing consumed) otherwise.
#[inline]
pub fn try_read_nil(r: &mut Reader<'_>) -> Result<bool, DecodeError> {
    if r.peek_u8()? == NIL {
        r.take(1)?;
        return Ok(true);
    }
    Ok(false)
}

/// true or false
#[inline]
pub fn read_bool(r: &mut Reader<'_>) -> Result<bool, DecodeError> {
    match marker(r)? {
        (FALSE, _) => Ok(false),
        (TRUE, _) => Ok(true),
        (m, at) => Err(wrong("bool", m, at)),
    }
}

/// An integer of any msgpack width, converted to `T`; a value that does not fit `T` is an error.
///
/// ```
/// use wire_runtime::{msgpack, Reader};
/// // 0 written as int 64, a valid non-minimal encoding
/// let mut r = Reader::new(&[0xd3, 0, 0, 0, 0, 0, 0, 0, 0]);
/// assert_eq!(msgpack::read_int::<u8>(&mut r)?, 0);
/// assert!(msgpack::read_int::<u8>(&mut Reader::new(&[0xcd, 0x01, 0x00])).is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[inline]
pub fn read_int<T: TryFrom<i128>>(r: &mut Reader<'_>) -> Result<T, DecodeError> {
    let (m, at) = marker(r)?;
    let value: i128 = match m {
        0x00..=0x7f => i128::from(m),
        0xe0..=0xff => i128::from(m as i8),
        U8 => i128::from(u8::from_be_bytes(be(r)?)),
        U16 => i128::from(u16::from_be_bytes(be(r)?)),
        U32 => i128::from(u32::from_be_bytes(be(r)?)),
        U64 => i128::from(u64::from_be_bytes(be(r)?)),
        I8 => i128::from(i8::from_be_bytes(be(r)?)),
        I16 => i128::from(i16::from_be_bytes(be(r)?)),
        I32 => i128::from(i32::from_be_bytes(be(r)?)),
        I64 => i128::from(i64::from_be_bytes(be(r)?)),
        m => return Err(wrong("integer", m, at)),
    };
    T::try_from(value).map_err(|_| {
        DecodeError::new(
            DecodeErrorKind::InvalidValue("integer out of range for the field"),
            at,
        )
    })
}

/// float 32
#[inline]
pub fn read_f32(r: &mut Reader<'_>) -> Result<f32, DecodeError> {
    match marker(r)? {
        (F32, _) => Ok(f32::from_be_bytes(be(r)?)),
        (m, at) => Err(wrong("float 32", m, at)),
    }
}

/// float 64, or float 32 widened.
#[inline]
pub fn read_f64(r: &mut Reader<'_>) -> Result<f64, DecodeError> {
    match marker(r)? {
        (F64, _) => Ok(f64::from_be_bytes(be(r)?)),
        (F32, _) => Ok(f64::from(f32::from_be_bytes(be(r)?))),
        (m, at) => Err(wrong("float", m, at)),
    }
}

/// Reads the 8/16/32-bit length that follows a marker.
#[inline]
fn len(r: &mut Reader<'_>, width: u8) -> Result<usize, DecodeError> {
    Ok(match width {
        1 => usize::from(u8::from_be_bytes(be(r)?)),
        2 => usize::from(u16::from_be_bytes(be(r)?)),
        _ => u32::from_be_bytes(be(r)?) as usize,
    })
}

/// A string of any width, borrowed and UTF-8 checked.
#[inline]
pub fn read_str<'de>(r: &mut Reader<'de>) -> Result<&'de str, DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        0xa0..=0xbf => usize::from(m & 0x1f),
        STR8 => len(r, 1)?,
        STR16 => len(r, 2)?,
        STR32 => len(r, 4)?,
        m => return Err(wrong("string", m, at)),
    };
    let start = r.offset();
    crate::__private::utf8(r.take(n)?, start)
}

/// Binary data of any width, borrowed.
#[inline]
pub fn read_bin<'de>(r: &mut Reader<'de>) -> Result<&'de [u8], DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        BIN8 => len(r, 1)?,
        BIN16 => len(r, 2)?,
        BIN32 => len(r, 4)?,
        m => return Err(wrong("binary", m, at)),
    };
    r.take(n)
}

/// An array header: the number of items that follow. A count larger than the bytes left (every
/// item takes at least one) is rejected before anything is allocated for it.
#[inline]
pub fn read_array_len(r: &mut Reader<'_>) -> Result<usize, DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        0x90..=0x9f => usize::from(m & 0x0f),
        ARRAY16 => len(r, 2)?,
        ARRAY32 => len(r, 4)?,
        m => return Err(wrong("array", m, at)),
    };
    r.check_count(n as u64, 1)
}

/// A map header: the number of key-value pairs that follow (each at least two bytes).
#[inline]
pub fn read_map_len(r: &mut Reader<'_>) -> Result<usize, DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        0x80..=0x8f => usize::from(m & 0x0f),
        MAP16 => len(r, 2)?,
        MAP32 => len(r, 4)?,
        m => return Err(wrong("map", m, at)),
    };
    r.check_count(n as u64, 2)
}

/// An extension value: its type and its data, borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtRef<'de> {
    /// Application types are 0..=127; negative types are reserved (-1 is the timestamp).
    pub ext_type: i8,
    /// The payload.
    pub data: &'de [u8],
}

/// An extension value of any width.
#[inline]
pub fn read_ext<'de>(r: &mut Reader<'de>) -> Result<ExtRef<'de>, DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        0xd4..=0xd8 => 1 << (m - 0xd4),
        EXT8 => len(r, 1)?,
        EXT16 => len(r, 2)?,
        EXT32 => len(r, 4)?,
        m => return Err(wrong("extension", m, at)),
    };
    let [t] = be::<1>(r)?;
    Ok(ExtRef {
        ext_type: t as i8,
        data: r.take(n)?,
    })
}

/// An extension value of type `ext_type`: a section over its data, for a binary layout decoded
/// inside it (the derive's `#[wire(ext = N)]`).
#[inline]
pub fn read_ext_section<'de>(
    r: &mut Reader<'de>,
    ext_type: i8,
) -> Result<Reader<'de>, DecodeError> {
    let (m, at) = marker(r)?;
    let n = match m {
        0xd4..=0xd8 => 1 << (m - 0xd4),
        EXT8 => len(r, 1)?,
        EXT16 => len(r, 2)?,
        EXT32 => len(r, 4)?,
        m => return Err(wrong("extension", m, at)),
    };
    let [t] = be::<1>(r)?;
    if t as i8 != ext_type {
        return Err(DecodeError::new(
            DecodeErrorKind::InvalidTag(u64::from(t)),
            at,
        ));
    }
    r.section(n)
}

/// A timestamp (extension type -1) in any of its three forms: `(seconds, nanoseconds)`.
#[inline]
pub fn read_timestamp(r: &mut Reader<'_>) -> Result<(i64, u32), DecodeError> {
    let at = r.offset();
    let ext = read_ext(r)?;
    let invalid = |why| DecodeError::new(DecodeErrorKind::InvalidValue(why), at);
    if ext.ext_type != super::TIMESTAMP_EXT {
        return Err(invalid("extension is not a timestamp"));
    }
    timestamp_from_data(ext.data).map_err(invalid)
}

/// The data of a timestamp extension as `(seconds, nanoseconds)`: 4, 8 or 12 bytes, the
/// nanoseconds below 10^9, as the msgpack specification defines them; otherwise why not.
///
/// ```
/// use wire_runtime::msgpack::timestamp_from_data;
///
/// assert_eq!(timestamp_from_data(&[0, 0, 0, 1]), Ok((1, 0)));
/// assert!(timestamp_from_data(&[0; 5]).is_err());
/// ```
pub fn timestamp_from_data(data: &[u8]) -> Result<(i64, u32), &'static str> {
    let (seconds, nanos) = match *data {
        [a, b, c, d] => (i64::from(u32::from_be_bytes([a, b, c, d])), 0),
        [a, b, c, d, e, f, g, h] => {
            let packed = u64::from_be_bytes([a, b, c, d, e, f, g, h]);
            ((packed & 0x3_ffff_ffff) as i64, (packed >> 34) as u32)
        }
        [a, b, c, d, ref rest @ ..] if rest.len() == 8 => {
            let mut secs = [0; 8];
            secs.copy_from_slice(rest);
            (i64::from_be_bytes(secs), u32::from_be_bytes([a, b, c, d]))
        }
        _ => return Err("timestamp of a length other than 4, 8 or 12"),
    };
    if nanos > 999_999_999 {
        return Err("timestamp nanoseconds above 999999999");
    }
    Ok((seconds, nanos))
}

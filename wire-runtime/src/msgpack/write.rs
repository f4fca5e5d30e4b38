//! Writing msgpack values in their smallest form.

use super::marker::*;
use crate::WireEncode;
use crate::error::{EncodeError, EncodeErrorKind};
use bytes::BufMut;

#[cold]
fn too_long(len: usize) -> EncodeError {
    EncodeError::new(EncodeErrorKind::LengthOverflow { len })
}

// Each value's marker and fixed-size payload go out in one `put_slice` of a stack array: one
// capacity check and one length update on a `Vec`, where `put_u8` then `put_u32` do each twice.

#[inline(always)]
fn put_marked_u8<B: BufMut + ?Sized>(buf: &mut B, marker: u8, value: u8) {
    buf.put_slice(&[marker, value]);
}

#[inline(always)]
fn put_marked_u16<B: BufMut + ?Sized>(buf: &mut B, marker: u8, value: u16) {
    let b = value.to_be_bytes();
    buf.put_slice(&[marker, b[0], b[1]]);
}

#[inline(always)]
fn put_marked_u32<B: BufMut + ?Sized>(buf: &mut B, marker: u8, value: u32) {
    let b = value.to_be_bytes();
    buf.put_slice(&[marker, b[0], b[1], b[2], b[3]]);
}

#[inline(always)]
fn put_marked_u64<B: BufMut + ?Sized>(buf: &mut B, marker: u8, value: u64) {
    let b = value.to_be_bytes();
    buf.put_slice(&[marker, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
}

/// nil
#[inline]
pub fn write_nil<B: BufMut + ?Sized>(buf: &mut B) {
    buf.put_u8(NIL);
}

/// true or false
#[inline]
pub fn write_bool<B: BufMut + ?Sized>(buf: &mut B, value: bool) {
    buf.put_u8(if value { TRUE } else { FALSE });
}

/// An unsigned integer: positive fixint, or uint 8/16/32/64.
#[inline(always)]
pub fn write_uint<B: BufMut + ?Sized>(buf: &mut B, value: u64) {
    match value {
        0..=0x7f => buf.put_u8(value as u8),
        0x80..=0xff => put_marked_u8(buf, U8, value as u8),
        0x100..=0xffff => put_marked_u16(buf, U16, value as u16),
        0x1_0000..=0xffff_ffff => put_marked_u32(buf, U32, value as u32),
        _ => put_marked_u64(buf, U64, value),
    }
}

/// A signed integer in its smallest form: non-negative values as unsigned, negative ones as
/// negative fixint or int 8/16/32/64.
#[inline(always)]
pub fn write_int<B: BufMut + ?Sized>(buf: &mut B, value: i64) {
    if value >= 0 {
        return write_uint(buf, value as u64);
    }
    match value {
        -32..=-1 => buf.put_u8(value as u8),
        // Two's complement: the low bytes of `value` are the narrower signed integer.
        -0x80..=-33 => put_marked_u8(buf, I8, value as u8),
        -0x8000..=-0x81 => put_marked_u16(buf, I16, value as u16),
        -0x8000_0000..=-0x8001 => put_marked_u32(buf, I32, value as u32),
        _ => put_marked_u64(buf, I64, value as u64),
    }
}

/// Bytes [`write_uint`] writes for `value`.
#[inline]
pub const fn uint_size(value: u64) -> usize {
    match value {
        0..=0x7f => 1,
        0x80..=0xff => 2,
        0x100..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}

/// Bytes [`write_int`] writes for `value`.
#[inline]
pub const fn int_size(value: i64) -> usize {
    if value >= 0 {
        return uint_size(value as u64);
    }
    match value {
        -32..=-1 => 1,
        -0x80..=-33 => 2,
        -0x8000..=-0x81 => 3,
        -0x8000_0000..=-0x8001 => 5,
        _ => 9,
    }
}

/// float 32
#[inline]
pub fn write_f32<B: BufMut + ?Sized>(buf: &mut B, value: f32) {
    put_marked_u32(buf, F32, value.to_bits());
}

/// float 64
#[inline]
pub fn write_f64<B: BufMut + ?Sized>(buf: &mut B, value: f64) {
    put_marked_u64(buf, F64, value.to_bits());
}

/// Writes a length header: the fix form when `len < fix_limit`, else 8/16/32-bit forms.
///
/// Always inlined: every caller passes constant `fix` and `markers`, which then fold away. As an
/// out-of-line function (what `#[inline]` got: it has five callers) it took them through
/// memory, tested them at run time and returned its `Result` through memory.
#[inline(always)]
fn write_header<B: BufMut + ?Sized>(
    buf: &mut B,
    len: usize,
    fix: Option<(u8, usize)>,
    markers: [Option<u8>; 3],
) -> Result<(), EncodeError> {
    if let Some((fix_marker, limit)) = fix {
        if len < limit {
            buf.put_u8(fix_marker | len as u8);
            return Ok(());
        }
    }
    match (len, markers) {
        (0..=0xff, [Some(m8), _, _]) => put_marked_u8(buf, m8, len as u8),
        (0..=0xffff, [_, Some(m16), _]) => put_marked_u16(buf, m16, len as u16),
        (0..=0xffff_ffff, [_, _, Some(m32)]) => put_marked_u32(buf, m32, len as u32),
        _ => return Err(too_long(len)),
    }
    Ok(())
}

#[inline]
const fn header_size(len: usize, fix_limit: usize, has8: bool) -> usize {
    if len < fix_limit {
        1
    } else if has8 && len <= 0xff {
        2
    } else if len <= 0xffff {
        3
    } else {
        5
    }
}

/// A string: fixstr, or str 8/16/32.
#[inline(always)]
pub fn write_str<B: BufMut + ?Sized>(buf: &mut B, value: &str) -> Result<(), EncodeError> {
    write_header(
        buf,
        value.len(),
        Some((0xa0, 32)),
        [Some(STR8), Some(STR16), Some(STR32)],
    )?;
    buf.put_slice(value.as_bytes());
    Ok(())
}

/// Bytes [`write_str`] writes for a string of `len` bytes.
#[inline]
pub const fn str_size(len: usize) -> usize {
    header_size(len, 32, true) + len
}

/// Binary data: bin 8/16/32.
#[inline]
pub fn write_bin<B: BufMut + ?Sized>(buf: &mut B, value: &[u8]) -> Result<(), EncodeError> {
    write_header(
        buf,
        value.len(),
        None,
        [Some(BIN8), Some(BIN16), Some(BIN32)],
    )?;
    buf.put_slice(value);
    Ok(())
}

/// Bytes [`write_bin`] writes for `len` bytes of data.
#[inline]
pub const fn bin_size(len: usize) -> usize {
    header_size(len, 0, true) + len
}

/// An array header: fixarray, or array 16/32; the items follow.
#[inline]
pub fn write_array_len<B: BufMut + ?Sized>(buf: &mut B, len: usize) -> Result<(), EncodeError> {
    write_header(
        buf,
        len,
        Some((0x90, 16)),
        [None, Some(ARRAY16), Some(ARRAY32)],
    )
}

/// Bytes of an array (or map) header for `len` items.
#[inline]
pub const fn array_len_size(len: usize) -> usize {
    header_size(len, 16, false)
}

/// A map header: fixmap, or map 16/32; the key-value pairs follow.
#[inline]
pub fn write_map_len<B: BufMut + ?Sized>(buf: &mut B, len: usize) -> Result<(), EncodeError> {
    write_header(buf, len, Some((0x80, 16)), [None, Some(MAP16), Some(MAP32)])
}

/// An extension value: fixext 1/2/4/8/16 when the data has that size, ext 8/16/32 otherwise.
#[inline]
pub fn write_ext<B: BufMut + ?Sized>(
    buf: &mut B,
    ext_type: i8,
    data: &[u8],
) -> Result<(), EncodeError> {
    write_ext_header(buf, ext_type, data.len())?;
    buf.put_slice(data);
    Ok(())
}

/// An extension value whose data is `value`'s encoding: what `#[wire(ext = N)]` writes.
///
/// A value of a fixed size that has a `fixext` form (1, 2, 4, 8 or 16 bytes, a UUID say) is
/// encoded on the stack behind its two header bytes and written with one `put_slice`, one
/// capacity check instead of two; the size is a constant, so the choice is made at compile
/// time.
///
/// ```
/// use wire_runtime::msgpack::write_ext_value;
///
/// let mut out = Vec::new();
/// write_ext_value(&mut out, 3, &0x0102_0304u32)?;
/// assert_eq!(out, [0xd6, 3, 1, 2, 3, 4]);
/// # Ok::<(), wire_runtime::EncodeError>(())
/// ```
#[inline]
pub fn write_ext_value<T: WireEncode + ?Sized, B: BufMut + ?Sized>(
    buf: &mut B,
    ext_type: i8,
    value: &T,
) -> Result<(), EncodeError> {
    // `encoded_len` of a fixed-size value is its constant: asked again, so that a value that
    // disagrees with its `FIXED_SIZE` takes the general path instead of overrunning.
    let fixext = match T::FIXED_SIZE {
        Some(len @ (1 | 2 | 4 | 8 | 16)) if value.encoded_len() == len => Some(len),
        _ => None,
    };
    if let Some(len) = fixext {
        let mut bytes = [0u8; 18];
        let (header, data) = bytes.split_at_mut(2);
        let mut unfilled = &mut data[..len];
        value.encode(&mut unfilled)?;
        if unfilled.is_empty() {
            write_ext_header(&mut &mut *header, ext_type, len)?;
            buf.put_slice(&bytes[..2 + len]);
            return Ok(());
        }
    }
    write_ext_header(buf, ext_type, value.encoded_len())?;
    value.encode(buf)
}

/// The header of an extension value whose `len` bytes of data the caller writes next.
#[inline]
pub fn write_ext_header<B: BufMut + ?Sized>(
    buf: &mut B,
    ext_type: i8,
    len: usize,
) -> Result<(), EncodeError> {
    let fixext = match len {
        1 => FIXEXT1,
        2 => FIXEXT1 + 1,
        4 => FIXEXT1 + 2,
        8 => FIXEXT1 + 3,
        16 => FIXEXT16,
        len => {
            write_header(buf, len, None, [Some(EXT8), Some(EXT16), Some(EXT32)])?;
            buf.put_i8(ext_type);
            return Ok(());
        }
    };
    put_marked_u8(buf, fixext, ext_type as u8);
    Ok(())
}

/// Bytes [`write_ext`] writes for `len` bytes of data.
#[inline]
pub const fn ext_size(len: usize) -> usize {
    match len {
        1 | 2 | 4 | 8 | 16 => 2 + len,
        _ => header_size(len, 0, true) + 1 + len,
    }
}

/// A timestamp (extension type -1) in its smallest form: 4 bytes (seconds fit 32 bits, no
/// nanoseconds), 8 bytes (seconds fit 34 bits), or 12 bytes. Nanoseconds above 999 999 999 are
/// an error.
#[inline]
pub fn write_timestamp<B: BufMut + ?Sized>(
    buf: &mut B,
    seconds: i64,
    nanos: u32,
) -> Result<(), EncodeError> {
    if nanos > 999_999_999 {
        return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange));
    }
    if seconds >= 0 && seconds >> 34 == 0 {
        let packed = (u64::from(nanos) << 34) | seconds as u64;
        if packed >> 32 == 0 {
            return write_ext(buf, super::TIMESTAMP_EXT, &(packed as u32).to_be_bytes());
        }
        return write_ext(buf, super::TIMESTAMP_EXT, &packed.to_be_bytes());
    }
    let mut data = [0u8; 12];
    data[..4].copy_from_slice(&nanos.to_be_bytes());
    data[4..].copy_from_slice(&seconds.to_be_bytes());
    write_ext(buf, super::TIMESTAMP_EXT, &data)
}

/// Bytes [`write_timestamp`] writes.
#[inline]
pub const fn timestamp_size(seconds: i64, nanos: u32) -> usize {
    if seconds >= 0 && seconds >> 34 == 0 {
        if nanos == 0 && seconds >> 32 == 0 {
            6
        } else {
            10
        }
    } else {
        15
    }
}

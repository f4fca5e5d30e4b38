//! [`Value`]: any msgpack value, decoded without knowing its type in advance (for dissectors and
//! for skipping unknown fields).

use super::marker::*;
use super::{read, write};
use crate::error::{DecodeError, EncodeError};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use alloc::vec::Vec;
use bytes::BufMut;

/// One msgpack value of any type, borrowing strings and binaries from the input. Nesting is
/// limited by the reader's depth limit, and counts by the bytes present.
///
/// ```
/// use wire_runtime::{decode, msgpack::Value};
///
/// let value: Value<'_> = decode(&[0x81, 0xa1, b'a', 0xa1, b'A'])?;
/// assert_eq!(value, Value::Map(vec![(Value::Str("a"), Value::Str("A"))]));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// nil
    Nil,
    /// true or false
    Bool(bool),
    /// A negative integer (any width).
    Int(i64),
    /// A non-negative integer (any width).
    UInt(u64),
    /// float 32
    F32(f32),
    /// float 64
    F64(f64),
    /// A string.
    Str(&'a str),
    /// Binary data.
    Bin(&'a [u8]),
    /// An array.
    Array(Vec<Value<'a>>),
    /// A map, pairs in wire order.
    Map(Vec<(Value<'a>, Value<'a>)>),
    /// An extension value: type and data.
    Ext(i8, &'a [u8]),
}

impl<'de: 'a, 'a> WireDecode<'de> for Value<'a> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let m = r.peek_u8()?;
        Ok(match m {
            NIL => {
                r.take(1)?;
                Value::Nil
            }
            FALSE | TRUE => Value::Bool(read::read_bool(r)?),
            0x00..=0x7f | U8 | U16 | U32 | U64 => Value::UInt(read::read_int(r)?),
            0xe0..=0xff | I8 | I16 | I32 | I64 => match read::read_int::<i64>(r)? {
                v if v >= 0 => Value::UInt(v as u64),
                v => Value::Int(v),
            },
            F32 => Value::F32(read::read_f32(r)?),
            F64 => Value::F64(read::read_f64(r)?),
            0xa0..=0xbf | STR8 | STR16 | STR32 => Value::Str(read::read_str(r)?),
            BIN8 | BIN16 | BIN32 => Value::Bin(read::read_bin(r)?),
            0x90..=0x9f | ARRAY16 | ARRAY32 => {
                let n = read::read_array_len(r)?;
                let mut items =
                    Vec::with_capacity(crate::__private::capacity_for_count::<Value<'a>>(n, r));
                for _ in 0..n {
                    items.push(r.nested(Value::decode)?);
                }
                Value::Array(items)
            }
            0x80..=0x8f | MAP16 | MAP32 => {
                let n = read::read_map_len(r)?;
                let mut pairs = Vec::with_capacity(crate::__private::capacity_for_count::<(
                    Value<'a>,
                    Value<'a>,
                )>(n, r));
                for _ in 0..n {
                    let key = r.nested(Value::decode)?;
                    let value = r.nested(Value::decode)?;
                    pairs.push((key, value));
                }
                Value::Map(pairs)
            }
            0xd4..=0xd8 | EXT8 | EXT16 | EXT32 => {
                let ext = read::read_ext(r)?;
                Value::Ext(ext.ext_type, ext.data)
            }
            // Only 0xc1 is left, the byte msgpack never uses.
            _ => {
                return Err(r.error(crate::DecodeErrorKind::InvalidValue(
                    "0xc1 is never used in msgpack",
                )));
            }
        })
    }
}

impl WireEncode for Value<'_> {
    fn encoded_len(&self) -> usize {
        match self {
            Value::Nil | Value::Bool(_) => 1,
            Value::Int(v) => write::int_size(*v),
            Value::UInt(v) => write::uint_size(*v),
            Value::F32(_) => 5,
            Value::F64(_) => 9,
            Value::Str(s) => write::str_size(s.len()),
            Value::Bin(b) => write::bin_size(b.len()),
            Value::Array(items) => {
                write::array_len_size(items.len())
                    + items.iter().map(Value::encoded_len).sum::<usize>()
            }
            Value::Map(pairs) => {
                write::array_len_size(pairs.len())
                    + pairs
                        .iter()
                        .map(|(k, v)| k.encoded_len() + v.encoded_len())
                        .sum::<usize>()
            }
            Value::Ext(_, data) => write::ext_size(data.len()),
        }
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self {
            Value::Nil => write::write_nil(buf),
            Value::Bool(v) => write::write_bool(buf, *v),
            Value::Int(v) => write::write_int(buf, *v),
            Value::UInt(v) => write::write_uint(buf, *v),
            Value::F32(v) => write::write_f32(buf, *v),
            Value::F64(v) => write::write_f64(buf, *v),
            Value::Str(s) => write::write_str(buf, s)?,
            Value::Bin(b) => write::write_bin(buf, b)?,
            Value::Array(items) => {
                write::write_array_len(buf, items.len())?;
                for item in items {
                    item.encode(buf)?;
                }
            }
            Value::Map(pairs) => {
                write::write_map_len(buf, pairs.len())?;
                for (k, v) in pairs {
                    k.encode(buf)?;
                    v.encode(buf)?;
                }
            }
            Value::Ext(t, data) => write::write_ext(buf, *t, data)?,
        }
        Ok(())
    }
}

impl<'de: 'a, 'a> super::MsgPackDecode<'de> for Value<'a> {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Value::decode(r)
    }
}

impl super::MsgPackEncode for Value<'_> {
    #[inline]
    fn msgpack_len(&self) -> usize {
        self.encoded_len()
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.encode(buf)
    }
}

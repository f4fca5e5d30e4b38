//! [`MsgPackEncode`] / [`MsgPackDecode`]: a Rust type as one msgpack value, used by the derive's
//! msgpack mode (`#[wire(msgpack)]`) for each field.

use super::{read, write};
use crate::error::{DecodeError, EncodeError};
use crate::reader::Reader;
use alloc::string::String;
use alloc::vec::Vec;
use bytes::{BufMut, Bytes};

/// A type written as msgpack value(s).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no msgpack encoding",
    label = "`{Self}` does not implement `MsgPackEncode`",
    note = "integers, floats, bool, strings, `&[u8]`/`Bytes` (bin), `Option` (nil), `Vec` (array) and `#[wire(msgpack)]` types are msgpack values; carry a binary layout in an extension with `#[wire(ext = N)]`"
)]
pub trait MsgPackEncode {
    /// The exact number of bytes [`MsgPackEncode::encode_msgpack`] writes.
    fn msgpack_len(&self) -> usize;

    /// Writes the value in its smallest msgpack form.
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError>;
}

/// A type read from msgpack value(s), borrowed for `'de`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no msgpack decoding",
    label = "`{Self}` does not implement `MsgPackDecode`",
    note = "integers, floats, bool, strings, `&[u8]`/`Bytes` (bin), `Option` (nil), `Vec` (array) and `#[wire(msgpack)]` types are msgpack values; carry a binary layout in an extension with `#[wire(ext = N)]`"
)]
pub trait MsgPackDecode<'de>: Sized {
    /// Reads the value, accepting every valid msgpack width.
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError>;
}

macro_rules! int {
    ($($ty:ty),*) => {$(
        impl MsgPackEncode for $ty {
            #[inline]
            fn msgpack_len(&self) -> usize {
                write::int_size(*self as i64)
            }

            #[inline]
            fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                write::write_int(buf, *self as i64);
                Ok(())
            }
        }

        impl<'de> MsgPackDecode<'de> for $ty {
            #[inline]
            fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                read::read_int(r)
            }
        }
    )*};
}

int!(i8, i16, i32, i64, u8, u16, u32);

/// Scalars with a writer of their own: size of the encoding, writer, reader.
macro_rules! scalar {
    ($($ty:ty => $size:expr, $write:path, $read:path;)*) => {$(
        impl MsgPackEncode for $ty {
            #[inline]
            fn msgpack_len(&self) -> usize {
                let size: fn($ty) -> usize = $size;
                size(*self)
            }

            #[inline]
            fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                $write(buf, *self);
                Ok(())
            }
        }

        impl<'de> MsgPackDecode<'de> for $ty {
            #[inline]
            fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                $read(r)
            }
        }
    )*};
}

scalar! {
    u64 => write::uint_size, write::write_uint, read::read_int;
    bool => |_| 1, write::write_bool, read::read_bool;
    f32 => |_| 5, write::write_f32, read::read_f32;
    f64 => |_| 9, write::write_f64, read::read_f64;
}

impl MsgPackEncode for str {
    #[inline]
    fn msgpack_len(&self) -> usize {
        write::str_size(self.len())
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_str(buf, self)
    }
}

impl<'de: 'a, 'a> MsgPackDecode<'de> for &'a str {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read::read_str(r)
    }
}

impl MsgPackEncode for String {
    #[inline]
    fn msgpack_len(&self) -> usize {
        self.as_str().msgpack_len()
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.as_str().encode_msgpack(buf)
    }
}

impl<'de> MsgPackDecode<'de> for String {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read::read_str(r).map(String::from)
    }
}

/// Binary data (bin 8/16/32).
impl MsgPackEncode for [u8] {
    #[inline]
    fn msgpack_len(&self) -> usize {
        write::bin_size(self.len())
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_bin(buf, self)
    }
}

impl<'de: 'a, 'a> MsgPackDecode<'de> for &'a [u8] {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read::read_bin(r)
    }
}

/// Binary data, zero-copy when decoding from `Bytes`.
impl MsgPackEncode for Bytes {
    #[inline]
    fn msgpack_len(&self) -> usize {
        write::bin_size(self.len())
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_bin(buf, self)
    }
}

impl<'de> MsgPackDecode<'de> for Bytes {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let data = read::read_bin(r)?;
        Ok(r.bytes_of(data))
    }
}

impl<T: MsgPackEncode + ?Sized> MsgPackEncode for &T {
    #[inline]
    fn msgpack_len(&self) -> usize {
        (**self).msgpack_len()
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        (**self).encode_msgpack(buf)
    }
}

/// `None` is nil.
impl<T: MsgPackEncode> MsgPackEncode for Option<T> {
    #[inline]
    fn msgpack_len(&self) -> usize {
        self.as_ref().map_or(1, T::msgpack_len)
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self {
            Some(value) => value.encode_msgpack(buf),
            None => {
                write::write_nil(buf);
                Ok(())
            }
        }
    }
}

impl<'de, T: MsgPackDecode<'de>> MsgPackDecode<'de> for Option<T> {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if read::try_read_nil(r)? {
            Ok(None)
        } else {
            T::decode_msgpack(r).map(Some)
        }
    }
}

/// A msgpack array.
impl<T: MsgPackEncode> MsgPackEncode for Vec<T> {
    #[inline]
    fn msgpack_len(&self) -> usize {
        write::array_len_size(self.len()) + self.iter().map(T::msgpack_len).sum::<usize>()
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_array_len(buf, self.len())?;
        self.iter().try_for_each(|item| item.encode_msgpack(buf))
    }
}

impl<'de, T: MsgPackDecode<'de>> MsgPackDecode<'de> for Vec<T> {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = read::read_array_len(r)?;
        let mut items = Vec::with_capacity(crate::__private::capacity_for_count::<T>(n, r));
        for _ in 0..n {
            items.push(r.nested(T::decode_msgpack)?);
        }
        Ok(items)
    }
}

/// A msgpack timestamp (extension type -1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Timestamp {
    /// Seconds since the Unix epoch.
    pub seconds: i64,
    /// Nanoseconds, at most 999 999 999.
    pub nanos: u32,
}

impl MsgPackEncode for Timestamp {
    #[inline]
    fn msgpack_len(&self) -> usize {
        write::timestamp_size(self.seconds, self.nanos)
    }

    #[inline]
    fn encode_msgpack<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_timestamp(buf, self.seconds, self.nanos)
    }
}

impl<'de> MsgPackDecode<'de> for Timestamp {
    #[inline]
    fn decode_msgpack(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let (seconds, nanos) = read::read_timestamp(r)?;
        Ok(Timestamp { seconds, nanos })
    }
}

//! [`BinEncode`] / [`BinDecode`]: byte containers written as msgpack bin whatever their Rust
//! type, for the derive's `#[wire(bin)]` (a `Vec<u8>` is otherwise an array of integers).

use super::{read, write};
use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::reader::Reader;
use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec::Vec;
use bytes::{BufMut, Bytes};

/// A byte container written as one msgpack bin value (`None` as nil).
///
/// ```
/// use wire_runtime::{WireDecode, WireEncode, decode};
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// #[wire(msgpack)]
/// struct Blob {
///     #[wire(bin)]
///     data: Vec<u8>,
///     #[wire(bin)]
///     id: [u8; 2],
/// }
///
/// let blob = Blob { data: vec![1, 2], id: [3, 4] };
/// let bytes = blob.encode_to_vec()?;
/// assert_eq!(bytes, [0xc4, 2, 1, 2, 0xc4, 2, 3, 4]);
/// assert_eq!(decode::<Blob>(&bytes)?, blob);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written as msgpack bin",
    label = "`#[wire(bin)]` needs a byte container",
    note = "`#[wire(bin)]` applies to `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>`, `Bytes` and `Option`s of them"
)]
pub trait BinEncode {
    /// The exact number of bytes [`BinEncode::encode_bin`] writes.
    fn bin_len(&self) -> usize;

    /// Writes the bytes in the smallest bin form.
    fn encode_bin<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError>;
}

/// A byte container read from one msgpack bin value of any width.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from msgpack bin",
    label = "`#[wire(bin)]` needs a byte container",
    note = "`#[wire(bin)]` applies to `Vec<u8>`, `Box<[u8]>`, `[u8; N]`, `&[u8]`, `Cow<[u8]>`, `Bytes` and `Option`s of them"
)]
pub trait BinDecode<'de>: Sized {
    /// Reads the value.
    fn decode_bin(r: &mut Reader<'de>) -> Result<Self, DecodeError>;
}

macro_rules! bytes_like {
    ($($ty:ty => |$data:ident, $r:ident| $from:expr;)*) => {$(
        impl<'a> BinEncode for $ty {
            #[inline]
            fn bin_len(&self) -> usize {
                write::bin_size(self.len())
            }

            #[inline]
            fn encode_bin<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                write::write_bin(buf, &self[..])
            }
        }

        impl<'de: 'a, 'a> BinDecode<'de> for $ty {
            #[inline]
            fn decode_bin($r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                let $data = read::read_bin($r)?;
                Ok($from)
            }
        }
    )*};
}

bytes_like! {
    Vec<u8> => |data, r| data.to_vec();
    Box<[u8]> => |data, r| data.into();
    Bytes => |data, r| r.bytes_of(data);
    &'a [u8] => |data, r| data;
    Cow<'a, [u8]> => |data, r| Cow::Borrowed(data);
}

/// Exactly `N` bytes: a bin of another length is an error.
impl<const N: usize> BinEncode for [u8; N] {
    #[inline]
    fn bin_len(&self) -> usize {
        write::bin_size(N)
    }

    #[inline]
    fn encode_bin<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        write::write_bin(buf, self)
    }
}

impl<'de, const N: usize> BinDecode<'de> for [u8; N] {
    #[inline]
    fn decode_bin(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset();
        read::read_bin(r)?.try_into().map_err(|_| {
            DecodeError::new(DecodeErrorKind::InvalidValue("bin of the wrong length"), at)
        })
    }
}

/// `None` is nil.
impl<T: BinEncode> BinEncode for Option<T> {
    #[inline]
    fn bin_len(&self) -> usize {
        self.as_ref().map_or(1, T::bin_len)
    }

    #[inline]
    fn encode_bin<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self {
            Some(value) => value.encode_bin(buf),
            None => {
                write::write_nil(buf);
                Ok(())
            }
        }
    }
}

impl<'de, T: BinDecode<'de>> BinDecode<'de> for Option<T> {
    #[inline]
    fn decode_bin(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if read::try_read_nil(r)? {
            Ok(None)
        } else {
            T::decode_bin(r).map(Some)
        }
    }
}

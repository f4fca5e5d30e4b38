//! Integers, floats and `bool`: fixed-size big-endian values.

use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use bytes::BufMut;

macro_rules! fixed_number {
    ($($ty:ty),*) => {$(
        impl<'de> WireDecode<'de> for $ty {
            const FIXED_SIZE: Option<usize> = Some(size_of::<$ty>());

            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                Ok(<$ty>::from_be_bytes(*r.take_array()?))
            }
        }

        impl WireEncode for $ty {
            const FIXED_SIZE: Option<usize> = Some(size_of::<$ty>());

            #[inline]
            fn encoded_len(&self) -> usize {
                size_of::<$ty>()
            }

            #[inline]
            fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                buf.put_slice(&self.to_be_bytes());
                Ok(())
            }
        }
    )*};
}

fixed_number!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, f32, f64);

impl<'de> WireDecode<'de> for bool {
    const FIXED_SIZE: Option<usize> = Some(1);

    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset();
        let [byte] = *r.take_array()?;
        bool_from_byte(byte, at)
    }
}

impl WireEncode for bool {
    const FIXED_SIZE: Option<usize> = Some(1);

    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_u8(u8::from(*self));
        Ok(())
    }
}

/// Rejects anything but 0 and 1 (used by the `bool` impl and by generated runs).
#[inline]
pub(crate) fn bool_from_byte(byte: u8, offset: usize) -> Result<bool, DecodeError> {
    match byte {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(DecodeError::new(
            DecodeErrorKind::InvalidBool(other),
            offset,
        )),
    }
}

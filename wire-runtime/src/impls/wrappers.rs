//! `Option`, `Box`, references, `()`, `PhantomData` and `bytes::Bytes`.

use crate::error::{DecodeError, EncodeError};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use alloc::boxed::Box;
use bytes::{BufMut, Bytes};
use core::marker::PhantomData;

/// An optional trailing value: `None` when the section is already exhausted, and nothing is
/// written for `None`. For presence decided by a flag, use `#[wire(if = ...)]`.
impl<'de, T: WireDecode<'de>> WireDecode<'de> for Option<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.is_empty() {
            Ok(None)
        } else {
            T::decode(r).map(Some)
        }
    }
}

impl<T: WireEncode> WireEncode for Option<T> {
    #[inline]
    fn encoded_len(&self) -> usize {
        self.as_ref().map_or(0, T::encoded_len)
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match self {
            Some(value) => value.encode(buf),
            None => Ok(()),
        }
    }
}

impl<'de, T: WireDecode<'de>> WireDecode<'de> for Box<T> {
    const FIXED_SIZE: Option<usize> = T::FIXED_SIZE;

    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.nested(|r| T::decode(r).map(Box::new))
    }

    #[inline]
    fn decode_spanned(
        r: &mut Reader<'de>,
        spans: &mut crate::spans::Spans,
    ) -> Result<Self, DecodeError> {
        r.nested(|r| T::decode_spanned(r, spans).map(Box::new))
    }
}

impl<T: WireEncode + ?Sized> WireEncode for Box<T> {
    const FIXED_SIZE: Option<usize> = T::FIXED_SIZE;

    #[inline]
    fn encoded_len(&self) -> usize {
        (**self).encoded_len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        (**self).encode(buf)
    }
}

impl<T: WireEncode + ?Sized> WireEncode for &T {
    const FIXED_SIZE: Option<usize> = T::FIXED_SIZE;

    #[inline]
    fn encoded_len(&self) -> usize {
        (**self).encoded_len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        (**self).encode(buf)
    }
}

impl<'de> WireDecode<'de> for () {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline]
    fn decode(_: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Ok(())
    }
}

impl WireEncode for () {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline]
    fn encoded_len(&self) -> usize {
        0
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, _: &mut B) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl<'de, T: ?Sized> WireDecode<'de> for PhantomData<T> {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline]
    fn decode(_: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Ok(PhantomData)
    }
}

impl<T: ?Sized> WireEncode for PhantomData<T> {
    const FIXED_SIZE: Option<usize> = Some(0);

    #[inline]
    fn encoded_len(&self) -> usize {
        0
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, _: &mut B) -> Result<(), EncodeError> {
        Ok(())
    }
}

/// The rest of the section as a `Bytes`: a zero-copy slice when decoding with
/// [`Reader::from_bytes`] (see [`crate::decode_bytes`]), a copy otherwise.
impl<'de> WireDecode<'de> for Bytes {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let rest = r.take_rest();
        Ok(r.bytes_of(rest))
    }
}

impl WireEncode for Bytes {
    #[inline]
    fn encoded_len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_slice(self);
        Ok(())
    }
}

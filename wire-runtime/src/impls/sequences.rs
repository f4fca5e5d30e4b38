//! Byte strings, strings, arrays, vectors, maps and tuples.
//!
//! Unsized layouts take the rest of the reader's section; a length or count prefix is declared on
//! the field (`#[wire(len = u16)]`, `#[wire(count = i32)]`) and handled by the derive.

use crate::error::{DecodeError, DecodeErrorKind, EncodeError};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use bytes::BufMut;

impl<'de: 'a, 'a> WireDecode<'de> for &'a [u8] {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Ok(r.take_rest())
    }
}

impl WireEncode for [u8] {
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

impl<'de: 'a, 'a> WireDecode<'de> for &'a str {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset();
        crate::__private::utf8(r.take_rest(), at)
    }
}

impl WireEncode for str {
    #[inline]
    fn encoded_len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_slice(self.as_bytes());
        Ok(())
    }
}

impl<'de> WireDecode<'de> for String {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        <&str>::decode(r).map(String::from)
    }
}

impl WireEncode for String {
    #[inline]
    fn encoded_len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_slice(self.as_bytes());
        Ok(())
    }
}

impl<'de, T: WireDecode<'de>, const N: usize> WireDecode<'de> for [T; N] {
    const FIXED_SIZE: Option<usize> = match T::FIXED_SIZE {
        Some(size) => Some(size * N),
        None => None,
    };

    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut failure = None;
        let items: [Option<T>; N] = core::array::from_fn(|_| match failure {
            Some(_) => None,
            None => T::decode(r).map_err(|e| failure = Some(e)).ok(),
        });
        match failure {
            Some(e) => Err(e),
            // Every element is `Some` when no decode failed.
            None => Ok(items.map(|item| item.expect("decoded element"))),
        }
    }
}

impl<T: WireEncode, const N: usize> WireEncode for [T; N] {
    const FIXED_SIZE: Option<usize> = match T::FIXED_SIZE {
        Some(size) => Some(size * N),
        None => None,
    };

    #[inline]
    fn encoded_len(&self) -> usize {
        self.iter().map(T::encoded_len).sum()
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.iter().try_for_each(|item| item.encode(buf))
    }
}

/// Elements back to back until the end of the section.
impl<'de, T: WireDecode<'de>> WireDecode<'de> for Vec<T> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut items = Vec::with_capacity(match T::FIXED_SIZE {
            Some(size) if size > 0 => r.remaining() / size,
            _ => 0,
        });
        while !r.is_empty() {
            items.push(crate::__private::decode_progressing(r, T::decode)?);
        }
        Ok(items)
    }
}

impl<T: WireEncode> WireEncode for Vec<T> {
    #[inline]
    fn encoded_len(&self) -> usize {
        match T::FIXED_SIZE {
            Some(size) => size * self.len(),
            None => self.iter().map(T::encoded_len).sum(),
        }
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.iter().try_for_each(|item| item.encode(buf))
    }
}

/// Key-value pairs back to back until the end of the section; a repeated key is an error.
impl<'de, K: WireDecode<'de> + Ord, V: WireDecode<'de>> WireDecode<'de> for BTreeMap<K, V> {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut map = BTreeMap::new();
        while !r.is_empty() {
            let at = r.offset();
            let (key, value) = crate::__private::decode_progressing(r, <(K, V)>::decode)?;
            if map.insert(key, value).is_some() {
                return Err(DecodeError::new(DecodeErrorKind::DuplicateKey, at));
            }
        }
        Ok(map)
    }
}

impl<K: WireEncode, V: WireEncode> WireEncode for BTreeMap<K, V> {
    fn encoded_len(&self) -> usize {
        self.iter()
            .map(|(k, v)| k.encoded_len() + v.encoded_len())
            .sum()
    }

    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        self.iter().try_for_each(|(k, v)| {
            k.encode(buf)?;
            v.encode(buf)
        })
    }
}

#[cfg(feature = "std")]
mod hash_map {
    use super::*;
    use core::hash::{BuildHasher, Hash};
    use std::collections::HashMap;

    /// Key-value pairs back to back until the end of the section; a repeated key is an error.
    impl<'de, K, V, S> WireDecode<'de> for HashMap<K, V, S>
    where
        K: WireDecode<'de> + Eq + Hash,
        V: WireDecode<'de>,
        S: BuildHasher + Default,
    {
        fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
            let mut map = HashMap::default();
            while !r.is_empty() {
                let at = r.offset();
                let (key, value) = crate::__private::decode_progressing(r, <(K, V)>::decode)?;
                if map.insert(key, value).is_some() {
                    return Err(DecodeError::new(DecodeErrorKind::DuplicateKey, at));
                }
            }
            Ok(map)
        }
    }

    impl<K: WireEncode, V: WireEncode, S> WireEncode for HashMap<K, V, S> {
        fn encoded_len(&self) -> usize {
            self.iter()
                .map(|(k, v)| k.encoded_len() + v.encoded_len())
                .sum()
        }

        fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
            self.iter().try_for_each(|(k, v)| {
                k.encode(buf)?;
                v.encode(buf)
            })
        }
    }
}

macro_rules! tuple {
    ($($name:ident)+) => {
        impl<'de, $($name: WireDecode<'de>),+> WireDecode<'de> for ($($name,)+) {
            const FIXED_SIZE: Option<usize> = crate::__private::sum_fixed(&[$($name::FIXED_SIZE),+]);

            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                Ok(($($name::decode(r)?,)+))
            }
        }

        impl<$($name: WireEncode),+> WireEncode for ($($name,)+) {
            const FIXED_SIZE: Option<usize> = crate::__private::sum_fixed(&[$($name::FIXED_SIZE),+]);

            #[inline]
            #[allow(non_snake_case)]
            fn encoded_len(&self) -> usize {
                let ($($name,)+) = self;
                0 $(+ $name.encoded_len())+
            }

            #[inline]
            #[allow(non_snake_case)]
            fn encode<BUF: BufMut + ?Sized>(&self, buf: &mut BUF) -> Result<(), EncodeError> {
                let ($($name,)+) = self;
                $($name.encode(buf)?;)+
                Ok(())
            }
        }
    };
}

tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);

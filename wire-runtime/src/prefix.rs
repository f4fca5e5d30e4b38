//! Length and count prefixes, as declared by `#[wire(len = u16)]` or `#[wire(count = i32)]`.

use crate::error::{DecodeError, EncodeError, EncodeErrorKind, ErrorKind};
use crate::reader::Reader;
use crate::varint::{VarInt, Vbi};
use bytes::BufMut;
use core::marker::PhantomData;

/// Byte order of a fixed-width integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteOrder {
    /// Network order, the default.
    Big,
    /// Least significant byte first.
    Little,
}

/// A type that can prefix a length or a count: `u8`..`u64`, `i8`..`i64`, [`Vbi`], [`VarInt`],
/// and the odd widths [`U24`](crate::U24), [`U40`](crate::U40), [`U48`](crate::U48),
/// [`U56`](crate::U56).
///
/// Signed prefixes reject negative values, except that `-1` means null on fields declared
/// `nullable` (RabbitMQ Stream strings and byte arrays).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a length prefix",
    note = "length prefixes are u8, u16, u24, u32, u40, u48, u56, u64, i8, i16, i32, i64, vbi or varint"
)]
pub trait LenPrefix: Copy {
    /// Reads a length; negative values are errors.
    fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError>;

    /// Reads a length where `-1` means null (`None`); other negative values are errors. A
    /// prefix that cannot hold -1 (an unsigned one) has no null: every value is a length.
    #[inline]
    fn read_nullable_len(
        r: &mut Reader<'_>,
        order: ByteOrder,
    ) -> Result<Option<usize>, DecodeError> {
        Self::read_len(r, order).map(Some)
    }

    /// Writes `len`, or fails if it does not fit.
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        order: ByteOrder,
    ) -> Result<(), EncodeError>;

    /// Writes the null marker `-1` (a signed prefix's all-ones value).
    fn write_null<B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder);

    /// The encoded size of the prefix holding `len`.
    fn len_size(len: usize) -> usize;
}

#[cold]
fn negative(value: i64, at: usize) -> DecodeError {
    DecodeError::new(ErrorKind::NegativeLength(value), at)
}

#[cold]
fn overflow(len: usize) -> EncodeError {
    EncodeError::new(EncodeErrorKind::LengthOverflow { len })
}

#[inline(always)]
fn read_fixed<const N: usize>(
    r: &mut Reader<'_>,
    order: ByteOrder,
) -> Result<[u8; N], DecodeError> {
    let bytes = *r.take_array::<N>()?;
    Ok(match order {
        ByteOrder::Big => bytes,
        ByteOrder::Little => {
            let mut reversed = bytes;
            reversed.reverse();
            reversed
        }
    })
}

#[inline(always)]
fn put_ordered<B: BufMut + ?Sized, const N: usize>(
    buf: &mut B,
    be_bytes: [u8; N],
    order: ByteOrder,
) {
    match order {
        ByteOrder::Big => buf.put_slice(&be_bytes),
        ByteOrder::Little => {
            let mut reversed = be_bytes;
            reversed.reverse();
            buf.put_slice(&reversed);
        }
    }
}

macro_rules! unsigned_prefix {
    ($($ty:ty),*) => {$(
        impl LenPrefix for $ty {
            #[inline]
            fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
                let value = <$ty>::from_be_bytes(read_fixed(r, order)?);
                // Lengths beyond the address space cannot fit any input: saturate and let the
                // bounds check report them.
                Ok(usize::try_from(value).unwrap_or(usize::MAX))
            }

            #[inline]
            fn write_len<B: BufMut + ?Sized>(buf: &mut B, len: usize, order: ByteOrder) -> Result<(), EncodeError> {
                let value = <$ty>::try_from(len).map_err(|_| overflow(len))?;
                put_ordered(buf, value.to_be_bytes(), order);
                Ok(())
            }

            #[inline]
            fn write_null<B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder) {
                put_ordered(buf, <$ty>::MAX.to_be_bytes(), order);
            }

            #[inline]
            fn len_size(_: usize) -> usize {
                size_of::<$ty>()
            }
        }
    )*};
}

macro_rules! signed_prefix {
    ($($ty:ty),*) => {$(
        impl LenPrefix for $ty {
            #[inline]
            fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
                let value = <$ty>::from_be_bytes(read_fixed(r, order)?);
                match usize::try_from(value) {
                    Ok(len) => Ok(len),
                    Err(_) => Err(negative(value as i64, r.offset() - size_of::<$ty>())),
                }
            }

            #[inline]
            fn read_nullable_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<Option<usize>, DecodeError> {
                let value = <$ty>::from_be_bytes(read_fixed(r, order)?);
                match usize::try_from(value) {
                    Ok(len) => Ok(Some(len)),
                    Err(_) if value == -1 => Ok(None),
                    Err(_) => Err(negative(value as i64, r.offset() - size_of::<$ty>())),
                }
            }

            #[inline]
            fn write_len<B: BufMut + ?Sized>(buf: &mut B, len: usize, order: ByteOrder) -> Result<(), EncodeError> {
                let value = <$ty>::try_from(len).map_err(|_| overflow(len))?;
                put_ordered(buf, value.to_be_bytes(), order);
                Ok(())
            }

            #[inline]
            fn write_null<B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder) {
                put_ordered(buf, (-1 as $ty).to_be_bytes(), order);
            }

            #[inline]
            fn len_size(_: usize) -> usize {
                size_of::<$ty>()
            }
        }
    )*};
}

unsigned_prefix!(u8, u16, u32, u64);
signed_prefix!(i8, i16, i32, i64);

impl LenPrefix for Vbi {
    #[inline]
    fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
        Ok(r.read::<Vbi>()?.0 as usize)
    }

    #[inline]
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        match u32::try_from(len) {
            Ok(value) if value <= Vbi::MAX => crate::WireEncode::encode(&Vbi(value), buf),
            _ => Err(overflow(len)),
        }
    }

    #[inline]
    fn write_null<B: BufMut + ?Sized>(buf: &mut B, _: ByteOrder) {
        buf.put_u8(0);
    }

    #[inline]
    fn len_size(len: usize) -> usize {
        Vbi::size_of(u32::try_from(len).unwrap_or(u32::MAX))
    }
}

impl LenPrefix for VarInt {
    #[inline]
    fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
        Ok(usize::try_from(r.read::<VarInt>()?.0).unwrap_or(usize::MAX))
    }

    #[inline]
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        crate::WireEncode::encode(&VarInt(len as u64), buf)
    }

    #[inline]
    fn write_null<B: BufMut + ?Sized>(buf: &mut B, _: ByteOrder) {
        buf.put_u8(0);
    }

    #[inline]
    fn len_size(len: usize) -> usize {
        VarInt::size_of(len as u64)
    }
}

/// A prefix that holds the length plus `BIAS`: compact encodings write `N + 1` so that 0 can
/// mean null (Kafka's compact strings and arrays, over an unsigned varint). Declared as
/// `#[wire(len = varint + 1)]`; with `nullable`, the value `BIAS - 1` (a length of -1) is
/// `None`.
///
/// ```
/// use wire_runtime::{Biased, ByteOrder, LenPrefix, Reader, VarInt};
///
/// type Compact = Biased<VarInt, 1>;
/// let mut r = Reader::new(&[4, 0]);
/// assert_eq!(Compact::read_len(&mut r, ByteOrder::Big)?, 3);
/// assert_eq!(Compact::read_nullable_len(&mut r, ByteOrder::Big)?, None);
/// let mut out = Vec::new();
/// Compact::write_len(&mut out, 3, ByteOrder::Big).unwrap();
/// Compact::write_null(&mut out, ByteOrder::Big);
/// assert_eq!(out, [4, 0]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub struct Biased<P, const BIAS: usize>(PhantomData<P>);

impl<P, const BIAS: usize> Clone for Biased<P, BIAS> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, const BIAS: usize> Copy for Biased<P, BIAS> {}

impl<P, const BIAS: usize> core::fmt::Debug for Biased<P, BIAS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Biased<{}, {BIAS}>", core::any::type_name::<P>())
    }
}

impl<P: LenPrefix, const BIAS: usize> Biased<P, BIAS> {
    #[cold]
    fn below_bias(at: usize) -> DecodeError {
        DecodeError::new(
            ErrorKind::InvalidValue("length below its prefix's bias"),
            at,
        )
    }
}

impl<P: LenPrefix, const BIAS: usize> LenPrefix for Biased<P, BIAS> {
    #[inline]
    fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
        let at = r.offset();
        let raw = P::read_len(r, order)?;
        raw.checked_sub(BIAS).ok_or_else(|| Self::below_bias(at))
    }

    #[inline]
    fn read_nullable_len(
        r: &mut Reader<'_>,
        order: ByteOrder,
    ) -> Result<Option<usize>, DecodeError> {
        let at = r.offset();
        let raw = P::read_len(r, order)?;
        match raw.checked_sub(BIAS) {
            Some(len) => Ok(Some(len)),
            None if raw + 1 == BIAS => Ok(None),
            None => Err(Self::below_bias(at)),
        }
    }

    #[inline]
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        order: ByteOrder,
    ) -> Result<(), EncodeError> {
        let raw = len.checked_add(BIAS).ok_or_else(|| overflow(len))?;
        P::write_len(buf, raw, order).map_err(|_| overflow(len))
    }

    #[inline]
    fn write_null<B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder) {
        // A length of -1: the one value below the bias that means something. Any prefix
        // holds it (the derive only biases by 1 or more).
        let _ = P::write_len(buf, BIAS.saturating_sub(1), order);
    }

    #[inline]
    fn len_size(len: usize) -> usize {
        P::len_size(len.saturating_add(BIAS))
    }
}

/// Reads a length or count prefix; negative values are errors.
#[inline(always)]
pub fn read_len<P: LenPrefix>(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
    P::read_len(r, order)
}

/// Reads a length prefix where `-1` means null (`None`); other negative values are errors.
#[inline(always)]
pub fn read_nullable_len<P: LenPrefix>(
    r: &mut Reader<'_>,
    order: ByteOrder,
) -> Result<Option<usize>, DecodeError> {
    P::read_nullable_len(r, order)
}

/// Writes `len` as a prefix of type `P`, or fails if it does not fit.
#[inline(always)]
pub fn write_len<P: LenPrefix, B: BufMut + ?Sized>(
    buf: &mut B,
    len: usize,
    order: ByteOrder,
) -> Result<(), EncodeError> {
    P::write_len(buf, len, order)
}

/// Writes the null marker `-1` as a prefix of type `P`.
#[inline(always)]
pub fn write_null<P: LenPrefix, B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder) {
    P::write_null(buf, order);
}

/// The encoded size of a prefix of type `P` holding `len`.
#[inline(always)]
pub fn len_size<P: LenPrefix>(len: usize) -> usize {
    P::len_size(len)
}

/// The encoded size of the null marker.
#[inline(always)]
pub fn null_size<P: LenPrefix>() -> usize {
    P::len_size(0)
}

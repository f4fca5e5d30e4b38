//! Length and count prefixes, as declared by `#[wire(len = u16)]` or `#[wire(count = i32)]`.

use crate::error::{DecodeError, EncodeError, EncodeErrorKind, ErrorKind};
use crate::reader::Reader;
use crate::varint::{VarInt, Vbi};
use bytes::BufMut;

/// Byte order of a fixed-width integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteOrder {
    /// Network order, the default.
    Big,
    /// Least significant byte first.
    Little,
}

/// A type that can prefix a length or a count: `u8`..`u64`, `i8`..`i64`, [`Vbi`], [`VarInt`].
///
/// Signed prefixes reject negative values, except that `-1` means null on fields declared
/// `nullable` (RabbitMQ Stream strings and byte arrays).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a length prefix",
    note = "length prefixes are u8, u16, u32, u64, i8, i16, i32, i64, vbi or varint"
)]
pub trait LenPrefix: Copy {
    /// Whether `-1` can stand for null.
    const SIGNED: bool;

    /// Reads the prefix as a signed 128-bit number, so that negative values stay visible.
    fn read(r: &mut Reader<'_>, order: ByteOrder) -> Result<i128, DecodeError>;

    /// Writes `value`, which the caller has checked with [`LenPrefix::fits`].
    fn write<B: BufMut + ?Sized>(value: i128, buf: &mut B, order: ByteOrder);

    /// Whether `value` can be written.
    fn fits(value: i128) -> bool;

    /// The encoded size of the prefix holding `value`.
    fn size(value: i128) -> usize;
}

macro_rules! fixed_prefix {
    ($($ty:ty => $signed:expr),*) => {$(
        impl LenPrefix for $ty {
            const SIGNED: bool = $signed;

            #[inline]
            fn read(r: &mut Reader<'_>, order: ByteOrder) -> Result<i128, DecodeError> {
                let bytes = *r.take_array()?;
                Ok(i128::from(match order {
                    ByteOrder::Big => <$ty>::from_be_bytes(bytes),
                    ByteOrder::Little => <$ty>::from_le_bytes(bytes),
                }))
            }

            #[inline]
            fn write<B: BufMut + ?Sized>(value: i128, buf: &mut B, order: ByteOrder) {
                let value = value as $ty;
                match order {
                    ByteOrder::Big => buf.put_slice(&value.to_be_bytes()),
                    ByteOrder::Little => buf.put_slice(&value.to_le_bytes()),
                }
            }

            #[inline]
            fn fits(value: i128) -> bool {
                <$ty>::try_from(value).is_ok()
            }

            #[inline]
            fn size(_: i128) -> usize {
                size_of::<$ty>()
            }
        }
    )*};
}

fixed_prefix!(u8 => false, u16 => false, u32 => false, u64 => false,
    i8 => true, i16 => true, i32 => true, i64 => true);

impl LenPrefix for Vbi {
    const SIGNED: bool = false;

    #[inline]
    fn read(r: &mut Reader<'_>, _: ByteOrder) -> Result<i128, DecodeError> {
        Ok(i128::from(r.read::<Vbi>()?.0))
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(value: i128, buf: &mut B, _: ByteOrder) {
        let _ = crate::WireEncode::encode(&Vbi(value as u32), buf);
    }

    #[inline]
    fn fits(value: i128) -> bool {
        (0..=i128::from(Vbi::MAX)).contains(&value)
    }

    #[inline]
    fn size(value: i128) -> usize {
        Vbi::size_of(value as u32)
    }
}

impl LenPrefix for VarInt {
    const SIGNED: bool = false;

    #[inline]
    fn read(r: &mut Reader<'_>, _: ByteOrder) -> Result<i128, DecodeError> {
        Ok(i128::from(r.read::<VarInt>()?.0))
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(value: i128, buf: &mut B, _: ByteOrder) {
        let _ = crate::WireEncode::encode(&VarInt(value as u64), buf);
    }

    #[inline]
    fn fits(value: i128) -> bool {
        u64::try_from(value).is_ok()
    }

    #[inline]
    fn size(value: i128) -> usize {
        VarInt::size_of(value as u64)
    }
}

/// Reads a length or count prefix; negative values are errors.
#[inline]
pub fn read_len<P: LenPrefix>(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
    let at = r.offset();
    let value = P::read(r, order)?;
    to_len(value, at)
}

/// Reads a length prefix where `-1` means null (`None`); other negative values are errors.
#[inline]
pub fn read_nullable_len<P: LenPrefix>(
    r: &mut Reader<'_>,
    order: ByteOrder,
) -> Result<Option<usize>, DecodeError> {
    let at = r.offset();
    match P::read(r, order)? {
        -1 => Ok(None),
        value => to_len(value, at).map(Some),
    }
}

#[inline]
fn to_len(value: i128, at: usize) -> Result<usize, DecodeError> {
    if value < 0 {
        return Err(DecodeError::new(
            ErrorKind::NegativeLength(value as i64),
            at,
        ));
    }
    // Lengths beyond the address space cannot fit any input; saturate and let the bounds check
    // report them.
    Ok(usize::try_from(value).unwrap_or(usize::MAX))
}

/// Writes `len` as a prefix of type `P`, or fails if it does not fit.
#[inline]
pub fn write_len<P: LenPrefix, B: BufMut + ?Sized>(
    buf: &mut B,
    len: usize,
    order: ByteOrder,
) -> Result<(), EncodeError> {
    let value = len as i128;
    if !P::fits(value) {
        return Err(EncodeError::new(EncodeErrorKind::LengthOverflow { len }));
    }
    P::write(value, buf, order);
    Ok(())
}

/// Writes the null marker `-1` as a prefix of type `P`.
#[inline]
pub fn write_null<P: LenPrefix, B: BufMut + ?Sized>(buf: &mut B, order: ByteOrder) {
    P::write(-1, buf, order);
}

/// The encoded size of a prefix of type `P` holding `len`.
#[inline]
pub fn len_size<P: LenPrefix>(len: usize) -> usize {
    P::size(len as i128)
}

/// The encoded size of the null marker.
#[inline]
pub fn null_size<P: LenPrefix>() -> usize {
    P::size(-1)
}

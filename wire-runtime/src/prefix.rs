//! Length and count prefixes, as declared by `#[wire(len = u16)]` or `#[wire(count = i32)]`.

use crate::error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
use crate::reader::Reader;
use crate::tristate::Tristate;
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
/// the odd widths [`U24`](crate::int::U24), [`U40`](crate::int::U40), [`U48`](crate::int::U48),
/// [`U56`](crate::int::U56), or a type of your own, named as `#[wire(len = MyVarint)]` (any name in
/// `UpperCamelCase`, or a path).
///
/// A prefix reads and writes a length ([`read_len`](Self::read_len),
/// [`write_len`](Self::write_len), [`len_size`](Self::len_size)). A prefix that also holds
/// markers (a null, a "not set") reports them from [`read_marked`](Self::read_marked) as
/// negative numbers and writes them with [`write_marker`](Self::write_marker); fields declared
/// `nullable` (and `not_set = -2`) use them. Signed prefixes hold every negative value as a
/// marker; unsigned ones hold none.
///
/// A user-defined variable-length integer, QUIC's (RFC 9000, section 16: the top two bits of
/// the first byte give the length, 1, 2, 4 or 8 bytes), as the length of a field:
///
/// ```
/// use wire_runtime::bytes::BufMut;
/// use wire_runtime::{len::ByteOrder, DecodeError, EncodeError, EncodeErrorKind, len::LenPrefix, Reader};
/// use wire_runtime::{WireDecode, WireEncode, decode};
///
/// #[derive(Clone, Copy)]
/// struct QuicVarint;
///
/// impl LenPrefix for QuicVarint {
///     fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
///         let first = r.peek_u8()?;
///         let size = 1 << (first >> 6);
///         let mut value = u64::from(first & 0x3f);
///         for byte in &r.take(size)?[1..] {
///             value = value << 8 | u64::from(*byte);
///         }
///         Ok(usize::try_from(value).unwrap_or(usize::MAX))
///     }
///
///     fn write_len<B: BufMut + ?Sized>(buf: &mut B, len: usize, _: ByteOrder) -> Result<(), EncodeError> {
///         let value = len as u64;
///         match Self::len_size(len) {
///             1 => buf.put_u8(value as u8),
///             2 => buf.put_u16(0x4000 | value as u16),
///             4 => buf.put_u32(0x8000_0000 | value as u32),
///             _ if value < 1 << 62 => buf.put_u64(0xc000_0000_0000_0000 | value),
///             _ => return Err(EncodeError::new(EncodeErrorKind::LengthOverflow { len })),
///         }
///         Ok(())
///     }
///
///     fn len_size(len: usize) -> usize {
///         match len {
///             0..64 => 1,
///             64..16384 => 2,
///             16384..1073741824 => 4,
///             _ => 8,
///         }
///     }
/// }
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct NewToken<'a> {
///     frame_type: u8,
///     #[wire(len = QuicVarint)]
///     token: &'a [u8],
/// }
///
/// // 0x4003: the two-byte form of 3.
/// let frame: NewToken<'_> = decode(&[0x07, 0x40, 0x03, 1, 2, 3])?;
/// assert_eq!(frame.token, [1, 2, 3]);
/// assert_eq!(frame.encode_to_vec().unwrap(), [0x07, 0x03, 1, 2, 3]);
/// # Ok::<(), DecodeError>(())
/// ```
///
/// A length *field* of your own type (`#[wire(len = length)]` after `length: MyVarint`) needs
/// [`LenValue`](crate::len::LenValue) instead; `wire-runtime/examples/quic_varint.rs` shows both.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a length prefix",
    label = "`len = ...` and `count = ...` take a prefix type implementing `wire_runtime::len::LenPrefix`",
    note = "implement `wire_runtime::len::LenPrefix` for `{Self}` (`read_len`, `write_len`, `len_size`; its docs show a complete user varint), or use a built-in prefix: u8, u16, u24, u32, u40, u48, u56, u64, i8, i16, i32, i64, vbi or varint"
)]
pub trait LenPrefix: Copy {
    /// Reads a length. A marker (a negative value) is an error here.
    fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError>;

    /// Reads a length or a marker. The default reads a length: a prefix without markers.
    #[inline]
    fn read_marked(r: &mut Reader<'_>, order: ByteOrder) -> Result<Marked, DecodeError> {
        Self::read_len(r, order).map(Marked::Len)
    }

    /// Writes `len`, or fails if it does not fit.
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        order: ByteOrder,
    ) -> Result<(), EncodeError>;

    /// Writes a marker (a negative value: `-1` for null). The default has none and fails with
    /// [`EncodeErrorKind::NoMarker`].
    #[inline]
    fn write_marker<B: BufMut + ?Sized>(
        buf: &mut B,
        marker: i64,
        order: ByteOrder,
    ) -> Result<(), EncodeError> {
        let _ = (buf, order);
        Err(no_marker(marker))
    }

    /// The encoded size of the prefix holding `len`.
    fn len_size(len: usize) -> usize;

    /// The encoded size of the prefix holding `marker`; by default that of length 0.
    #[inline]
    fn marker_size(marker: i64) -> usize {
        let _ = marker;
        Self::len_size(0)
    }
}

/// What a length prefix held: a length, or a marker (a negative value, such as `-1` for null).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marked {
    /// A length.
    Len(usize),
    /// A marker: `-1` is null in most protocols, Cassandra's `-2` is "not set".
    Marker(i64),
}

#[cold]
fn no_marker(marker: i64) -> EncodeError {
    EncodeError::new(EncodeErrorKind::NoMarker { marker })
}

#[cold]
fn negative(value: i64, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::NegativeLength(value), at)
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
            fn read_marked(r: &mut Reader<'_>, order: ByteOrder) -> Result<Marked, DecodeError> {
                let value = <$ty>::from_be_bytes(read_fixed(r, order)?);
                Ok(match usize::try_from(value) {
                    Ok(len) => Marked::Len(len),
                    Err(_) => Marked::Marker(value as i64),
                })
            }

            #[inline]
            fn write_len<B: BufMut + ?Sized>(buf: &mut B, len: usize, order: ByteOrder) -> Result<(), EncodeError> {
                let value = <$ty>::try_from(len).map_err(|_| overflow(len))?;
                put_ordered(buf, value.to_be_bytes(), order);
                Ok(())
            }

            #[inline]
            fn write_marker<B: BufMut + ?Sized>(buf: &mut B, marker: i64, order: ByteOrder) -> Result<(), EncodeError> {
                match <$ty>::try_from(marker) {
                    Ok(value) if value < 0 => {
                        put_ordered(buf, value.to_be_bytes(), order);
                        Ok(())
                    }
                    _ => Err(no_marker(marker)),
                }
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
    fn len_size(len: usize) -> usize {
        VarInt::size_of(len as u64)
    }
}

/// A prefix that holds the length plus `BIAS`: compact encodings write `N + 1` so that 0 can
/// mean null (Kafka's compact strings and arrays, over an unsigned varint). Declared as
/// `#[wire(len = varint + 1)]`; a raw value below the bias is the marker `raw - BIAS`, so with
/// `nullable` the value `BIAS - 1` (a length of -1) is `None`.
///
/// ```
/// use wire_runtime::{len::Biased, len::ByteOrder, len::LenPrefix, len::Marked, Reader, int::VarInt};
///
/// type Compact = Biased<VarInt, 1>;
/// let mut r = Reader::new(&[4, 0]);
/// assert_eq!(Compact::read_len(&mut r, ByteOrder::Big)?, 3);
/// assert_eq!(Compact::read_marked(&mut r, ByteOrder::Big)?, Marked::Marker(-1));
/// let mut out = Vec::new();
/// Compact::write_len(&mut out, 3, ByteOrder::Big).unwrap();
/// Compact::write_marker(&mut out, -1, ByteOrder::Big).unwrap();
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
            DecodeErrorKind::InvalidValue("length below its prefix's bias"),
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

    /// A raw value below the bias is the marker `raw - BIAS`: 0 under `+ 1` is -1, null.
    #[inline]
    fn read_marked(r: &mut Reader<'_>, order: ByteOrder) -> Result<Marked, DecodeError> {
        let raw = P::read_len(r, order)?;
        Ok(match raw.checked_sub(BIAS) {
            Some(len) => Marked::Len(len),
            None => Marked::Marker(raw as i64 - BIAS as i64),
        })
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
    fn write_marker<B: BufMut + ?Sized>(
        buf: &mut B,
        marker: i64,
        order: ByteOrder,
    ) -> Result<(), EncodeError> {
        match usize::try_from(marker.saturating_add(BIAS as i64)) {
            Ok(raw) if marker < 0 => P::write_len(buf, raw, order),
            _ => Err(no_marker(marker)),
        }
    }

    #[inline]
    fn len_size(len: usize) -> usize {
        P::len_size(len.saturating_add(BIAS))
    }

    #[inline]
    fn marker_size(marker: i64) -> usize {
        P::len_size(usize::try_from(marker.saturating_add(BIAS as i64)).unwrap_or(0))
    }
}

/// Reads a length or count prefix; negative values are errors.
#[inline(always)]
pub fn read_len<P: LenPrefix>(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
    P::read_len(r, order)
}

/// Which markers a nullable length prefix holds: `nullable` is `null: Some(-1)`,
/// `nullable = negative` is `null: None` (any negative value), `not_set = -2` adds a second.
#[derive(Debug, Clone, Copy)]
pub struct Markers {
    /// The null marker; `None`: every negative value not `not_set`.
    pub null: Option<i64>,
    /// The "not set" marker, if the field has one.
    pub not_set: Option<i64>,
}

impl Markers {
    /// The marker written for null.
    #[inline(always)]
    pub const fn null_marker(self) -> i64 {
        match self.null {
            Some(marker) => marker,
            None => -1,
        }
    }
}

/// Reads a length prefix that may hold markers: [`Tristate::Null`](crate::len::Tristate) and
/// [`Tristate::NotSet`](crate::len::Tristate) for them, an error for any other negative value.
#[inline(always)]
pub fn read_marked_len<P: LenPrefix>(
    r: &mut Reader<'_>,
    order: ByteOrder,
    markers: Markers,
) -> Result<Tristate<usize>, DecodeError> {
    let at = r.offset();
    match P::read_marked(r, order)? {
        Marked::Len(len) => Ok(Tristate::Value(len)),
        Marked::Marker(m) if Some(m) == markers.not_set => Ok(Tristate::NotSet),
        Marked::Marker(m) if markers.null.is_none_or(|null| null == m) => Ok(Tristate::Null),
        Marked::Marker(m) => Err(negative(m, at)),
    }
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

/// Writes a marker (null, "not set") as a prefix of type `P`.
#[inline(always)]
pub fn write_marker<P: LenPrefix, B: BufMut + ?Sized>(
    buf: &mut B,
    marker: i64,
    order: ByteOrder,
) -> Result<(), EncodeError> {
    P::write_marker(buf, marker, order)
}

/// The encoded size of a prefix of type `P` holding `len`.
#[inline(always)]
pub fn len_size<P: LenPrefix>(len: usize) -> usize {
    P::len_size(len)
}

/// The encoded size of a marker.
#[inline(always)]
pub fn marker_size<P: LenPrefix>(marker: i64) -> usize {
    P::marker_size(marker)
}

//! Length prefixes of other standards, whose width their first byte chooses: QUIC's variable-
//! length integer, Bitcoin's CompactSize, MySQL's length-encoded integer and CBOR's head.
//!
//! Each is a value type (decode and encode it as a field) and a [`LenPrefix`] (name it in
//! `len = ...` or `count = ...`), read with one branch on the first byte and straight loads,
//! as `vbi` and `varint` are.
//!
//! ```
//! use wire_runtime::{decode, int::QuicVarInt, WireDecode, WireEncode};
//!
//! #[derive(WireDecode, WireEncode, Debug, PartialEq)]
//! struct Frame<'a> { kind: QuicVarInt, #[wire(len = QuicVarInt)] data: &'a [u8] }
//!
//! let frame = decode::<Frame<'_>>(&[0x06, 0x40, 0x02, 7, 8])?;
//! assert_eq!((frame.kind, frame.data), (QuicVarInt(6), &[7, 8][..]));
//! # Ok::<(), wire_runtime::DecodeError>(())
//! ```

use crate::error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
use crate::len_value::LenValue;
use crate::prefix::{ByteOrder, LenPrefix, Marked};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use bytes::BufMut;

/// `N` bytes after the first, as an unsigned integer in the given order.
#[inline(always)]
fn read_uint<const N: usize>(r: &mut Reader<'_>, big: bool) -> Result<u64, DecodeError> {
    let bytes = r.take_array::<N>()?;
    let mut value = 0u64;
    for i in 0..N {
        let byte = if big { bytes[i] } else { bytes[N - 1 - i] };
        value = value << 8 | u64::from(byte);
    }
    Ok(value)
}

/// The low `n` bytes of `value`, in the given order.
#[inline(always)]
fn put_uint<B: BufMut + ?Sized>(buf: &mut B, value: u64, n: usize, big: bool) {
    if big {
        buf.put_slice(&value.to_be_bytes()[8 - n..]);
    } else {
        buf.put_slice(&value.to_le_bytes()[..n]);
    }
}

/// An escape byte, then the low `n` bytes of `value`, little-endian: CompactSize's and LenEnc's
/// longer forms.
#[inline(always)]
fn put_escaped<B: BufMut + ?Sized>(buf: &mut B, escape: u8, value: u64, n: usize) {
    buf.put_u8(escape);
    put_uint(buf, value, n, false);
}

fn invalid(why: &'static str, at: usize) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
}

fn overflow(len: usize) -> EncodeError {
    EncodeError::new(EncodeErrorKind::LengthOverflow { len })
}

/// The value type's codec and its conversions from and to a length, given `read`,
/// `write` and `size_of` on the type.
macro_rules! prefix_type {
    ($ty:ty $(, $generic:ident)?) => {
        impl<'de $(, const $generic: u8)?> WireDecode<'de> for $ty {
            #[inline(always)]
            fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                Self::read(r).map(Self)
            }
        }

        impl$(<const $generic: u8>)? WireEncode for $ty {
            #[inline]
            fn encoded_len(&self) -> usize {
                Self::size_of(self.0)
            }

            #[inline]
            fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                Self::write(buf, self.0)
            }
        }

        /// A length field of this type: `len = field` fills it in on encode.
        impl$(<const $generic: u8>)? LenValue for $ty {
            #[inline(always)]
            fn to_len(&self) -> Option<usize> {
                usize::try_from(self.0).ok()
            }

            #[inline(always)]
            fn from_len(len: usize) -> Option<Self> {
                u64::try_from(len).ok().filter(|v| *v <= Self::MAX).map(Self)
            }
        }

        impl$(<const $generic: u8>)? TryFrom<usize> for $ty {
            type Error = EncodeError;

            #[inline]
            fn try_from(len: usize) -> Result<Self, EncodeError> {
                Self::from_len(len).ok_or_else(|| overflow(len))
            }
        }
    };
}

/// QUIC's variable-length integer (RFC 9000, section 16): the first byte's two high bits give
/// the length (1, 2, 4 or 8 bytes), the rest is the value, big-endian, at most 2^62 - 1. The
/// RFC does not require the shortest form, so a longer one decodes; encode writes the shortest.
///
/// ```
/// use wire_runtime::{decode, int::QuicVarInt, WireEncode};
///
/// // The examples of RFC 9000, appendix A.1.
/// assert_eq!(decode::<QuicVarInt>(&[0xc2, 0x19, 0x7c, 0x5e, 0xff, 0x14, 0xe8, 0x8c])?.0, 151_288_809_941_952_652);
/// assert_eq!(decode::<QuicVarInt>(&[0x9d, 0x7f, 0x3e, 0x7d])?.0, 494_878_333);
/// assert_eq!(decode::<QuicVarInt>(&[0x7b, 0xbd])?.0, 15_293);
/// assert_eq!(decode::<QuicVarInt>(&[0x40, 0x25])?.0, 37);
/// assert_eq!(QuicVarInt(37).encode_to_vec().unwrap(), [0x25]);
/// assert!(QuicVarInt(1 << 62).encode_to_vec().is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct QuicVarInt(pub u64);

impl QuicVarInt {
    /// The largest value: 2^62 - 1.
    pub const MAX: u64 = (1 << 62) - 1;

    /// Bytes the shortest encoding of `value` takes (8 for values above [`QuicVarInt::MAX`]).
    #[inline]
    pub const fn size_of(value: u64) -> usize {
        match value {
            0..=0x3f => 1,
            0x40..=0x3fff => 2,
            0x4000..=0x3fff_ffff => 4,
            _ => 8,
        }
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>) -> Result<u64, DecodeError> {
        let [first] = *r.take_array::<1>()?;
        let high = u64::from(first & 0x3f);
        Ok(match first >> 6 {
            0 => high,
            1 => high << 8 | read_uint::<1>(r, true)?,
            2 => high << 24 | read_uint::<3>(r, true)?,
            _ => high << 56 | read_uint::<7>(r, true)?,
        })
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(buf: &mut B, value: u64) -> Result<(), EncodeError> {
        if value > Self::MAX {
            return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange));
        }
        let n = Self::size_of(value);
        let tag = (n.trailing_zeros() as u64) << (8 * n - 2);
        put_uint(buf, value | tag, n, true);
        Ok(())
    }
}

prefix_type!(QuicVarInt);

/// Bitcoin's CompactSize: one byte below 0xfd, else 0xfd, 0xfe or 0xff and a little-endian
/// `u16`, `u32` or `u64`. As in Bitcoin Core, a value in a longer form than it needs is
/// malformed ("non-canonical"); bound a length with `max = 0x0200_0000` as Core does.
///
/// ```
/// use wire_runtime::{decode, int::CompactSize, WireEncode};
///
/// assert_eq!(decode::<CompactSize>(&[0xfc])?.0, 0xfc);
/// assert_eq!(decode::<CompactSize>(&[0xfd, 0xfd, 0x00])?.0, 0xfd);
/// assert_eq!(CompactSize(0x1_0000).encode_to_vec().unwrap(), [0xfe, 0, 0, 1, 0]);
/// assert!(decode::<CompactSize>(&[0xfd, 0x01, 0x00]).is_err()); // 1 fits one byte
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct CompactSize(pub u64);

impl CompactSize {
    /// The largest value.
    pub const MAX: u64 = u64::MAX;

    /// Bytes the encoding of `value` takes.
    #[inline]
    pub const fn size_of(value: u64) -> usize {
        match value {
            0..=0xfc => 1,
            0xfd..=0xffff => 3,
            0x1_0000..=0xffff_ffff => 5,
            _ => 9,
        }
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>) -> Result<u64, DecodeError> {
        let at = r.offset();
        let [first] = *r.take_array::<1>()?;
        let (value, least) = match first {
            0..=0xfc => return Ok(u64::from(first)),
            0xfd => (read_uint::<2>(r, false)?, 0xfd),
            0xfe => (read_uint::<4>(r, false)?, 0x1_0000),
            0xff => (read_uint::<8>(r, false)?, 0x1_0000_0000),
        };
        if value < least {
            return Err(invalid("non-canonical CompactSize", at));
        }
        Ok(value)
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(buf: &mut B, value: u64) -> Result<(), EncodeError> {
        match Self::size_of(value) {
            1 => buf.put_u8(value as u8),
            3 => put_escaped(buf, 0xfd, value, 2),
            5 => put_escaped(buf, 0xfe, value, 4),
            _ => put_escaped(buf, 0xff, value, 8),
        }
        Ok(())
    }
}

prefix_type!(CompactSize);

/// MySQL's length-encoded integer: one byte below 0xfb, else 0xfc, 0xfd or 0xfe and a
/// little-endian integer of 2, 3 or 8 bytes. 0xfb is NULL in a result row: as a prefix it is
/// the marker -1, so `len = LenEnc, nullable` decodes it as `None`; 0xff is malformed. Longer
/// forms than needed decode (MySQL's own readers accept them); encode writes the shortest.
///
/// ```
/// use wire_runtime::{decode, int::LenEnc, WireDecode, WireEncode};
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Row<'a> { #[wire(len = LenEnc, nullable)] name: Option<&'a str>, #[wire(len = LenEnc)] id: &'a str }
///
/// let row = decode::<Row<'_>>(&[0xfb, 0x01, b'7'])?;
/// assert_eq!(row, Row { name: None, id: "7" });
/// assert_eq!(row.encode_to_vec().unwrap(), [0xfb, 0x01, b'7']);
/// assert_eq!(LenEnc(0x1_0000).encode_to_vec().unwrap(), [0xfd, 0, 0, 1]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct LenEnc(pub u64);

impl LenEnc {
    /// The largest value.
    pub const MAX: u64 = u64::MAX;

    /// Bytes the shortest encoding of `value` takes.
    #[inline]
    pub const fn size_of(value: u64) -> usize {
        match value {
            0..=0xfa => 1,
            0xfb..=0xffff => 3,
            0x1_0000..=0xff_ffff => 4,
            _ => 9,
        }
    }

    /// The value, or `None` for NULL (0xfb).
    #[inline(always)]
    fn read_nullable(r: &mut Reader<'_>) -> Result<Option<u64>, DecodeError> {
        let at = r.offset();
        let [first] = *r.take_array::<1>()?;
        Ok(Some(match first {
            0..=0xfa => u64::from(first),
            0xfb => return Ok(None),
            0xfc => read_uint::<2>(r, false)?,
            0xfd => read_uint::<3>(r, false)?,
            0xfe => read_uint::<8>(r, false)?,
            0xff => return Err(invalid("0xff starts no length-encoded integer", at)),
        }))
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>) -> Result<u64, DecodeError> {
        let at = r.offset();
        Self::read_nullable(r)?.ok_or_else(|| invalid("NULL (0xfb) where a value must be", at))
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(buf: &mut B, value: u64) -> Result<(), EncodeError> {
        match Self::size_of(value) {
            1 => buf.put_u8(value as u8),
            3 => put_escaped(buf, 0xfc, value, 2),
            4 => put_escaped(buf, 0xfd, value, 3),
            _ => put_escaped(buf, 0xfe, value, 8),
        }
        Ok(())
    }
}

prefix_type!(LenEnc);

/// CBOR's head (RFC 8949, section 3): major type `MAJOR` in the first byte's three high bits,
/// the argument in its five low bits (below 24), or in the 1, 2, 4 or 8 big-endian bytes after
/// it (24 to 27). As a prefix it is the length of a byte string ([`CborBytes`]), a text string
/// ([`CborText`]), or the count of an array ([`CborArray`]) or map ([`CborMap`]). Another major type, the reserved
/// values 28 to 30 and the indefinite length (31) are malformed; a longer argument than needed
/// decodes (it is well-formed), and encode writes the preferred, shortest one.
///
/// ```
/// use wire_runtime::{decode, int::{CborHead, CborText}, WireDecode, WireEncode};
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Text<'a> { #[wire(len = CborText)] text: &'a str }
///
/// assert_eq!(decode::<Text<'_>>(&[0x62, b'h', b'i'])?.text, "hi");
/// assert_eq!(decode::<Text<'_>>(&[0x78, 0x02, b'h', b'i'])?.text, "hi");
/// assert!(decode::<Text<'_>>(&[0x42, b'h', b'i']).is_err()); // a byte string
/// assert_eq!(CborHead::<0>(500).encode_to_vec().unwrap(), [0x19, 0x01, 0xf4]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct CborHead<const MAJOR: u8>(pub u64);

/// The head of a CBOR byte string (major type 2): its length.
pub type CborBytes = CborHead<2>;
/// The head of a CBOR text string (major type 3): its length.
pub type CborText = CborHead<3>;
/// The head of a CBOR array (major type 4): its count.
pub type CborArray = CborHead<4>;
/// The head of a CBOR map (major type 5): its count of pairs.
pub type CborMap = CborHead<5>;

impl<const MAJOR: u8> CborHead<MAJOR> {
    /// The largest argument.
    pub const MAX: u64 = u64::MAX;

    /// Bytes the preferred encoding of `value` takes.
    #[inline]
    pub const fn size_of(value: u64) -> usize {
        match value {
            0..=23 => 1,
            24..=0xff => 2,
            0x100..=0xffff => 3,
            0x1_0000..=0xffff_ffff => 5,
            _ => 9,
        }
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>) -> Result<u64, DecodeError> {
        let at = r.offset();
        let [first] = *r.take_array::<1>()?;
        if first >> 5 != MAJOR {
            return Err(invalid("another CBOR major type", at));
        }
        Ok(match first & 0x1f {
            info @ 0..=23 => u64::from(info),
            24 => read_uint::<1>(r, true)?,
            25 => read_uint::<2>(r, true)?,
            26 => read_uint::<4>(r, true)?,
            27 => read_uint::<8>(r, true)?,
            31 => return Err(invalid("an indefinite-length CBOR item", at)),
            _ => return Err(invalid("a reserved CBOR additional information value", at)),
        })
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(buf: &mut B, value: u64) -> Result<(), EncodeError> {
        if MAJOR > 7 {
            return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange));
        }
        let major = MAJOR << 5;
        let n = Self::size_of(value);
        match n {
            1 => buf.put_u8(major | value as u8),
            _ => {
                // 24, 25, 26, 27 for 1, 2, 4, 8 bytes after the first.
                buf.put_u8(major | (24 + (n - 1).trailing_zeros() as u8));
                put_uint(buf, value, n - 1, true);
            }
        }
        Ok(())
    }
}

prefix_type!(CborHead<MAJOR>, MAJOR);

/// The length prefix of a type with `read`, `write` and `size_of` over `u64`.
macro_rules! len_prefix {
    ($ty:ty $(, $generic:ident)?) => {
        impl$(<const $generic: u8>)? LenPrefix for $ty {
            #[inline]
            fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
                // Above `usize::MAX` (on a 32-bit target) the section's bounds check fails.
                Ok(usize::try_from(<$ty>::read(r)?).unwrap_or(usize::MAX))
            }

            #[inline]
            fn write_len<B: BufMut + ?Sized>(
                buf: &mut B,
                len: usize,
                _: ByteOrder,
            ) -> Result<(), EncodeError> {
                match u64::try_from(len) {
                    Ok(value) if value <= <$ty>::MAX => <$ty>::write(buf, value),
                    _ => Err(overflow(len)),
                }
            }

            #[inline]
            fn len_size(len: usize) -> usize {
                <$ty>::size_of(len as u64)
            }
        }
    };
}

len_prefix!(QuicVarInt);
len_prefix!(CompactSize);
len_prefix!(CborHead<MAJOR>, MAJOR);

/// `LenEnc`'s NULL (0xfb) is the marker -1.
impl LenPrefix for LenEnc {
    #[inline]
    fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
        Ok(usize::try_from(LenEnc::read(r)?).unwrap_or(usize::MAX))
    }

    #[inline]
    fn read_marked(r: &mut Reader<'_>, _: ByteOrder) -> Result<Marked, DecodeError> {
        Ok(match LenEnc::read_nullable(r)? {
            None => Marked::Marker(-1),
            Some(value) => Marked::Len(usize::try_from(value).unwrap_or(usize::MAX)),
        })
    }

    #[inline]
    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        LenEnc::write(buf, len as u64)
    }

    #[inline]
    fn write_marker<B: BufMut + ?Sized>(
        buf: &mut B,
        marker: i64,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        match marker {
            -1 => {
                buf.put_u8(0xfb);
                Ok(())
            }
            _ => Err(EncodeError::new(EncodeErrorKind::NoMarker { marker })),
        }
    }

    #[inline]
    fn len_size(len: usize) -> usize {
        LenEnc::size_of(len as u64)
    }

    #[inline]
    fn marker_size(_: i64) -> usize {
        1
    }
}

//! Unsigned integers of 3, 5, 6 and 7 bytes: TLS handshake lengths, HTTP/2 frame lengths,
//! 48-bit timestamps. A derived field declares one with `#[wire(int = u24)] len: u32`, a prefix
//! with `len = u24`, a tag with `tag = u24`; [`U24`], [`U40`], [`U48`] and [`U56`] are the same
//! widths as types of their own.

use crate::error::{DecodeError, EncodeError, EncodeErrorKind};
use crate::prefix::{ByteOrder, LenPrefix};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use bytes::BufMut;

/// The unsigned integer held in `bytes`, most significant byte first.
#[inline(always)]
pub fn uint_from_be<const N: usize>(bytes: [u8; N]) -> u64 {
    const { assert!(N <= 8) };
    let mut wide = [0u8; 8];
    wide[8 - N..].copy_from_slice(&bytes);
    u64::from_be_bytes(wide)
}

/// The unsigned integer held in `bytes`, least significant byte first.
#[inline(always)]
pub fn uint_from_le<const N: usize>(bytes: [u8; N]) -> u64 {
    const { assert!(N <= 8) };
    let mut wide = [0u8; 8];
    wide[..N].copy_from_slice(&bytes);
    u64::from_le_bytes(wide)
}

/// `value` in `N` bytes, most significant first, or [`EncodeErrorKind::ValueOutOfRange`] if it
/// needs more.
#[inline(always)]
pub fn uint_to_be<const N: usize>(value: u64) -> Result<[u8; N], EncodeError> {
    let wide = checked::<N>(value)?.to_be_bytes();
    let mut bytes = [0u8; N];
    bytes.copy_from_slice(&wide[8 - N..]);
    Ok(bytes)
}

/// `value` in `N` bytes, least significant first, or [`EncodeErrorKind::ValueOutOfRange`] if
/// it needs more.
#[inline(always)]
pub fn uint_to_le<const N: usize>(value: u64) -> Result<[u8; N], EncodeError> {
    let wide = checked::<N>(value)?.to_le_bytes();
    let mut bytes = [0u8; N];
    bytes.copy_from_slice(&wide[..N]);
    Ok(bytes)
}

#[inline(always)]
fn checked<const N: usize>(value: u64) -> Result<u64, EncodeError> {
    const { assert!(N <= 8) };
    if N < 8 && value >> (8 * N) != 0 {
        return Err(out_of_range());
    }
    Ok(value)
}

#[cold]
fn out_of_range() -> EncodeError {
    EncodeError::new(EncodeErrorKind::ValueOutOfRange)
}

#[cold]
fn overflow(len: usize) -> EncodeError {
    EncodeError::new(EncodeErrorKind::LengthOverflow { len })
}

macro_rules! odd_uint {
    ($(#[$doc:meta])* $name:ident($value:ty), $bytes:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(pub $value);

        impl $name {
            /// Encoded size in bytes.
            pub const SIZE: usize = $bytes;
            /// The largest value it holds.
            pub const MAX: $value = ((1u64 << (8 * $bytes)) - 1) as $value;
        }

        impl<'de> WireDecode<'de> for $name {
            const FIXED_SIZE: Option<usize> = Some($bytes);

            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                Ok($name(uint_from_be(*r.take_array::<$bytes>()?) as $value))
            }
        }

        impl WireEncode for $name {
            #[inline]
            fn encoded_len(&self) -> usize {
                $bytes
            }

            #[inline]
            fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
                buf.put_slice(&uint_to_be::<$bytes>(u64::from(self.0))?);
                Ok(())
            }
        }

        impl LenPrefix for $name {
            #[inline]
            fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
                let bytes = *r.take_array::<$bytes>()?;
                let value = match order {
                    ByteOrder::Big => uint_from_be(bytes),
                    ByteOrder::Little => uint_from_le(bytes),
                };
                // Beyond the address space no input can hold it: saturate, and the bounds
                // check reports it.
                Ok(usize::try_from(value).unwrap_or(usize::MAX))
            }

            #[inline]
            fn write_len<B: BufMut + ?Sized>(
                buf: &mut B,
                len: usize,
                order: ByteOrder,
            ) -> Result<(), EncodeError> {
                let value = u64::try_from(len).map_err(|_| overflow(len))?;
                let bytes = match order {
                    ByteOrder::Big => uint_to_be::<$bytes>(value),
                    ByteOrder::Little => uint_to_le::<$bytes>(value),
                };
                buf.put_slice(&bytes.map_err(|_| overflow(len))?);
                Ok(())
            }

            #[inline]
            fn len_size(_: usize) -> usize {
                $bytes
            }
        }
    };
}

odd_uint!(
    /// A 24-bit unsigned integer, 3 bytes big-endian on the wire (TLS handshake lengths,
    /// HTTP/2 frame lengths).
    ///
    /// ```
    /// use wire_runtime::{decode, int::U24, WireEncode};
    ///
    /// assert_eq!(decode::<U24>(&[0x00, 0x40, 0x00])?, U24(16_384));
    /// assert_eq!(U24(16_384).encode_to_vec().unwrap(), [0x00, 0x40, 0x00]);
    /// assert!(U24(1 << 24).encode_to_vec().is_err());
    /// # Ok::<(), wire_runtime::DecodeError>(())
    /// ```
    U24(u32),
    3
);
odd_uint!(
    /// A 40-bit unsigned integer, 5 bytes big-endian on the wire.
    U40(u64),
    5
);
odd_uint!(
    /// A 48-bit unsigned integer, 6 bytes big-endian on the wire (MAC addresses as numbers,
    /// millisecond timestamps).
    U48(u64),
    6
);
odd_uint!(
    /// A 56-bit unsigned integer, 7 bytes big-endian on the wire.
    U56(u64),
    7
);

#[cfg(test)]
mod tests {

    /// The conversions the generated code calls for odd widths, on one value each way.
    #[test]
    fn odd_width_conversions() {
        assert_eq!(uint_from_be([0x01, 0x00, 0x02]), 0x01_0002);
        assert_eq!(uint_from_le([0x02, 0x00, 0x01]), 0x01_0002);
        assert_eq!(uint_to_be::<3>(0x01_0002).unwrap(), [0x01, 0x00, 0x02]);
        assert!(uint_to_be::<3>(1 << 24).is_err());
        assert_eq!(uint_to_le::<3>(0x01_0002).unwrap(), [0x02, 0x00, 0x01]);
    }
    use super::*;

    #[test]
    fn every_width_round_trips_at_its_edges() {
        fn check<const N: usize>() {
            let max = if N == 8 {
                u64::MAX
            } else {
                (1u64 << (8 * N)) - 1
            };
            for value in [0, 1, 0x80, max >> 1, max] {
                let be = uint_to_be::<N>(value).unwrap();
                let le = uint_to_le::<N>(value).unwrap();
                assert_eq!(uint_from_be(be), value);
                assert_eq!(uint_from_le(le), value);
                let mut reversed = be;
                reversed.reverse();
                assert_eq!(reversed, le);
            }
            if N < 8 {
                assert!(uint_to_be::<N>(max + 1).is_err());
                assert!(uint_to_le::<N>(max + 1).is_err());
            }
        }
        check::<1>();
        check::<3>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
    }

    #[test]
    fn a_prefix_too_long_for_its_width_is_an_overflow() {
        let mut out = alloc::vec::Vec::new();
        let err = U24::write_len(&mut out, 1 << 24, ByteOrder::Big).unwrap_err();
        assert_eq!(
            err.kind(),
            &EncodeErrorKind::LengthOverflow { len: 1 << 24 }
        );
        U24::write_len(&mut out, (1 << 24) - 1, ByteOrder::Little).unwrap();
        assert_eq!(out, [0xff, 0xff, 0xff]);
    }

    #[test]
    fn max_is_all_ones() {
        assert_eq!(U24::MAX, 0xff_ffff);
        assert_eq!(U40::MAX, 0xff_ffff_ffff);
        assert_eq!(U48::MAX, 0xffff_ffff_ffff);
        assert_eq!(U56::MAX, 0xff_ffff_ffff_ffff);
    }
}

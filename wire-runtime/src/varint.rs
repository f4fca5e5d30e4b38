//! Variable-length integers: MQTT's Variable Byte Integer and unsigned LEB128.

use crate::error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
use crate::reader::Reader;
use crate::traits::{WireDecode, WireEncode};
use bytes::BufMut;

/// MQTT's Variable Byte Integer: 7 bits per byte, low group first, 1 to 4 bytes, at most
/// 268 435 455. A fifth continuation byte and non-minimal encodings are malformed.
///
/// ```
/// use wire_runtime::{decode, int::Vbi, WireEncode};
///
/// assert_eq!(decode::<Vbi>(&[0xc1, 0x02])?, Vbi(321));
/// assert_eq!(Vbi(321).encode_to_vec().unwrap(), [0xc1, 0x02]);
/// assert!(decode::<Vbi>(&[0xff, 0xff, 0xff, 0xff, 0x01]).is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Vbi(pub u32);

impl Vbi {
    /// The largest value a Variable Byte Integer can hold.
    pub const MAX: u32 = 268_435_455;

    /// Bytes needed to encode `value` (1 to 4; values above [`Vbi::MAX`] count as 4).
    #[inline]
    pub const fn size_of(value: u32) -> usize {
        match value {
            0..=0x7f => 1,
            0x80..=0x3fff => 2,
            0x4000..=0x1f_ffff => 3,
            _ => 4,
        }
    }
}

/// A length as a `Vbi`, for length fields that encode fills in.
impl TryFrom<usize> for Vbi {
    type Error = EncodeError;

    #[inline]
    fn try_from(len: usize) -> Result<Self, EncodeError> {
        match u32::try_from(len) {
            Ok(value) if value <= Vbi::MAX => Ok(Vbi(value)),
            _ => Err(EncodeError::new(EncodeErrorKind::LengthOverflow { len })),
        }
    }
}

impl<'de> WireDecode<'de> for Vbi {
    #[inline(always)]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let [first] = *r.take_array()?;
        if first < 0x80 {
            return Ok(Vbi(u32::from(first)));
        }
        // Two bytes (lengths of 128 to 16383) without a call.
        if let Some(&second) = r.peek_rest().first() {
            if second.wrapping_sub(1) < 0x7f {
                r.take(1)?;
                return Ok(Vbi(u32::from(first & 0x7f) | u32::from(second) << 7));
            }
        }
        let start = r.offset() - 1;
        match vbi_continued(first, r.peek_rest()) {
            Ok((value, used)) => {
                r.take(used)?;
                Ok(Vbi(value))
            }
            Err(VbiStop::Short(have)) => {
                r.take(have)?;
                Err(r.short(1))
            }
            Err(VbiStop::NonMinimal) => Err(DecodeError::new(
                DecodeErrorKind::InvalidValue("non-minimal variable byte integer"),
                start,
            )),
            Err(VbiStop::TooLong) => Err(DecodeError::new(DecodeErrorKind::VarIntTooLong, start)),
        }
    }
}

/// Why the rest of a Variable Byte Integer did not decode.
enum VbiStop {
    /// The input ended after this many continuation bytes.
    Short(usize),
    NonMinimal,
    TooLong,
}

/// The rest of a Variable Byte Integer whose first byte had the continuation bit set: the value
/// and how many bytes of `rest` it took. Given only the bytes: where it is not inlined, a reader
/// passed by reference would have to live in memory in every caller.
#[inline]
fn vbi_continued(first: u8, rest: &[u8]) -> Result<(u32, usize), VbiStop> {
    let mut value = u32::from(first & 0x7f);
    for i in 1..4 {
        let Some(&byte) = rest.get(i - 1) else {
            return Err(VbiStop::Short(i - 1));
        };
        value |= u32::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            if byte == 0 {
                return Err(VbiStop::NonMinimal);
            }
            return Ok((value, i));
        }
    }
    Err(VbiStop::TooLong)
}

impl WireEncode for Vbi {
    #[inline]
    fn encoded_len(&self) -> usize {
        Vbi::size_of(self.0)
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        if self.0 > Vbi::MAX {
            return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange));
        }
        put_groups(buf, u64::from(self.0));
        Ok(())
    }
}

/// An unsigned LEB128 integer (as in protobuf): 7 bits per byte, low group first, at most 10
/// bytes. Non-minimal encodings and values above `u64::MAX` are malformed.
///
/// ```
/// use wire_runtime::{decode, int::VarInt, WireEncode};
///
/// assert_eq!(decode::<VarInt>(&[0xac, 0x02])?, VarInt(300));
/// assert_eq!(VarInt(300).encode_to_vec().unwrap(), [0xac, 0x02]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct VarInt(pub u64);

impl VarInt {
    /// Bytes needed to encode `value` (1 to 10).
    #[inline]
    pub const fn size_of(value: u64) -> usize {
        let bits = 64 - (value | 1).leading_zeros() as usize;
        bits.div_ceil(7)
    }
}

/// A length as a `VarInt`, for length fields that encode fills in.
impl From<usize> for VarInt {
    #[inline]
    fn from(len: usize) -> Self {
        VarInt(len as u64)
    }
}

impl<'de> WireDecode<'de> for VarInt {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let start = r.offset();
        let mut value = 0u64;
        for i in 0..10 {
            let [byte] = *r.take_array()?;
            let group = u64::from(byte & 0x7f);
            if i == 9 && group > 1 {
                return Err(DecodeError::new(DecodeErrorKind::VarIntTooLong, start));
            }
            value |= group << (7 * i);
            if byte & 0x80 == 0 {
                if i > 0 && byte == 0 {
                    return Err(DecodeError::new(
                        DecodeErrorKind::InvalidValue("non-minimal varint"),
                        start,
                    ));
                }
                return Ok(VarInt(value));
            }
        }
        Err(DecodeError::new(DecodeErrorKind::VarIntTooLong, start))
    }
}

impl WireEncode for VarInt {
    #[inline]
    fn encoded_len(&self) -> usize {
        VarInt::size_of(self.0)
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        put_groups(buf, self.0);
        Ok(())
    }
}

/// Writes `value` 7 bits at a time, low group first, with the continuation bit on every byte
/// but the last: the shared form of MQTT's Variable Byte Integer and LEB128.
#[inline]
fn put_groups<B: BufMut + ?Sized>(buf: &mut B, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            buf.put_u8(byte);
            return;
        }
        buf.put_u8(byte | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode;
    use alloc::vec::Vec;

    /// The MQTT 5.0 (1.5.5) decoding, byte by byte: the value and its length, `None` when the
    /// input ends first, `Some(Err)` for more than four bytes or a non-minimal form.
    fn spec(bytes: &[u8]) -> Option<Result<(u32, usize), ()>> {
        let mut value = 0u32;
        for (i, &byte) in bytes.iter().enumerate().take(4) {
            value |= u32::from(byte & 0x7f) << (7 * i);
            if byte & 0x80 == 0 {
                return Some(if i > 0 && byte == 0 {
                    Err(())
                } else {
                    Ok((value, i + 1))
                });
            }
        }
        if bytes.len() >= 4 {
            Some(Err(()))
        } else {
            None
        }
    }

    fn ours(bytes: &[u8]) -> Option<Result<(u32, usize), ()>> {
        let mut r = Reader::new(bytes);
        match Vbi::decode(&mut r) {
            Ok(Vbi(value)) => Some(Ok((value, r.offset()))),
            Err(e) if e.is_incomplete() => None,
            Err(_) => Some(Err(())),
        }
    }

    #[test]
    fn every_one_and_two_byte_input_decodes_as_the_spec_says() {
        for a in 0..=255u8 {
            assert_eq!(ours(&[a]), spec(&[a]), "{a:#x}");
            for b in 0..=255u8 {
                assert_eq!(ours(&[a, b]), spec(&[a, b]), "{a:#x} {b:#x}");
                assert_eq!(ours(&[a, b, 0x01]), spec(&[a, b, 0x01]), "{a:#x} {b:#x} 01");
            }
        }
    }

    #[test]
    fn longer_inputs_decode_as_the_spec_says() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bytes = state.to_le_bytes();
            // Mostly continuation bytes, so that three to five byte forms come up.
            let len = 1 + (bytes[7] % 5) as usize;
            let input: Vec<u8> = bytes[..len]
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    if i + 1 < len && b & 3 != 0 {
                        b | 0x80
                    } else {
                        b
                    }
                })
                .collect();
            assert_eq!(ours(&input), spec(&input), "{input:02x?}");
        }
    }

    #[test]
    fn boundaries_round_trip() {
        for value in [0, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, Vbi::MAX] {
            let bytes = Vbi(value).encode_to_vec().unwrap();
            assert_eq!(bytes.len(), Vbi::size_of(value));
            assert_eq!(decode::<Vbi>(&bytes).unwrap(), Vbi(value));
        }
    }
}

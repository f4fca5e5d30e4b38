//! Derived types for issue 23's layouts: a length prefix of the user's own (MySQL's
//! length-encoded integer, with its null marker), length fields of a user type, null markers
//! (any negative value; a second "not set"), checked padding, byte-literal tags and tuple
//! fields named in expressions. Tests: `tests/tests/user_layouts.rs`.

use wire_runtime::bytes::BufMut;
use wire_runtime::{
    DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, Reader, WireDecode, WireEncode,
    len::ByteOrder, len::LenPrefix, len::LenValue, len::Marked, len::Tristate,
};

/// MySQL's length-encoded integer (client/server protocol, "Protocol::LengthEncodedInteger"):
/// a first byte below `0xfb` is the value; `0xfc`, `0xfd` and `0xfe` are followed by a 2-, 3-
/// or 8-byte little-endian value; `0xfb` is NULL in a result row; `0xff` is not an integer.
#[derive(Debug, Clone, Copy)]
pub struct LenEnc;

impl LenEnc {
    fn value_size(value: u64) -> usize {
        match value {
            0..0xfb => 1,
            0xfb..0x1_0000 => 3,
            0x1_0000..0x100_0000 => 4,
            _ => 9,
        }
    }
}

impl LenPrefix for LenEnc {
    fn read_len(r: &mut Reader<'_>, order: ByteOrder) -> Result<usize, DecodeError> {
        match Self::read_marked(r, order)? {
            Marked::Len(len) => Ok(len),
            Marked::Marker(_) => {
                Err(r.error(DecodeErrorKind::InvalidValue("NULL where a length must be")))
            }
        }
    }

    fn read_marked(r: &mut Reader<'_>, _: ByteOrder) -> Result<Marked, DecodeError> {
        let at = r.offset();
        let first = r.peek_u8()?;
        let size = match first {
            0xfb => {
                r.take(1)?;
                return Ok(Marked::Marker(-1));
            }
            0xfc => 2,
            0xfd => 3,
            0xfe => 8,
            0xff => return Err(DecodeError::new(DecodeErrorKind::InvalidTag(0xff), at)),
            small => {
                r.take(1)?;
                return Ok(Marked::Len(usize::from(small)));
            }
        };
        let bytes = &r.take(1 + size)?[1..];
        let value = bytes
            .iter()
            .rev()
            .fold(0u64, |acc, b| acc << 8 | u64::from(*b));
        Ok(Marked::Len(usize::try_from(value).unwrap_or(usize::MAX)))
    }

    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        let value = len as u64;
        match Self::value_size(value) {
            1 => buf.put_u8(value as u8),
            3 => {
                buf.put_u8(0xfc);
                buf.put_u16_le(value as u16);
            }
            4 => {
                buf.put_u8(0xfd);
                buf.put_slice(&value.to_le_bytes()[..3]);
            }
            _ => {
                buf.put_u8(0xfe);
                buf.put_u64_le(value);
            }
        }
        Ok(())
    }

    fn write_marker<B: BufMut + ?Sized>(
        buf: &mut B,
        marker: i64,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        if marker != -1 {
            return Err(EncodeError::new(EncodeErrorKind::NoMarker { marker }));
        }
        buf.put_u8(0xfb);
        Ok(())
    }

    fn len_size(len: usize) -> usize {
        Self::value_size(len as u64)
    }

    fn marker_size(_: i64) -> usize {
        1
    }
}

/// A MySQL text-protocol result row of three columns: each a length-encoded string, NULL as
/// `0xfb`.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct TextRow<'a> {
    #[wire(len = LenEnc, nullable)]
    pub id: Option<&'a str>,
    #[wire(len = LenEnc, nullable)]
    pub name: Option<&'a str>,
    #[wire(len = LenEnc)]
    pub blob: &'a [u8],
}

/// A count behind a user prefix, and a biased user prefix (the value is the count plus one).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct CountedByUser {
    #[wire(count = LenEnc)]
    pub ids: Vec<u16>,
    #[wire(count = LenEnc + 1)]
    pub flags: Vec<u8>,
}

/// A length counted in 4-byte words, as IPv4's IHL and many TLV options count theirs.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
pub struct Words(pub u8);

impl LenValue for Words {
    fn to_len(&self) -> Option<usize> {
        Some(usize::from(self.0) * 4)
    }

    fn from_len(len: usize) -> Option<Self> {
        if len % 4 == 0 {
            u8::try_from(len / 4).ok().map(Words)
        } else {
            None
        }
    }
}

/// A TLV option whose length field, in words, encode fills in from the data.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct WordOption {
    pub kind: u8,
    pub size: Words,
    #[wire(len = size)]
    pub data: Vec<u8>,
}

/// Cassandra's native protocol v4 (section 3): `[bytes]` is an `[int]` length where any
/// negative value is null; `[value]` adds -2 for "not set".
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct CqlValues<'a> {
    #[wire(len = i32, nullable = negative)]
    pub bytes: Option<&'a [u8]>,
    #[wire(len = i32, nullable, not_set = -2)]
    pub value: Tristate<&'a [u8]>,
    #[wire(len = i16, nullable = -3)]
    pub odd_null: Option<&'a str>,
}

/// Reserved bytes: checked as zero unless declared `padding = ignore`.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Padded {
    #[wire(pad_before = 2)]
    pub checked: u8,
    #[wire(pad_after = 3, padding = ignore)]
    pub lenient: u16,
    #[wire(pad_after = 1, padding = zero)]
    pub last: u8,
}

/// Tags written as bytes: a `u16` tag from a byte literal, a byte string, and a little-endian
/// one; tuple fields named `_0`, `_1` in `validate`.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u16)]
pub enum ByteTagged {
    #[wire(tag = b'Q')]
    Query(u8),
    #[wire(tag = b"MZ", validate = if *_0 <= *_1 { Ok(()) } else { Err("empty range") })]
    Range(u8, u8),
}

/// The same byte string under a little-endian tag reads the bytes in that order.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u16, le)]
pub enum LeByteTagged {
    #[wire(tag = b"MZ")]
    Exe,
}

/// A tuple struct whose fields are named `_0`, `_1` in expressions.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(validate = if usize::from(_0.0) * 4 == _1.len() { Ok(()) } else { Err("size") })]
pub struct Sized4(pub Words, #[wire(len = _0)] pub Vec<u8>);

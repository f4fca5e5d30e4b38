//! A variable-length integer of the user's own as a length prefix and as a length field:
//! QUIC's (RFC 9000, section 16), where the top two bits of the first byte give the size (1,
//! 2, 4 or 8 bytes) and the rest of the bytes the value, big-endian. Decodes the example values
//! of RFC 9000's appendix A.1, then a QUIC NEW_TOKEN frame (section 19.7, the length as a
//! prefix) and HTTP/3 frames (RFC 9114, section 7.1, the length as a field encode fills in).
//!
//! `wire_runtime::int::QuicVarInt` is the built-in one; this example shows how to write a prefix
//! of your own, for an encoding the runtime does not have.
//!
//! Run with `cargo run --example quic_varint -p wire-runtime`.

use wire_runtime::bytes::BufMut;
use wire_runtime::{
    DecodeError, EncodeError, EncodeErrorKind, Reader, WireDecode, WireEncode, decode,
    len::ByteOrder, len::LenPrefix, len::LenValue,
};

/// A QUIC variable-length integer: values below 2^62.
#[derive(Debug, Clone, Copy, PartialEq)]
struct QuicVarint(u64);

impl QuicVarint {
    const MAX: u64 = (1 << 62) - 1;

    /// The bytes the shortest encoding of `value` takes.
    fn size_of(value: u64) -> usize {
        match value {
            0..64 => 1,
            64..16_384 => 2,
            16_384..1_073_741_824 => 4,
            _ => 8,
        }
    }
}

impl<'de> WireDecode<'de> for QuicVarint {
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let first = r.peek_u8()?;
        // The two top bits give the size; the bytes after the first are read in one take, so
        // that a cut varint is `Incomplete` with the bytes it needs.
        let bytes = r.take(1 << (first >> 6))?;
        let value = bytes[1..]
            .iter()
            .fold(u64::from(first & 0x3f), |acc, b| acc << 8 | u64::from(*b));
        Ok(QuicVarint(value))
    }
}

impl WireEncode for QuicVarint {
    fn encoded_len(&self) -> usize {
        Self::size_of(self.0)
    }

    /// The shortest encoding, as RFC 9000 recommends.
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        let value = self.0;
        match Self::size_of(value) {
            1 => buf.put_u8(value as u8),
            2 => buf.put_u16(0x4000 | value as u16),
            4 => buf.put_u32(0x8000_0000 | value as u32),
            _ if value <= Self::MAX => buf.put_u64(0xc000_0000_0000_0000 | value),
            _ => return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange)),
        }
        Ok(())
    }
}

/// `#[wire(len = QuicVarint)]`: the varint as a prefix read just before the value.
impl LenPrefix for QuicVarint {
    fn read_len(r: &mut Reader<'_>, _: ByteOrder) -> Result<usize, DecodeError> {
        let QuicVarint(value) = QuicVarint::decode(r)?;
        // Beyond the address space no input holds it: the bounds check reports it.
        Ok(usize::try_from(value).unwrap_or(usize::MAX))
    }

    fn write_len<B: BufMut + ?Sized>(
        buf: &mut B,
        len: usize,
        _: ByteOrder,
    ) -> Result<(), EncodeError> {
        let value = QuicVarint::from_len(len)
            .ok_or(EncodeError::new(EncodeErrorKind::LengthOverflow { len }))?;
        value.encode(buf)
    }

    fn len_size(len: usize) -> usize {
        QuicVarint::size_of(len as u64)
    }
}

/// `length: QuicVarint` with `#[wire(len = length)]` on a later field: decode reads the
/// length from the field, encode fills the field in.
impl LenValue for QuicVarint {
    fn to_len(&self) -> Option<usize> {
        usize::try_from(self.0).ok()
    }

    fn from_len(len: usize) -> Option<Self> {
        let value = u64::try_from(len).ok()?;
        (value <= Self::MAX).then_some(QuicVarint(value))
    }
}

/// RFC 9000, section 19.7: NEW_TOKEN, the token behind a varint length prefix.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct NewToken<'a> {
    #[wire(validate = if frame_type.0 == 0x07 { Ok(()) } else { Err("NEW_TOKEN is type 0x07") })]
    frame_type: QuicVarint,
    #[wire(len = QuicVarint)]
    token: &'a [u8],
}

/// RFC 9114, section 7.1: an HTTP/3 frame, type and length as varint fields.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Http3Frame<'a> {
    frame_type: QuicVarint,
    length: QuicVarint,
    #[wire(len = length)]
    payload: &'a [u8],
}

/// RFC 9114, section 7.2.4.1: one SETTINGS parameter.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Setting {
    identifier: QuicVarint,
    value: QuicVarint,
}

/// The SETTINGS frame's payload: parameters to its end.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Settings {
    #[wire(rest)]
    parameters: Vec<Setting>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // RFC 9000, appendix A.1: the example values, and the minimal encoding of each.
    let examples: [(&[u8], u64); 5] = [
        (
            &[0xc2, 0x19, 0x7c, 0x5e, 0xff, 0x14, 0xe8, 0x8c],
            151_288_809_941_952_652,
        ),
        (&[0x9d, 0x7f, 0x3e, 0x7d], 494_878_333),
        (&[0x7b, 0xbd], 15_293),
        (&[0x25], 37),
        (&[0x40, 0x25], 37),
    ];
    for (bytes, value) in examples {
        assert_eq!(decode::<QuicVarint>(bytes)?, QuicVarint(value));
        let shortest = QuicVarint(value).encode_to_vec()?;
        assert!(shortest.len() <= bytes.len());
        assert_eq!(decode::<QuicVarint>(&shortest)?, QuicVarint(value));
        println!("{bytes:02x?} = {value}");
    }

    // NEW_TOKEN with the token length written in the two-byte form 0x4025 (37): re-encoded
    // with the one-byte form.
    let token: Vec<u8> = (0..37).collect();
    let wire = [&[0x07, 0x40, 0x25][..], &token].concat();
    let frame: NewToken<'_> = decode(&wire)?;
    assert_eq!(frame.token, token);
    assert_eq!(frame.encode_to_vec()?, [&[0x07, 0x25][..], &token].concat());
    // Cut anywhere, it is incomplete input, not an error.
    for cut in 0..wire.len() {
        assert!(
            decode::<NewToken<'_>>(&wire[..cut])
                .unwrap_err()
                .is_incomplete()
        );
    }

    // An HTTP/3 SETTINGS frame (type 0x04): QPACK_MAX_TABLE_CAPACITY (0x01) = 4096 and
    // MAX_FIELD_SECTION_SIZE (0x06) = 16384, whose length encode fills in.
    let settings = Settings {
        parameters: vec![
            Setting {
                identifier: QuicVarint(0x01),
                value: QuicVarint(4096),
            },
            Setting {
                identifier: QuicVarint(0x06),
                value: QuicVarint(16_384),
            },
        ],
    };
    let payload = settings.encode_to_vec()?;
    let frame = Http3Frame {
        frame_type: QuicVarint(0x04),
        length: QuicVarint(0),
        payload: &payload,
    };
    let wire = frame.encode_to_vec()?;
    assert_eq!(
        wire,
        [0x04, 0x08, 0x01, 0x50, 0x00, 0x06, 0x80, 0x00, 0x40, 0x00]
    );
    let back: Http3Frame<'_> = decode(&wire)?;
    assert_eq!(back.length, QuicVarint(8));
    assert_eq!(decode::<Settings>(back.payload)?, settings);
    println!("SETTINGS frame {wire:02x?}");
    Ok(())
}

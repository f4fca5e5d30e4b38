//! The length prefixes of other standards (`int::{QuicVarInt, CompactSize, LenEnc, CborHead}`):
//! the specs' examples, every value round-trips at its shortest size, every truncation is
//! incomplete, and as prefixes of derived fields their lengths round-trip across each width.

use proptest::prelude::*;
use wire_runtime::int::{CborArray, CborHead, CompactSize, LenEnc, QuicVarInt};
use wire_runtime::{WireDecode, WireEncode, decode};

/// Values around every width boundary the four encodings have, and some between.
fn boundary_values() -> impl Strategy<Value = u64> {
    let edges = [
        0u64,
        23,
        24,
        0x3f,
        0x40,
        0xfa,
        0xfb,
        0xfc,
        0xfd,
        0xff,
        0x100,
        0x3fff,
        0x4000,
        0xffff,
        0x1_0000,
        0xff_ffff,
        0x100_0000,
        0x3fff_ffff,
        0x4000_0000,
        0xffff_ffff,
        0x1_0000_0000,
        (1 << 62) - 1,
        u64::MAX,
    ];
    prop_oneof![
        proptest::sample::select(edges.to_vec()),
        any::<u64>(),
        0u64..0x1_0000,
    ]
}

/// Encode, decode back, the length as `encoded_len` says, every prefix of the bytes incomplete.
fn round_trip<T>(value: T) -> Result<(), TestCaseError>
where
    T: for<'de> WireDecode<'de> + WireEncode + PartialEq + std::fmt::Debug,
{
    let bytes = value.encode_to_vec().expect("in range");
    prop_assert_eq!(bytes.len(), value.encoded_len());
    prop_assert_eq!(decode::<T>(&bytes).unwrap(), value);
    for cut in 0..bytes.len() {
        prop_assert!(decode::<T>(&bytes[..cut]).unwrap_err().is_incomplete());
    }
    Ok(())
}

proptest! {
    #[test]
    fn every_value_round_trips_at_its_shortest(value in boundary_values()) {
        if value <= QuicVarInt::MAX {
            round_trip(QuicVarInt(value))?;
        } else {
            prop_assert!(QuicVarInt(value).encode_to_vec().is_err());
        }
        round_trip(CompactSize(value))?;
        round_trip(LenEnc(value))?;
        round_trip(CborHead::<0>(value))?;
        round_trip(CborHead::<7>(value))?;
    }

    #[test]
    fn lengths_round_trip_through_each_width(len in prop_oneof![0usize..300, 0xfb..0x102usize, 0xfff0..0x10010usize]) {
        let data = vec![0xa5u8; len];
        let framed = Framed { quic: data.clone(), compact: data.clone(), lenenc: Some(data.clone()), cbor: data.clone() };
        let bytes = framed.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), framed.encoded_len());
        prop_assert_eq!(decode::<Framed>(&bytes).unwrap(), framed);
    }
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Framed {
    #[wire(len = QuicVarInt)]
    quic: Vec<u8>,
    #[wire(len = CompactSize)]
    compact: Vec<u8>,
    #[wire(len = LenEnc, nullable)]
    lenenc: Option<Vec<u8>>,
    #[wire(count = CborArray)]
    cbor: Vec<u8>,
}

#[test]
fn quic_examples_of_rfc_9000_and_longer_forms() {
    // RFC 9000, appendix A.1; the last two are 37 in two bytes and in eight.
    let cases: [(&[u8], u64); 5] = [
        (
            &[0xc2, 0x19, 0x7c, 0x5e, 0xff, 0x14, 0xe8, 0x8c],
            151_288_809_941_952_652,
        ),
        (&[0x9d, 0x7f, 0x3e, 0x7d], 494_878_333),
        (&[0x7b, 0xbd], 15_293),
        (&[0x25], 37),
        (&[0x40, 0x25], 37),
    ];
    for (bytes, value) in cases {
        assert_eq!(decode::<QuicVarInt>(bytes).unwrap(), QuicVarInt(value));
    }
    assert_eq!(
        decode::<QuicVarInt>(&[0xc0, 0, 0, 0, 0, 0, 0, 0x25]).unwrap(),
        QuicVarInt(37)
    );
}

#[test]
fn compact_size_refuses_every_longer_form() {
    for bytes in [
        &[0xfd, 0xfc, 0x00][..],
        &[0xfe, 0xff, 0xff, 0x00, 0x00],
        &[0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0],
    ] {
        let err = decode::<CompactSize>(bytes).unwrap_err();
        assert!(!err.is_incomplete(), "{bytes:02x?}: {err}");
        assert_eq!(err.offset(), 0);
    }
    assert_eq!(decode::<CompactSize>(&[0xfd, 0xfd, 0x00]).unwrap().0, 0xfd);
}

#[test]
fn lenenc_null_and_the_error_byte() {
    assert_eq!(decode::<Framed>(&[0, 0, 0xfb, 0x80]).unwrap().lenenc, None);
    // NULL where a value must be, and 0xff, are malformed.
    assert!(!decode::<LenEnc>(&[0xfb]).unwrap_err().is_incomplete());
    assert!(!decode::<LenEnc>(&[0xff]).unwrap_err().is_incomplete());
    // Longer forms than needed decode, as MySQL's readers accept them.
    assert_eq!(decode::<LenEnc>(&[0xfc, 0x05, 0x00]).unwrap().0, 5);
}

#[test]
fn cbor_examples_of_rfc_8949_and_malformed_heads() {
    // RFC 8949, appendix A: unsigned integers (major type 0).
    let cases: [(&[u8], u64); 6] = [
        (&[0x17], 23),
        (&[0x18, 0x18], 24),
        (&[0x19, 0x03, 0xe8], 1000),
        (&[0x1a, 0x00, 0x0f, 0x42, 0x40], 1_000_000),
        (
            &[0x1b, 0x00, 0x00, 0x00, 0xe8, 0xd4, 0xa5, 0x10, 0x00],
            1_000_000_000_000,
        ),
        (
            &[0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
            u64::MAX,
        ),
    ];
    for (bytes, value) in cases {
        assert_eq!(decode::<CborHead<0>>(bytes).unwrap(), CborHead(value));
        assert_eq!(CborHead::<0>(value).encode_to_vec().unwrap(), bytes);
    }
    // Another major type, the reserved 28-30, the indefinite length.
    for bytes in [&[0x20][..], &[0x1c], &[0x1e], &[0x1f]] {
        assert!(!decode::<CborHead<0>>(bytes).unwrap_err().is_incomplete());
    }
}

/// Each type is also a length field that encode fills in.
#[test]
fn each_is_a_length_field_encode_fills() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Counted {
        n: CborArray,
        #[wire(count = n)]
        items: Vec<u8>,
        size: CompactSize,
        #[wire(len = size)]
        data: Vec<u8>,
    }
    let value = Counted {
        n: CborHead(0),
        items: vec![7; 30],
        size: CompactSize(0),
        data: vec![1; 300],
    };
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(&bytes[..2], &[0x98, 30]);
    assert_eq!(&bytes[32..35], &[0xfd, 0x2c, 0x01]);
    let back = decode::<Counted>(&bytes).unwrap();
    assert_eq!((back.n, back.size), (CborHead(30), CompactSize(300)));
    assert_eq!((back.items, back.data), (value.items, value.data));
}

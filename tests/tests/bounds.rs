//! `max = N` (issue 41, item 3): a length or count above the bound is an error naming the
//! field at the byte after its prefix, before any byte of the section is looked at; encode
//! refuses it before writing anything. For prefixed, biased, filled, counted and `rest_len`
//! lengths.

use wire_runtime::{DecodeErrorKind, EncodeErrorKind, WireDecode, WireEncode, decode};

/// A record whose length counts itself, at most 4096 as BGP's (RFC 4271, 4.1, where the
/// length also counts the 16-byte marker before it, which a framing layer strips here).
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct BgpHeader {
    #[wire(rest_len, inclusive, max = 4096)]
    length: u16,
    kind: u8,
    #[wire(rest)]
    body: Vec<u8>,
}

/// Bitcoin's message payload is at most 32 MiB; here a u32 prefix, a biased one, a length
/// in an earlier field and a count, each with a small bound.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Bounded {
    #[wire(len = u32, max = 4)]
    prefixed: Vec<u8>,
    #[wire(len = varint + 1, nullable, max = 3)]
    biased: Option<String>,
    size: u8,
    #[wire(len = size, max = 2)]
    filled: Vec<u8>,
    #[wire(count = u16, max = 2)]
    counted: Vec<u32>,
}

fn bounded() -> Bounded {
    Bounded {
        prefixed: vec![1, 2, 3, 4],
        biased: Some("abc".into()),
        size: 0,
        filled: vec![7, 8],
        counted: vec![1, 2],
    }
}

#[test]
fn values_at_their_bounds_round_trip() {
    let value = bounded();
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), value.encoded_len());
    let back: Bounded = decode(&bytes).unwrap();
    assert_eq!(back, Bounded { size: 2, ..value });

    let header = BgpHeader {
        length: 0,
        kind: 4,
        body: vec![0; 4093],
    };
    let bytes = header.encode_to_vec().unwrap();
    assert_eq!(&bytes[..3], [0x10, 0x00, 4]);
    assert_eq!(decode::<BgpHeader>(&bytes).unwrap().length, 4096);
}

#[test]
fn a_length_above_its_bound_fails_before_its_section_is_read() {
    // A 4 GiB prefix in a 9-byte input: the bound, not the missing bytes, is the error.
    let err = decode::<Bounded>(&[0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4, 5]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::LengthAboveMax {
            len: 0xffff_ffff,
            max: 4
        }
    );
    assert_eq!(
        (err.offset(), err.path().to_string()),
        (4, "Bounded.prefixed".into())
    );

    // varint + 1: the stored 5 is a length of 4.
    let err = decode::<Bounded>(&[0, 0, 0, 0, 5, b'a', b'b', b'c', b'd']).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::LengthAboveMax { len: 4, max: 3 }
    );
    assert_eq!(err.path().to_string(), "Bounded.biased");

    // The length in `size`, checked where `filled` starts.
    let err = decode::<Bounded>(&[0, 0, 0, 0, 0, 3, 1, 2, 3, 0, 0]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::LengthAboveMax { len: 3, max: 2 }
    );
    assert_eq!(
        (err.offset(), err.path().to_string()),
        (6, "Bounded.filled".into())
    );

    let err = decode::<Bounded>(&[0, 0, 0, 0, 0, 0, 0, 3]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::LengthAboveMax { len: 3, max: 2 }
    );
    assert_eq!(err.path().to_string(), "Bounded.counted");
    assert!(!err.is_incomplete());

    // A length of 4097, though the bytes are all there.
    let mut bytes = vec![0x10, 0x01, 4];
    bytes.resize(4097, 0);
    let err = decode::<BgpHeader>(&bytes).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::LengthAboveMax {
            len: 4097,
            max: 4096
        }
    );
    assert_eq!(
        (err.offset(), err.path().to_string()),
        (2, "BgpHeader.length".into())
    );
}

#[test]
fn encode_refuses_a_value_above_its_bound_and_writes_nothing() {
    let cases: [(Bounded, &str, usize, usize); 4] = [
        (
            Bounded {
                prefixed: vec![0; 5],
                ..bounded()
            },
            "Bounded.prefixed",
            5,
            4,
        ),
        (
            Bounded {
                biased: Some("abcd".into()),
                ..bounded()
            },
            "Bounded.biased",
            4,
            3,
        ),
        (
            Bounded {
                filled: vec![0; 3],
                ..bounded()
            },
            "Bounded.filled",
            3,
            2,
        ),
        (
            Bounded {
                counted: vec![0; 3],
                ..bounded()
            },
            "Bounded.counted",
            3,
            2,
        ),
    ];
    for (value, path, len, max) in cases {
        let mut out = Vec::new();
        let err = value.encode(&mut out).unwrap_err();
        assert_eq!(err.kind(), &EncodeErrorKind::LengthAboveMax { len, max });
        assert_eq!(err.path().to_string(), path);
        assert!(out.is_empty(), "{path}: wrote {out:?}");
    }
    let long = BgpHeader {
        length: 0,
        kind: 2,
        body: vec![0; 4094],
    };
    let err = long.encode_to_vec().unwrap_err();
    assert_eq!(
        err.kind(),
        &EncodeErrorKind::LengthAboveMax {
            len: 4097,
            max: 4096
        }
    );
}

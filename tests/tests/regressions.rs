//! Regression tests for defects found in review, one per defect.

use wire_runtime::{DecodeErrorKind, Reader, WireDecode, WireEncode, decode, decode_prefix};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Tail<'a> {
    a: u8,
    #[wire(rest)]
    rest: &'a [u8],
}

#[test]
fn offsets_stay_right_after_a_rest_field() {
    let (value, used) = decode_prefix::<Tail<'_>>(&[1, 2, 3]).unwrap();
    assert_eq!((value.rest, used), (&[2, 3][..], 3));

    #[derive(WireDecode, Debug)]
    struct Outer<'a> {
        #[wire(len = u8)]
        _inner: Tail<'a>,
        _after: u8,
    }
    let err = decode::<Outer<'_>>(&[2, 1, 2]).unwrap_err();
    assert_eq!(
        (err.offset(), err.path().to_string()),
        (3, "Outer._after".to_string())
    );
}

#[test]
fn composite_tags_without_a_catch_all_report_the_tag() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(tag(key: u16, version: u16))]
    enum Cmd {
        #[wire(tag = (1, 1))]
        Open,
    }
    assert_eq!(decode::<Cmd>(&[0, 1, 0, 1]).unwrap(), Cmd::Open);
    let err = decode::<Cmd>(&[0, 1, 0, 2]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidTag((1 << 32) | 2));
}

#[test]
fn empty_is_none_refuses_an_empty_some() {
    #[derive(WireEncode)]
    struct Remark<'a> {
        #[wire(len = u16, empty_is_none)]
        remark: Option<&'a str>,
    }
    assert!(Remark { remark: Some("") }.encode_to_vec().is_err());
    assert_eq!(Remark { remark: None }.encode_to_vec().unwrap(), [0, 0]);
}

#[test]
fn rest_len_leaves_out_omitted_optional_fields() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Ack {
        header: u8,
        #[wire(rest_len)]
        remaining: wire_runtime::int::Vbi,
        packet_id: u16,
        #[wire(optional)]
        reason: u8,
    }
    let ack = Ack {
        header: 64,
        remaining: wire_runtime::int::Vbi(0),
        packet_id: 7,
        reason: 0,
    };
    let bytes = ack.encode_to_vec().unwrap();
    assert_eq!(bytes, [64, 2, 0, 7]);
    assert_eq!(ack.encoded_len(), 4);
    let back: Ack = decode(&bytes).unwrap();
    assert_eq!(back.remaining, wire_runtime::int::Vbi(2));
}

#[test]
fn lengths_from_checked_arithmetic_reject_underflow() {
    #[derive(WireDecode, Debug)]
    #[allow(dead_code)]
    struct Total<'a> {
        total: u32,
        #[wire(len = total.checked_sub(8))]
        _body: &'a [u8],
    }
    let err = decode::<Total<'_>>(&[0, 0, 0, 3]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::InvalidValue(_)),
        "{err}"
    );
    assert!(decode::<Total<'_>>(&[0, 0, 0, 9, 1]).is_ok());
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    #[derive(WireDecode, Debug)]
    #[wire(tag = u8)]
    #[allow(dead_code)]
    enum Tree {
        #[wire(tag = 0)]
        Leaf,
        #[wire(tag = 1)]
        Node(Box<Tree>),
    }
    let mut input = vec![1u8; 100_000];
    input.push(0);
    // Run on a small stack, as a network task would.
    let err = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || decode::<Tree>(&input).unwrap_err().kind().clone())
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(
        err,
        DecodeErrorKind::TooDeep(wire_runtime::read::DEFAULT_MAX_DEPTH)
    );
    let mut shallow = vec![1u8; 10];
    shallow.push(0);
    assert!(decode::<Tree>(&shallow).is_ok());
}

#[test]
fn a_wrong_magic_is_malformed_even_when_short() {
    #[derive(WireDecode, Debug)]
    #[wire(magic = b"IGNI")]
    struct Hello {
        _v: u8,
    }
    let err = decode::<Hello>(b"X").unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::MagicMismatch);
    assert!(decode::<Hello>(b"IG").unwrap_err().is_incomplete());
}

#[test]
fn a_catch_all_holding_a_known_tag_is_refused_on_encode() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(tag = u8)]
    enum Q {
        #[wire(tag = 0)]
        Zero,
        #[wire(other)]
        Other(u8),
    }
    assert!(Q::Other(0).encode_to_vec().is_err());
    assert_eq!(Q::Other(9).encode_to_vec().unwrap(), [9]);
    assert_eq!(decode::<Q>(&[9]).unwrap(), Q::Other(9));
}

#[test]
fn optional_fields_gated_by_a_condition() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(ctx(v5: bool))]
    struct Ack {
        packet_id: u16,
        #[wire(optional, if = v5)]
        reason: u8,
    }
    use wire_runtime::{DecodeWith, EncodeWith, Reader};
    let decode_with = |bytes: &[u8], v5: bool| {
        let mut r = Reader::new(bytes);
        Ack::decode_with(&mut r, v5).and_then(|ack| r.expect_end().map(|()| ack))
    };
    assert_eq!(
        decode_with(&[0, 1, 7], true).unwrap(),
        Ack {
            packet_id: 1,
            reason: 7
        }
    );
    // Without the condition the byte cannot be the field: it is left over.
    assert!(matches!(
        decode_with(&[0, 1, 7], false).unwrap_err().kind(),
        DecodeErrorKind::TrailingBytes(1)
    ));
    assert_eq!(
        decode_with(&[0, 1], false).unwrap(),
        Ack {
            packet_id: 1,
            reason: 0
        }
    );
    // Encoding a non-default value where the field cannot be present is refused.
    assert!(
        Ack {
            packet_id: 1,
            reason: 7
        }
        .encode_to_vec_with(false)
        .is_err()
    );
    assert_eq!(
        Ack {
            packet_id: 1,
            reason: 0
        }
        .encode_to_vec_with(false)
        .unwrap(),
        [0, 1]
    );
    assert_eq!(
        Ack {
            packet_id: 1,
            reason: 7
        }
        .encode_to_vec_with(true)
        .unwrap(),
        [0, 1, 7]
    );
}

/// MQTT-like packets whose variants re-read the whole first byte (`peek`) as a plain `u8`.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8, tag_bits = 4..8, peek)]
enum Peeked {
    #[wire(tag = 12)]
    PingReq(u8, u8),
    #[wire(tag = 13)]
    PingResp(u8, u8),
}

/// The same with the whole byte as the tag.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8, peek)]
enum WholeByte {
    #[wire(tag = 1)]
    One(u8, u16),
}

#[test]
fn a_peeked_tag_byte_must_carry_its_variants_tag_on_encode() {
    // Decoded values encode back.
    let ping = decode::<Peeked>(&[0xc0, 0]).unwrap();
    assert_eq!(ping.encode_to_vec().unwrap(), [0xc0, 0]);
    // A PINGREQ whose first byte says PINGRESP would decode as the other variant: refused,
    // naming the variant.
    let wrong = Peeked::PingReq(0xd0, 0);
    let err = wrong.encode_to_vec().unwrap_err();
    assert_eq!(err.path().to_string(), "Peeked.PingReq");
    // The low bits (flags) are the variant's own business.
    assert_eq!(Peeked::PingReq(0xc3, 0).encode_to_vec().unwrap(), [0xc3, 0]);
    assert!(WholeByte::One(2, 5).encode_to_vec().is_err());
    assert_eq!(WholeByte::One(1, 5).encode_to_vec().unwrap(), [1, 0, 5]);
}

/// A `rest_len` section inside an enum variant: `decode_then`'s continuation gets the reader
/// after the value, outside the section (it used to get the section's reader, with nothing
/// left in it).
#[test]
fn decode_then_sees_the_reader_outside_a_rest_len_section() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(tag = u8)]
    enum Record {
        #[wire(tag = 1)]
        Sized {
            #[wire(rest_len)]
            len: u8,
            a: u8,
        },
    }
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Framed {
        #[wire(rest_len)]
        len: u8,
        a: u8,
    }
    let bytes = [1, 1, 7, 0xee, 0xff];
    let mut r = Reader::new(&bytes);
    let (record, at, left) =
        Record::decode_then(&mut r, |v, r| (v, r.offset(), r.remaining())).unwrap();
    assert_eq!(record, Record::Sized { len: 1, a: 7 });
    assert_eq!((at, left), (3, 2));
    let mut r = Reader::new(&bytes[1..]);
    let (framed, at, left) =
        Framed::decode_then(&mut r, |v, r| (v, r.offset(), r.remaining())).unwrap();
    assert_eq!(framed, Framed { len: 1, a: 7 });
    assert_eq!((at, left), (2, 2));
}

//! The public API as a user calls it: decode, encode, lengths, errors with their paths and
//! offsets, incomplete input, and the bundled protocols.

use wire_downstream::*;
use wire_runtime::{DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode, decode};

fn query_bytes() -> Vec<u8> {
    let mut bytes = vec![0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0];
    bytes.extend_from_slice(b"\x07example\x03com\x00\x00\x01\x00\x01");
    bytes
}

#[test]
fn a_dns_query_round_trips_with_its_count_filled() {
    let bytes = query_bytes();
    let query: Query<'_> = decode(&bytes).unwrap();
    assert_eq!(query.id, 0x1234);
    assert!(!query.flags.qr);
    assert_eq!(query.flags.rest, 0x0100, "RD kept in place");
    let names: Vec<&[u8]> = query.questions[0].labels.iter().map(|l| l.0).collect();
    assert_eq!(names, [&b"example"[..], b"com", b""]);
    let mut changed = query.clone();
    changed.qdcount = 0;
    assert_eq!(changed.encode_to_vec().unwrap(), bytes);
    assert_eq!(query.encoded_len(), bytes.len());
}

#[test]
fn errors_name_the_field_and_the_offset() {
    let mut bytes = query_bytes();
    bytes[7] = 1;
    let err: DecodeError = decode::<Query<'_>>(&bytes).unwrap_err();
    assert_eq!(err.path().to_string(), "Query.others");
    assert!(matches!(err.kind(), DecodeErrorKind::InvalidValue(_)));

    let bytes = query_bytes();
    let err = decode::<Query<'_>>(&bytes[..20]).unwrap_err();
    assert!(err.is_incomplete());
}

#[test]
fn tlv_options_keep_unknown_kinds() {
    let bytes = [2, 4, 0x05, 0xb4, 1, 30, 4, 0xaa, 0xbb, 0];
    let mut r = Reader::new(&bytes);
    let mut options = Vec::new();
    while !r.is_empty() {
        options.push(TcpOption::decode(&mut r).unwrap());
    }
    assert_eq!(
        options,
        [
            TcpOption::Mss(1460),
            TcpOption::Nop,
            TcpOption::Unknown(30, &[0xaa, 0xbb]),
            TcpOption::End
        ]
    );
    let mut out = Vec::new();
    for option in &options {
        option.encode(&mut out).unwrap();
    }
    assert_eq!(out, bytes);
}

#[test]
fn a_sized_request_fills_its_size_and_nulls() {
    let request = Request {
        size: 0,
        api_key: 3,
        client_id: None,
        partitions: vec![vec![1, 2]],
    };
    let bytes = request.encode_to_vec().unwrap();
    let expected = [
        &[0, 0, 0, 20][..],
        &[0, 3],
        &[0xff, 0xff],
        &[0, 0, 0, 1],
        &[0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2],
    ]
    .concat();
    assert_eq!(bytes, expected);
    let back: Request = decode(&bytes).unwrap();
    assert_eq!(
        back,
        Request {
            size: 20,
            ..request
        }
    );
    // A count past the bytes present is an error, not an allocation.
    let mut hostile = bytes.clone();
    hostile[10..14].copy_from_slice(&[0x7f, 0xff, 0xff, 0xff]);
    assert!(decode::<Request>(&hostile).is_err());
}

#[test]
fn the_bundled_protocols_are_reachable() {
    use wire_protocols::mqtt::{Version, decode, encode};
    // An MQTT 3.1.1 PINGREQ.
    let (packet, used) = decode(&[0xc0, 0], Version::V311).unwrap();
    assert_eq!(used, 2);
    assert_eq!(encode(&packet, Version::V311).unwrap(), [0xc0, 0]);
}

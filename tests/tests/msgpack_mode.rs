//! The derive's msgpack mode: every field a msgpack value, in order (no enclosing array), as
//! Apache Ignite 3's client protocol lays out its messages. The runtime's msgpack layer is
//! checked against `rmp` in `msgpack_rmp.rs`.

use proptest::prelude::*;
use wire_runtime::msgpack::Timestamp;
use wire_runtime::{DecodeErrorKind, WireDecode, WireEncode, decode};

/// An operation code, written as a msgpack integer; unknown codes stay visible.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(msgpack, tag = i32)]
enum ClientOp {
    #[wire(tag = 1)]
    Heartbeat,
    #[wire(tag = 3)]
    TablesGet,
    #[wire(tag = 4)]
    TableGet,
    #[wire(other)]
    Other(i32),
}

/// A UUID as Ignite writes it: extension type 3, the two halves little-endian.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(le)]
struct Uuid {
    msb: u64,
    lsb: u64,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(msgpack)]
struct RequestHeader {
    op: ClientOp,
    request_id: i64,
}

/// A flag-conditional field: the extra long is there when bit 0 of `flags` is set.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(msgpack)]
struct ResponseHeader {
    request_id: i64,
    flags: i32,
    #[wire(if = *flags & 1 != 0)]
    max_start_time: Option<i64>,
    observable_timestamp: i64,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(msgpack)]
struct Table<'a> {
    id: i32,
    name: &'a str,
}

/// `int count` then the items, Ignite's list layout.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(msgpack)]
struct TablesGetResponse<'a> {
    header: ResponseHeader,
    #[wire(counted)]
    tables: Vec<Table<'a>>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(msgpack)]
struct Everything {
    small: u8,
    long: i64,
    float: f64,
    flag: bool,
    text: String,
    maybe: Option<String>,
    data: bytes::Bytes,
    #[wire(ext = 3)]
    id: Uuid,
    array: Vec<u16>,
    at: Timestamp,
    #[wire(skip)]
    local: u8,
}

#[test]
fn a_request_header_is_two_msgpack_values() {
    let header = RequestHeader {
        op: ClientOp::TablesGet,
        request_id: 123_456_789,
    };
    let bytes = header.encode_to_vec().unwrap();
    assert_eq!(bytes, [0x03, 0xce, 0x07, 0x5b, 0xcd, 0x15]);
    assert_eq!(header.encoded_len(), bytes.len());
    assert_eq!(decode::<RequestHeader>(&bytes).unwrap(), header);
    // Any valid width decodes: the op as int 32, the id as uint 64.
    let wide = [0xd2, 0, 0, 0, 3, 0xcf, 0, 0, 0, 0, 0x07, 0x5b, 0xcd, 0x15];
    assert_eq!(decode::<RequestHeader>(&wide).unwrap(), header);
    assert_eq!(
        decode::<RequestHeader>(&[0x7f, 0x01]).unwrap().op,
        ClientOp::Other(127)
    );
}

#[test]
fn the_uuid_extension_carries_little_endian_halves() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(msgpack)]
    struct Node {
        #[wire(ext = 3)]
        id: Uuid,
    }
    let node = Node {
        id: Uuid {
            msb: 0x0102_0304_0506_0708,
            lsb: 0x1112_1314_1516_1718,
        },
    };
    let bytes = node.encode_to_vec().unwrap();
    assert_eq!(&bytes[..4], &[0xd8, 0x03, 0x08, 0x07]);
    assert_eq!(bytes.len(), 18);
    assert_eq!(decode::<Node>(&bytes).unwrap(), node);
    let mut other_type = bytes.clone();
    other_type[1] = 8;
    let err = decode::<Node>(&other_type).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidTag(8));
    assert_eq!(err.path().to_string(), "Node.id");
}

/// Extension values of every size: the fixext forms (1, 2, 4, 8, 16 bytes), a fixed size
/// that has none (3 bytes: ext 8), and a value whose size varies (ext 8 or 16).
#[test]
fn extension_values_take_fixext_forms_where_their_size_has_one() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Three {
        a: u8,
        b: u16,
    }
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(msgpack)]
    struct Exts {
        #[wire(ext = 1)]
        one: u8,
        #[wire(ext = 2)]
        two: u16,
        #[wire(ext = 4)]
        four: u32,
        #[wire(ext = 8)]
        eight: u64,
        #[wire(ext = 16)]
        sixteen: [u8; 16],
        #[wire(ext = 3)]
        three: Three,
        #[wire(ext = 9)]
        rest: Vec<u8>,
    }
    let value = Exts {
        one: 0xaa,
        two: 0x0102,
        four: 0x0304_0506,
        eight: 0x0708_090a_0b0c_0d0e,
        sixteen: [0x5a; 16],
        three: Three { a: 7, b: 0x0809 },
        rest: vec![0xee; 300],
    };
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), value.encoded_len());
    let mut expected = vec![0xd4, 1, 0xaa, 0xd5, 2, 1, 2, 0xd6, 4, 3, 4, 5, 6, 0xd7, 8];
    expected.extend([7, 8, 9, 10, 11, 12, 13, 14, 0xd8, 16]);
    expected.extend([0x5a; 16]);
    expected.extend([0xc7, 3, 3, 7, 8, 9, 0xc8, 0x01, 0x2c, 9]);
    expected.extend([0xee; 300]);
    assert_eq!(bytes, expected);
    assert_eq!(decode::<Exts>(&bytes).unwrap(), value);
}

#[test]
fn flag_conditional_fields_and_counted_lists() {
    let names: Vec<String> = (0..100).map(|i| format!("TABLE_{i}")).collect();
    let response = TablesGetResponse {
        header: ResponseHeader {
            request_id: 7,
            flags: 1,
            max_start_time: Some(99),
            observable_timestamp: 1 << 40,
        },
        tables: names
            .iter()
            .enumerate()
            .map(|(i, name)| Table { id: i as i32, name })
            .collect(),
    };
    let bytes = response.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), response.encoded_len());
    assert_eq!(decode::<TablesGetResponse<'_>>(&bytes).unwrap(), response);
    let short = ResponseHeader {
        request_id: 7,
        flags: 0,
        max_start_time: None,
        observable_timestamp: 5,
    };
    assert_eq!(short.encode_to_vec().unwrap(), [7, 0, 5]);
    for cut in 0..bytes.len() {
        assert!(
            decode::<TablesGetResponse<'_>>(&bytes[..cut])
                .unwrap_err()
                .is_incomplete(),
            "cut {cut}"
        );
    }
}

#[test]
fn errors_name_the_field() {
    let err = decode::<RequestHeader>(&[0x03, 0xa1, b'x']).unwrap_err();
    assert_eq!(
        err.to_string(),
        "RequestHeader.request_id: expected integer, found msgpack marker 0xa1 at offset 1"
    );
    let err = decode::<RequestHeader>(&[0x03, 0xc1]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidValue("0xc1 is never used in msgpack")
    );
}

fn everything() -> impl Strategy<Value = Everything> {
    (
        (
            any::<u8>(),
            any::<i64>(),
            proptest::num::f64::NORMAL,
            any::<bool>(),
        ),
        (
            ".{0,40}",
            proptest::option::of(".{0,10}"),
            proptest::collection::vec(any::<u8>(), 0..300),
        ),
        (
            any::<u64>(),
            any::<u64>(),
            proptest::collection::vec(any::<u16>(), 0..20),
        ),
        (any::<i64>(), 0u32..1_000_000_000),
    )
        .prop_map(
            |(
                (small, long, float, flag),
                (text, maybe, data),
                (msb, lsb, array),
                (seconds, nanos),
            )| Everything {
                small,
                long,
                float,
                flag,
                text,
                maybe,
                data: data.into(),
                id: Uuid { msb, lsb },
                array,
                at: Timestamp { seconds, nanos },
                local: 0,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn msgpack_structs_round_trip(value in everything()) {
        let bytes = value.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), value.encoded_len());
        prop_assert_eq!(decode::<Everything>(&bytes).unwrap(), value);
    }
}

#[test]
fn context_reaches_msgpack_children() {
    /// The payload depends on the operation the parent read.
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(msgpack, ctx(op: ClientOp))]
    struct Payload<'a> {
        #[wire(if = op == ClientOp::TableGet)]
        name: Option<&'a str>,
    }
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(msgpack)]
    struct Request<'a> {
        header: RequestHeader,
        #[wire(ctx = header.op)]
        payload: Payload<'a>,
    }
    let get = Request {
        header: RequestHeader {
            op: ClientOp::TableGet,
            request_id: 1,
        },
        payload: Payload { name: Some("T") },
    };
    let bytes = get.encode_to_vec().unwrap();
    assert_eq!(bytes, [0x04, 0x01, 0xa1, b'T']);
    assert_eq!(decode::<Request<'_>>(&bytes).unwrap(), get);
    let beat = Request {
        header: RequestHeader {
            op: ClientOp::Heartbeat,
            request_id: 2,
        },
        payload: Payload { name: None },
    };
    assert_eq!(beat.encode_to_vec().unwrap(), [0x01, 0x02]);
}

/// `#[wire(bin)]`: any byte container as one bin value, where `Vec<u8>` alone would be an
/// array of integers.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(msgpack)]
struct Blobs<'a> {
    #[wire(bin)]
    owned: Vec<u8>,
    #[wire(bin)]
    boxed: Box<[u8]>,
    #[wire(bin)]
    fixed: [u8; 4],
    #[wire(bin)]
    borrowed: &'a [u8],
    #[wire(bin)]
    cow: std::borrow::Cow<'a, [u8]>,
    #[wire(bin)]
    shared: bytes::Bytes,
    #[wire(bin)]
    maybe: Option<Vec<u8>>,
    array: Vec<u8>,
}

#[test]
fn bin_fields_are_msgpack_bin_whatever_their_type() {
    let data: Vec<u8> = (0..=255).cycle().take(300).collect();
    let blobs = Blobs {
        owned: data.clone(),
        boxed: data[..3].into(),
        fixed: [1, 2, 3, 4],
        borrowed: &data[..40],
        cow: std::borrow::Cow::Borrowed(&data[..0]),
        shared: bytes::Bytes::from_static(b"shared"),
        maybe: None,
        array: vec![1, 200],
    };
    let bytes = blobs.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), blobs.encoded_len());
    // The same bytes as rmp's bin writer, value by value.
    let mut theirs = Vec::new();
    for field in [
        &data[..],
        &data[..3],
        &[1, 2, 3, 4],
        &data[..40],
        &[],
        b"shared",
    ] {
        rmp::encode::write_bin(&mut theirs, field).unwrap();
    }
    rmp::encode::write_nil(&mut theirs).unwrap();
    rmp::encode::write_array_len(&mut theirs, 2).unwrap();
    rmp::encode::write_uint(&mut theirs, 1).unwrap();
    rmp::encode::write_uint(&mut theirs, 200).unwrap();
    assert_eq!(bytes, theirs);
    assert_eq!(decode::<Blobs<'_>>(&bytes).unwrap(), blobs);
    let some = Blobs {
        maybe: Some(vec![9]),
        ..blobs.clone()
    };
    assert_eq!(
        decode::<Blobs<'_>>(&some.encode_to_vec().unwrap()).unwrap(),
        some
    );

    // A fixed-size field takes a bin of exactly its size.
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    #[wire(msgpack)]
    struct Id {
        #[wire(bin)]
        id: [u8; 4],
    }
    let err = decode::<Id>(&[0xc4, 3, 1, 2, 3]).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidValue("bin of the wrong length")
    );
    assert_eq!(err.path().to_string(), "Id.id");
    assert_eq!(err.offset(), 0);
    let err = decode::<Id>(&[0x94, 1, 2, 3, 4]).unwrap_err();
    assert_eq!(err.path().to_string(), "Id.id");
}

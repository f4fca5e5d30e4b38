//! A head and its length-prefixed body (`type, length, value`: a TLV, an MQTT packet) are
//! written through one window when the buffer's chunk holds them all, and field by field when
//! it does not. Both ways give the same bytes and the same errors; an error in the window
//! leaves the buffer as it was. Golden bytes are worked out by hand from the layouts below.

use bytes::{BufMut, BytesMut};
use proptest::prelude::*;
use wire_runtime::{EncodeErrorKind, WireDecode, WireEncode, decode};

/// The value of a record: its own run of fields.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[wire(validate = if *id == 0 { Err("id 0") } else { Ok(()) })]
struct Value {
    id: u32,
    #[wire(len = u16)]
    data: Vec<u8>,
}

/// A flags byte of bit fields, a plain value in a head.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq)]
#[wire(bits = u8, reserved(bits = 4..7, value = 0))]
struct Flags {
    #[wire(bit = 7)]
    last: bool,
    #[wire(bits = 0..4)]
    level: u8,
}

/// A record: a head of two integers (one 24 bits wide) and a bit field, then its value behind a
/// `u16` length, then a trailer after the window.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
struct Record {
    kind: u8,
    #[wire(int = u24)]
    sequence: u32,
    flags: Flags,
    #[wire(len = u16)]
    value: Value,
    trailer: u8,
}

fn record(data_len: usize) -> Record {
    Record {
        kind: 7,
        sequence: 0x01_0203,
        flags: Flags {
            last: true,
            level: 5,
        },
        value: Value {
            id: 0x0a0b_0c0d,
            data: (0..data_len).map(|i| i as u8).collect(),
        },
        trailer: 0xee,
    }
}

fn golden(data_len: usize) -> Vec<u8> {
    let value_len = 4 + 2 + data_len;
    let mut out = vec![7, 0x01, 0x02, 0x03, 0x85];
    out.extend_from_slice(&(value_len as u16).to_be_bytes());
    out.extend_from_slice(&[0x0a, 0x0b, 0x0c, 0x0d]);
    out.extend_from_slice(&(data_len as u16).to_be_bytes());
    out.extend((0..data_len).map(|i| i as u8));
    out.push(0xee);
    out
}

/// The encoding into each kind of buffer: a `Vec` with room for all of it (the window), a `Vec`
/// and a `BytesMut` that start empty (their first chunk is 64 bytes: field by field for a
/// larger record), a `BytesMut` that already holds bytes and has room for 5 more (field by
/// field), and a slice of the exact size.
fn every_way(value: &Record) -> Vec<Result<Vec<u8>, wire_runtime::EncodeError>> {
    let mut ways = Vec::new();
    ways.push(value.encode_to_vec());
    let mut grown = Vec::new();
    ways.push(value.encode(&mut grown).map(|()| grown));
    let mut bytes = BytesMut::new();
    ways.push(value.encode(&mut bytes).map(|()| bytes.to_vec()));
    let mut after = BytesMut::with_capacity(8);
    after.put_slice(b"abc");
    ways.push(value.encode(&mut after).map(|()| after[3..].to_vec()));
    let mut slice = vec![0u8; value.encoded_len()];
    ways.push(
        value
            .encode_to_slice(&mut slice)
            .map(|n| slice[..n].to_vec()),
    );
    ways
}

#[test]
fn a_head_and_its_body_give_the_same_bytes_through_the_window_and_without() {
    for data_len in [0, 3, 40, 200] {
        let value = record(data_len);
        assert_eq!(value.encoded_len(), golden(data_len).len());
        for (way, bytes) in every_way(&value).into_iter().enumerate() {
            assert_eq!(
                bytes.unwrap(),
                golden(data_len),
                "{data_len} bytes, way {way}"
            );
        }
        assert_eq!(decode::<Record>(&golden(data_len)).unwrap(), value);
    }
}

#[test]
fn an_error_in_the_head_or_the_body_names_its_field_either_way() {
    for data_len in [3, 200] {
        let mut wide = record(data_len);
        wide.sequence = 1 << 24;
        let mut zero = record(data_len);
        zero.value.id = 0;
        let mut long = record(data_len);
        long.value.data = vec![0; 70_000];
        for (value, path, kind) in [
            (wide, "Record.sequence", EncodeErrorKind::ValueOutOfRange),
            (zero, "Record.value", EncodeErrorKind::Custom("id 0")),
            // The value's own length is too long for its prefix first.
            (
                long,
                "Record.value",
                EncodeErrorKind::LengthOverflow { len: 70_006 },
            ),
        ] {
            for (way, result) in every_way(&value).into_iter().enumerate() {
                let err = result.unwrap_err();
                assert_eq!(err.kind(), &kind, "{path}, way {way}");
                assert_eq!(err.path().to_string(), path, "way {way}");
            }
        }
    }
}

#[test]
fn an_error_in_the_window_leaves_the_buffer_as_it_was() {
    let mut value = record(3);
    value.value.id = 0;
    let mut out = BytesMut::with_capacity(64);
    out.put_slice(b"abc");
    assert!(value.encode(&mut out).is_err());
    assert_eq!(&out[..], b"abc");
}

proptest! {
    #[test]
    fn records_round_trip_at_every_size(data_len in 0usize..300, capacity in 0usize..400) {
        let value = record(data_len);
        let mut out = BytesMut::with_capacity(capacity);
        value.encode(&mut out).unwrap();
        prop_assert_eq!(&out[..], &golden(data_len)[..]);
        prop_assert_eq!(decode::<Record>(&out).unwrap(), value);
    }
}

//! `#[wire(rest_len, inclusive)]`: a length that counts its own bytes too, as RocketMQ's
//! `storeSize` (MessageExt) and `totalSize` (batch bodies) do.

use wire_runtime::{DecodeErrorKind, WireDecode, WireEncode, decode, decode_prefix};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Record<'a> {
    #[wire(rest_len, inclusive)]
    store_size: i32,
    queue_id: i32,
    #[wire(len = u8)]
    topic: &'a str,
}

#[test]
fn the_size_counts_itself_on_decode_and_encode() {
    let bytes = [0, 0, 0, 12, 0, 0, 0, 7, 3, b'a', b'/', b'b'];
    let record: Record<'_> = decode(&bytes).unwrap();
    assert_eq!(
        record,
        Record {
            store_size: 12,
            queue_id: 7,
            topic: "a/b"
        }
    );
    // The size is filled in on encode, whatever the field holds.
    let encoded = Record {
        store_size: 0,
        ..record
    }
    .encode_to_vec()
    .unwrap();
    assert_eq!(encoded, bytes);
    // Back to back: each record ends where its size says.
    let two = [&bytes[..], &bytes[..]].concat();
    let (_, used) = decode_prefix::<Record<'_>>(&two).unwrap();
    assert_eq!(used, 12);
}

#[test]
fn sizes_that_disagree_with_the_fields_are_errors() {
    // Smaller than the size field itself.
    let err = decode::<Record<'_>>(&[0, 0, 0, 3, 0, 0, 0, 7, 0]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::InvalidValue(_)),
        "{err}"
    );
    assert_eq!(err.path().to_string(), "Record.store_size");
    // Negative.
    let err = decode::<Record<'_>>(&[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 7, 0]).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    // Larger than the fields: they must fill the section.
    let err = decode::<Record<'_>>(&[0, 0, 0, 10, 0, 0, 0, 7, 0, 0]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::TrailingBytes(1)),
        "{err}"
    );
    // Smaller than the fields: they overrun it.
    let err = decode::<Record<'_>>(&[0, 0, 0, 9, 0, 0, 0, 7, 1, b'x']).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
}

#[test]
fn truncated_input_is_incomplete() {
    let bytes = [0, 0, 0, 12, 0, 0, 0, 7, 3, b'a', b'/', b'b'];
    for cut in 0..bytes.len() {
        let err = decode::<Record<'_>>(&bytes[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "cut at {cut}: {err}");
    }
}

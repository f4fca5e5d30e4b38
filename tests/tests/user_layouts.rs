//! Issue 23's layouts: a user-defined length prefix (MySQL's length-encoded integer) as `len`
//! and `count`, biased and with its null marker; length fields of a user type filled on
//! encode; null markers (any negative value, a second "not set"); checked padding; byte-literal
//! tags; tuple fields named in expressions. Golden bytes are worked out by hand from the
//! specifications named on each type.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_runtime::{DecodeErrorKind, EncodeErrorKind, WireEncode, decode, len::Tristate};
use wire_tests::user_layouts::*;

#[test]
fn a_user_prefix_reads_every_form_and_its_null_marker() {
    // id: "7" (one-byte form); name: NULL (0xfb); blob: 3 bytes behind the 0xfc form.
    let bytes = [0x01, b'7', 0xfb, 0xfc, 0x03, 0x00, 1, 2, 3];
    let row = decode::<TextRow<'_>>(&bytes).unwrap();
    assert_eq!(
        row,
        TextRow {
            id: Some("7"),
            name: None,
            blob: &[1, 2, 3]
        }
    );
    // Encode writes the smallest form, as MySQL servers do.
    assert_eq!(
        row.encode_to_vec().unwrap(),
        [0x01, b'7', 0xfb, 0x03, 1, 2, 3]
    );
    // 251 bytes need the 0xfc form; 65 536 the 0xfd form.
    for (len, head) in [
        (251usize, &[0xfc, 0xfb, 0x00][..]),
        (65_536, &[0xfd, 0, 0, 1]),
    ] {
        let blob = vec![7u8; len];
        let row = TextRow {
            id: None,
            name: None,
            blob: &blob,
        };
        let out = row.encode_to_vec().unwrap();
        assert_eq!(&out[2..2 + head.len()], head);
        assert_eq!(out.len(), row.encoded_len());
        assert_eq!(decode::<TextRow<'_>>(&out).unwrap(), row);
    }
}

#[test]
fn a_user_prefix_rejects_what_it_must() {
    // 0xff is not a length-encoded integer: an error naming the field at its byte.
    let err = decode::<TextRow<'_>>(&[0xff]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidTag(0xff));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("TextRow.id".into(), 0)
    );
    // NULL where the layout has no null: the prefix's own error.
    let err = decode::<TextRow<'_>>(&[0x00, 0x00, 0xfb]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::InvalidValue(_)),
        "{err}"
    );
    assert_eq!(err.path().to_string(), "TextRow.blob");
    // An 8-byte length of 2^56 in a 12-byte input: incomplete, not an allocation.
    let err = decode::<TextRow<'_>>(&[0, 0, 0xfe, 0, 0, 0, 0, 0, 0, 0, 1, 9]).unwrap_err();
    assert!(err.is_incomplete(), "{err}");
}

#[test]
fn user_prefixes_count_elements_and_take_a_bias() {
    let value = CountedByUser {
        ids: vec![1, 0x0203],
        flags: vec![9],
    };
    let bytes = value.encode_to_vec().unwrap();
    // ids: count 2, then two u16; flags: count 1 + 1 = 2, then one byte.
    assert_eq!(bytes, [2, 0, 1, 2, 3, 2, 9]);
    assert_eq!(decode::<CountedByUser>(&bytes).unwrap(), value);
    // A raw value below the bias (0 under `+ 1`) is a marker where none is declared.
    let err = decode::<CountedByUser>(&[0, 0]).unwrap_err();
    assert_eq!(err.path().to_string(), "CountedByUser.flags");
}

#[test]
fn a_length_field_of_a_user_type_is_filled_on_encode() {
    let option = WordOption {
        kind: 7,
        size: Words(0),
        data: vec![1, 2, 3, 4, 5, 6, 7, 8],
    };
    let bytes = option.encode_to_vec().unwrap();
    assert_eq!(bytes[..2], [7, 2]);
    assert_eq!(decode::<WordOption>(&bytes).unwrap().data, option.data);
    // Data that is not a whole number of words has no length to fill in.
    let odd = WordOption {
        kind: 7,
        size: Words(0),
        data: vec![1, 2, 3],
    };
    let err = odd.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::LengthOverflow { len: 3 });
    assert_eq!(err.path().to_string(), "WordOption.size");
    // Tuple fields are named `_0`, `_1`: the length, and the check, use them.
    let sized = Sized4(Words(2), vec![0; 8]);
    let bytes = sized.encode_to_vec().unwrap();
    assert_eq!(bytes, [2, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(decode::<Sized4>(&bytes).unwrap(), sized);
    // The struct's check sees the stored values, before any length is filled in.
    let err = Sized4(Words(9), vec![0; 8]).encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::Custom("size"));
}

#[test]
fn cassandra_values_keep_null_and_not_set_apart() {
    let bytes = [
        &[0xff, 0xff, 0xff, 0x80][..], // bytes: any negative length is null
        &[0xff, 0xff, 0xff, 0xfe],     // value: -2, not set
        &[0xff, 0xfd],                 // odd_null: -3 is this field's null
    ]
    .concat();
    let values = decode::<CqlValues<'_>>(&bytes).unwrap();
    assert_eq!(
        values,
        CqlValues {
            bytes: None,
            value: Tristate::NotSet,
            odd_null: None
        }
    );
    // Null is written as -1 where any negative value reads as null.
    let written = values.encode_to_vec().unwrap();
    assert_eq!(
        written,
        [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xfd]
    );
    assert_eq!(written.len(), values.encoded_len());
    let values = CqlValues {
        bytes: Some(&[1]),
        value: Tristate::Null,
        odd_null: Some("a"),
    };
    let written = values.encode_to_vec().unwrap();
    assert_eq!(written, [0, 0, 0, 1, 1, 0xff, 0xff, 0xff, 0xff, 0, 1, b'a']);
    assert_eq!(decode::<CqlValues<'_>>(&written).unwrap(), values);
    // Other negative values are malformed where the markers are exact, naming the field.
    let err = decode::<CqlValues<'_>>(&[0, 0, 0, 0, 0xff, 0xff, 0xff, 0xfd]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::NegativeLength(-3));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("CqlValues.value".into(), 4)
    );
    let err = decode::<CqlValues<'_>>(&[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::NegativeLength(-1));
    assert_eq!(err.path().to_string(), "CqlValues.odd_null");
}

#[test]
fn padding_is_zero_unless_declared_ignored() {
    let value = Padded {
        checked: 1,
        lenient: 0x0203,
        last: 4,
    };
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes, [0, 0, 1, 2, 3, 0, 0, 0, 4, 0]);
    assert_eq!(bytes.len(), value.encoded_len());
    // Ignored padding reads as anything.
    assert_eq!(
        decode::<Padded>(&[0, 0, 1, 2, 3, 7, 7, 7, 4, 0]).unwrap(),
        value
    );
    // Checked padding names the field and the offending byte.
    let err = decode::<Padded>(&[0, 5, 1, 2, 3, 0, 0, 0, 4, 0]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::NonZeroPadding(5));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("Padded.checked".into(), 1)
    );
    let err = decode::<Padded>(&[0, 0, 1, 2, 3, 0, 0, 0, 4, 0x80]).unwrap_err();
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("Padded.last".into(), 9)
    );
}

#[test]
fn byte_literal_tags_are_the_integers_they_spell() {
    assert_eq!(ByteTagged::Query(1).encode_to_vec().unwrap(), [0, b'Q', 1]);
    assert_eq!(
        ByteTagged::Range(1, 2).encode_to_vec().unwrap(),
        [b'M', b'Z', 1, 2]
    );
    assert_eq!(
        decode::<ByteTagged>(b"MZ\x01\x02").unwrap(),
        ByteTagged::Range(1, 2)
    );
    // The variant's check names its tuple fields `_0` and `_1`.
    let err = decode::<ByteTagged>(b"MZ\x02\x01").unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidValue("empty range"));
    assert!(ByteTagged::Range(2, 1).encode_to_vec().is_err());
    // Under a little-endian tag the bytes still come in the order written.
    assert_eq!(LeByteTagged::Exe.encode_to_vec().unwrap(), b"MZ");
    assert_eq!(decode::<LeByteTagged>(b"MZ").unwrap(), LeByteTagged::Exe);
}

fn tristate() -> impl Strategy<Value = Tristate<Vec<u8>>> {
    prop_oneof![
        vec(any::<u8>(), 0..40).prop_map(Tristate::Value),
        Just(Tristate::Null),
        Just(Tristate::NotSet),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn user_prefixed_rows_round_trip(
        id in proptest::option::of("[0-9]{0,300}"),
        name in proptest::option::of("[a-z]{0,20}"),
        blob in vec(any::<u8>(), 0..70_000),
        ids in vec(any::<u16>(), 0..300),
        flags in vec(any::<u8>(), 0..300),
    ) {
        let row = TextRow { id: id.as_deref(), name: name.as_deref(), blob: &blob };
        let bytes = row.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), row.encoded_len());
        prop_assert_eq!(&decode::<TextRow<'_>>(&bytes).unwrap(), &row);
        for cut in [0, 1, bytes.len() / 2, bytes.len() - 1] {
            prop_assert!(decode::<TextRow<'_>>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
        let counted = CountedByUser { ids, flags };
        let bytes = counted.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), counted.encoded_len());
        prop_assert_eq!(&decode::<CountedByUser>(&bytes).unwrap(), &counted);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<CountedByUser>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
    }

    #[test]
    fn markers_padding_and_word_lengths_round_trip(
        bytes_value in proptest::option::of(vec(any::<u8>(), 0..40)),
        value in tristate(),
        odd in proptest::option::of("[a-z]{0,10}"),
        kind: u8, words in vec(any::<u32>(), 0..60),
        checked: u8, lenient: u16, last: u8,
    ) {
        let values = CqlValues {
            bytes: bytes_value.as_deref(),
            value: value.as_ref().map(|v| &v[..]),
            odd_null: odd.as_deref(),
        };
        let encoded = values.encode_to_vec().unwrap();
        prop_assert_eq!(encoded.len(), values.encoded_len());
        prop_assert_eq!(&decode::<CqlValues<'_>>(&encoded).unwrap(), &values);
        for cut in 0..encoded.len() {
            prop_assert!(decode::<CqlValues<'_>>(&encoded[..cut]).unwrap_err().is_incomplete());
        }
        let data: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        let option = WordOption { kind, size: Words(0), data };
        let encoded = option.encode_to_vec().unwrap();
        let back = decode::<WordOption>(&encoded).unwrap();
        prop_assert_eq!(usize::from(back.size.0) * 4, option.data.len());
        prop_assert_eq!(back.data, option.data);
        for cut in 0..encoded.len() {
            prop_assert!(decode::<WordOption>(&encoded[..cut]).unwrap_err().is_incomplete());
        }
        let padded = Padded { checked, lenient, last };
        let encoded = padded.encode_to_vec().unwrap();
        prop_assert_eq!(&decode::<Padded>(&encoded).unwrap(), &padded);
        for cut in 0..encoded.len() {
            prop_assert!(decode::<Padded>(&encoded[..cut]).unwrap_err().is_incomplete());
        }
    }

    #[test]
    fn byte_tagged_round_trips(q: u8, lo: u8, span: u8) {
        let hi = lo.saturating_add(span);
        for value in [ByteTagged::Query(q), ByteTagged::Range(lo, hi)] {
            let encoded = value.encode_to_vec().unwrap();
            prop_assert_eq!(&decode::<ByteTagged>(&encoded).unwrap(), &value);
            for cut in 0..encoded.len() {
                prop_assert!(decode::<ByteTagged>(&encoded[..cut]).unwrap_err().is_incomplete());
            }
        }
    }
}

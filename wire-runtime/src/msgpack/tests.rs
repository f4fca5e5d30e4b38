//! msgpack writers and readers, format by format, at every width boundary.

use super::*;
use crate::{DecodeErrorKind, Reader};
use alloc::vec::Vec;

fn written(write: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut buf = Vec::new();
    write(&mut buf);
    buf
}

#[test]
fn integers_use_the_smallest_form_and_read_back() {
    let cases: &[(i64, &[u8])] = &[
        (0, &[0x00]),
        (127, &[0x7f]),
        (128, &[0xcc, 0x80]),
        (255, &[0xcc, 0xff]),
        (256, &[0xcd, 0x01, 0x00]),
        (65_535, &[0xcd, 0xff, 0xff]),
        (65_536, &[0xce, 0x00, 0x01, 0x00, 0x00]),
        (12_345, &[0xcd, 0x30, 0x39]),
        (i64::from(u32::MAX) + 1, &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
        (-1, &[0xff]),
        (-32, &[0xe0]),
        (-33, &[0xd0, 0xdf]),
        (-128, &[0xd0, 0x80]),
        (-129, &[0xd1, 0xff, 0x7f]),
        (-32_769, &[0xd2, 0xff, 0xff, 0x7f, 0xff]),
        (i64::MIN, &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for &(value, bytes) in cases {
        assert_eq!(written(|b| write_int(b, value)), bytes, "{value}");
        assert_eq!(int_size(value), bytes.len(), "{value}");
        assert_eq!(read_int::<i64>(&mut Reader::new(bytes)).unwrap(), value);
    }
    let max = written(|b| write_uint(b, u64::MAX));
    assert_eq!(max, [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    assert_eq!(read_int::<u64>(&mut Reader::new(&max)).unwrap(), u64::MAX);
}

#[test]
fn every_valid_width_is_accepted() {
    let zero_forms: [&[u8]; 9] = [
        &[0x00],
        &[0xcc, 0],
        &[0xcd, 0, 0],
        &[0xce, 0, 0, 0, 0],
        &[0xcf, 0, 0, 0, 0, 0, 0, 0, 0],
        &[0xd0, 0],
        &[0xd1, 0, 0],
        &[0xd2, 0, 0, 0, 0],
        &[0xd3, 0, 0, 0, 0, 0, 0, 0, 0],
    ];
    for bytes in zero_forms {
        assert_eq!(
            read_int::<u8>(&mut Reader::new(bytes)).unwrap(),
            0,
            "{bytes:02x?}"
        );
    }
    assert_eq!(read_str(&mut Reader::new(&[0xd9, 1, b'a'])).unwrap(), "a");
    assert_eq!(
        read_str(&mut Reader::new(&[0xda, 0, 1, b'a'])).unwrap(),
        "a"
    );
    assert_eq!(
        read_str(&mut Reader::new(&[0xdb, 0, 0, 0, 1, b'a'])).unwrap(),
        "a"
    );
    assert_eq!(
        read_array_len(&mut Reader::new(&[0xdc, 0, 1, 0xc0])).unwrap(),
        1
    );
    assert_eq!(
        read_map_len(&mut Reader::new(&[0xdf, 0, 0, 0, 1, 0xc0, 0xc0])).unwrap(),
        1
    );
    assert_eq!(
        read_f64(&mut Reader::new(&[0xca, 0x3f, 0x80, 0, 0])).unwrap(),
        1.0
    );
}

#[test]
fn strings_binaries_and_headers_at_their_boundaries() {
    for n in [0usize, 1, 31, 32, 255, 256, 65_535, 65_536] {
        let text: alloc::string::String = core::iter::repeat_n('x', n).collect();
        let s = written(|b| write_str(b, &text).unwrap());
        assert_eq!(s.len(), str_size(n), "str {n}");
        assert_eq!(read_str(&mut Reader::new(&s)).unwrap(), text);
        let data = alloc::vec![7u8; n];
        let bin = written(|b| write_bin(b, &data).unwrap());
        assert_eq!(bin.len(), bin_size(n), "bin {n}");
        assert_eq!(read_bin(&mut Reader::new(&bin)).unwrap(), &data[..]);
        let mut array = written(|b| write_array_len(b, n).unwrap());
        assert_eq!(array.len(), array_len_size(n), "array {n}");
        array.extend(core::iter::repeat_n(0xc0, n));
        assert_eq!(read_array_len(&mut Reader::new(&array)).unwrap(), n);
        let ext = written(|b| write_ext(b, 5, &data).unwrap());
        assert_eq!(ext.len(), ext_size(n), "ext {n}");
        let back = read_ext(&mut Reader::new(&ext)).unwrap();
        assert_eq!((back.ext_type, back.data), (5, &data[..]));
    }
    assert_eq!(written(|b| write_str(b, "TestTable1").unwrap())[0], 0xaa);
    assert_eq!(written(|b| write_array_len(b, 15).unwrap()), [0x9f]);
    assert_eq!(written(|b| write_map_len(b, 16).unwrap()), [0xde, 0, 16]);
    assert_eq!(
        written(|b| write_ext(b, 3, &[0; 16]).unwrap())[..2],
        [0xd8, 3]
    );
}

#[test]
fn timestamps_in_their_three_forms() {
    let cases: [(i64, u32, usize); 5] = [
        (0, 0, 6),
        (u32::MAX as i64, 0, 6),
        (1, 1, 10),
        ((1 << 34) - 1, 999_999_999, 10),
        (-1, 5, 15),
    ];
    for (seconds, nanos, size) in cases {
        let bytes = written(|b| write_timestamp(b, seconds, nanos).unwrap());
        assert_eq!(bytes.len(), size, "{seconds}.{nanos}");
        assert_eq!(timestamp_size(seconds, nanos), size);
        assert_eq!(
            read_timestamp(&mut Reader::new(&bytes)).unwrap(),
            (seconds, nanos)
        );
    }
    assert!(write_timestamp(&mut Vec::new(), 0, 1_000_000_000).is_err());
    // fixext8 with nanoseconds 2^30 - 1 > 999 999 999
    let bad = [0xd7, 0xff, 0xff, 0xff, 0xff, 0xfc, 0, 0, 0, 0];
    assert!(read_timestamp(&mut Reader::new(&bad)).is_err());
}

#[test]
fn wrong_families_out_of_range_and_never_used_are_errors() {
    let err = read_int::<u8>(&mut Reader::new(&[0xa1, b'a'])).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::WrongType {
            expected: "integer",
            marker: 0xa1
        }
    );
    let err = read_int::<u8>(&mut Reader::new(&[0xcd, 1, 0])).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::InvalidValue(_)));
    let err = read_int::<u32>(&mut Reader::new(&[0xff])).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::InvalidValue(_)));
    let err = read_bool(&mut Reader::new(&[0xc1])).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidValue("0xc1 is never used in msgpack")
    );
    assert!(
        read_str(&mut Reader::new(&[0xa2, 0xc3, 0x28]))
            .unwrap_err()
            .kind()
            == &DecodeErrorKind::InvalidUtf8
    );
    assert!(read_nil(&mut Reader::new(&[0xc2])).is_err());
    assert!(!try_read_nil(&mut Reader::new(&[0xc2])).unwrap());
}

#[test]
fn truncation_is_incomplete_and_hostile_counts_allocate_nothing() {
    let mut buf = Vec::new();
    write_uint(&mut buf, u64::MAX);
    write_str(&mut buf, "hello").unwrap();
    write_ext(&mut buf, 1, &[1, 2, 3]).unwrap();
    for cut in 1..buf.len() {
        let mut r = Reader::new(&buf[..cut]);
        let err = read_int::<u64>(&mut r)
            .and_then(|_| read_str(&mut r).map(|_| ()))
            .and_then(|_| read_ext(&mut r).map(|_| ()))
            .unwrap_err();
        assert!(err.is_incomplete(), "cut {cut}: {err}");
    }
    // An array claiming 2^32 - 1 items in 5 bytes: refused at the header.
    let err = read_array_len(&mut Reader::new(&[0xdd, 0xff, 0xff, 0xff, 0xff])).unwrap_err();
    assert!(err.is_incomplete());
}

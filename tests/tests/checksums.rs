//! Checksum fields: filled in on encode in one pass, verified on decode with
//! `ChecksumMismatch` naming the field, skipped with `Reader::without_checksums`; golden
//! values from the PNG specification's IEND chunk and a textbook IPv4 header.

use proptest::prelude::*;
use wire_runtime::{
    DecodeErrorKind, Reader, WireDecode, WireEncode, checksum::Checksum,
    checksum::InternetChecksum, decode,
};
use wire_tests::checksums::*;

#[test]
fn a_png_chunk_carries_the_crc_of_its_type_and_data() {
    // Every PNG ends with this IEND chunk.
    let iend = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];
    let chunk = decode::<PngChunk<'_>>(&iend).unwrap();
    assert_eq!((chunk.kind, chunk.crc), (*b"IEND", 0xae42_6082));
    let built = PngChunk {
        length: 0,
        kind: *b"IEND",
        data: b"",
        crc: 0,
    };
    assert_eq!(built.encode_to_vec().unwrap(), iend);
    let mut corrupt = iend;
    corrupt[5] = b'X';
    let err = decode::<PngChunk<'_>>(&corrupt).unwrap_err();
    assert!(matches!(
        err.kind(),
        DecodeErrorKind::ChecksumMismatch {
            expected: 0xae42_6082,
            ..
        }
    ));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("PngChunk.crc".into(), 8)
    );
    // Callers who verify elsewhere skip it.
    let unchecked = PngChunk::decode(&mut Reader::new(&corrupt).without_checksums()).unwrap();
    assert_eq!(unchecked.kind, *b"IXND");
}

#[test]
fn the_internet_checksum_covers_the_header_with_itself_as_zero() {
    // 192.168.0.1 to 192.168.0.199, UDP: the checksum is 0xb861.
    let header = [
        0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00,
        0x01, 0xc0, 0xa8, 0x00, 0xc7,
    ];
    let value = decode::<Ipv4Header>(&header).unwrap();
    assert_eq!(value.checksum, 0xb861);
    assert_eq!(value.destination, [192, 168, 0, 199]);
    let written = Ipv4Header {
        checksum: 0,
        ..value.clone()
    }
    .encode_to_vec()
    .unwrap();
    assert_eq!(written, header);
    let mut corrupt = header;
    corrupt[19] = 0xc8;
    let err = decode::<Ipv4Header>(&corrupt).unwrap_err();
    assert!(matches!(
        err.kind(),
        DecodeErrorKind::ChecksumMismatch {
            expected: 0xb861,
            ..
        }
    ));
    assert_eq!(err.path().to_string(), "Ipv4Header.checksum");
    assert_eq!(err.offset(), 10, "the checksum field's offset");
}

/// The header is one run of fixed-size fields, checksum included (one bounds check): cut
/// anywhere, it is incomplete in the field the input ends in, at that field's offset.
#[test]
fn a_cut_ipv4_header_names_the_field_it_ends_in() {
    let header = Ipv4Header {
        version_ihl: 0x45,
        tos: 0,
        total_length: 20,
        identification: 1,
        flags_fragment: 0,
        ttl: 64,
        protocol: 6,
        checksum: 0,
        source: [10, 0, 0, 1],
        destination: [10, 0, 0, 2],
    }
    .encode_to_vec()
    .unwrap();
    let fields = [
        ("version_ihl", 0, 1),
        ("tos", 1, 2),
        ("total_length", 2, 4),
        ("identification", 4, 6),
        ("flags_fragment", 6, 8),
        ("ttl", 8, 9),
        ("protocol", 9, 10),
        ("checksum", 10, 12),
        ("source", 12, 16),
        ("destination", 16, 20),
    ];
    for cut in 0..header.len() {
        let err = decode::<Ipv4Header>(&header[..cut]).unwrap_err();
        let (name, start, end) = fields.iter().find(|f| f.2 > cut).unwrap();
        assert_eq!(
            (err.path().to_string(), err.offset(), err.needed()),
            (format!("Ipv4Header.{name}"), *start, Some(end - cut)),
            "cut at {cut}"
        );
    }
    // A checksum before its data, read in one run with the length after it.
    let chunk = CrcFirst {
        epoch: 1,
        crc: 0,
        data_length: 0,
        data: b"abc",
    }
    .encode_to_vec()
    .unwrap();
    for (cut, name, at) in [(9, "crc", 8), (15, "data_length", 12), (17, "data", 16)] {
        let err = decode::<CrcFirst<'_>>(&chunk[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "cut at {cut}: {err}");
        assert_eq!(
            (err.path().to_string(), err.offset()),
            (format!("CrcFirst.{name}"), at),
            "cut at {cut}"
        );
    }
}

#[test]
fn a_checksum_before_its_data_is_computed_first() {
    let value = CrcFirst {
        epoch: 7,
        crc: 0,
        data_length: 0,
        data: b"hello",
    };
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes[8..12], crc32fast::hash(b"hello").to_be_bytes());
    assert_eq!(decode::<CrcFirst<'_>>(&bytes).unwrap().data, b"hello");
    let typed = CrcBeforeTyped {
        crc: 0,
        id: 0x0102,
        values: vec![3, 4],
        tail: 9,
    };
    let bytes = typed.encode_to_vec().unwrap();
    assert_eq!(bytes[4..], [1, 2, 2, 0, 3, 0, 4, 9]);
    assert_eq!(bytes[..4], crc32fast::hash(&bytes[4..11]).to_be_bytes());
    assert_eq!(decode::<CrcBeforeTyped>(&bytes).unwrap().values, [3, 4]);
    let message = CrcMessage {
        queue_id: 1,
        body_crc: 0,
        body: b"body",
    };
    let bytes = message.encode_to_vec().unwrap();
    let expected = (crc32fast::hash(b"body") & 0x7fff_ffff) as i32;
    assert_eq!(decode::<CrcMessage<'_>>(&bytes).unwrap().body_crc, expected);
}

/// RFC 1071's definition, word by word: the reference the wider sums are checked against.
fn internet_checksum_by_words(bytes: &[u8]) -> u16 {
    let mut sum: u64 = bytes
        .chunks(2)
        .map(|w| u64::from(u16::from_be_bytes([w[0], w.get(1).copied().unwrap_or(0)])))
        .sum();
    while sum >> 16 != 0 {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    !(sum as u16)
}

#[test]
fn the_internet_checksum_of_rfc_1071s_example_and_of_long_runs_of_ones() {
    // RFC 1071 section 3: the sum of 00 01 f2 03 f4 f5 f6 f7 is ddf2.
    let mut c = InternetChecksum::default();
    c.update(&[0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7]);
    assert_eq!(c.finish(), !0xddf2);
    // All ones: every carry of the wide sums taken, in parts of every parity.
    let ones = vec![0xff; 4099];
    for split in [0, 1, 7, 8, 9, 2048, 4098] {
        let mut c = InternetChecksum::default();
        c.update(&ones[..split]);
        c.update(&ones[split..]);
        assert_eq!(
            c.finish(),
            internet_checksum_by_words(&ones),
            "split at {split}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Summed in parts of any length (odd ones too), the checksum is the word-by-word one.
    #[test]
    fn the_internet_checksum_in_parts_is_rfc_1071s(
        data in proptest::collection::vec(any::<u8>(), 0..200),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(data.len() + 1)).collect();
        cuts.sort();
        let mut c = InternetChecksum::default();
        let mut from = 0;
        for cut in cuts.into_iter().chain([data.len()]) {
            c.update(&data[from..cut]);
            from = cut;
        }
        prop_assert_eq!(c.finish(), internet_checksum_by_words(&data));
    }

    #[test]
    fn checksummed_values_round_trip_and_any_flip_is_caught(
        data in proptest::collection::vec(any::<u8>(), 0..64),
        values in proptest::collection::vec(any::<u16>(), 0..8),
        id: u16, tail: u8, ttl: u8, source: [u8; 4], flip in any::<prop::sample::Index>(),
    ) {
        let png = PngChunk { length: 0, kind: *b"tEXt", data: &data, crc: 0 };
        let bytes = png.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), png.encoded_len());
        let back = decode::<PngChunk<'_>>(&bytes).unwrap();
        prop_assert_eq!(back.data, &data[..]);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<PngChunk<'_>>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
        // A flipped bit in what the CRC covers (type, data) is caught.
        let mut corrupt = bytes.clone();
        let at = 4 + flip.index(4 + data.len());
        corrupt[at] ^= 1;
        prop_assert!(decode::<PngChunk<'_>>(&corrupt).is_err());

        let first = CrcFirst { epoch: 1, crc: 0, data_length: 0, data: &data };
        let bytes = first.encode_to_vec().unwrap();
        prop_assert_eq!(decode::<CrcFirst<'_>>(&bytes).unwrap().data, &data[..]);
        let typed = CrcBeforeTyped { crc: 0, id, values: values.clone(), tail };
        let bytes = typed.encode_to_vec().unwrap();
        let back = decode::<CrcBeforeTyped>(&bytes).unwrap();
        prop_assert_eq!((back.id, &back.values, back.tail), (id, &values, tail));
        for cut in 0..bytes.len() {
            prop_assert!(decode::<CrcBeforeTyped>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
        let header = Ipv4Header {
            version_ihl: 0x45, tos: 0, total_length: 20, identification: id,
            flags_fragment: 0, ttl, protocol: 6, checksum: 0, source, destination: [10, 0, 0, 1],
        };
        let bytes = header.encode_to_vec().unwrap();
        let back = decode::<Ipv4Header>(&bytes).unwrap();
        prop_assert_eq!(Ipv4Header { checksum: 0, ..back }, header);
        let mut corrupt = bytes.clone();
        corrupt[flip.index(20)] ^= 0x10;
        prop_assert!(decode::<Ipv4Header>(&corrupt).is_err());
    }
}

/// A checksum before optional fields it covers: left out, they are neither written nor
/// summed (the fixed-size and in-place plans wrote or summed them anyway).
#[test]
fn optional_fields_after_a_checksum_are_summed_only_when_present() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Trailer {
        #[wire(checksum = wire_runtime::checksum::Crc32, over = a..=b)]
        crc: u32,
        a: u8,
        #[wire(optional)]
        b: Option<u16>,
    }
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    struct Tail<'a> {
        #[wire(checksum = wire_runtime::checksum::Crc32, over = data)]
        crc: u32,
        #[wire(optional)]
        data: Option<&'a [u8]>,
    }
    for b in [None, Some(0x0102)] {
        let value = Trailer { crc: 0, a: 7, b };
        let bytes = value.encode_to_vec().unwrap();
        assert_eq!(bytes.len(), value.encoded_len());
        let covered = &bytes[4..];
        assert_eq!(bytes[..4], crc32fast::hash(covered).to_be_bytes());
        let decoded = decode::<Trailer>(&bytes).unwrap();
        assert_eq!((decoded.a, decoded.b), (7, b));
    }
    for data in [None, Some(&b"xyz"[..])] {
        let value = Tail { crc: 0, data };
        let bytes = value.encode_to_vec().unwrap();
        assert_eq!(bytes.len(), value.encoded_len());
        assert_eq!(bytes[..4], crc32fast::hash(&bytes[4..]).to_be_bytes());
        assert_eq!(decode::<Tail<'_>>(&bytes).unwrap().data, data);
    }
}

/// A value of fixed-size integers only is encoded into one array, the sum put into it, and
/// copied once: the covered range may start after the first field and end before the last,
/// and holds the checksum field as zeros (which a CRC, unlike the Internet checksum, does not
/// ignore).
#[test]
fn a_checksum_inside_a_run_of_integers_covers_only_its_range() {
    #[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
    struct Sealed {
        kind: u8,
        #[wire(int = u24)]
        length: u32,
        #[wire(checksum = wire_runtime::checksum::Crc32, over = length..=flags)]
        crc: u32,
        flags: u16,
        tail: u8,
    }
    let value = Sealed {
        kind: 9,
        length: 0x01_0203,
        crc: 0xdead_beef,
        flags: 0xabcd,
        tail: 0xee,
    };
    let crc = crc32fast::hash(&[1, 2, 3, 0, 0, 0, 0, 0xab, 0xcd]).to_be_bytes();
    let mut expected = vec![9, 1, 2, 3];
    expected.extend_from_slice(&crc);
    expected.extend_from_slice(&[0xab, 0xcd, 0xee]);
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes, expected);
    assert_eq!(value.encoded_len(), 11);
    let mut into_slice = [0u8; 11];
    assert_eq!(value.encode_to_slice(&mut into_slice).unwrap(), 11);
    assert_eq!(into_slice[..], expected[..]);
    let decoded = decode::<Sealed>(&bytes).unwrap();
    assert_eq!(decoded.crc, u32::from_be_bytes(crc));
    assert_eq!(
        Sealed {
            crc: value.crc,
            ..decoded
        },
        value
    );
    // A field too wide for its integer names itself, and nothing is written.
    let wide = Sealed {
        length: 1 << 24,
        ..value
    };
    let mut out = vec![1, 2];
    let err = wide.encode(&mut out).unwrap_err();
    assert_eq!(err.path().to_string(), "Sealed.length");
    assert_eq!(out, [1, 2]);
}

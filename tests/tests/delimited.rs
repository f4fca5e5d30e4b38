//! Issue 16's layouts: terminated strings, fixed-width text and alignment, on bytes worked out
//! by hand from each format's specification (RFC 4506's own example for XDR), round trips,
//! every truncation incomplete, and errors naming the field.

use proptest::prelude::*;
use wire_runtime::{DecodeErrorKind, EncodeErrorKind, WireEncode, decode};
use wire_tests::delimited::*;

#[test]
fn postgres_messages_end_their_strings_with_nul() {
    let query = b"Q\x00\x00\x00\x0dSELECT 1\x00";
    let value = decode::<PgFrontend<'_>>(query).unwrap();
    assert_eq!(
        value,
        PgFrontend::Query {
            len: 13,
            sql: "SELECT 1"
        }
    );
    assert_eq!(value.encode_to_vec().unwrap(), query);
    let parse = b"P\x00\x00\x00\x15\x00SELECT $1\x00\x00\x01\x00\x00\x00\x17";
    let value = decode::<PgFrontend<'_>>(parse).unwrap();
    let expected = PgFrontend::Parse {
        len: 21,
        statement: "",
        query: "SELECT $1".into(),
        param_types: vec![23],
    };
    assert_eq!(value, expected);
    assert_eq!(value.encode_to_vec().unwrap(), parse);
    let status = b"S\x00\x00\x00\x19client_encoding\x00UTF8\x00";
    let value = decode::<PgParameterStatus<'_>>(status).unwrap();
    assert_eq!(
        (value.name, &value.value[..]),
        ("client_encoding", &b"UTF8"[..])
    );
    assert_eq!(value.encode_to_vec().unwrap(), status);
}

#[test]
fn a_missing_terminator_is_incomplete_until_the_maximum() {
    for cut in 0..14 {
        let err = decode::<PgFrontend<'_>>(&b"Q\x00\x00\x00\x0dSELECT 1\x00"[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "cut at {cut}: {err}");
    }
    // Within a complete message, a string without its NUL overruns the message: malformed.
    let err = decode::<PgFrontend<'_>>(b"Q\x00\x00\x00\x06ab").unwrap_err();
    assert!(!err.is_incomplete());
    assert_eq!(err.path().to_string(), "PgFrontend.Query.sql");
    // IRC: 100 bytes without CRLF may still be completed; 512 cannot.
    let err = decode::<IrcLine<'_>>(&[b'a'; 100]).unwrap_err();
    assert!(err.is_incomplete());
    let err = decode::<IrcLine<'_>>(&[b'a'; 600]).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::MissingTerminator);
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("IrcLine.line".into(), 0)
    );
    let line = decode::<IrcLine<'_>>(b"PING :irc.example\r\n").unwrap();
    assert_eq!(line.line, "PING :irc.example");
    // A line whose CRLF ends exactly at byte 512 fits; one byte more does not.
    let mut long = vec![b'a'; 510];
    long.extend_from_slice(b"\r\n");
    assert!(decode::<IrcLine<'_>>(&long).is_ok());
    long.insert(0, b'a');
    assert_eq!(
        decode::<IrcLine<'_>>(&long).unwrap_err().kind(),
        &DecodeErrorKind::MissingTerminator
    );
}

#[test]
fn terminators_are_written_and_may_not_appear_inside() {
    assert_eq!(Resp::Simple("OK").encode_to_vec().unwrap(), b"+OK\r\n");
    assert_eq!(
        decode::<Resp<'_>>(b"-ERR unknown\r\n").unwrap(),
        Resp::Error("ERR unknown")
    );
    let err = Resp::Simple("a\r\nb").encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
    assert_eq!(err.path().to_string(), "Resp.Simple.0");
    let query = PgFrontend::Query {
        len: 0,
        sql: "a\0b",
    };
    let err = query.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
    let long = "a".repeat(511);
    let err = IrcLine { line: &long }.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::LengthOverflow { len: 511 });
}

fn ustar_sample() -> Vec<u8> {
    let mut header = vec![0u8; 512];
    let mut put = |at: usize, bytes: &[u8]| header[at..at + bytes.len()].copy_from_slice(bytes);
    put(0, b"hello.txt");
    put(100, b"0000644\0");
    put(108, b"0001750\0");
    put(116, b"0001750\0");
    put(124, b"00000000014\0");
    put(136, b"14567134272\0");
    put(148, b"011744\0 ");
    put(156, b"0");
    put(257, b"ustar\x0000");
    put(265, b"user");
    put(297, b"user");
    header
}

#[test]
fn ustar_text_fields_lose_their_padding() {
    let bytes = ustar_sample();
    let header = decode::<UstarHeader<'_>>(&bytes).unwrap();
    assert_eq!(
        (header.name, header.mode, header.size),
        ("hello.txt", "0000644", "00000000014")
    );
    assert_eq!(
        (header.chksum, header.typeflag, header.linkname),
        ("011744", b'0', "")
    );
    assert_eq!(
        (header.uname, header.version, header.prefix),
        ("user", *b"00", "")
    );
    assert_eq!(header.encoded_len(), 512);
    // Written back NUL-padded: the checksum's traditional trailing space becomes a NUL.
    let mut expected = bytes.clone();
    expected[155] = 0;
    assert_eq!(header.encode_to_vec().unwrap(), expected);
    // Bytes after the NUL of a checked field must be NUL, naming the field and the byte.
    let mut dirty = bytes.clone();
    dirty[20] = b'x';
    let err = decode::<UstarHeader<'_>>(&dirty).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::NonZeroPadding(b'x'));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("UstarHeader.name".into(), 20)
    );
    for cut in [0, 99, 100, 300, 511] {
        assert!(
            decode::<UstarHeader<'_>>(&bytes[..cut])
                .unwrap_err()
                .is_incomplete()
        );
    }
    let name = "n".repeat(101);
    let err = UstarHeader {
        name: &name,
        ..header.clone()
    }
    .encode_to_vec()
    .unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::LengthOverflow { len: 101 });
    assert_eq!(err.path().to_string(), "UstarHeader.name");
    let err = UstarHeader {
        uname: "a\0b",
        ..header
    }
    .encode_to_vec()
    .unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
}

#[test]
fn space_padded_identifiers_are_trimmed() {
    let mut bytes = vec![1];
    bytes.extend_from_slice(b"CD001\x01\x00");
    bytes.extend_from_slice(format!("{:<32}{:<32}", "LINUX", "CDROM").as_bytes());
    let descriptor = decode::<VolumeDescriptor<'_>>(&bytes).unwrap();
    assert_eq!(
        (descriptor.system_id, &descriptor.volume_id[..]),
        ("LINUX", "CDROM")
    );
    assert_eq!(descriptor.encode_to_vec().unwrap(), bytes);
    // A value ending in the pad byte would not read back the same.
    let err = VolumeDescriptor {
        system_id: "A ",
        ..descriptor
    }
    .encode_to_vec()
    .unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
}

/// RFC 4506, section 7: the example file's bytes, as the RFC lists them.
const XDR_FILE: [u8; 48] = [
    0x00, 0x00, 0x00, 0x09, b's', b'i', b'l', b'l', b'y', b'p', b'r', b'o', b'g', 0, 0,
    0, // name
    0x00, 0x00, 0x00, 0x02, // EXEC
    0x00, 0x00, 0x00, 0x04, b'l', b'i', b's', b'p', // interpreter
    0x00, 0x00, 0x00, 0x04, b'j', b'o', b'h', b'n', // owner
    0x00, 0x00, 0x00, 0x06, b'(', b'q', b'u', b'i', b't', b')', 0, 0, // data
];

#[test]
fn xdr_pads_every_opaque_to_four_bytes() {
    let file = decode::<XdrFile<'_>>(&XDR_FILE).unwrap();
    let expected = XdrFile {
        filename: "sillyprog",
        kind: XdrFileType::Exec {
            interpreter: "lisp",
        },
        owner: "john",
        data: b"(quit)".to_vec(),
    };
    assert_eq!(file, expected);
    assert_eq!(file.encoded_len(), 48);
    assert_eq!(file.encode_to_vec().unwrap(), XDR_FILE);
    let mut dirty = XDR_FILE;
    dirty[14] = 1;
    let err = decode::<XdrFile<'_>>(&dirty).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::NonZeroPadding(1));
    assert_eq!(
        (err.path().to_string(), err.offset()),
        ("XdrFile.filename".into(), 14)
    );
    for cut in 0..XDR_FILE.len() {
        assert!(
            decode::<XdrFile<'_>>(&XDR_FILE[..cut])
                .unwrap_err()
                .is_incomplete()
        );
    }
    // Unchecked alignment, counted after the struct's magic: M, tag, len, 3 bytes, 3 fill.
    let lenient = LenientAlign {
        tag: 7,
        data: vec![1, 2, 3],
        after: 9,
    };
    let bytes = lenient.encode_to_vec().unwrap();
    assert_eq!(bytes, [b'M', 7, 3, 1, 2, 3, 0, 0, 0, 0, 9]);
    assert_eq!(bytes.len(), lenient.encoded_len());
    let read = decode::<LenientAlign>(&[b'M', 7, 3, 1, 2, 3, 5, 5, 5, 0, 9]).unwrap();
    assert_eq!(read, lenient);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn terminated_values_round_trip(
        sql in "[^\\x00]{0,40}", statement in "[a-z_]{0,10}", types in proptest::collection::vec(any::<u32>(), 0..5),
        simple in "[ -~]{0,30}",
    ) {
        for message in [
            PgFrontend::Query { len: 0, sql: &sql },
            PgFrontend::Parse { len: 0, statement: &statement, query: sql.clone(), param_types: types.clone() },
        ] {
            let bytes = message.encode_to_vec().unwrap();
            prop_assert_eq!(bytes.len(), message.encoded_len());
            let back = decode::<PgFrontend<'_>>(&bytes).unwrap();
            let expected = match message {
                PgFrontend::Query { sql, .. } => PgFrontend::Query { len: bytes.len() as u32 - 1, sql },
                PgFrontend::Parse { statement, query, param_types, .. } => {
                    PgFrontend::Parse { len: bytes.len() as u32 - 1, statement, query, param_types }
                }
            };
            prop_assert_eq!(back, expected);
            for cut in 0..bytes.len() {
                prop_assert!(decode::<PgFrontend<'_>>(&bytes[..cut]).unwrap_err().is_incomplete());
            }
        }
        let resp = Resp::Simple(&simple);
        let bytes = resp.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), resp.encoded_len());
        prop_assert_eq!(decode::<Resp<'_>>(&bytes).unwrap(), resp);
    }

    #[test]
    fn padded_and_aligned_values_round_trip(
        name in "[a-z./]{0,100}", uname in "[a-z]{0,32}", mode in "[0-7]{0,7}",
        system_id in "[A-Z_]{0,31}[A-Z]?", filename in "[a-z]{0,20}", owner in "[a-z]{0,9}",
        data in proptest::collection::vec(any::<u8>(), 0..30), kind in 0u32..3, tag: u8,
    ) {
        let header = UstarHeader {
            name: &name, mode: &mode, uid: "", gid: "", size: "", mtime: "", chksum: "",
            typeflag: b'0', linkname: "", version: *b"00", uname: &uname, gname: &uname,
            devmajor: "", devminor: "", prefix: "",
        };
        let bytes = header.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), 512);
        prop_assert_eq!(&decode::<UstarHeader<'_>>(&bytes).unwrap(), &header);
        let descriptor = VolumeDescriptor { kind: 1, version: 1, system_id: &system_id, volume_id: owner.clone() };
        let bytes = descriptor.encode_to_vec().unwrap();
        prop_assert_eq!(&decode::<VolumeDescriptor<'_>>(&bytes).unwrap(), &descriptor);
        let kind = match kind {
            0 => XdrFileType::Text,
            1 => XdrFileType::Data { creator: &owner },
            _ => XdrFileType::Exec { interpreter: &owner },
        };
        let file = XdrFile { filename: &filename, kind, owner: &owner, data: data.clone() };
        let bytes = file.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len() % 4, 0);
        prop_assert_eq!(bytes.len(), file.encoded_len());
        prop_assert_eq!(&decode::<XdrFile<'_>>(&bytes).unwrap(), &file);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<XdrFile<'_>>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
        let lenient = LenientAlign { tag, data, after: 1 };
        let bytes = lenient.encode_to_vec().unwrap();
        prop_assert_eq!((bytes.len() - 1 - 2) % 8, 0);
        prop_assert_eq!(bytes.len(), lenient.encoded_len());
        prop_assert_eq!(decode::<LenientAlign>(&bytes).unwrap(), lenient);
    }
}

#[test]
fn sequences_end_at_a_sentinel_or_at_the_element_that_says_so() {
    let bytes = b"\x03www\x07example\x03com\x00";
    let name = decode::<DnsName<'_>>(bytes).unwrap();
    let labels: Vec<&[u8]> = name.labels.iter().map(|l| l.text).collect();
    assert_eq!(labels, [&b"www"[..], b"example", b"com"]);
    assert_eq!(name.encode_to_vec().unwrap(), bytes);
    assert_eq!(name.encoded_len(), bytes.len());
    for cut in 0..bytes.len() {
        assert!(
            decode::<DnsName<'_>>(&bytes[..cut])
                .unwrap_err()
                .is_incomplete()
        );
    }
    let inner_root = DnsName {
        labels: vec![Label { text: b"a" }, Label { text: b"" }],
    };
    let err = inner_root.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
    assert_eq!(err.path().to_string(), "DnsName.labels");

    let groups = decode::<Groups>(&[0x81, 0x80, 0x05, 0, 2, 0, 0]).unwrap();
    assert_eq!(
        groups,
        Groups {
            groups: vec![0x81, 0x80, 0x05],
            words: vec![2, 0]
        }
    );
    assert_eq!(
        groups.encode_to_vec().unwrap(),
        [0x81, 0x80, 0x05, 0, 2, 0, 0]
    );
    let early = Groups {
        groups: vec![0x01, 0x81],
        words: vec![0],
    };
    assert_eq!(
        early.encode_to_vec().unwrap_err().kind(),
        &EncodeErrorKind::DelimiterInValue { at: 0 }
    );
    let open = Groups {
        groups: vec![0x81],
        words: vec![0],
    };
    assert_eq!(
        open.encode_to_vec().unwrap_err().kind(),
        &EncodeErrorKind::MissingTerminator
    );
    let ids = ZeroEnded {
        ids: vec![7, 0x0102],
    };
    assert_eq!(ids.encode_to_vec().unwrap(), [0, 7, 1, 2, 0, 0]);
    assert_eq!(ids.encoded_len(), 6);
    assert_eq!(decode::<ZeroEnded>(&[0, 7, 1, 2, 0, 0]).unwrap(), ids);
    let err = ZeroEnded { ids: vec![1, 0] }.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::DelimiterInValue { at: 1 });
    let empty = Groups {
        groups: vec![],
        words: vec![0],
    };
    assert_eq!(
        empty.encode_to_vec().unwrap_err().kind(),
        &EncodeErrorKind::MissingTerminator
    );
}

proptest! {
    #[test]
    fn ended_sequences_round_trip(
        labels in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..20), 0..6),
        groups in proptest::collection::vec(0x80u8.., 0..20), last in 0u8..0x80,
        words in proptest::collection::vec(1u16.., 0..10),
    ) {
        let name = DnsName { labels: labels.iter().map(|text| Label { text }).collect() };
        let bytes = name.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), name.encoded_len());
        prop_assert_eq!(&decode::<DnsName<'_>>(&bytes).unwrap(), &name);
        let mut groups = groups;
        groups.push(last);
        let mut words = words;
        words.push(0);
        let value = Groups { groups, words };
        let bytes = value.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), value.encoded_len());
        prop_assert_eq!(&decode::<Groups>(&bytes).unwrap(), &value);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<Groups>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
    }
}

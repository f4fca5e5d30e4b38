//! The vocabulary for protocols outside `protocols/` (issue 15): golden bytes worked out by
//! hand from the layouts, round trips over every new attribute, truncation and hostile input.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_runtime::{DecodeErrorKind, EncodeErrorKind, WireEncode, decode, int::U48};
use wire_tests::vocabulary::*;

fn odd_widths_sample() -> (OddWidths, Vec<u8>) {
    let value = OddWidths {
        length: 0x01_0203,
        length_le: 0x01_0203,
        forty: 0x01_0203_0405,
        millis: 0x0102_0304_0506,
        fifty_six: 0x01_0203_0405_0607,
        narrow: 0x1234,
        stamp: U48(0xa1a2_a3a4_a5a6),
        cert: vec![0xde, 0xad],
        name: "ab".into(),
        sizes: vec![1, 0xff_ffff],
        kind: 1,
        extra: Some(7),
        record: OddTagged::Large { data: vec![9] },
    };
    let bytes = [
        &[0x01, 0x02, 0x03][..],                     // length, u24 big-endian
        &[0x03, 0x02, 0x01],                         // length_le, u24 little-endian
        &[0x01, 0x02, 0x03, 0x04, 0x05],             // forty
        &[0x01, 0x02, 0x03, 0x04, 0x05, 0x06],       // millis
        &[0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01], // fifty_six, little-endian
        &[0x12, 0x34],                               // narrow: a u32 in two bytes
        &[0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6],       // stamp
        &[0x00, 0x00, 0x02, 0xde, 0xad],             // cert: u24 length, bytes
        &[0x02, 0x00, 0x00, b'a', b'b'],             // name: u24 little-endian length
        &[0x00, 0x00, 0x02, 0x00, 0x00, 0x01, 0xff, 0xff, 0xff], // sizes: u24 count, u24 items
        &[0x01],                                     // kind
        &[0x00, 0x00, 0x07],                         // extra, present as kind == 1
        &[0xff, 0xff, 0xfe, 0x00, 0x00, 0x01, 0x09], // record: u24 tag, u24 length, data
    ]
    .concat();
    (value, bytes)
}

#[test]
fn odd_widths_match_bytes_worked_out_by_hand() {
    let (value, bytes) = odd_widths_sample();
    assert_eq!(decode::<OddWidths>(&bytes).unwrap(), value);
    assert_eq!(value.encode_to_vec().unwrap(), bytes);
    assert_eq!(value.encoded_len(), bytes.len());
}

#[test]
fn a_value_wider_than_its_width_is_an_error_naming_the_field() {
    let (mut value, _) = odd_widths_sample();
    value.length = 1 << 24;
    let err = value.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::ValueOutOfRange);
    assert_eq!(err.path().to_string(), "OddWidths.length");

    let (mut value, _) = odd_widths_sample();
    value.sizes[1] = 1 << 24;
    let err = value.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::ValueOutOfRange);
    assert_eq!(err.path().to_string(), "OddWidths.sizes");

    let (mut value, _) = odd_widths_sample();
    value.narrow = 0x1_0000;
    assert_eq!(
        value.encode_to_vec().unwrap_err().path().to_string(),
        "OddWidths.narrow"
    );

    let (mut value, _) = odd_widths_sample();
    value.record = OddTagged::Unknown(1 << 24, vec![]);
    assert_eq!(
        value.encode_to_vec().unwrap_err().kind(),
        &EncodeErrorKind::ValueOutOfRange
    );
}

#[test]
fn a_u24_length_beyond_the_input_is_incomplete_not_an_allocation() {
    let (_, mut bytes) = odd_widths_sample();
    // cert's length: 0xffffff bytes claimed, a handful present.
    let at = 3 + 3 + 5 + 6 + 7 + 2 + 6;
    bytes[at..at + 3].copy_from_slice(&[0xff, 0xff, 0xff]);
    let err = decode::<OddWidths>(&bytes).unwrap_err();
    assert!(err.is_incomplete(), "{err}");
    assert_eq!(err.needed(), Some(0xff_ffff - (bytes.len() - at - 3)));
}

#[test]
fn http2_frames_dispatch_on_the_parent_tag_with_flags_passed_down() {
    // RFC 9113 section 6.7: PING, length 8, type 6, no flags, stream 0.
    let ping = [&[0, 0, 8, 6, 0, 0, 0, 0, 0][..], b"pingpong"].concat();
    let frame = decode::<H2Frame>(&ping).unwrap();
    assert_eq!(
        frame.payload,
        H2Payload::Ping {
            opaque: *b"pingpong"
        }
    );
    assert_eq!(frame.encode_to_vec().unwrap(), ping);

    // HEADERS with END_HEADERS | PRIORITY (0x24) on stream 1: the priority fields are read
    // because the flags the parent read say so.
    let headers = [0, 0, 7, 1, 0x24, 0, 0, 0, 1, 0, 0, 0, 0, 0x0f, 0x82, 0x86];
    let frame = decode::<H2Frame>(&headers).unwrap();
    assert_eq!(
        frame.payload,
        H2Payload::Headers {
            priority: Some(H2Priority {
                dependency: 0,
                weight: 15
            }),
            block: vec![0x82, 0x86],
        }
    );
    assert_eq!(frame.encode_to_vec().unwrap(), headers);
    // Without the PRIORITY flag the same bytes are all header block.
    let mut plain = headers;
    plain[4] = 0x04;
    let frame = decode::<H2Frame>(&plain).unwrap();
    assert_eq!(
        frame.payload,
        H2Payload::Headers {
            priority: None,
            block: plain[9..].to_vec()
        }
    );

    // An unknown type keeps its tag and bytes; the parent writes the tag from `wire_tag()`.
    let unknown = [0, 0, 2, 0xfa, 0, 0, 0, 0, 3, 0xab, 0xcd];
    let frame = decode::<H2Frame>(&unknown).unwrap();
    assert_eq!(frame.payload, H2Payload::Unknown(0xfa, vec![0xab, 0xcd]));
    assert_eq!(frame.encode_to_vec().unwrap(), unknown);
}

#[test]
fn a_variant_checks_the_context_it_was_given() {
    // PING on stream 3 is a protocol error: the variant's `validate` sees `stream_id`.
    let ping = [&[0, 0, 8, 6, 0, 0, 0, 0, 3][..], b"pingpong"].concat();
    let err = decode::<H2Frame>(&ping).unwrap_err();
    assert!(!err.is_incomplete());
    assert!(err.to_string().contains("PING on a stream"), "{err}");
    assert_eq!(err.path().to_string(), "H2Frame.payload.Ping");
}

#[test]
fn a_composite_tag_can_come_from_the_parent() {
    // AMQP 0-9-1 connection.tune: class 10, method 30, channel-max 2047, frame-max 131072,
    // heartbeat 60.
    let tune = [0, 10, 0, 30, 0x07, 0xff, 0, 2, 0, 0, 0, 60];
    let frame = decode::<AmqpMethodFrame>(&tune).unwrap();
    assert_eq!(
        frame.method,
        AmqpMethod::Tune {
            channel_max: 2047,
            frame_max: 131_072,
            heartbeat: 60
        }
    );
    assert_eq!(frame.encode_to_vec().unwrap(), tune);
    let other = [0, 20, 0, 10, 1, 2];
    let frame = decode::<AmqpMethodFrame>(&other).unwrap();
    assert_eq!(frame.method, AmqpMethod::Other(20, 10, vec![1, 2]));
    assert_eq!(frame.encode_to_vec().unwrap(), other);
}

#[test]
fn temp_counts_come_before_what_they_count_and_are_not_kept() {
    // id 0x1234, flags 0x0100 (recursion desired), qdcount 1, ancount 2, one question, two
    // answers. DnsLike has no count fields: decoded values compare with constructed ones.
    let bytes = [
        &[0x12, 0x34, 0x01, 0x00, 0x00, 0x01, 0x00, 0x02][..],
        &[7],
        b"example",
        &[0x00, 0x01, 0x00, 0x01],
        &[0, 0, 0, 1, 0, 0, 0, 2],
    ]
    .concat();
    let value = DnsLike {
        id: 0x1234,
        flags: 0x0100,
        questions: vec![Question {
            name: "example".into(),
            qtype: 1,
            qclass: 1,
        }],
        answers: vec![1, 2],
    };
    assert_eq!(decode::<DnsLike>(&bytes).unwrap(), value);
    assert_eq!(value.encode_to_vec().unwrap(), bytes);
    assert_eq!(value.encoded_len(), bytes.len());
    // A count claiming more questions than the bytes hold is incomplete input.
    let mut short = bytes.clone();
    short[5] = 0xff;
    assert!(decode::<DnsLike>(&short).unwrap_err().is_incomplete());
}

#[test]
fn computed_temps_are_written_from_the_stored_fields() {
    let value = Computed {
        name: Some("ab".into()),
        body: vec![7; 3],
        tail: 9,
    };
    let bytes = [
        &[1, 2, b'a', b'b'][..], // has_name = 1, then the name
        &[0, 0, 3, 7, 7, 7],     // body_len as u24, then the body
        &[0, 6, 9],              // checks = body.len() * 2, then tail
    ]
    .concat();
    assert_eq!(value.encode_to_vec().unwrap(), bytes);
    assert_eq!(decode::<Computed>(&bytes).unwrap(), value);
    let none = Computed {
        name: None,
        ..value.clone()
    };
    assert_eq!(none.encode_to_vec().unwrap()[0], 0);
    // A computed value that does not fit its type is an error naming the temp.
    let huge = Computed {
        body: vec![0; 40_000],
        ..value
    };
    let err = huge.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::ValueOutOfRange);
    assert_eq!(err.path().to_string(), "Computed.checks");
}

#[test]
fn biased_prefixes_hold_the_length_plus_a_constant() {
    let value = KafkaCompact {
        topic: "abc".into(),
        client_id: None,
        names: vec!["a".into(), "bc".into()],
        biased_le: vec![9],
        empty_none: None,
    };
    let bytes = [
        &[4, b'a', b'b', b'c'][..],   // 3 + 1
        &[0],                         // null
        &[3, 2, b'a', 3, b'b', b'c'], // 2 + 1 names, each length + 1
        &[3, 0, 9],                   // 1 + 2, little-endian u16
        &[1],                         // empty, so None
    ]
    .concat();
    assert_eq!(decode::<KafkaCompact>(&bytes).unwrap(), value);
    assert_eq!(value.encode_to_vec().unwrap(), bytes);
    assert_eq!(value.encoded_len(), bytes.len());

    let some = KafkaCompact {
        client_id: Some("x".into()),
        empty_none: Some(vec![5]),
        ..value
    };
    let encoded = some.encode_to_vec().unwrap();
    assert_eq!(&encoded[4..6], &[2, b'x']);
    assert_eq!(&encoded[encoded.len() - 2..], &[2, 5]);
    assert_eq!(decode::<KafkaCompact>(&encoded).unwrap(), some);
}

#[test]
fn a_raw_value_below_the_bias_is_malformed() {
    // topic's prefix is 0: a length of -1, which a non-nullable string cannot have.
    let err = decode::<KafkaCompact>(&[0, 0, 1, 2, 0, 1]).unwrap_err();
    assert!(!err.is_incomplete());
    assert_eq!(err.path().to_string(), "KafkaCompact.topic");
    assert_eq!(err.offset(), 0);
    // names' count is 0: a null array, which `Vec` cannot hold.
    let err = decode::<KafkaCompact>(&[1, 0, 0, 2, 0, 1]).unwrap_err();
    assert_eq!(err.path().to_string(), "KafkaCompact.names");
    assert_eq!(err.offset(), 2);
}

#[test]
fn msb0_numbers_bits_as_rfc_diagrams_do() {
    // A SYN-ACK with a 20-byte header: data offset 5, then ACK (bit 11) and SYN (bit 14).
    let control = decode::<TcpControl>(&[0x50, 0x12]).unwrap();
    assert_eq!(
        control,
        TcpControl {
            data_offset: 5,
            ack: true,
            syn: true,
            cwr: false,
            ece: false,
            urg: false,
            psh: false,
            rst: false,
            fin: false,
        }
    );
    assert_eq!(control.encode_to_vec().unwrap(), [0x50, 0x12]);
    // Bits 4..8, reserved as 0, are the low nibble of the first byte.
    let err = decode::<TcpControl>(&[0x58, 0x12]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::ReservedBits { .. }),
        "{err}"
    );
}

#[test]
fn other_bits_keeps_what_no_field_covers_in_place() {
    // A standard response, then one with the AD bit (RFC 4035: bit 10, one of the Z bits).
    let flags = decode::<DnsFlags>(&[0x81, 0x80]).unwrap();
    assert!(flags.qr && flags.rd && flags.ra && !flags.aa);
    assert_eq!((flags.opcode, flags.rcode, flags.z), (0, 0, 0));
    let with_ad = decode::<DnsFlags>(&[0x81, 0xa0]).unwrap();
    assert_eq!(with_ad.z, 0x0020);
    assert_eq!(with_ad.encode_to_vec().unwrap(), [0x81, 0xa0]);
    // A value outside the kept bits does not fit.
    let wrong = DnsFlags { z: 0x0100, ..flags };
    let err = wrong.encode_to_vec().unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::ValueOutOfRange);
    assert_eq!(err.path().to_string(), "DnsFlags.z");
}

#[test]
fn uncovered_bits_follow_the_declared_policy() {
    let value = decode::<BitPolicies>(&[0x01, 0xff, 0x7f, 3, 0, 2, 0xff]).unwrap();
    assert_eq!(
        value,
        BitPolicies {
            strict: MustBeZero { on: true },
            lenient: Ignored { on: true },
            enabled: true,
            switches: vec![false, true, true],
        }
    );
    // Ignored bits are written as 0, and non-zero booleans as 1.
    assert_eq!(
        value.encode_to_vec().unwrap(),
        [0x01, 0x01, 0x01, 3, 0, 1, 1]
    );
    // Bits that must be zero are checked.
    let err = decode::<BitPolicies>(&[0x03, 0, 0, 0]).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            DecodeErrorKind::ReservedBits {
                found: 2,
                expected: 0
            }
        ),
        "{err}"
    );
    assert_eq!(err.path().to_string(), "BitPolicies.strict");
}

#[test]
fn constants_after_and_between_fields() {
    // AMQP 0-9-1 heartbeat frame: type 8, channel 0, empty payload, frame-end 0xCE.
    let heartbeat = [8, 0, 0, 0, 0, 0, 0, 0xce];
    let frame = decode::<AmqpFrame>(&heartbeat).unwrap();
    assert_eq!(
        frame,
        AmqpFrame {
            kind: 8,
            channel: 0,
            payload: vec![]
        }
    );
    assert_eq!(frame.encode_to_vec().unwrap(), heartbeat);
    assert_eq!(frame.encoded_len(), 8);
    let mut wrong_end = heartbeat;
    wrong_end[7] = 0xcf;
    let err = decode::<AmqpFrame>(&wrong_end).unwrap_err();
    assert!(!err.is_incomplete());
    assert_eq!(err.path().to_string(), "AmqpFrame.trailer");
    assert_eq!(err.offset(), 7);
    assert!(
        decode::<AmqpFrame>(&heartbeat[..7])
            .unwrap_err()
            .is_incomplete()
    );

    let lines = TwoLines {
        first: "GET".into(),
        second: "Host".into(),
        end: 7,
    };
    let bytes = b"\x03GET\r\n\x04Host\r\n\x07";
    assert_eq!(lines.encode_to_vec().unwrap(), bytes);
    assert_eq!(lines.encoded_len(), bytes.len());
    assert_eq!(decode::<TwoLines>(bytes).unwrap(), lines);
    let err = decode::<TwoLines>(b"\x03GET\n\r\x04Host\r\n\x07").unwrap_err();
    assert_eq!(err.path().to_string(), "TwoLines.second");
    assert_eq!(err.offset(), 4);
}

#[test]
fn a_field_check_runs_as_soon_as_the_field_is_read() {
    // 4 GiB claimed in a 6-byte input: an invalid length, not a wait for more bytes.
    let err = decode::<Bounded>(&[2, 0xff, 0xff, 0xff, 0xff, 0]).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::InvalidValue("length over 1024")
    );
    assert_eq!(err.path().to_string(), "Bounded.len");
    assert_eq!(err.offset(), 1);
    // Later fields are checked with the earlier ones in scope.
    let err = decode::<Bounded>(&[1, 0, 0, 0, 1, 9, 4]).unwrap_err();
    assert_eq!(err.path().to_string(), "Bounded.flags");
    assert_eq!(err.offset(), 6);
    let ok = decode::<Bounded>(&[2, 0, 0, 0, 1, 9, 4]).unwrap();
    assert_eq!(ok.encode_to_vec().unwrap(), [2, 0, 0, 0, 1, 9, 4]);
    // Encoding checks first and writes nothing of a value that fails.
    let bad = Bounded { version: 1, ..ok };
    let mut out = Vec::new();
    let err = bad.encode(&mut out).unwrap_err();
    assert_eq!(err.kind(), &EncodeErrorKind::Custom("flags need version 2"));
    assert_eq!(err.path().to_string(), "Bounded.flags");
    assert!(out.is_empty());
}

#[test]
fn counts_inside_an_earlier_struct_are_filled_on_encode() {
    let question = Question {
        name: "example".into(),
        qtype: 1,
        qclass: 1,
    };
    // Counts left at 0: encode writes the real ones.
    let message = DnsMessage {
        header: DnsHeader {
            id: 7,
            flags: 0x0100,
            qdcount: 0,
            counts: DnsCounts { ancount: 0 },
        },
        questions: vec![question.clone(), question],
        answers: vec![1, 2, 3],
    };
    let bytes = message.encode_to_vec().unwrap();
    assert_eq!(&bytes[..8], [0, 7, 1, 0, 0, 2, 0, 3]);
    assert_eq!(bytes.len(), message.encoded_len());
    let back = decode::<DnsMessage>(&bytes).unwrap();
    assert_eq!((back.header.qdcount, back.header.counts.ancount), (2, 3));
    assert_eq!(back.questions, message.questions);
    assert_eq!(back.answers, message.answers);
    // A count that does not fit its field is an error naming the field that holds it.
    let many = DnsMessage {
        answers: vec![0; 70_000],
        ..back
    };
    let err = many.encode_to_vec().unwrap_err();
    assert_eq!(err.path().to_string(), "DnsMessage.header");
}

fn h2_payload() -> impl Strategy<Value = (u8, H2Payload)> {
    prop_oneof![
        (any::<bool>(), any::<(u32, u8)>(), vec(any::<u8>(), 0..20)).prop_map(
            |(prio, (dependency, weight), block)| {
                let priority = prio.then_some(H2Priority { dependency, weight });
                (
                    if prio { 0x24 } else { 0x04 },
                    H2Payload::Headers { priority, block },
                )
            }
        ),
        any::<[u8; 8]>().prop_map(|opaque| (0, H2Payload::Ping { opaque })),
        any::<u32>().prop_map(|increment| (0, H2Payload::WindowUpdate { increment })),
        (10u8.., vec(any::<u8>(), 0..20))
            .prop_map(|(kind, rest)| (0, H2Payload::Unknown(kind, rest))),
    ]
}

fn odd_tagged() -> impl Strategy<Value = OddTagged> {
    prop_oneof![
        any::<u8>().prop_map(OddTagged::Small),
        vec(any::<u8>(), 0..40).prop_map(|data| OddTagged::Large { data }),
        (2u32..0xff_fffe, vec(any::<u8>(), 0..10))
            .prop_map(|(tag, rest)| OddTagged::Unknown(tag, rest)),
    ]
}

prop_compose! {
    fn odd_widths()(
        length in 0u32..1 << 24, length_le in 0u32..1 << 24, forty in 0u64..1 << 40,
        millis in 0u64..1 << 48, fifty_six in 0u64..1 << 56, narrow in 0u32..1 << 16,
        stamp in 0u64..1 << 48, cert in vec(any::<u8>(), 0..50), name in "[a-z]{0,20}",
        sizes in vec(0u32..1 << 24, 0..10), kind in 0u8..3, extra in 0u32..1 << 24,
        record in odd_tagged(),
    ) -> OddWidths {
        OddWidths {
            length, length_le, forty, millis, fifty_six, narrow, stamp: U48(stamp), cert, name,
            sizes, kind, extra: (kind == 1).then_some(extra), record,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn odd_widths_round_trip(value in odd_widths()) {
        let bytes = value.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), value.encoded_len());
        prop_assert_eq!(decode::<OddWidths>(&bytes).unwrap(), value);
    }

    #[test]
    fn odd_widths_truncated_are_incomplete(body in odd_widths()) {
        let bytes = OddFrame { msg_type: 1, body }.encode_to_vec().unwrap();
        for cut in 0..bytes.len() {
            let err = decode::<OddFrame>(&bytes[..cut]).unwrap_err();
            prop_assert!(err.is_incomplete(), "cut at {}: {}", cut, err);
        }
    }

    #[test]
    fn http2_frames_round_trip((flags, payload) in h2_payload(), stream in 1u32..100) {
        let stream_id = if matches!(payload, H2Payload::Ping { .. }) { 0 } else { stream };
        let frame = H2Frame { length: 0, kind: 0, flags, stream_id, payload };
        let bytes = frame.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), frame.encoded_len());
        let back = decode::<H2Frame>(&bytes).unwrap();
        // `length` and `kind` are filled in on encode.
        prop_assert_eq!(back.length as usize, bytes.len() - 9);
        prop_assert_eq!(back.kind, frame.payload.wire_tag());
        prop_assert_eq!(&back.payload, &frame.payload);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<H2Frame>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
    }

    #[test]
    fn temps_round_trip(
        id: u16, flags: u16,
        names in vec("[a-z]{0,12}", 0..5), answers in vec(any::<u32>(), 0..5),
        name in proptest::option::of("[a-z]{0,10}"), body in vec(any::<u8>(), 0..300), tail: u8,
    ) {
        let questions: Vec<Question> = names
            .into_iter()
            .map(|name| Question { name, qtype: 1, qclass: 1 })
            .collect();
        let message = DnsMessage {
            header: DnsHeader { id, flags, qdcount: 0, counts: DnsCounts { ancount: 0 } },
            questions: questions.clone(),
            answers: answers.clone(),
        };
        let back = decode::<DnsMessage>(&message.encode_to_vec().unwrap()).unwrap();
        prop_assert_eq!(usize::from(back.header.qdcount), message.questions.len());
        prop_assert_eq!(&back.questions, &message.questions);
        prop_assert_eq!(&back.answers, &message.answers);
        let dns = DnsLike { id, flags, questions, answers };
        let bytes = dns.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), dns.encoded_len());
        prop_assert_eq!(decode::<DnsLike>(&bytes).unwrap(), dns);
        let computed = Computed { name, body, tail };
        let bytes = computed.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), computed.encoded_len());
        prop_assert_eq!(decode::<Computed>(&bytes).unwrap(), computed);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<Computed>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
    }

    #[test]
    fn biased_prefixes_round_trip(
        topic in "[a-z]{0,200}", client_id in proptest::option::of("[a-z]{0,5}"),
        names in vec("[a-z]{0,130}", 0..4), biased_le in vec(any::<u8>(), 0..10),
        empty_none in proptest::option::of(vec(any::<u8>(), 1..4)),
    ) {
        let value = KafkaCompact { topic, client_id, names, biased_le, empty_none };
        let bytes = value.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), value.encoded_len());
        prop_assert_eq!(decode::<KafkaCompact>(&bytes).unwrap(), value);
    }

    #[test]
    fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..200)) {
        let _ = decode::<OddWidths>(&bytes);
        let _ = decode::<OddFrame>(&bytes);
        let _ = decode::<H2Frame>(&bytes);
        let _ = decode::<AmqpMethodFrame>(&bytes);
        let _ = decode::<DnsLike>(&bytes);
        let _ = decode::<Computed>(&bytes);
        let _ = decode::<KafkaCompact>(&bytes);
        let _ = decode::<TcpControl>(&bytes);
        let _ = decode::<DnsFlags>(&bytes);
        let _ = decode::<BitPolicies>(&bytes);
        let _ = decode::<AmqpFrame>(&bytes);
        let _ = decode::<TwoLines>(&bytes);
        let _ = decode::<Bounded>(&bytes);
        let _ = decode::<DnsMessage>(&bytes);
    }

    #[test]
    fn checks_and_policies_round_trip(
        version in 1u8..3, body in vec(any::<u8>(), 0..1025), flags: u8,
        strict: bool, lenient: bool, enabled: bool, switches in vec(any::<bool>(), 0..10),
    ) {
        let flags = if version == 1 { 0 } else { flags };
        let bounded = Bounded { version, len: body.len() as u32, body, flags };
        let bytes = bounded.encode_to_vec().unwrap();
        prop_assert_eq!(decode::<Bounded>(&bytes).unwrap(), bounded);
        let policies = BitPolicies {
            strict: MustBeZero { on: strict },
            lenient: Ignored { on: lenient },
            enabled,
            switches,
        };
        let bytes = policies.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), policies.encoded_len());
        prop_assert_eq!(decode::<BitPolicies>(&bytes).unwrap(), policies);
    }

    #[test]
    fn constants_round_trip(kind: u8, channel: u16, payload in vec(any::<u8>(), 0..100)) {
        let frame = AmqpFrame { kind, channel, payload };
        let bytes = frame.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), frame.encoded_len());
        prop_assert_eq!(bytes.last(), Some(&0xce));
        prop_assert_eq!(decode::<AmqpFrame>(&bytes).unwrap(), frame);
        for cut in 0..bytes.len() {
            prop_assert!(decode::<AmqpFrame>(&bytes[..cut]).unwrap_err().is_incomplete());
        }
    }

    #[test]
    fn bit_words_round_trip(word: u16, z in 0u16..8) {
        // Every TCP control word with zero reserved bits, and every DNS flags word.
        let word = word & 0xf0ff;
        let control = decode::<TcpControl>(&word.to_be_bytes()).unwrap();
        prop_assert_eq!(control.encode_to_vec().unwrap(), word.to_be_bytes());
        let flags = decode::<DnsFlags>(&word.to_be_bytes()).unwrap();
        prop_assert_eq!(flags.encode_to_vec().unwrap(), word.to_be_bytes());
        let kept = DnsFlags { z: z << 4, ..flags };
        prop_assert_eq!(decode::<DnsFlags>(&kept.encode_to_vec().unwrap()).unwrap(), kept);
    }
}

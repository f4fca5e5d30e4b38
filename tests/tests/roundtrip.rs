//! Property tests over types that use every attribute: `decode(encode(x)) == x`, `encoded_len`
//! is exact, and truncation at any offset is incomplete input.

use bytes::Bytes;
use proptest::collection::{btree_map, hash_map, vec};
use proptest::prelude::*;
use wire_runtime::{WireDecode, WireEncode, decode, decode_bytes, int::Vbi};
use wire_tests::everything::*;

fn text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[a-zA-Z0-9 é/\u{1F600}]{{0,{max}}}")).unwrap()
}

fn qos() -> impl Strategy<Value = QoS> {
    prop_oneof![
        Just(QoS::AtMostOnce),
        Just(QoS::AtLeastOnce),
        Just(QoS::ExactlyOnce)
    ]
}

fn flags() -> impl Strategy<Value = Flags> {
    (any::<bool>(), qos(), 0u8..4, any::<bool>()).prop_map(|(username, qos, small, clean)| Flags {
        username,
        qos,
        small,
        clean,
    })
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        proptest::option::of(text(20)).prop_map(|vhost| Command::Open { vhost }),
        (any::<u8>(), any::<u16>()).prop_map(|(a, b)| Command::Credit(a, b)),
        Just(Command::Heartbeat),
        (4u16.., any::<u16>(), vec(any::<u8>(), 0..20))
            .prop_map(|(key, version, body)| Command::Unknown { key, version, body }),
    ]
}

fn packet() -> impl Strategy<Value = Packet> {
    prop_oneof![
        (
            any::<bool>(),
            qos(),
            any::<bool>(),
            vec(any::<u8>(), 0..200)
        )
            .prop_map(|(dup, qos, retain, body)| Packet::Publish(
                PublishHeader { dup, qos, retain },
                body
            )),
        Just(Packet::PingReq(PingHeader)),
    ]
}

fn tagged() -> impl Strategy<Value = Tagged> {
    prop_oneof![
        any::<i8>().prop_map(Tagged::Small),
        text(10).prop_map(|name| Tagged::Named { name }),
        (
            any::<u8>().prop_filter("unknown tags only", |t| *t != 0x10 && *t != 0x20),
            vec(any::<u8>(), 0..10)
        )
            .prop_map(|(t, raw)| Tagged::Unknown(t, raw)),
    ]
}

fn by_kind() -> impl Strategy<Value = ByKind> {
    prop_oneof![
        any::<u16>().prop_map(ByKind::One),
        vec(any::<u8>(), 0..10).prop_map(|data| ByKind::Two { data }),
        (3u8.., vec(any::<u8>(), 0..10)).prop_map(|(t, raw)| ByKind::Other(t, raw)),
    ]
}

fn everything() -> impl Strategy<Value = Everything> {
    let scalars = (
        any::<u8>(),
        any::<i16>(),
        any::<u32>(),
        any::<i64>(),
        proptest::num::f64::NORMAL | proptest::num::f64::ZERO,
        any::<bool>(),
        any::<[u8; 4]>(),
        any::<u128>(),
    );
    let strings = (
        text(40),
        proptest::option::of(text(40)),
        proptest::option::of(text(40).prop_filter("empty is none", |s| !s.is_empty())),
        vec(any::<u8>(), 0..300),
        vec(any::<u8>(), 0..300).prop_map(Bytes::from),
        vec(any::<u32>(), 0..20),
        vec(text(8), 0..5),
        vec(any::<u16>(), 0..10),
    );
    let by_fields = (
        vec(any::<u16>(), 0..20),
        vec(any::<u8>(), 0..50),
        any::<u8>(),
        any::<u32>(),
        proptest::option::of(any::<u16>()),
    );
    let maps = (
        btree_map(text(5), vec(any::<u8>(), 0..5), 0..5),
        hash_map(text(5), any::<u32>(), 0..5),
        vec((text(5), vec(any::<i8>(), 0..5)), 0..4),
        any::<u8>(),
        any::<u16>(),
    );
    let enums = (flags(), command(), packet(), tagged(), by_kind());
    let rest = (
        (any::<u32>(), text(10), any::<u16>()),
        vec((any::<u16>(), text(6)), 0..4),
        0u32..=Vbi::MAX,
        vec(any::<u8>(), 0..30),
        (any::<u8>(), any::<u16>(), text(10)),
        (any::<u16>(), text(5), any::<u8>()),
        (
            1u16..,
            prop_oneof![Just(0u8), any::<u8>()],
            prop_oneof![Just(7u16), any::<u16>()],
            prop_oneof![Just(vec![]), vec(any::<u8>(), 0..4)],
        ),
    );
    (scalars, strings, by_fields, maps, enums, rest).prop_map(
        |(
            (a, b, c, d, e, flag, id, wide),
            (s8, maybe, remark, blob, blob2, nums, names, le_nums),
            (counted_by_field, sized_by_field, kind, extra, even),
            (map, hmap, pairs, padded, custom),
            (flags, cmd, packet, tagged, by_kind),
            (
                (la, ls, lb),
                generic,
                vbi,
                tail,
                (kind2, code, name),
                (hx, hlabel, after),
                (packet_id, reason, weight, properties),
            ),
        )| Everything {
            a,
            b,
            c,
            d,
            e,
            flag,
            id,
            wide,
            s8,
            maybe,
            remark,
            blob,
            blob2,
            nums,
            names,
            le_nums,
            n_items: counted_by_field.len() as u8,
            counted_by_field,
            body_len: sized_by_field.len() as u16,
            sized_by_field,
            kind,
            extra: (kind > 3).then_some(extra),
            with_ctx: CtxChild {
                even: if kind % 2 == 0 {
                    Some(even.unwrap_or(1))
                } else {
                    None
                },
            },
            map,
            hmap,
            pairs,
            padded,
            skipped: 0,
            skipped_default: 7,
            custom,
            flags,
            cmd,
            packet,
            tagged,
            by_kind_tag: by_kind.wire_tag(),
            by_kind,
            le_thing: LeThing {
                a: la,
                s: ls,
                b: lb,
            },
            generic: Wrapper {
                items: generic
                    .into_iter()
                    .map(|(x, label)| Nested { x, label })
                    .collect(),
            },
            vbi: Vbi(vbi),
            rest_framed: RestFramed {
                kind: kind2,
                remaining: Vbi(0),
                code,
                name,
            },
            lenient: Lenient {
                head: Nested {
                    x: hx,
                    label: hlabel,
                },
                size: 0,
                after,
            },
            ack: Ack {
                packet_id,
                reason,
                weight,
                properties,
            },
            tail,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn everything_round_trips(mut body in everything()) {
        let frame = Frame { body: body.clone() };
        let bytes = frame.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), frame.encoded_len());
        let back: Frame = decode(&bytes).unwrap();
        // Lengths declared by `rest_len` fields are filled in on encode.
        body.rest_framed.remaining = Vbi(3 + body.rest_framed.name.len() as u32);
        body.lenient.size = 1;
        let frame = Frame { body };
        prop_assert_eq!(&back, &frame);
        // Zero-copy decoding from `Bytes` yields the same value.
        let shared = Bytes::from(bytes.clone());
        let from_bytes: Frame = decode_bytes(&shared).unwrap();
        prop_assert_eq!(&from_bytes, &frame);
        // `encode_to_slice` writes the same bytes and rejects a buffer one byte short.
        let mut out = vec![0u8; bytes.len()];
        prop_assert_eq!(frame.encode_to_slice(&mut out).unwrap(), bytes.len());
        prop_assert_eq!(&out, &bytes);
        prop_assert!(frame.encode_to_slice(&mut out[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn everything_truncated_is_incomplete(body in everything()) {
        let bytes = Frame { body }.encode_to_vec().unwrap();
        for cut in 0..bytes.len() {
            let err = decode::<Frame>(&bytes[..cut]).unwrap_err();
            prop_assert!(err.is_incomplete(), "cut at {}: {}", cut, err);
            prop_assert_eq!(err.needed().map(|n| n > 0), Some(true));
        }
    }

    #[test]
    fn borrowed_round_trips(
        code: i16, flag: bool, topic in text(30), name in proptest::option::of(text(10)),
        kind: u8, packet_id: u16, body in vec(any::<u8>(), 0..100), payload in vec(any::<u8>(), 0..100),
    ) {
        let value = Borrowed {
            code, flag, topic: &topic, name: name.as_deref(), kind,
            packet_id: (kind > 0).then_some(packet_id), body: &body, payload: &payload,
        };
        let bytes = value.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), value.encoded_len());
        let back: Borrowed<'_> = decode(&bytes).unwrap();
        prop_assert_eq!(back, value);
    }

    #[test]
    fn bit_flips_never_panic(body in everything(), flip in any::<proptest::sample::Index>()) {
        let mut bytes = Frame { body }.encode_to_vec().unwrap();
        let bit = flip.index(bytes.len() * 8);
        bytes[bit / 8] ^= 1 << (bit % 8);
        if let Ok(value) = decode::<Frame>(&bytes) {
            // Whatever decodes must encode again. The encoding may be canonicalised (lengths
            // are recomputed, so a section that allowed trailing bytes shrinks), but once
            // canonical the value is a fixed point. Values are compared, not bytes: a HashMap
            // field encodes its entries in iteration order, which differs between maps.
            let canonical = value.encode_to_vec().unwrap();
            let reread = decode::<Frame>(&canonical).unwrap();
            let again = reread.encode_to_vec().unwrap();
            prop_assert_eq!(again.len(), canonical.len());
            prop_assert_eq!(decode::<Frame>(&again).unwrap(), reread);
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..400)) {
        let _ = decode::<Frame>(&bytes);
        let _ = decode::<Everything>(&bytes);
        let _ = decode::<Borrowed<'_>>(&bytes);
        let _ = decode::<Counted>(&bytes);
    }
}

#[test]
fn allow_trailing_skips_what_a_section_leaves() {
    // Lenient: head section of 4 bytes holding Nested { x: 1, label: "" } plus one extra byte,
    // then a rest_len section of 2 bytes holding `after` plus one extra byte.
    let bytes = [4, 0, 1, 0, 0xee, 0, 2, 9, 0xee];
    let lenient: Lenient = decode(&bytes).unwrap();
    assert_eq!(
        lenient.head,
        Nested {
            x: 1,
            label: String::new()
        }
    );
    assert_eq!((lenient.size, lenient.after), (2, 9));
    // The same section without `allow_trailing`: the leftover byte is an error with its path.
    #[derive(WireDecode, Debug)]
    struct Strict {
        #[wire(len = u8)]
        _head: Nested,
    }
    let err = decode::<Strict>(&[4, 0, 1, 0, 0xee]).unwrap_err();
    assert!(
        matches!(err.kind(), wire_runtime::DecodeErrorKind::TrailingBytes(1)),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "Strict._head: 1 trailing bytes at offset 4"
    );
}

#[test]
fn rest_len_bounds_the_fields_after_it() {
    let value = RestFramed {
        kind: 7,
        remaining: Vbi(0),
        code: 0x0102,
        name: "ab".into(),
    };
    let bytes = value.encode_to_vec().unwrap();
    assert_eq!(bytes, [7, 5, 1, 2, 2, b'a', b'b']);
    // A remaining length one short: the name's prefix runs past the section.
    let err = decode::<RestFramed>(&[7, 4, 1, 2, 2, b'a', b'b']).unwrap_err();
    assert_eq!(err.path().to_string(), "RestFramed.name");
    // One too long: incomplete at the top level.
    assert!(
        decode::<RestFramed>(&[7, 6, 1, 2, 2, b'a', b'b'])
            .unwrap_err()
            .is_incomplete()
    );
    // Bytes left inside the section: trailing bytes.
    let err = decode::<RestFramed>(&[7, 6, 1, 2, 2, b'a', b'b', 0]).unwrap_err();
    assert!(
        matches!(err.kind(), wire_runtime::DecodeErrorKind::TrailingBytes(1)),
        "{err}"
    );
}

#[test]
fn optional_fields_use_the_short_form_for_defaults() {
    let full = |reason, weight, properties: Vec<u8>| Ack {
        packet_id: 10,
        reason,
        weight,
        properties,
    };
    let cases: [(Ack, &[u8]); 4] = [
        (full(0, 7, vec![]), &[0, 10]),
        (full(0x10, 7, vec![]), &[0, 10, 0x10]),
        (full(0, 8, vec![]), &[0, 10, 0, 0, 8]),
        (full(0, 7, vec![1]), &[0, 10, 0, 0, 7, 1, 1]),
    ];
    for (ack, bytes) in cases {
        assert_eq!(ack.encode_to_vec().unwrap(), bytes, "{ack:?}");
        assert_eq!(ack.encoded_len(), bytes.len());
        assert_eq!(decode::<Ack>(bytes).unwrap(), ack);
    }
}

#[test]
fn validate_rejects_on_decode_and_encode() {
    let err = decode::<Ack>(&[0, 0, 1]).unwrap_err();
    assert_eq!(
        err.kind(),
        &wire_runtime::DecodeErrorKind::InvalidValue("packet id 0")
    );
    assert_eq!(err.offset(), 0);
    let ack = Ack {
        packet_id: 0,
        reason: 0,
        weight: 7,
        properties: vec![],
    };
    assert_eq!(ack.encode_to_vec().unwrap_err().to_string(), "packet id 0");
}

#[test]
fn fixed_size_is_known_at_compile_time() {
    #[derive(WireDecode, WireEncode)]
    struct Header {
        code: i16,
        language: u8,
        version: i16,
        opaque: i32,
        flag: i32,
    }
    const SIZE: Option<usize> = <Header as WireEncode>::FIXED_SIZE;
    assert_eq!(SIZE, Some(13));
    assert_eq!(<Header as WireDecode<'_>>::FIXED_SIZE, Some(13));
    assert_eq!(<Flags as WireEncode>::FIXED_SIZE, Some(1));
    assert_eq!(<QoS as WireEncode>::FIXED_SIZE, Some(1));
    assert_eq!(<Borrowed<'_> as WireEncode>::FIXED_SIZE, None);
}

//! Property tests over every MQTT control packet, in 3.1.1 and in 5.0.
//!
//! Strategies (in `mqtt_common`) build owned "specs" of valid packets (strings and bytes owned by
//! the spec); each test borrows a [`Packet`] from its spec and checks that
//! - `decode(encode(p)) == p` with the same version, consuming the whole packet (and only it),
//! - `encoded_len_with` is the encoded length, and the fixed header and remaining length agree
//!   with the bytes,
//! - every truncation of the encoding is incomplete input, asking for no more bytes than the
//!   packet has,
//! - a `FrameSplitter` fed the bytes in random chunks hands out exactly one frame, the bytes,
//! - the 5.0 acks, DISCONNECT and AUTH use their short forms exactly when the reason is Success
//!   and there are no properties.
//!
//! The property allow-lists in `mqtt_common` are copied from the specification (Table 2-4), not
//! from the crate, so that the two are checked against each other.

mod mqtt_common;

use mqtt_common::*;
use proptest::collection::vec;
use proptest::prelude::*;
use wire_protocols::mqtt::{self, FrameSplitter, Packet, QoS, ReasonCode, Version};
use wire_runtime::{DecodeError, DecodeWith, EncodeWith, decode_prefix, int::Vbi};
use wire_tests::trickle::Trickle;

/// The remaining length the specification prescribes for the packets whose length is known
/// from their fields alone: the 3.1.1 forms, and the 5.0 short forms.
fn known_remaining_length(spec: &Spec, version: Version) -> Option<usize> {
    match (spec, version) {
        (Spec::PingReq | Spec::PingResp, _) => Some(0),
        (Spec::ConnAck { .. }, V311) => Some(2),
        (Spec::Ack { .. } | Spec::UnsubAck { .. }, V311) => Some(2),
        (Spec::Disconnect { .. }, V311) => Some(0),
        (
            Spec::Ack {
                reason, properties, ..
            },
            V5,
        ) if properties.is_empty() => Some(if *reason == ReasonCode::Success { 2 } else { 3 }),
        (Spec::Disconnect { reason, properties } | Spec::Auth { reason, properties }, V5)
            if properties.is_empty() =>
        {
            Some(if *reason == ReasonCode::Success { 0 } else { 1 })
        }
        _ => None,
    }
}

/// Chunk sizes to feed a `FrameSplitter` with, used in turn until the bytes run out.
fn chunks() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![3 => 1usize..=4, 1 => 5usize..=64], 1..16)
}

// ---------------------------------------------------------------------------------------------
// The properties.

/// Feeds `bytes` to a splitter in chunks of the sizes in `chunks` (cycled) and returns the
/// frames it hands out, checking that none comes before the last chunk of the first packet.
fn split(bytes: &[u8], chunks: &[usize]) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let mut splitter = FrameSplitter::new(1 << 24);
    let mut frames = Vec::new();
    let mut fed = 0;
    for &size in chunks.iter().cycle() {
        if fed == bytes.len() {
            break;
        }
        let end = (fed + size).min(bytes.len());
        splitter.extend(&bytes[fed..end]);
        fed = end;
        while let Some(frame) = splitter.next_frame().map_err(|e| fail("frame", e))? {
            frames.push(frame.to_vec());
        }
    }
    prop_assert!(
        splitter
            .next_frame()
            .map_err(|e| fail("frame", e))?
            .is_none()
    );
    Ok(frames)
}

/// Every property of one packet.
fn check(spec: &Spec, version: Version, chunks: &[usize]) -> Result<(), TestCaseError> {
    let packet = build(spec);
    let bytes = mqtt::encode(&packet, version).map_err(|e| fail("encode", e))?;

    // The same bytes written value by value, into chunks too small for a run (the encoding
    // above writes runs through one capacity check).
    let mut trickle = Trickle::new(chunks[0]);
    packet
        .encode_with(&mut trickle, version)
        .map_err(|e| fail("encode in chunks", e))?;
    prop_assert_eq!(
        trickle.into_inner(),
        bytes.clone(),
        "chunks of {}",
        chunks[0]
    );

    // Exact length, fixed header, remaining length.
    prop_assert_eq!(packet.encoded_len_with(version), bytes.len());
    prop_assert_eq!(bytes[0], first_byte(spec));
    let (Vbi(remaining), vbi_len) =
        decode_prefix::<Vbi>(&bytes[1..]).map_err(|e| fail("remaining length", e))?;
    prop_assert_eq!(1 + vbi_len + remaining as usize, bytes.len());
    prop_assert_eq!(vbi_len, Vbi::size_of(remaining), "minimal remaining length");
    if let Some(expected) = known_remaining_length(spec, version) {
        prop_assert_eq!(
            remaining as usize,
            expected,
            "remaining length of {:02x?}",
            bytes
        );
    }

    // Round trip, consuming exactly the packet, also with more bytes after it.
    let (decoded, used) = mqtt::decode(&bytes, version).map_err(|e| fail("decode", e))?;
    prop_assert_eq!(&decoded, &packet);
    prop_assert_eq!(used, bytes.len());
    let mut followed = bytes.clone();
    followed.extend_from_slice(&[0xc0, 0x00]);
    let (decoded, used) = mqtt::decode(&followed, version).map_err(|e| fail("decode", e))?;
    prop_assert_eq!(&decoded, &packet);
    prop_assert_eq!(used, bytes.len());

    // CONNECT carries its own version: the one the caller passes does not matter.
    if let Spec::Connect { .. } = spec {
        let other = if version == V5 { V311 } else { V5 };
        let (decoded, _) = mqtt::decode(&bytes, other).map_err(|e| fail("decode", e))?;
        prop_assert_eq!(&decoded, &packet);
    }

    // Every truncation is incomplete, and asks for no more than the packet has.
    for cut in 0..bytes.len() {
        match mqtt::decode(&bytes[..cut], version) {
            Ok((p, used)) => prop_assert!(false, "cut at {cut} decoded {used} bytes: {p:?}"),
            Err(e) => {
                prop_assert!(e.is_incomplete(), "cut at {}: {}", cut, e);
                let needed = e.needed().unwrap_or(0);
                prop_assert!(
                    needed >= 1 && cut + needed <= bytes.len(),
                    "cut at {} of {}: needs {}",
                    cut,
                    bytes.len(),
                    needed
                );
            }
        }
    }

    // A stream splitter fed the bytes in chunks yields them as one frame.
    let frames = split(&bytes, chunks)?;
    prop_assert_eq!(frames, vec![bytes]);
    Ok(())
}

macro_rules! roundtrip {
    ($($name:ident: $strategy:expr, $version:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            $(
                #[test]
                fn $name(spec in $strategy, chunks in chunks()) {
                    check(&spec, $version, &chunks)?;
                }
            )*
        }
    };
}

roundtrip! {
    connect_v311: connect(V311), V311;
    connect_v5: connect(V5), V5;
    connack_v311: connack(V311), V311;
    connack_v5: connack(V5), V5;
    publish_v311: publish(V311), V311;
    publish_v5: publish(V5), V5;
    puback_v311: ack(V311, AckKind::PubAck), V311;
    puback_v5: ack(V5, AckKind::PubAck), V5;
    pubrec_v311: ack(V311, AckKind::PubRec), V311;
    pubrec_v5: ack(V5, AckKind::PubRec), V5;
    pubrel_v311: ack(V311, AckKind::PubRel), V311;
    pubrel_v5: ack(V5, AckKind::PubRel), V5;
    pubcomp_v311: ack(V311, AckKind::PubComp), V311;
    pubcomp_v5: ack(V5, AckKind::PubComp), V5;
    subscribe_v311: subscribe(V311), V311;
    subscribe_v5: subscribe(V5), V5;
    suback_v311: suback(V311), V311;
    suback_v5: suback(V5), V5;
    unsubscribe_v311: unsubscribe(V311), V311;
    unsubscribe_v5: unsubscribe(V5), V5;
    unsuback_v311: unsuback(V311), V311;
    unsuback_v5: unsuback(V5), V5;
    disconnect_v311: disconnect(V311), V311;
    disconnect_v5: disconnect(V5), V5;
    auth_v5: auth(), V5;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Several packets back to back: the splitter cuts them apart whatever the chunking, and
    /// each frame decodes to its packet.
    #[test]
    fn streams_split_into_packets(
        (version, specs) in prop_oneof![Just(V311), Just(V5)]
            .prop_flat_map(|v| (Just(v), vec(any_packet(v), 1..6))),
        chunks in chunks(),
    ) {
        let packets: Vec<Packet<'_>> = specs.iter().map(build).collect();
        let encoded = packets
            .iter()
            .map(|p| mqtt::encode(p, version))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| fail("encode", e))?;
        let stream = encoded.concat();
        let frames = split(&stream, &chunks)?;
        prop_assert_eq!(&frames, &encoded);
        let mut at = 0;
        for packet in &packets {
            let (decoded, used) = mqtt::decode(&stream[at..], version).map_err(|e| fail("decode", e))?;
            prop_assert_eq!(&decoded, packet);
            at += used;
        }
        prop_assert_eq!(at, stream.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `mqtt::decode` gives PUBLISH its own copy of the derived decoder: it must answer exactly
    /// as the one decoder of every kind does, on valid packets, their truncations, and their
    /// bytes changed at random (errors included, with their paths and offsets). Three cases in
    /// four are PUBLISH (drawn among all fifteen kinds evenly, about one in fifteen was), the
    /// others any packet, which must still reach the shared copy.
    #[test]
    fn publish_fast_path_answers_as_the_derived_decoder(
        (version, spec) in prop_oneof![Just(V311), Just(V5)]
            .prop_flat_map(|v| (Just(v), prop_oneof![3 => publish(v), 1 => any_packet(v)])),
        changes in vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = mqtt::encode(&build(&spec), version).map_err(|e| fail("encode", e))?;
        for (at, value) in changes {
            *at.get_mut(&mut bytes) = value;
        }
        let fast = |input| mqtt::decode(input, version);
        let generic = |input| {
            Packet::decode_with_then(&mut wire_runtime::Reader::new(input), version, |p, r| {
                (p, r.offset())
            })
        };
        prop_assert_eq!(fast(&bytes), generic(&bytes));
        let cut = cut.index(bytes.len() + 1);
        prop_assert_eq!(fast(&bytes[..cut]), generic(&bytes[..cut]));
    }
}

// ---------------------------------------------------------------------------------------------
// Short forms and other fixed encodings.

fn encode(packet: &Packet<'_>, version: Version) -> Vec<u8> {
    mqtt::encode(packet, version).unwrap()
}

fn decode(bytes: &[u8], version: Version) -> Result<Packet<'_>, DecodeError> {
    let (packet, used) = mqtt::decode(bytes, version)?;
    assert_eq!(used, bytes.len(), "decoded {used} of {bytes:02x?}");
    Ok(packet)
}

fn acks(packet_id: u16, reason: ReasonCode, properties: Vec<PropSpec>) -> Vec<Spec> {
    [
        AckKind::PubAck,
        AckKind::PubRec,
        AckKind::PubRel,
        AckKind::PubComp,
    ]
    .into_iter()
    .map(|kind| Spec::Ack {
        kind,
        packet_id,
        reason,
        properties: properties.clone(),
    })
    .collect()
}

#[test]
fn v5_acks_with_success_and_no_properties_are_short() {
    for spec in acks(0x1234, ReasonCode::Success, Vec::new()) {
        let packet = build(&spec);
        let short = [first_byte(&spec), 0x02, 0x12, 0x34];
        assert_eq!(encode(&packet, V5), short, "{}", packet.name());
        assert_eq!(encode(&packet, V311), short, "{}", packet.name());
        assert_eq!(decode(&short, V5).unwrap(), packet);
        assert_eq!(decode(&short, V311).unwrap(), packet);
        // The long forms of the same packet decode to it too (and encode short again).
        let with_reason = [first_byte(&spec), 0x03, 0x12, 0x34, 0x00];
        let with_properties = [first_byte(&spec), 0x04, 0x12, 0x34, 0x00, 0x00];
        assert_eq!(decode(&with_reason, V5).unwrap(), packet);
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
}

#[test]
fn v5_acks_with_a_reason_and_no_properties_leave_out_the_property_length() {
    for spec in acks(7, ReasonCode::NoMatchingSubscribers, Vec::new()) {
        let packet = build(&spec);
        let bytes = [first_byte(&spec), 0x03, 0x00, 0x07, 0x10];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
        let with_properties = [first_byte(&spec), 0x04, 0x00, 0x07, 0x10, 0x00];
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
}

#[test]
fn v5_acks_with_properties_keep_the_success_reason() {
    let reason_string = PropSpec {
        id: 0x1f,
        value: Value::Str("ok".to_owned()),
    };
    for spec in acks(7, ReasonCode::Success, vec![reason_string]) {
        let packet = build(&spec);
        let bytes = [
            first_byte(&spec),
            0x09,
            0x00,
            0x07,
            0x00,
            0x05,
            0x1f,
            0x00,
            0x02,
            b'o',
            b'k',
        ];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
    }
}

#[test]
fn v5_disconnect_and_auth_with_success_and_no_properties_are_empty() {
    for spec in [
        Spec::Disconnect {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        },
        Spec::Auth {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        },
    ] {
        let packet = build(&spec);
        let short = [first_byte(&spec), 0x00];
        assert_eq!(encode(&packet, V5), short, "{}", packet.name());
        assert_eq!(decode(&short, V5).unwrap(), packet);
        let with_reason = [first_byte(&spec), 0x01, 0x00];
        let with_properties = [first_byte(&spec), 0x02, 0x00, 0x00];
        assert_eq!(decode(&with_reason, V5).unwrap(), packet);
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
    // 3.1.1 DISCONNECT is always empty.
    let spec = Spec::Disconnect {
        reason: ReasonCode::Success,
        properties: Vec::new(),
    };
    let packet = build(&spec);
    assert_eq!(encode(&packet, V311), [0xe0, 0x00]);
    assert_eq!(decode(&[0xe0, 0x00], V311).unwrap(), packet);
}

#[test]
fn v5_disconnect_and_auth_with_a_reason_and_no_properties_are_one_byte() {
    for (spec, code) in [
        (
            Spec::Disconnect {
                reason: ReasonCode::DisconnectWithWill,
                properties: Vec::new(),
            },
            0x04,
        ),
        (
            Spec::Auth {
                reason: ReasonCode::ContinueAuthentication,
                properties: Vec::new(),
            },
            0x18,
        ),
        (
            Spec::Auth {
                reason: ReasonCode::ReAuthenticate,
                properties: Vec::new(),
            },
            0x19,
        ),
    ] {
        let packet = build(&spec);
        let bytes = [first_byte(&spec), 0x01, code];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
    }
}

/// Every reason code byte decodes to the code of that value in the specification's table
/// (`Unknown` for the others) and encodes back to the byte.
#[test]
fn reason_codes_match_the_table() {
    for value in 0..=u8::MAX {
        let bytes = [0x40, 0x03, 0x00, 0x01, value];
        let spec = Spec::Ack {
            kind: AckKind::PubAck,
            packet_id: 1,
            reason: reason(value),
            properties: Vec::new(),
        };
        let expected = build(&spec);
        assert_eq!(decode(&bytes, V5).unwrap(), expected, "reason {value:#04x}");
        assert_eq!(reason(value).value(), value);
        let expected_bytes: &[u8] = if value == 0 {
            &[0x40, 0x02, 0x00, 0x01]
        } else {
            &bytes
        };
        assert_eq!(encode(&expected, V5), expected_bytes);
    }
}

/// Every 3.1.1 CONNACK return code byte round-trips.
#[test]
fn connack_return_codes_round_trip() {
    for value in 0..=u8::MAX {
        let bytes = [0x20, 0x02, 0x00, value];
        let spec = Spec::ConnAck {
            session_present: false,
            return_code: Some(return_code(value)),
            reason: None,
            properties: None,
        };
        let expected = build(&spec);
        assert_eq!(
            decode(&bytes, V311).unwrap(),
            expected,
            "return code {value}"
        );
        assert_eq!(encode(&expected, V311), bytes);
    }
}

/// Remaining lengths at the edges of each Variable Byte Integer size.
#[test]
fn remaining_length_sizes() {
    // A QoS 0 3.1.1 PUBLISH with topic "t": remaining length = 3 + payload.
    for (remaining, vbi) in [
        (127usize, &[0x7f][..]),
        (128, &[0x80, 0x01]),
        (16_383, &[0xff, 0x7f]),
        (16_384, &[0x80, 0x80, 0x01]),
        (2_097_151, &[0xff, 0xff, 0x7f]),
        (2_097_152, &[0x80, 0x80, 0x80, 0x01]),
    ] {
        let spec = Spec::Publish {
            dup: false,
            qos: QoS::AtMostOnce,
            retain: false,
            topic: "t".to_owned(),
            packet_id: None,
            properties: None,
            payload: vec![0xa5; remaining - 3],
        };
        let packet = build(&spec);
        let bytes = encode(&packet, V311);
        assert_eq!(
            &bytes[1..1 + vbi.len()],
            vbi,
            "remaining length {remaining}"
        );
        assert_eq!(bytes.len(), 1 + vbi.len() + remaining);
        assert_eq!(decode(&bytes, V311).unwrap(), packet);
        let frames = split(&bytes, &[4096]).unwrap();
        assert_eq!(frames, vec![bytes.clone()]);
        // Cut inside the remaining length and inside the body.
        for cut in [1, vbi.len(), 1 + vbi.len() + 1, bytes.len() - 1] {
            let err = mqtt::decode(&bytes[..cut], V311).unwrap_err();
            assert!(err.is_incomplete(), "cut at {cut}: {err}");
        }
    }
}

/// A 3.1.1 ack, UNSUBACK or DISCONNECT has a fixed remaining length (2, or 0 for DISCONNECT):
/// anything after the packet id is malformed, even bytes that would spell the 5.0 defaults.
#[test]
fn v311_fixed_length_packets_reject_extra_bytes() {
    let mut accepted = Vec::new();
    for bytes in [
        &[0x40, 0x03, 0x00, 0x01, 0x00][..],
        &[0x40, 0x04, 0x00, 0x01, 0x00, 0x00],
        &[0x50, 0x03, 0x00, 0x01, 0x00],
        &[0x62, 0x03, 0x00, 0x01, 0x00],
        &[0x70, 0x04, 0x00, 0x01, 0x00, 0x00],
        &[0xb0, 0x03, 0x00, 0x01, 0x00],
        &[0xe0, 0x01, 0x00],
        &[0xe0, 0x02, 0x00, 0x00],
    ] {
        match mqtt::decode(bytes, V311) {
            Ok((packet, _)) => accepted.push(format!("{bytes:02x?} as {packet:?}")),
            Err(e) => assert!(!e.is_incomplete(), "{bytes:02x?}: {e}"),
        }
    }
    assert!(
        accepted.is_empty(),
        "3.1.1 accepted:\n{}",
        accepted.join("\n")
    );
}

/// AUTH does not exist in 3.1.1.
#[test]
fn auth_is_rejected_in_v311() {
    for bytes in [&[0xf0, 0x00][..], &[0xf0, 0x01, 0x18]] {
        let err = mqtt::decode(bytes, V311).unwrap_err();
        assert!(!err.is_incomplete(), "{bytes:02x?}: {err}");
    }
    let spec = Spec::Auth {
        reason: ReasonCode::Success,
        properties: Vec::new(),
    };
    let packet = build(&spec);
    assert!(mqtt::encode(&packet, V311).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A list checked once (`Properties::checked`, which also sizes it) encodes to the same
    /// bytes, and reports the same length, as the list checked and sized on every encode.
    #[test]
    fn checked_properties_encode_as_the_unchecked_list(
        (scope, list) in prop_oneof![
            Just((mqtt::PropertyScope::Publish, PUBLISH_PROPS, true)),
            Just((mqtt::PropertyScope::Connect, CONNECT_PROPS, false)),
            Just((mqtt::PropertyScope::Subscribe, SUBSCRIBE_PROPS, false)),
        ]
        .prop_flat_map(|(scope, allowed, sub_ids)| (Just(scope), properties(allowed, sub_ids))),
    ) {
        let built = props(&list);
        let checked = mqtt::Properties::checked(scope, built.to_vec()).map_err(TestCaseError::fail)?;
        let (mut each_time, mut once) = (Vec::new(), Vec::new());
        built.encode_with(&mut each_time, scope).map_err(|e| fail("encode", e))?;
        checked.encode_with(&mut once, scope).map_err(|e| fail("encode", e))?;
        prop_assert_eq!(&once, &each_time);
        prop_assert_eq!(checked.encoded_len_with(scope), once.len());
        prop_assert_eq!(built.encoded_len_with(scope), once.len());
    }
}

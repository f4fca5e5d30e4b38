//! MQTT cases derived from the 3.1.1 and 5.0 specifications: every packet type, the short
//! forms, and the malformed-packet rules, each with the error it must produce.

use wire_protocols::mqtt::{
    self, ConnAck, ConnAckFlags, Connect, ConnectFlags, ConnectReturnCode, FixedHeader, Packet,
    Properties, Property, PubAck, PublishFlags, QoS, ReasonCode, Version,
};
use wire_runtime::DecodeErrorKind;

/// Valid packets: bytes, version. Each must decode, re-encode to the same bytes, and be
/// incomplete when truncated anywhere.
const VALID: &[(&str, &[u8], Version)] = &[
    (
        "CONNECT 3.1.1 clean, keep-alive 60, empty id",
        &[
            0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x02, 0, 60, 0, 0,
        ],
        Version::V311,
    ),
    (
        "CONNECT 5.0 session expiry",
        &[
            0x10, 0x12, 0, 4, b'M', b'Q', b'T', b'T', 5, 0x02, 0, 60, 5, 0x11, 0, 0, 0, 10, 0, 0,
        ],
        Version::V5,
    ),
    (
        "CONNECT 3.1.1 will QoS 1 retained",
        &[
            0x10, 0x15, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x2e, 0, 10, 0, 1, b'c', 0, 2, b'w', b't',
            0, 2, b'h', b'i',
        ],
        Version::V311,
    ),
    (
        "CONNACK 3.1.1 session present",
        &[0x20, 0x02, 0x01, 0x00],
        Version::V311,
    ),
    (
        "CONNACK 3.1.1 not authorized",
        &[0x20, 0x02, 0x00, 0x05],
        Version::V311,
    ),
    (
        "CONNACK 5.0 topic alias maximum",
        &[0x20, 0x06, 0x00, 0x00, 0x03, 0x22, 0x00, 0x0a],
        Version::V5,
    ),
    (
        "PUBLISH 3.1.1 QoS 0 empty payload",
        &[0x30, 0x05, 0, 3, b'a', b'/', b'b'],
        Version::V311,
    ),
    (
        "PUBLISH 3.1.1 QoS 2 dup retain",
        &[0x3d, 0x08, 0, 3, b'a', b'/', b'b', 0x12, 0x34, 0xff],
        Version::V311,
    ),
    (
        "PUBLISH 5.0 QoS 1 with user property",
        &[
            0x32, 0x0f, 0, 1, b't', 0, 1, 0x07, 0x26, 0, 1, b'k', 0, 1, b'v', b'x', b'y',
        ],
        Version::V5,
    ),
    (
        "PUBLISH 5.0 empty topic with alias",
        &[0x30, 0x06, 0, 0, 0x03, 0x23, 0x00, 0x01],
        Version::V5,
    ),
    ("PUBACK 3.1.1", &[0x40, 0x02, 0x00, 0x0a], Version::V311),
    (
        "PUBACK 5.0 short form",
        &[0x40, 0x02, 0x00, 0x0a],
        Version::V5,
    ),
    (
        "PUBACK 5.0 reason only",
        &[0x40, 0x03, 0x00, 0x0a, 0x10],
        Version::V5,
    ),
    (
        "PUBACK 5.0 reason string",
        &[0x40, 0x08, 0x00, 0x0a, 0x80, 0x04, 0x1f, 0x00, 0x01, b'x'],
        Version::V5,
    ),
    ("PUBREC 3.1.1", &[0x50, 0x02, 0x00, 0x0b], Version::V311),
    ("PUBREL 3.1.1", &[0x62, 0x02, 0x00, 0x0b], Version::V311),
    (
        "PUBCOMP 5.0 not found",
        &[0x70, 0x03, 0x00, 0x0b, 0x92],
        Version::V5,
    ),
    (
        "SUBSCRIBE 3.1.1 two filters",
        &[0x82, 0x0a, 0x00, 0x01, 0, 1, b'a', 0x01, 0, 1, b'#', 0x02],
        Version::V311,
    ),
    (
        "SUBSCRIBE 5.0 options and id",
        &[0x82, 0x09, 0x00, 0x01, 0x02, 0x0b, 0x07, 0, 1, b'a', 0x2d],
        Version::V5,
    ),
    (
        "SUBACK 3.1.1 granted and failure",
        &[0x90, 0x04, 0x00, 0x01, 0x01, 0x80],
        Version::V311,
    ),
    (
        "SUBACK 5.0",
        &[0x90, 0x04, 0x00, 0x01, 0x00, 0x02],
        Version::V5,
    ),
    (
        "UNSUBSCRIBE 3.1.1",
        &[0xa2, 0x05, 0x00, 0x02, 0, 1, b'a'],
        Version::V311,
    ),
    ("UNSUBACK 3.1.1", &[0xb0, 0x02, 0x00, 0x02], Version::V311),
    (
        "UNSUBACK 5.0",
        &[0xb0, 0x04, 0x00, 0x02, 0x00, 0x11],
        Version::V5,
    ),
    ("PINGREQ", &[0xc0, 0x00], Version::V311),
    ("PINGRESP", &[0xd0, 0x00], Version::V5),
    ("DISCONNECT 3.1.1", &[0xe0, 0x00], Version::V311),
    ("DISCONNECT 5.0 with will", &[0xe0, 0x01, 0x04], Version::V5),
    ("AUTH 5.0 short form", &[0xf0, 0x00], Version::V5),
    (
        "AUTH 5.0 continue with method",
        &[0xf0, 0x08, 0x18, 0x06, 0x15, 0x00, 0x03, b'S', b'C', b'R'],
        Version::V5,
    ),
];

/// What each packet of [`VALID`] decodes to, as its kind and its fields' JSON, read off the bytes
/// by hand from the specification (flag bits, reason codes, property identifiers), not from the
/// decoder.
const EXPECTED: &[(&str, &str, &str)] = &[
    (
        "CONNECT 3.1.1 clean, keep-alive 60, empty id",
        "CONNECT",
        r##"{"connect":{"version":"V311","flags":{"username":false,"password":false,"will_retain":false,"will_qos":"AtMostOnce","will":false,"clean_start":true},"keep_alive":60,"properties":null,"client_id":"","will":null,"username":null,"password":null}}"##,
    ),
    (
        "CONNECT 5.0 session expiry",
        "CONNECT",
        r##"{"connect":{"version":"V5","flags":{"username":false,"password":false,"will_retain":false,"will_qos":"AtMostOnce","will":false,"clean_start":true},"keep_alive":60,"properties":[{"SessionExpiryInterval":10}],"client_id":"","will":null,"username":null,"password":null}}"##,
    ),
    (
        "CONNECT 3.1.1 will QoS 1 retained",
        "CONNECT",
        r##"{"connect":{"version":"V311","flags":{"username":false,"password":false,"will_retain":true,"will_qos":"AtLeastOnce","will":true,"clean_start":true},"keep_alive":10,"properties":null,"client_id":"c","will":{"properties":null,"topic":"wt","payload":{"bytes":"6869"}},"username":null,"password":null}}"##,
    ),
    (
        "CONNACK 3.1.1 session present",
        "CONNACK",
        r##"{"connack":{"flags":{"session_present":true},"return_code":"Accepted","reason":null,"properties":null}}"##,
    ),
    (
        "CONNACK 3.1.1 not authorized",
        "CONNACK",
        r##"{"connack":{"flags":{"session_present":false},"return_code":"NotAuthorized","reason":null,"properties":null}}"##,
    ),
    (
        "CONNACK 5.0 topic alias maximum",
        "CONNACK",
        r##"{"connack":{"flags":{"session_present":false},"return_code":null,"reason":"Success","properties":[{"TopicAliasMaximum":10}]}}"##,
    ),
    (
        "PUBLISH 3.1.1 QoS 0 empty payload",
        "PUBLISH",
        r##"{"flags":{"dup":false,"qos":"AtMostOnce","retain":false},"publish":{"topic":"a/b","packet_id":null,"properties":null,"payload":""}}"##,
    ),
    (
        "PUBLISH 3.1.1 QoS 2 dup retain",
        "PUBLISH",
        r##"{"flags":{"dup":true,"qos":"ExactlyOnce","retain":true},"publish":{"topic":"a/b","packet_id":4660,"properties":null,"payload":"ff"}}"##,
    ),
    (
        "PUBLISH 5.0 QoS 1 with user property",
        "PUBLISH",
        r##"{"flags":{"dup":false,"qos":"AtLeastOnce","retain":false},"publish":{"topic":"t","packet_id":1,"properties":[{"UserProperty":["k","v"]}],"payload":"7879"}}"##,
    ),
    (
        "PUBLISH 5.0 empty topic with alias",
        "PUBLISH",
        r##"{"flags":{"dup":false,"qos":"AtMostOnce","retain":false},"publish":{"topic":"","packet_id":null,"properties":[{"TopicAlias":{"alias":1}}],"payload":""}}"##,
    ),
    (
        "PUBACK 3.1.1",
        "PUBACK",
        r##"{"ack":{"packet_id":10,"reason":"Success","properties":[]}}"##,
    ),
    (
        "PUBACK 5.0 short form",
        "PUBACK",
        r##"{"ack":{"packet_id":10,"reason":"Success","properties":[]}}"##,
    ),
    (
        "PUBACK 5.0 reason only",
        "PUBACK",
        r##"{"ack":{"packet_id":10,"reason":"NoMatchingSubscribers","properties":[]}}"##,
    ),
    (
        "PUBACK 5.0 reason string",
        "PUBACK",
        r##"{"ack":{"packet_id":10,"reason":"UnspecifiedError","properties":[{"ReasonString":"x"}]}}"##,
    ),
    (
        "PUBREC 3.1.1",
        "PUBREC",
        r##"{"ack":{"packet_id":11,"reason":"Success","properties":[]}}"##,
    ),
    (
        "PUBREL 3.1.1",
        "PUBREL",
        r##"{"ack":{"packet_id":11,"reason":"Success","properties":[]}}"##,
    ),
    (
        "PUBCOMP 5.0 not found",
        "PUBCOMP",
        r##"{"ack":{"packet_id":11,"reason":"PacketIdentifierNotFound","properties":[]}}"##,
    ),
    (
        "SUBSCRIBE 3.1.1 two filters",
        "SUBSCRIBE",
        r##"{"subscribe":{"packet_id":1,"properties":null,"filters":[{"filter":"a","options":{"qos":"AtLeastOnce","no_local":false,"retain_as_published":false,"retain_handling":"OnSubscribe"}},{"filter":"#","options":{"qos":"ExactlyOnce","no_local":false,"retain_as_published":false,"retain_handling":"OnSubscribe"}}]}}"##,
    ),
    (
        "SUBSCRIBE 5.0 options and id",
        "SUBSCRIBE",
        r##"{"subscribe":{"packet_id":1,"properties":[{"SubscriptionIdentifier":{"id":7}}],"filters":[{"filter":"a","options":{"qos":"AtLeastOnce","no_local":true,"retain_as_published":true,"retain_handling":"Never"}}]}}"##,
    ),
    (
        "SUBACK 3.1.1 granted and failure",
        "SUBACK",
        r##"{"suback":{"packet_id":1,"properties":null,"codes":["GrantedQoS1","UnspecifiedError"]}}"##,
    ),
    (
        "SUBACK 5.0",
        "SUBACK",
        r##"{"suback":{"packet_id":1,"properties":[],"codes":["GrantedQoS2"]}}"##,
    ),
    (
        "UNSUBSCRIBE 3.1.1",
        "UNSUBSCRIBE",
        r##"{"unsubscribe":{"packet_id":2,"properties":null,"filters":["a"]}}"##,
    ),
    (
        "UNSUBACK 3.1.1",
        "UNSUBACK",
        r##"{"unsuback":{"packet_id":2,"properties":null,"codes":[]}}"##,
    ),
    (
        "UNSUBACK 5.0",
        "UNSUBACK",
        r##"{"unsuback":{"packet_id":2,"properties":[],"codes":["NoSubscriptionExisted"]}}"##,
    ),
    ("PINGREQ", "PINGREQ", r##"{"body":null}"##),
    ("PINGRESP", "PINGRESP", r##"{"body":null}"##),
    (
        "DISCONNECT 3.1.1",
        "DISCONNECT",
        r##"{"disconnect":{"reason":"Success","properties":[]}}"##,
    ),
    (
        "DISCONNECT 5.0 with will",
        "DISCONNECT",
        r##"{"disconnect":{"reason":"DisconnectWithWill","properties":[]}}"##,
    ),
    (
        "AUTH 5.0 short form",
        "AUTH",
        r##"{"auth":{"reason":"Success","properties":[]}}"##,
    ),
    (
        "AUTH 5.0 continue with method",
        "AUTH",
        r##"{"auth":{"reason":"ContinueAuthentication","properties":[{"AuthenticationMethod":"SCR"}]}}"##,
    ),
];

#[test]
fn valid_packets_round_trip() {
    assert_eq!(EXPECTED.len(), VALID.len());
    for ((name, bytes, version), (expected_name, kind, fields)) in VALID.iter().zip(EXPECTED) {
        assert_eq!(name, expected_name);
        let (packet, used) =
            mqtt::decode(bytes, *version).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(used, bytes.len(), "{name}");
        assert_eq!(packet.name(), *kind, "{name}");
        let expected: serde_json::Value = serde_json::from_str(fields).unwrap();
        assert_eq!(serde_json::to_value(&packet).unwrap(), expected, "{name}");
        assert_eq!(
            mqtt::encode(&packet, *version).unwrap(),
            *bytes,
            "{name}: re-encoding"
        );
    }
}

#[test]
fn truncation_anywhere_is_incomplete() {
    for (name, bytes, version) in VALID {
        for cut in 0..bytes.len() {
            let err = mqtt::decode(&bytes[..cut], *version).unwrap_err();
            assert!(err.is_incomplete(), "{name} cut at {cut}: {err}");
        }
    }
}

#[test]
fn short_forms_decode_to_defaults_and_encode_back_short() {
    let (packet, _) = mqtt::decode(&[0x40, 0x02, 0x00, 0x0a], Version::V5).unwrap();
    let Packet::PubAck { ack, .. } = &packet else {
        panic!("{packet:?}")
    };
    assert_eq!(
        (ack.reason, ack.properties.is_empty()),
        (ReasonCode::Success, true)
    );
    // The long form with default values comes back short.
    let (packet, _) = mqtt::decode(&[0x40, 0x04, 0x00, 0x0a, 0x00, 0x00], Version::V5).unwrap();
    assert_eq!(
        mqtt::encode(&packet, Version::V5).unwrap(),
        [0x40, 0x02, 0x00, 0x0a]
    );
    let (packet, _) = mqtt::decode(&[0xe0, 0x02, 0x00, 0x00], Version::V5).unwrap();
    assert_eq!(mqtt::encode(&packet, Version::V5).unwrap(), [0xe0, 0x00]);
    // A non-default reason with no properties keeps its reason and drops the property length.
    let ack = Packet::PubAck {
        header: FixedHeader,
        ack: PubAck {
            packet_id: 10,
            reason: ReasonCode::NoMatchingSubscribers,
            properties: Properties::new(),
        },
    };
    assert_eq!(
        mqtt::encode(&ack, Version::V5).unwrap(),
        [0x40, 0x03, 0x00, 0x0a, 0x10]
    );
}

#[test]
fn encoding_builds_the_fixed_header_and_remaining_length() {
    let payload = vec![0xab; 200];
    let publish = Packet::Publish {
        flags: PublishFlags {
            dup: false,
            qos: QoS::AtLeastOnce,
            retain: true,
        },
        publish: mqtt::Publish {
            topic: "t".try_into().unwrap(),
            packet_id: Some(1),
            properties: None,
            payload: &payload,
        },
    };
    let bytes = mqtt::encode(&publish, Version::V311).unwrap();
    // 0x33, remaining length 205 = [0xcd, 0x01], topic, packet id, payload
    assert_eq!(&bytes[..8], &[0x33, 0xcd, 0x01, 0, 1, b't', 0, 1]);
    assert_eq!(bytes.len(), 3 + 205);
    let connect = Packet::Connect {
        header: FixedHeader,
        connect: Box::new(Connect {
            version: Version::V311,
            flags: ConnectFlags {
                clean_start: true,
                ..Default::default()
            },
            keep_alive: 60,
            properties: None,
            client_id: "".try_into().unwrap(),
            will: None,
            username: None,
            password: None,
        }),
    };
    assert_eq!(mqtt::encode(&connect, Version::V311).unwrap(), VALID[0].1);
    let connack = Packet::ConnAck {
        header: FixedHeader,
        connack: ConnAck {
            flags: ConnAckFlags {
                session_present: true,
            },
            return_code: Some(ConnectReturnCode::Accepted),
            reason: None,
            properties: None,
        },
    };
    assert_eq!(
        mqtt::encode(&connack, Version::V311).unwrap(),
        [0x20, 0x02, 0x01, 0x00]
    );
}

/// A malformed packet: what it breaks, its bytes, the version, and a check on the error.
type Malformed = (
    &'static str,
    &'static [u8],
    Version,
    fn(&DecodeErrorKind) -> bool,
);

/// Malformed packets ([MQTT-...] rules), each rejected with a specific error.
#[test]
fn malformed_packets_are_rejected_with_specific_errors() {
    let cases: &[Malformed] = &[
        (
            "remaining length over 4 bytes",
            &[0x30, 0xff, 0xff, 0xff, 0xff, 0x01],
            Version::V311,
            |k| *k == DecodeErrorKind::VarIntTooLong,
        ),
        (
            "non-minimal remaining length",
            &[0xc0, 0x80, 0x00],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "PINGREQ with a body",
            &[0xc0, 0x01, 0x00],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::TrailingBytes(1)),
        ),
        (
            "PUBREL flags 0000",
            &[0x60, 0x02, 0x00, 0x01],
            Version::V311,
            |k| {
                matches!(
                    k,
                    DecodeErrorKind::ReservedBits {
                        found: 0,
                        expected: 2
                    }
                )
            },
        ),
        (
            "SUBSCRIBE flags 0000",
            &[0x80, 0x06, 0x00, 0x01, 0, 1, b'a', 0],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "UNSUBSCRIBE flags 0000",
            &[0xa0, 0x05, 0x00, 0x01, 0, 1, b'a'],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "PUBACK flags 0001",
            &[0x41, 0x02, 0x00, 0x01],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "PUBLISH QoS 3",
            &[0x36, 0x07, 0, 3, b'a', b'/', b'b', 0, 1],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "PUBLISH DUP on QoS 0",
            &[0x38, 0x05, 0, 3, b'a', b'/', b'b'],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("DUP set on a QoS 0 PUBLISH"),
        ),
        (
            "PUBLISH packet id 0",
            &[0x32, 0x07, 0, 3, b'a', b'/', b'b', 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("packet id 0"),
        ),
        (
            "PUBLISH wildcard topic",
            &[0x30, 0x03, 0, 1, b'#'],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "invalid UTF-8 topic",
            &[0x30, 0x04, 0, 2, 0xc3, 0x28],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidUtf8,
        ),
        (
            "U+0000 in topic",
            &[0x30, 0x04, 0, 2, b'a', 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("U+0000 in an MQTT string"),
        ),
        (
            "SUBSCRIBE without filters",
            &[0x82, 0x02, 0x00, 0x01],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "UNSUBSCRIBE without filters",
            &[0xa2, 0x02, 0x00, 0x01],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "SUBSCRIBE 3.1.1 with no-local",
            &[0x82, 0x06, 0x00, 0x01, 0, 1, b'a', 0x04],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "SUBSCRIBE retain handling 3",
            &[0x82, 0x07, 0x00, 0x01, 0x00, 0, 1, b'a', 0x30],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "SUBSCRIBE reserved option bits",
            &[0x82, 0x07, 0x00, 0x01, 0x00, 0, 1, b'a', 0x40],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "CONNECT protocol name MQTX",
            &[0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'X', 4, 2, 0, 60, 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::MagicMismatch,
        ),
        (
            "CONNECT unknown level 3",
            &[0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 3, 2, 0, 60, 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidTag(3),
        ),
        (
            "CONNECT reserved flag",
            &[0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 4, 3, 0, 60, 0, 0],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "CONNECT will QoS without will",
            &[
                0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x0a, 0, 60, 0, 0,
            ],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "CONNECT will QoS 3",
            &[
                0x10, 0x0c, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x1c, 0, 60, 0, 0,
            ],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "CONNECT password without user name (3.1.1)",
            &[
                0x10, 0x0f, 0, 4, b'M', b'Q', b'T', b'T', 4, 0x42, 0, 60, 0, 0, 0, 1, b'p',
            ],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "CONNACK reserved ack flags",
            &[0x20, 0x02, 0x02, 0x00],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::ReservedBits { .. }),
        ),
        (
            "PUBACK packet id 0",
            &[0x40, 0x02, 0x00, 0x00],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("packet id 0"),
        ),
        (
            "PUBLISH 3.1.1 empty topic",
            &[0x30, 0x02, 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("empty topic name without a topic alias"),
        ),
        (
            "PUBLISH 5.0 empty topic without alias",
            &[0x30, 0x03, 0, 0, 0],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidValue("empty topic name without a topic alias"),
        ),
        (
            "SUBSCRIBE empty filter",
            &[0x82, 0x05, 0x00, 0x01, 0, 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("empty topic filter"),
        ),
        (
            "SUBSCRIBE filter with `#` before its last level [MQTT-4.7.1-1]",
            &[0x82, 0x08, 0x00, 0x01, 0, 3, b'#', b'/', b'a', 0],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(w) if w.contains("topic filter")),
        ),
        (
            "SUBSCRIBE filter with `+` in a level [MQTT-4.7.1-2]",
            &[0x82, 0x09, 0x00, 0x01, 0, 0, 3, b'a', b'+', b'/', 0],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::InvalidValue(w) if w.contains("topic filter")),
        ),
        (
            "UNSUBSCRIBE filter `a#`",
            &[0xa2, 0x06, 0x00, 0x01, 0, 2, b'a', b'#'],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(w) if w.contains("topic filter")),
        ),
        (
            "UNSUBSCRIBE empty filter",
            &[0xa2, 0x04, 0x00, 0x01, 0, 0],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("empty topic filter"),
        ),
        (
            "SUBACK without codes",
            &[0x90, 0x02, 0x00, 0x01],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "UNSUBACK 5.0 without codes",
            &[0xb0, 0x03, 0x00, 0x01, 0x00],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
        (
            "CONNACK session present on refusal",
            &[0x20, 0x02, 0x01, 0x05],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidValue("session present on a refused connection"),
        ),
        (
            "PUBACK 3.1.1 with a reason code",
            &[0x40, 0x03, 0x00, 0x01, 0x10],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::TrailingBytes(1)),
        ),
        (
            "DISCONNECT 3.1.1 with a default reason byte",
            &[0xe0, 0x01, 0x00],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::TrailingBytes(1)),
        ),
        (
            "property not allowed (session expiry in PUBLISH)",
            &[0x30, 0x0a, 0, 1, b't', 0x05, 0x11, 0, 0, 0, 1, 0],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidValue("property not allowed in this packet"),
        ),
        (
            "repeated property",
            &[0x30, 0x08, 0, 1, b't', 0x04, 0x01, 0x01, 0x01, 0x00],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidValue("property repeated"),
        ),
        (
            "unknown property",
            &[0x30, 0x06, 0, 1, b't', 0x02, 0x7f, 0x00],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidTag(0x7f),
        ),
        (
            "property length beyond the packet",
            &[0x30, 0x05, 0, 1, b't', 0x09, 0x01],
            Version::V5,
            |k| matches!(k, DecodeErrorKind::LengthOutOfBounds { .. }),
        ),
        (
            "topic alias 0",
            &[0x30, 0x07, 0, 1, b't', 0x03, 0x23, 0x00, 0x00],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidValue("topic alias 0"),
        ),
        (
            "payload format indicator 2",
            &[0x30, 0x06, 0, 1, b't', 0x02, 0x01, 0x02],
            Version::V5,
            |k| *k == DecodeErrorKind::InvalidBool(2),
        ),
        ("AUTH in 3.1.1", &[0xf0, 0x00], Version::V311, |k| {
            matches!(k, DecodeErrorKind::InvalidValue(_))
        }),
        ("AUTH reason 0x80", &[0xf0, 0x01, 0x80], Version::V5, |k| {
            matches!(k, DecodeErrorKind::InvalidValue(_))
        }),
        (
            "reserved packet type 0",
            &[0x00, 0x00],
            Version::V311,
            |k| *k == DecodeErrorKind::InvalidTag(0),
        ),
        (
            "UNSUBACK 3.1.1 with codes",
            &[0xb0, 0x03, 0x00, 0x01, 0x00],
            Version::V311,
            |k| matches!(k, DecodeErrorKind::InvalidValue(_)),
        ),
    ];
    for (name, bytes, version, check) in cases {
        let err = match mqtt::decode(bytes, *version) {
            Ok((packet, _)) => panic!("{name}: accepted {packet:?}"),
            Err(e) => e,
        };
        assert!(!err.is_incomplete(), "{name}: {err}");
        assert!(check(err.kind()), "{name}: unexpected {err}");
    }
}

#[test]
fn errors_name_the_field_and_offset() {
    let err = mqtt::decode(&[0x32, 0x07, 0, 3, b'a', b'/', b'b', 0, 0], Version::V311).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Packet.Publish.publish: invalid value: packet id 0 at offset 2"
    );
    let err = mqtt::decode(&[0x30, 0x06, 0, 1, b't', 0x02, 0x7f, 0x00], Version::V5).unwrap_err();
    assert_eq!(
        err.path().to_string(),
        "Packet.Publish.publish.properties.list"
    );
    assert_eq!(err.offset(), 6);
}

#[test]
fn encoding_refuses_what_decoding_would_reject() {
    let bad = Packet::PubAck {
        header: FixedHeader,
        ack: PubAck {
            packet_id: 0,
            reason: ReasonCode::Success,
            properties: Properties::new(),
        },
    };
    assert!(mqtt::encode(&bad, Version::V311).is_err());
    let not_allowed = Packet::PubAck {
        header: FixedHeader,
        ack: PubAck {
            packet_id: 1,
            reason: ReasonCode::Success,
            properties: Properties::from_list(vec![Property::TopicAlias { alias: 3 }]),
        },
    };
    assert!(mqtt::encode(&not_allowed, Version::V5).is_err());
}

#[test]
fn subscribe_filters_read_back_named_and_as_pairs() {
    let options = r#"{"qos":"AtLeastOnce","no_local":true,"retain_as_published":false,"retain_handling":"Never"}"#;
    let named = format!(
        r#"{{"packet_id":1,"properties":null,"filters":[{{"filter":"a/+","options":{options}}}]}}"#
    );
    let pairs = format!(r#"{{"packet_id":1,"properties":null,"filters":[["a/+",{options}]]}}"#);
    let from_named: mqtt::Subscribe<'_> = serde_json::from_str(&named).unwrap();
    let from_pairs: mqtt::Subscribe<'_> = serde_json::from_str(&pairs).unwrap();
    assert_eq!(from_named, from_pairs);
    assert_eq!(from_named.filters[0].0.as_str(), "a/+");
    assert!(from_named.filters[0].1.no_local);
    let written: serde_json::Value = serde_json::to_value(&from_pairs).unwrap();
    let expected: serde_json::Value = serde_json::from_str(&named).unwrap();
    assert_eq!(written, expected, "written back in the named form");
}

/// Strings are checked where they are made, by the same rules as the decoder's, so that
/// encoding can write them with a copy: an invalid string cannot reach the wire through the
/// safe API.
#[test]
fn strings_are_checked_where_they_are_made() {
    use wire_protocols::mqtt::{StringError, TopicName, Utf8Str};
    assert_eq!(
        TopicName::new("a/+/b"),
        Err(StringError::Wildcard { at: 2 })
    );
    assert_eq!(TopicName::new("a/#"), Err(StringError::Wildcard { at: 2 }));
    assert_eq!(
        Utf8Str::<'_, false>::new("a\0"),
        Err(StringError::Nul { at: 1 })
    );
    let long = "x".repeat(65_536);
    assert_eq!(
        Utf8Str::<'_, false>::new(&long),
        Err(StringError::TooLong { len: 65_536 })
    );
    assert!(
        Utf8Str::<'_, false>::new(&long[1..]).is_ok(),
        "65 535 bytes fit"
    );
    assert_eq!(
        TopicName::try_from("x\0").unwrap_err().to_string(),
        "U+0000 in an MQTT string at byte 1"
    );
    // serde (wiredump's encode reads JSON this way) checks too.
    let publish = r#"{"topic":"a/#","packet_id":null,"properties":null,"payload":""}"#;
    let err = serde_json::from_str::<mqtt::Publish<'_>>(publish).unwrap_err();
    assert!(
        err.to_string().contains("wildcard in a topic name"),
        "{err}"
    );
    // What the caller vouches for is written as is.
    // SAFETY: deliberately invalid, to show that encoding no longer looks.
    let vouched = unsafe { TopicName::new_unchecked("a/#") };
    let mut out = Vec::new();
    wire_runtime::WireEncode::encode(&vouched, &mut out).unwrap();
    assert_eq!(out, b"\0\x03a/#");
}

proptest::proptest! {
    /// `new` accepts exactly what the decoder accepts.
    #[test]
    fn construction_and_decoding_agree(s in "[a-c/+#\\x00é]{0,12}") {
        use wire_protocols::mqtt::{TopicName, Utf8Str};
        let mut wire = (s.len() as u16).to_be_bytes().to_vec();
        wire.extend_from_slice(s.as_bytes());
        proptest::prop_assert_eq!(
            TopicName::new(&s).is_ok(),
            wire_runtime::decode::<TopicName<'_>>(&wire).is_ok()
        );
        proptest::prop_assert_eq!(
            Utf8Str::<'_, false>::new(&s).is_ok(),
            wire_runtime::decode::<Utf8Str<'_, false>>(&wire).is_ok()
        );
    }

    /// The same for topic filters, and a filter that decodes encodes to the same bytes.
    #[test]
    fn filter_construction_and_decoding_agree(s in "[a/+#\\x00]{0,8}") {
        use wire_protocols::mqtt::TopicFilter;
        let mut wire = (s.len() as u16).to_be_bytes().to_vec();
        wire.extend_from_slice(s.as_bytes());
        let decoded = wire_runtime::decode::<TopicFilter<'_>>(&wire);
        proptest::prop_assert_eq!(TopicFilter::new(&s).is_ok(), decoded.is_ok());
        if let Ok(filter) = decoded {
            proptest::prop_assert_eq!(wire_runtime::WireEncode::encode_to_vec(&filter).unwrap(), wire);
        }
    }
}

/// A filter is checked where it is made: an invalid one cannot be put in a SUBSCRIBE through
/// the safe API, serde included.
#[test]
fn filters_are_checked_where_they_are_made() {
    use wire_protocols::mqtt::{StringError, TopicFilter};
    assert_eq!(
        TopicFilter::new("a/b#"),
        Err(StringError::MisplacedWildcard { at: 3 })
    );
    assert_eq!(TopicFilter::try_from(""), Err(StringError::Empty));
    let unsubscribe = r#"{"packet_id":1,"properties":null,"filters":["a/#/b"]}"#;
    let err = serde_json::from_str::<mqtt::Unsubscribe<'_>>(unsubscribe).unwrap_err();
    assert!(
        err.to_string()
            .contains("misplaced wildcard in a topic filter at byte 2"),
        "{err}"
    );
}

//! Round trips of random AMQP 1.0 values (every type, nested lists, maps, arrays and
//! described values) and messages (every section): encode, check the length, decode, compare,
//! and encode again to the same bytes (the smallest encodings are canonical).

use proptest::prelude::*;
use wire_protocols::amqp::{
    Array, Body, DataSections, Described, Descriptor, Header, List, Map, Message, MessageId,
    Properties, Value,
};
use wire_protocols::stream::Record;
use wire_runtime::{WireEncode, decode};
use wire_tests::trickle::Trickle;

/// Storage that lives as long as the test: generated values borrow from it.
fn keep<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

fn text() -> impl Strategy<Value = &'static str> {
    "\\PC{0,12}".prop_map(|s| &*Box::leak(s.into_boxed_str()))
}

fn symbol() -> impl Strategy<Value = &'static str> {
    "[ -~]{0,12}".prop_map(|s| &*Box::leak(s.into_boxed_str()))
}

fn bytes(max: usize) -> impl Strategy<Value = &'static [u8]> {
    proptest::collection::vec(any::<u8>(), 0..max).prop_map(|v| &*Box::leak(v.into_boxed_slice()))
}

fn primitive() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u8>().prop_map(Value::Ubyte),
        any::<u16>().prop_map(Value::Ushort),
        any::<u32>().prop_map(Value::Uint),
        prop_oneof![0u32..=255, Just(0)].prop_map(Value::Uint),
        any::<u64>().prop_map(Value::Ulong),
        (0u64..=255).prop_map(Value::Ulong),
        any::<i8>().prop_map(Value::Byte),
        any::<i16>().prop_map(Value::Short),
        any::<i32>().prop_map(Value::Int),
        (-128i32..128).prop_map(Value::Int),
        any::<i64>().prop_map(Value::Long),
        (-128i64..128).prop_map(Value::Long),
        (-1e30f32..1e30).prop_map(Value::Float),
        (-1e300f64..1e300).prop_map(Value::Double),
        any::<[u8; 4]>().prop_map(Value::Decimal32),
        any::<[u8; 8]>().prop_map(Value::Decimal64),
        any::<[u8; 16]>().prop_map(Value::Decimal128),
        any::<char>().prop_map(Value::Char),
        any::<i64>().prop_map(Value::Timestamp),
        any::<[u8; 16]>().prop_map(Value::Uuid),
        bytes(300).prop_map(Value::Binary),
        text().prop_map(Value::String),
        symbol().prop_map(Value::Symbol),
    ]
}

fn descriptor() -> impl Strategy<Value = Descriptor<'static>> {
    prop_oneof![
        any::<u64>().prop_map(Descriptor::Code),
        symbol().prop_map(Descriptor::Name),
    ]
}

/// Arrays of one type: uints (narrow or wide), strings, or described binaries.
fn array() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        proptest::collection::vec(any::<u32>().prop_map(Value::Uint), 0..20)
            .prop_map(|v| Value::Array(Array::from_values(keep(v)))),
        proptest::collection::vec((0u32..256).prop_map(Value::Uint), 0..20)
            .prop_map(|v| Value::Array(Array::from_values(keep(v)))),
        proptest::collection::vec(text().prop_map(Value::String), 0..10)
            .prop_map(|v| Value::Array(Array::from_values(keep(v)))),
        (
            descriptor(),
            proptest::collection::vec(bytes(20).prop_map(Value::Binary), 0..5)
        )
            .prop_map(|(d, v)| Value::Array(Array::described(d, keep(v)))),
    ]
}

fn value() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![primitive(), array()].prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8)
                .prop_map(|v| Value::List(List::from_values(keep(v)))),
            proptest::collection::vec((inner.clone(), inner.clone()), 0..6)
                .prop_map(|v| Value::Map(Map::from_pairs(keep(v)))),
            (descriptor(), inner).prop_map(|(d, v)| Value::Described(Described::new(d, keep(v)))),
        ]
    })
}

/// What `value` writes into a buffer whose chunks hold 3 bytes: value by value, where a `Vec`
/// of the exact size takes each list, map and array through one capacity check.
fn in_chunks(value: &impl WireEncode) -> Vec<u8> {
    let mut buf = Trickle::new(3);
    value.encode(&mut buf).unwrap();
    buf.into_inner()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn values_round_trip(v in value()) {
        let bytes = v.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), v.encoded_len());
        prop_assert_eq!(in_chunks(&v), bytes.clone());
        let decoded = decode::<Value<'_>>(&bytes).unwrap();
        prop_assert_eq!(decoded, v);
        // The decoded view encodes to the same bytes, and so does reading it item by item.
        prop_assert_eq!(decoded.encode_to_vec().unwrap(), bytes.clone());
        prop_assert_eq!(decoded.encoded_len(), bytes.len());
    }

    #[test]
    fn messages_round_trip(message in message()) {
        let bytes = message.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), message.encoded_len());
        prop_assert_eq!(in_chunks(&message), bytes.clone());
        let decoded = decode::<Message<'_>>(&bytes).unwrap();
        prop_assert_eq!(decoded, message);
        prop_assert_eq!(decoded.encode_to_vec().unwrap(), bytes.clone());
        // Handing the application properties over in the decoding pass gives the same
        // message and the pairs iterating it gives.
        let mut seen = Vec::new();
        let one_pass = Message::decode_with_properties(&bytes, |k, v| seen.push((k, v))).unwrap();
        prop_assert_eq!(one_pass, decoded);
        prop_assert_eq!(seen, decoded.application_properties().collect::<Vec<_>>());
    }

    /// Whatever the bytes, decoding returns (never panics), and what decodes re-encodes to
    /// something that decodes to the same.
    #[test]
    fn arbitrary_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        any_bytes(&data)?;
    }

    /// The same for valid messages with a few bytes overwritten, inserted or cut: random
    /// bytes are refused at the first section's constructor, mutated messages reach the
    /// sections after it.
    #[test]
    fn mutated_messages_never_panic(
        message in message(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..4),
    ) {
        let bytes = mutate(message.encode_to_vec().unwrap(), &edits);
        any_bytes(&bytes)?;
    }
}

/// `bytes` with each edit applied at its index (modulo the length): 0 overwrites a byte, 1 inserts one, 2 cuts the
/// rest off.
fn mutate(mut bytes: Vec<u8>, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    for (at, byte, kind) in edits {
        if bytes.is_empty() {
            break;
        }
        let i = at % bytes.len();
        match kind {
            0 => bytes[i] = *byte,
            1 => bytes.insert(i, *byte),
            _ => bytes.truncate(i),
        }
    }
    bytes
}

/// The properties of any input: decoding returns, the two decoders agree, and what decodes
/// re-encodes to something that decodes to the same.
fn any_bytes(data: &[u8]) -> Result<(), TestCaseError> {
    // Random bytes can hold a NaN float, which is not equal to itself: what is decoded
    // from them is compared by its encoding.
    if let Ok(v) = decode::<Value<'_>>(data) {
        let again = v.encode_to_vec().unwrap();
        prop_assert_eq!(encoding(&decode::<Value<'_>>(&again).unwrap()), again);
    }
    let mut seen = Vec::new();
    let one_pass = Message::decode_with_properties(data, |k, v| seen.push((k, v)));
    // As a record's message (a whole input, as here: running out is malformed), both
    // ways accept the same bytes as the same message, and refuse the rest the same way.
    let decoded = Record { offset: 0, data }.message();
    prop_assert_eq!(
        one_pass.as_ref().ok().map(encoding),
        decoded.as_ref().ok().map(encoding)
    );
    // The same error kind at the same byte; the pass that builds values may name the value's
    // type inside the field (`application_properties.Boolean.0`), the validating walk stops at
    // the field.
    if let (Err(a), Err(b)) = (&one_pass, &decoded) {
        prop_assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset()));
        let (pa, pb) = (a.path().to_string(), b.path().to_string());
        prop_assert!(
            pa.starts_with(&pb) || pb.starts_with(&pa),
            "paths {} and {}",
            pa,
            pb
        );
    }
    prop_assert_eq!(one_pass.is_ok(), decoded.is_ok());
    if let Ok(m) = decoded {
        let pairs = |pairs: Vec<(&str, Value<'_>)>| -> Vec<(String, Vec<u8>)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), encoding(v)))
                .collect()
        };
        prop_assert_eq!(pairs(seen), pairs(m.application_properties().collect()));
        let again = m.encode_to_vec().unwrap();
        prop_assert_eq!(encoding(&decode::<Message<'_>>(&again).unwrap()), again);
    }
    Ok(())
}

/// Mutated messages get past the first section: of 2,000 single-byte overwrites of valid
/// messages, many still decode and the failures are spread over the message, not all at its
/// first bytes (random bytes almost all fail there).
#[test]
fn mutations_reach_past_the_first_section() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut decoded, mut failed_late, mut total) = (0, 0, 0);
    for _ in 0..2000 {
        let message = message().new_tree(&mut runner).unwrap().current();
        let bytes = message.encode_to_vec().unwrap();
        if bytes.len() < 8 {
            continue;
        }
        let at = (total * 7919) % bytes.len();
        let edited = mutate(bytes, &[(at, 0x5a, 0)]);
        total += 1;
        let record = Record {
            offset: 0,
            data: &edited,
        };
        match record.message() {
            Ok(_) => decoded += 1,
            Err(e) if e.offset() > 3 => failed_late += 1,
            Err(_) => {}
        }
    }
    assert!(total > 1000, "{total} messages");
    assert!(
        decoded * 10 > total,
        "{decoded} of {total} mutated messages decode"
    );
    assert!(
        failed_late * 4 > total,
        "{failed_late} of {total} fail past the first bytes"
    );
}

/// What `value` encodes to.
fn encoding(value: &impl WireEncode) -> Vec<u8> {
    value.encode_to_vec().unwrap()
}

fn annotations() -> impl Strategy<Value = Option<Map<'static>>> {
    proptest::option::of(
        proptest::collection::vec(
            (
                prop_oneof![
                    symbol().prop_map(Value::Symbol),
                    any::<u64>().prop_map(Value::Ulong)
                ],
                value(),
            ),
            0..4,
        )
        .prop_map(|v| Map::from_pairs(keep(v))),
    )
}

fn id() -> impl Strategy<Value = MessageId<'static>> {
    prop_oneof![
        any::<u64>().prop_map(MessageId::Ulong),
        any::<[u8; 16]>().prop_map(MessageId::Uuid),
        bytes(20).prop_map(MessageId::Binary),
        text().prop_map(MessageId::String),
    ]
}

fn properties() -> impl Strategy<Value = Properties<'static>> {
    (
        (
            proptest::option::of(id()),
            proptest::option::of(bytes(10)),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(id()),
            proptest::option::of(symbol()),
        ),
        (
            proptest::option::of(symbol()),
            proptest::option::of(any::<i64>()),
            proptest::option::of(any::<i64>()),
            proptest::option::of(text()),
            proptest::option::of(any::<u32>()),
            proptest::option::of(text()),
        ),
    )
        .prop_map(|(a, b)| Properties {
            message_id: a.0,
            user_id: a.1,
            to: a.2,
            subject: a.3,
            reply_to: a.4,
            correlation_id: a.5,
            content_type: a.6,
            content_encoding: b.0,
            absolute_expiry_time: b.1,
            creation_time: b.2,
            group_id: b.3,
            group_sequence: b.4,
            reply_to_group_id: b.5,
        })
}

fn header() -> impl Strategy<Value = Header> {
    (
        any::<bool>(),
        any::<u8>(),
        proptest::option::of(any::<u32>()),
        any::<bool>(),
        any::<u32>(),
    )
        .prop_map(
            |(durable, priority, ttl, first_acquirer, delivery_count)| Header {
                durable,
                priority,
                ttl,
                first_acquirer,
                delivery_count,
            },
        )
}

fn body() -> impl Strategy<Value = Body<'static>> {
    prop_oneof![
        Just(Body::None),
        bytes(600).prop_map(Body::data),
        value().prop_map(Body::Value),
        proptest::collection::vec(primitive(), 0..5).prop_map(|v| Body::Sequence(
            DataSections::one(Value::List(List::from_values(keep(v))))
        )),
    ]
}

fn message() -> impl Strategy<Value = Message<'static>> {
    (
        proptest::option::of(header()),
        annotations(),
        annotations(),
        proptest::option::of(properties()),
        proptest::option::of(
            proptest::collection::vec((text().prop_map(Value::String), primitive()), 0..6)
                .prop_map(|v| Map::from_pairs(keep(v))),
        ),
        body(),
        annotations(),
    )
        .prop_map(|(header, da, ma, properties, ap, body, footer)| Message {
            header,
            delivery_annotations: da,
            message_annotations: ma,
            properties,
            application_properties: ap,
            body,
            footer,
        })
}

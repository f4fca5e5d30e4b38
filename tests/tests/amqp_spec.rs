//! AMQP 1.0 values and messages against cases written from the specification (OASIS AMQP
//! 1.0 part 1 "Types" section 1.6, part 3 "Messaging" section 3.2): every constructor, the
//! smallest encodings, the edge cases (list0, empty strings and binaries, symbolic
//! descriptors, described arrays, odd map counts, non-ASCII symbols, sizes and counts that
//! disagree), section order, truncation at every offset, nesting depth and allocations.

use wire_protocols::amqp::{
    Array, Body, Described, Descriptor, Header, List, Map, Message, MessageId, Properties, Value,
};
use wire_protocols::stream::Record;
use wire_runtime::{DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode, decode};
use wire_tests::alloc_count::{Counting, measure};
/// Bytes from hex digits, spaces ignored.
fn hex(text: &str) -> Vec<u8> {
    wire_tests::vectors::hex(&text.replace(' ', ""))
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn value(text: &str) -> (Vec<u8>, Result<String, DecodeError>) {
    let bytes = hex(text);
    let decoded = decode::<Value<'_>>(&bytes).map(|v| format!("{v:?}"));
    (bytes, decoded)
}

/// Every constructor of part 1 section 1.6, with the value it decodes to.
#[test]
fn every_constructor_decodes_to_its_value() {
    let cases: &[(&str, &str)] = &[
        ("40", "Null"),
        ("5600", "Bool(false)"),
        ("5601", "Bool(true)"),
        ("41", "Bool(true)"),
        ("42", "Bool(false)"),
        ("50ff", "Ubyte(255)"),
        ("600102", "Ushort(258)"),
        ("7000010000", "Uint(65536)"),
        ("52ff", "Uint(255)"),
        ("43", "Uint(0)"),
        ("800000000100000000", "Ulong(4294967296)"),
        ("5307", "Ulong(7)"),
        ("44", "Ulong(0)"),
        ("51ff", "Byte(-1)"),
        ("61fffe", "Short(-2)"),
        ("71fffffffd", "Int(-3)"),
        ("54fc", "Int(-4)"),
        ("81fffffffffffffffb", "Long(-5)"),
        ("55fa", "Long(-6)"),
        ("723fc00000", "Float(1.5)"),
        ("823ff8000000000000", "Double(1.5)"),
        ("7422500001", "Decimal32([22, 50, 00, 01])"),
        (
            "842238000000000001",
            "Decimal64([22, 38, 00, 00, 00, 00, 00, 01])",
        ),
        (
            "9422080000000000000000000000000001",
            "Decimal128([22, 08, 00, 00, 00, 00, 00, 00, 00, 00, 00, 00, 00, 00, 00, 01])",
        ),
        ("7300000041", "Char('A')"),
        ("730001f600", "Char('😀')"),
        ("830000018cc251f400", "Timestamp(1704067200000)"),
        (
            "98550e8400e29b41d4a716446655440000",
            "Uuid(550e8400-e29b-41d4-a716-446655440000)",
        ),
        ("a000", "Binary([])"),
        ("a0020102", "Binary([01, 02])"),
        ("b0000000020102", "Binary([01, 02])"),
        ("a100", "String(\"\")"),
        ("a102c3a9", "String(\"é\")"),
        ("b10000000161", "String(\"a\")"),
        ("a300", "Symbol(\"\")"),
        ("a303616263", "Symbol(\"abc\")"),
        ("b30000000161", "Symbol(\"a\")"),
        ("45", "List([])"),
        ("c00100", "List([])"),
        ("c003024142", "List([Bool(true), Bool(false)])"),
        ("d0000000060000000241 42", "List([Bool(true), Bool(false)])"),
        ("c10100", "Map({})"),
        ("c10502a1016b41", "Map({String(\"k\"): Bool(true)})"),
        (
            "d100000008 00000002 a1016b 41",
            "Map({String(\"k\"): Bool(true)})",
        ),
        ("e004025201 02", "Array([Uint(1), Uint(2)])"),
        (
            "f0000000 09 00000002 a3 01 61 01 62",
            "Array([Symbol(\"a\"), Symbol(\"b\")])",
        ),
        ("e00201 40", "Array([Null])"),
        ("005375a0020102", "Described(Code(117), Binary([01, 02]))"),
        (
            "00a310616d71703a646174613a62696e617279a0020102",
            "Described(Name(\"amqp:data:binary\"), Binary([01, 02]))",
        ),
        (
            "00 80 0000013700000003 45",
            "Described(Code(1335734829059), List([]))",
        ),
    ];
    for (text, expected) in cases {
        let (bytes, decoded) = value(&text.replace(' ', ""));
        assert_eq!(decoded.as_deref(), Ok(*expected), "{text}");
        // And it encodes back to a value that decodes the same.
        let v = decode::<Value<'_>>(&bytes).unwrap();
        let again = v.encode_to_vec().unwrap();
        assert_eq!(again.len(), v.encoded_len(), "{text}");
        assert_eq!(decode::<Value<'_>>(&again).unwrap(), v, "{text}");
    }
}

#[test]
fn an_array_of_described_elements_shares_one_descriptor() {
    // array8: size, count 2, constructor 0x00 + descriptor smallulong 0x75 + vbin8, elements.
    let bytes = hex("e00b02005375a0020102020304");
    let Value::Array(array) = decode::<Value<'_>>(&bytes).unwrap() else {
        panic!("not an array")
    };
    assert_eq!(array.descriptor(), Some(Descriptor::Code(0x75)));
    assert_eq!(
        array.iter().collect::<Vec<_>>(),
        [Value::Binary(&[1, 2]), Value::Binary(&[3, 4])]
    );
    // Built the same way, it encodes to the same bytes.
    let elements = [Value::Binary(&[1, 2]), Value::Binary(&[3, 4])];
    let built = Value::Array(Array::described(Descriptor::Code(0x75), &elements));
    assert_eq!(built.encode_to_vec().unwrap(), bytes);
}

fn kind(text: &str) -> DecodeErrorKind {
    decode::<Value<'_>>(&hex(text))
        .map(|v| panic!("{text} decoded as {v:?}"))
        .unwrap_err()
        .kind()
        .clone()
}

#[test]
fn malformed_values_are_errors_naming_the_rule() {
    let invalid = |text: &str, why: &str| {
        assert_eq!(
            kind(text),
            DecodeErrorKind::InvalidValue(leak(why)),
            "{text}"
        );
    };
    fn leak(s: &str) -> &'static str {
        Box::leak(s.to_owned().into_boxed_str())
    }
    invalid("c1 03 01 4040", "a map's count (keys plus values) is odd");
    invalid("a3 02 c3a9", "a symbol is not ASCII");
    invalid("73 0000d800", "a char is not a Unicode scalar value");
    invalid("73 00110000", "a char is not a Unicode scalar value");
    invalid(
        "00 a1 01 78 40",
        "a descriptor is neither a ulong nor a symbol",
    );
    invalid(
        "e0 05 01 00 5375 00",
        "an array's described constructor is described again",
    );
    assert_eq!(kind("5602"), DecodeErrorKind::InvalidBool(2));
    assert_eq!(kind("a1 01 ff"), DecodeErrorKind::InvalidUtf8);
    assert_eq!(kind("01"), DecodeErrorKind::InvalidTag(1));
    // Sizes and counts must agree: a count short of the items leaves bytes in the section,
    // a count beyond them runs past it.
    assert_eq!(kind("c0 03 01 4141"), DecodeErrorKind::TrailingBytes(1));
    assert!(matches!(
        kind("c0 03 03 4141"),
        DecodeErrorKind::LengthOutOfBounds { .. }
    ));
    // A hostile count is refused before anything is read for it.
    assert!(matches!(
        kind("d0 00000004 ffffffff"),
        DecodeErrorKind::LengthOutOfBounds { .. }
    ));
    assert!(matches!(
        kind("f0 00000005 ffffffff 71"),
        DecodeErrorKind::LengthOutOfBounds { .. }
    ));
    // Elements of no width take no bytes, whatever their count: decoding does not walk them.
    let nulls = hex("f0 00000005 ffffffff 40");
    let Value::Array(array) = decode::<Value<'_>>(&nulls).unwrap() else {
        panic!("not an array")
    };
    assert_eq!(array.len(), u32::MAX as usize);
    assert_eq!(array.iter().take(3).collect::<Vec<_>>(), [Value::Null; 3]);
    assert_eq!(kind("e0 02 01 46"), DecodeErrorKind::InvalidTag(0x46));
}

#[test]
fn values_encode_in_their_smallest_encodings() {
    let cases: &[(Value<'_>, &str)] = &[
        (Value::Bool(true), "41"),
        (Value::Bool(false), "42"),
        (Value::Uint(0), "43"),
        (Value::Uint(255), "52ff"),
        (Value::Uint(256), "7000000100"),
        (Value::Ulong(0), "44"),
        (Value::Ulong(9), "5309"),
        (Value::Ulong(256), "800000000000000100"),
        (Value::Int(-128), "5480"),
        (Value::Int(128), "7100000080"),
        (Value::Long(127), "557f"),
        (Value::Long(-129), "81ffffffffffffff7f"),
        (Value::Binary(&[]), "a000"),
        (Value::String(""), "a100"),
        (Value::Symbol("a"), "a30161"),
        (Value::List(List::empty()), "45"),
    ];
    for (value, expected) in cases {
        assert_eq!(value.encode_to_vec().unwrap(), hex(expected), "{value:?}");
    }
    // 255 octets is the most a one-octet size holds.
    let long = "x".repeat(256);
    let bytes = Value::String(&long).encode_to_vec().unwrap();
    assert_eq!(&bytes[..5], hex("b100000100"));
    let short = "x".repeat(255);
    assert_eq!(
        &Value::String(&short).encode_to_vec().unwrap()[..2],
        hex("a1ff")
    );
    // A list whose items take 254 octets is a list8 (size 255 with the count); 255, a list32.
    let items = [Value::Binary(&[0; 252])];
    assert_eq!(
        Value::List(List::from_values(&items))
            .encode_to_vec()
            .unwrap()[..3],
        hex("c0ff01")
    );
    let items = [Value::Binary(&[0; 253])];
    assert_eq!(
        Value::List(List::from_values(&items))
            .encode_to_vec()
            .unwrap()[..9],
        hex("d000000103 00000001")
    );
    // A non-ASCII symbol cannot be encoded.
    assert!(Value::Symbol("é").encode_to_vec().is_err());
    // Array elements of different types cannot.
    let mixed = [Value::Uint(1), Value::String("x")];
    assert!(
        Value::Array(Array::from_values(&mixed))
            .encode_to_vec()
            .is_err()
    );
    // Built arrays take the narrowest constructor that holds every element.
    let uints = [Value::Uint(1), Value::Uint(300)];
    assert_eq!(
        Value::Array(Array::from_values(&uints))
            .encode_to_vec()
            .unwrap(),
        hex("e00a02700000000100000 12c")
    );
}

#[test]
fn nesting_deeper_than_the_reader_allows_is_an_error_not_a_stack_overflow() {
    // 2,000 nested list32s, each holding the next: far past the default limit of 128.
    let mut bytes = vec![0x45];
    for _ in 0..2_000 {
        let mut outer = vec![0xd0];
        outer.extend_from_slice(&(bytes.len() as u32 + 4).to_be_bytes());
        outer.extend_from_slice(&1u32.to_be_bytes());
        outer.extend_from_slice(&bytes);
        bytes = outer;
    }
    let err = decode::<Value<'_>>(&bytes).unwrap_err();
    assert_eq!(
        err.kind(),
        &DecodeErrorKind::TooDeep(wire_runtime::read::DEFAULT_MAX_DEPTH),
        "{err}"
    );
    // Within a lower limit, precisely TooDeep.
    let mut nested = hex("45");
    for _ in 0..20 {
        let mut outer = vec![0xc0, (nested.len() + 1) as u8, 1];
        outer.extend_from_slice(&nested);
        nested = outer;
    }
    let mut r = Reader::new(&nested).with_max_depth(10);
    assert!(matches!(
        Value::decode(&mut r).unwrap_err().kind(),
        DecodeErrorKind::TooDeep(10)
    ));
    let mut r = Reader::new(&nested).with_max_depth(32);
    assert!(Value::decode(&mut r).is_ok());
}

/// A message with every section, written by hand from part 3 section 3.2.
fn every_section() -> Vec<u8> {
    let mut m = Vec::new();
    // header: durable, priority 9, ttl 1000, first-acquirer null, delivery-count 2
    m.extend(hex("005370 c00c05 41 5009 70000003e8 40 5202"));
    // delivery-annotations: {x-opt-d: 1} (symbolic descriptor)
    m.extend(hex("00a31d"));
    m.extend(b"amqp:delivery-annotations:map");
    m.extend(hex("c10c02 a307"));
    m.extend(b"x-opt-d");
    m.extend(hex("5401"));
    // message-annotations: {x-opt-a: "b", 5: sym}, numeric descriptor as a full ulong
    m.extend(hex("00 800000000000000072 c11404 a307"));
    m.extend(b"x-opt-a");
    m.extend(hex("a10162 5305 a303"));
    m.extend(b"sym");
    // properties: message-id "m", user-id, to, subject; the rest absent
    m.extend(hex("005373 c00e04 a1016d a00101 a1017440 "));
    // Fix: four fields: "m", 0x01, "t", null -> size 1 + 3 + 3 + 3 + 1 = 11
    let len = m.len();
    m.truncate(len - 13);
    m.extend(hex("c00b04 a1016d a00101 a10174 40"));
    // application-properties: {"k": "v", "n": 7}
    m.extend(hex("005374 c10c04 a1016b a10176 a1016e 5407"));
    // two data sections
    m.extend(hex("005375 a0026869 005375 a00121"));
    // footer: {x-f: "v"}
    m.extend(hex("005378 c10902 a303782d66 a10176"));
    m
}

#[test]
fn a_message_with_every_section() {
    let bytes = every_section();
    let message = decode::<Message<'_>>(&bytes).unwrap();
    assert_eq!(
        message.header,
        Some(Header {
            durable: true,
            priority: 9,
            ttl: Some(1000),
            first_acquirer: false,
            delivery_count: 2,
        })
    );
    let da = message.delivery_annotations.unwrap();
    assert_eq!(da.get_symbol("x-opt-d"), Some(Value::Int(1)));
    let ma = message.message_annotations.unwrap();
    assert_eq!(ma.get_symbol("x-opt-a"), Some(Value::String("b")));
    assert_eq!(ma.get(&Value::Ulong(5)), Some(Value::Symbol("sym")));
    assert_eq!(
        message.properties,
        Some(Properties {
            message_id: Some(MessageId::String("m")),
            user_id: Some(&[1]),
            to: Some("t"),
            ..Properties::default()
        })
    );
    assert_eq!(
        message.application_properties().collect::<Vec<_>>(),
        [("k", Value::String("v")), ("n", Value::Int(7))]
    );
    let Body::Data(data) = message.body else {
        panic!("{:?}", message.body)
    };
    assert_eq!(data.len(), 2);
    assert_eq!(data.binaries().collect::<Vec<_>>(), [&b"hi"[..], b"!"]);
    assert_eq!(message.body.first_data(), Some(&b"hi"[..]));
    assert_eq!(
        message.footer.unwrap().get_symbol("x-f"),
        Some(Value::String("v"))
    );
    // Encoded again (numeric descriptors, smallest encodings), it decodes to the same.
    let again = message.encode_to_vec().unwrap();
    assert_eq!(again.len(), message.encoded_len());
    assert_eq!(decode::<Message<'_>>(&again).unwrap(), message);
    // Through a Stream record.
    let record = Record {
        offset: 9,
        data: &bytes,
    };
    assert_eq!(record.message().unwrap(), message);
}

#[test]
fn sections_out_of_order_repeated_or_of_the_wrong_type_are_errors() {
    let rule = |text: &str| {
        let err = decode::<Message<'_>>(&hex(text)).unwrap_err();
        match err.kind() {
            DecodeErrorKind::InvalidValue(why) => why.to_string(),
            other => format!("{other:?}"),
        }
    };
    // properties before header
    assert_eq!(
        rule("005373 45 005370 45"),
        "a section out of order or repeated"
    );
    // two headers
    assert_eq!(
        rule("005370 45 005370 45"),
        "a section out of order or repeated"
    );
    // data, then an amqp-value
    assert_eq!(
        rule("005375 a000 005377 40"),
        "a second kind of body section"
    );
    // data, properties, data
    assert_eq!(
        rule("005375 a000 005378 c10100 005375 a000"),
        "a section out of order or repeated"
    );
    // a data section that is not binary
    assert_eq!(rule("005375 a100"), "a data section is not binary");
    // a section that is not described, and a descriptor that names no section
    assert_eq!(rule("a000"), "a message section is not a described value");
    assert_eq!(
        rule("005379 40"),
        "a descriptor that names no message section"
    );
    // application properties: string keys and simple values
    assert_eq!(
        rule("005374 c10502 a3016b 41"),
        "an application property's name is not a string"
    );
    assert_eq!(
        rule("005374 c10502 a1016b 45"),
        "an application property's value is not of a simple type"
    );
    // annotations: symbol or ulong keys
    assert_eq!(
        rule("005372 c10502 a1016b 41"),
        "an annotation key is neither a symbol nor a ulong"
    );
    // header fields of the wrong type, and more fields than the header has
    assert_eq!(rule("005370 c00301 a100"), "not a boolean");
    assert_eq!(
        rule("005370 c00706 404040404040"),
        "more fields than the composite has"
    );
    // The error names the section and the field.
    let err = decode::<Message<'_>>(&hex("005373c00402 40 5201")).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidValue("not binary"));
    assert!(err.to_string().contains("Message.properties"), "{err}");
    assert!(err.to_string().contains("user_id"), "{err}");
}

#[test]
fn an_amqp_sequence_body_and_an_amqp_value_body() {
    let seq = hex("005376 c0050254015402 005376 45");
    let message = decode::<Message<'_>>(&seq).unwrap();
    let Body::Sequence(sections) = message.body else {
        panic!()
    };
    let lists: Vec<Vec<Value<'_>>> = sections
        .iter()
        .map(|v| v.as_list().unwrap().iter().collect())
        .collect();
    assert_eq!(lists, [vec![Value::Int(1), Value::Int(2)], vec![]]);
    assert_eq!(
        message.encode_to_vec().unwrap(),
        hex("005376c0050254015402 00537645")
    );

    let value = hex("005377 a10568656c6c6f");
    let message = decode::<Message<'_>>(&value).unwrap();
    assert_eq!(message.body, Body::Value(Value::String("hello")));
    assert_eq!(message.encode_to_vec().unwrap(), value);
    // An empty message is a message.
    assert_eq!(decode::<Message<'_>>(&[]).unwrap(), Message::default());
}

#[test]
fn absent_header_fields_take_the_defaults() {
    let bytes = hex("005370 45");
    let message = decode::<Message<'_>>(&bytes).unwrap();
    assert_eq!(message.header, Some(Header::default()));
    let bytes = hex("005370 c00302 4040");
    let message = decode::<Message<'_>>(&bytes).unwrap();
    assert_eq!(message.header.unwrap().priority, 4);
    // Defaults are left out on encode.
    assert_eq!(Header::default().encode_to_vec().unwrap(), [0x45]);
    let header = Header {
        delivery_count: 1,
        ..Header::default()
    };
    assert_eq!(header.encode_to_vec().unwrap(), hex("c0070540404040 5201"));
}

#[test]
fn described_values_with_symbolic_descriptors_round_trip() {
    let inner = Value::List(List::empty());
    let described = Value::Described(Described::new(
        Descriptor::Name("com.example:thing"),
        &inner,
    ));
    let bytes = described.encode_to_vec().unwrap();
    assert_eq!(bytes[..3], [0x00, 0xa3, 17]);
    assert_eq!(decode::<Value<'_>>(&bytes).unwrap(), described);
    let pairs = [(Value::Symbol("k"), described)];
    let map = Value::Map(Map::from_pairs(&pairs));
    let bytes = map.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), map.encoded_len());
    assert_eq!(decode::<Value<'_>>(&bytes).unwrap(), map);
}

#[test]
fn truncation_at_every_offset_is_incomplete_or_an_error_never_a_panic() {
    let bytes = every_section();
    for cut in 0..bytes.len() {
        let part = &bytes[..cut];
        // As a whole input: either a shorter message that happens to end on a section
        // boundary, or an error.
        if let Err(e) = decode::<Message<'_>>(part) {
            let boundary = cut == 0;
            assert!(!boundary, "{e}");
        }
        // As a record (complete by declaration), never a panic, never "incomplete".
        let record = Record {
            offset: 0,
            data: part,
        };
        if let Err(e) = record.message() {
            assert!(!e.is_incomplete(), "{cut}: {e}");
        }
    }
    // Cut inside the properties: incomplete at the top level, with how much is needed.
    let at = bytes
        .windows(3)
        .position(|w| w == [0x00, 0x53, 0x73])
        .unwrap()
        + 5;
    let err = decode::<Message<'_>>(&bytes[..at]).unwrap_err();
    assert!(
        err.is_incomplete() || matches!(err.kind(), DecodeErrorKind::LengthOutOfBounds { .. }),
        "{err}"
    );
}

/// A NaN body (the fuzzer's first find: an amqp-value float `7fffffff`): both decoding
/// routes take it, and it encodes back to its own bytes. A NaN is not equal to itself, so
/// the messages are compared by what they encode to.
#[test]
fn a_nan_body_decodes_the_same_both_ways() {
    let bytes = hex("005377 72 7fffffff");
    let decoded = decode::<Message<'_>>(&bytes).unwrap();
    let one_pass = Message::decode_with_properties(&bytes, |_, _| panic!("no properties")).unwrap();
    assert!(matches!(decoded.body, Body::Value(Value::Float(f)) if f.is_nan()));
    assert_eq!(decoded.encode_to_vec().unwrap(), bytes);
    assert_eq!(one_pass.encode_to_vec().unwrap(), bytes);
}

/// The one-pass decode hands each application property over as it validates it: in order,
/// the same pairs iterating the decoded message gives, and nothing from a malformed pair.
#[test]
fn application_properties_handed_over_in_the_decoding_pass() {
    let bytes = every_section();
    let mut seen = Vec::new();
    let message = Message::decode_with_properties(&bytes, |k, v| seen.push((k, v))).unwrap();
    assert_eq!(message, decode::<Message<'_>>(&bytes).unwrap());
    assert_eq!(seen, [("k", Value::String("v")), ("n", Value::Int(7))]);
    let record = Record {
        offset: 9,
        data: &bytes,
    };
    let mut names = Vec::new();
    assert_eq!(record.message_with(|k, _| names.push(k)), Ok(message));
    assert_eq!(names, ["k", "n"]);

    // A footer that is not a map: the properties came before it and were handed over, then
    // the message fails as `decode` fails it.
    let mut bad_footer = bytes[..bytes.len() - 11].to_vec();
    bad_footer.extend(hex("005378 a10176"));
    let mut seen = Vec::new();
    let err = Message::decode_with_properties(&bad_footer, |k, v| seen.push((k, v))).unwrap_err();
    assert_eq!(err, decode::<Message<'_>>(&bad_footer).unwrap_err());
    assert!(err.to_string().contains("footer"), "{err}");
    assert_eq!(seen.len(), 2);

    // The second property's value is a list (not simple): the first is handed over, the
    // second never is.
    let mut bad_value = every_section();
    let at = bad_value
        .windows(3)
        .position(|w| w == [0xa1, 0x01, b'n'])
        .unwrap();
    bad_value[at + 3..at + 5].copy_from_slice(&hex("4545"));
    let mut seen = Vec::new();
    let err = Message::decode_with_properties(&bad_value, |k, v| seen.push((k, v))).unwrap_err();
    assert!(err.to_string().contains("application_properties"), "{err}");
    assert_eq!(seen, [("k", Value::String("v"))]);
}

#[test]
fn decoding_a_message_and_reading_it_allocates_nothing() {
    let bytes = every_section();
    let ((), allocations, _) = measure(|| {
        let message = decode::<Message<'_>>(&bytes).unwrap();
        let mut total = 0;
        for (name, value) in message.application_properties() {
            total += name.len() + format_len(&value);
        }
        for data in match message.body {
            Body::Data(d) => d,
            _ => unreachable!(),
        }
        .binaries()
        {
            total += data.len();
        }
        assert!(total > 0);
    });
    assert_eq!(allocations, 0);

    // Nor does reading the properties in the decoding pass.
    let (total, allocations, _) = measure(|| {
        let mut total = 0;
        Message::decode_with_properties(&bytes, |name, value| {
            total += name.len() + format_len(&value)
        })
        .unwrap();
        total
    });
    assert!(total > 0);
    assert_eq!(allocations, 0);

    // Encoding into a buffer with room allocates nothing either.
    let message = decode::<Message<'_>>(&bytes).unwrap();
    let mut buf = Vec::with_capacity(message.encoded_len());
    let (result, allocations, _) = measure(|| message.encode(&mut buf));
    result.unwrap();
    assert_eq!(allocations, 0);
}

fn format_len(value: &Value<'_>) -> usize {
    match value {
        Value::String(s) => s.len(),
        _ => 1,
    }
}

#[test]
fn a_hostile_record_allocates_nothing_for_what_it_claims() {
    // A list32 claiming 4 GiB of items in 12 bytes.
    let bytes = hex("005377 d0ffffffff ffffffff 40");
    let (result, allocations, _) = measure(|| decode::<Message<'_>>(&bytes).map(|_| ()));
    assert!(result.is_err());
    assert!(
        allocations <= 2,
        "only the error and its field path: {allocations}"
    );
}

#[test]
fn the_builder_writes_what_the_message_says() {
    let builder = Message::builder()
        .message_id(MessageId::Uuid([7; 16]))
        .content_type("text/plain")
        .application_property("a", 1i64)
        .application_property("b", "two")
        .message_annotation("x-opt-k", 3u64)
        .body(b"body");
    let bytes = builder.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), builder.encoded_len());
    // message-annotations, properties, application-properties, data, in that order.
    assert_eq!(bytes[..3], [0x00, 0x53, 0x72]);
    let message = decode::<Message<'_>>(&bytes).unwrap();
    assert_eq!(message, builder.message());
    assert_eq!(message.message_id(), Some(MessageId::Uuid([7; 16])));
    // A compound application property is refused.
    let list = [Value::Null];
    let bad = Message::builder().application_property("l", Value::List(List::from_values(&list)));
    assert!(bad.encode_to_vec().is_err());
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

//! RocketMQ remoting cases from the Java sources and the layouts in
//! `../shared/notes/protocols.md` §1: frames with both headers, the JSON dialects peers send,
//! what the strict servers reject, hostile lengths, truncation at every offset, typed headers,
//! message records and batch bodies.

use std::borrow::Cow;
use wire_protocols::rocketmq::{
    self, BatchMessage, BinaryHeader, CustomHeader, ExtFields, FrameSplitter,
    GetMaxOffsetRequestHeader, HeaderWord, HostAddr, InFlight, JsonHeader, LanguageCode,
    MessageExt, MessageVersion, Properties, PropertiesBuf, PullMessageResponseHeader,
    RemotingCommand, RequestCode, ResponseCode, SendMessageRequestHeader,
    SendMessageRequestHeaderV2, SerializeType, SysFlag, Topic, decode_batch, decode_messages,
    encode_batch, frame_len,
};
use wire_runtime::{DecodeErrorKind, WireEncode, decode, decode_prefix};

fn frame(serialize_type: u8, header: &[u8], body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend(((4 + header.len() + body.len()) as i32).to_be_bytes());
    out.extend((u32::from(serialize_type) << 24 | header.len() as u32).to_be_bytes());
    out.extend(header);
    out.extend(body);
    out
}

fn json_frame(header: &str) -> Vec<u8> {
    frame(0, header.as_bytes(), b"")
}

fn sample() -> RemotingCommand<'static> {
    RemotingCommand::request(RequestCode::SendMessageV2, 42)
        .with_ext([
            ("a", "please_rename_unique_group_name"),
            ("b", "TopicTest"),
            ("i", "KEYS\u{1}k1\u{2}WAIT\u{1}true\u{2}"),
        ])
        .with_remark("r\u{e9}mark \"quoted\"")
        .with_body(b"body bytes")
}

#[test]
fn mark_protocol_type_examples() {
    // RemotingCommandTest: markProtocolType(261, JSON) and markProtocolType(0xFFFFFF, ROCKETMQ).
    let word = HeaderWord {
        serialize_type: SerializeType::Json,
        header_length: 261,
    };
    assert_eq!(word.encode_to_vec().unwrap(), [0, 0, 1, 5]);
    let word = HeaderWord {
        serialize_type: SerializeType::RocketMq,
        header_length: 0xff_ffff,
    };
    assert_eq!(word.encode_to_vec().unwrap(), [1, 0xff, 0xff, 0xff]);
    // 24 bits is the most a header can say.
    let word = HeaderWord {
        serialize_type: SerializeType::Json,
        header_length: 1 << 24,
    };
    assert!(word.encode_to_vec().is_err());
}

#[test]
fn both_encodings_decode_to_the_same_command() {
    let command = sample();
    let json = command.to_vec(SerializeType::Json).unwrap();
    let binary = command.to_vec(SerializeType::RocketMq).unwrap();
    assert_eq!(json[4], 0);
    assert_eq!(binary[4], 1);
    assert_eq!(rocketmq::decode(&json).unwrap(), command);
    assert_eq!(rocketmq::decode(&binary).unwrap(), command);
    // The binary header: 21 fixed bytes, then remark and extFields.
    let decoded = rocketmq::decode(&binary).unwrap();
    let header = decoded.header();
    assert_eq!(header.serialize_type, SerializeType::RocketMq);
    assert_eq!(header.fields.code, 310);
    assert_eq!(header.fields.language, LanguageCode::Rust);
    assert_eq!(
        header.fields.remark.as_deref(),
        Some("r\u{e9}mark \"quoted\"")
    );
    assert_eq!(&binary[8..10], &[1, 0x36]);
    // JSON text as rocketmq-rust writes it.
    let text = std::str::from_utf8(&json[8..json.len() - 10]).unwrap();
    assert_eq!(
        text,
        r#"{"code":310,"language":"RUST","version":317,"opaque":42,"flag":0,"remark":"rémark \"quoted\"","extFields":{"a":"please_rename_unique_group_name","b":"TopicTest","i":"KEYS\u0001k1\u0002WAIT\u0001true\u0002"},"serializeTypeCurrentRPC":"JSON"}"#
    );
    assert_eq!(&json[json.len() - 10..], b"body bytes");
}

#[test]
fn json_dialects_of_java_go_and_rust_peers() {
    // fastjson: sorted keys, no remark, no serializeTypeCurrentRPC in old versions.
    let java = json_frame(
        r#"{"code":310,"extFields":{"a":"g","b":"T"},"flag":0,"language":"JAVA","opaque":42,"serializeTypeCurrentRPC":"JSON","version":433}"#,
    );
    let c = rocketmq::decode(&java).unwrap();
    assert_eq!(
        (c.code(), c.language(), c.version(), c.opaque()),
        (310, LanguageCode::Java, 433, 42)
    );
    assert_eq!(c.remark(), None);
    assert_eq!(c.ext("b").as_deref(), Some("T"));
    // Go: remark "", no serializeTypeCurrentRPC.
    let go = json_frame(
        r#"{"code":501,"language":"GO","version":317,"opaque":4,"flag":0,"remark":"","extFields":{}}"#,
    );
    let c = rocketmq::decode(&go).unwrap();
    assert_eq!(c.remark(), Some(""));
    assert!(c.ext_fields().unwrap().is_empty());
    // Rust: nulls.
    let rust = json_frame(
        r#"{"code":17,"language":"RUST","version":474,"opaque":1,"flag":1,"remark":"Topic route was not found","extFields":null,"serializeTypeCurrentRPC":"JSON"}"#,
    );
    let c = rocketmq::decode(&rust).unwrap();
    assert_eq!(c.response_code(), ResponseCode::TopicNotExist);
    assert!(c.is_response() && c.ext_fields().is_none());
    // Whitespace everywhere, unknown keys of every kind, escapes, a surrogate pair.
    let odd = json_frame(
        " {\n\t\"x\" : [1, -2.5e+3, true, false, null, {\"y\": [[]]}, \"s\\\"\"] ,\r\n\"code\": -7,\"remark\":\"\\u00e9\\ud83d\\ude00\\n\\/\",\"extFields\" : { \"k\\u0031\" : \"v\\t\" } } ",
    );
    let c = rocketmq::decode(&odd).unwrap();
    assert_eq!(c.code(), -7);
    assert_eq!(c.remark(), Some("\u{e9}\u{1f600}\n/"));
    assert_eq!(c.ext("k1").as_deref(), Some("v\t"));
    // fastjson can write an enum as its ordinal.
    let bytes = json_frame(r#"{"language":9}"#);
    let c = rocketmq::decode(&bytes).unwrap();
    assert_eq!(c.language(), LanguageCode::Go);
    // Everything absent: Java's defaults.
    assert_eq!(
        rocketmq::decode(&json_frame("{}")).unwrap(),
        RemotingCommand::default()
    );
}

#[test]
fn json_headers_the_strict_server_rejects_are_errors() {
    let cases = [
        ("[]", "not an object"),
        ("", "empty"),
        ("{", "unterminated object"),
        (r#"{"code":1}x"#, "trailing bytes"),
        (r#"{"code":1,}"#, "trailing comma"),
        (r#"{"code":1.0}"#, "fraction"),
        (r#"{"code":1e3}"#, "exponent"),
        (r#"{"code":"1"}"#, "string code"),
        (r#"{"code":2147483648}"#, "above i32"),
        (r#"{"opaque":-2147483649}"#, "below i32"),
        (r#"{"code":99999999999999999999}"#, "above i64"),
        (r#"{"code":01}"#, "leading zero"),
        (r#"{"code":1,"code":2}"#, "duplicate key"),
        (r#"{"language":"FOO"}"#, "unknown language"),
        (r#"{"language":300}"#, "language ordinal above u8"),
        (r#"{"extFields":{"n":5}}"#, "non-string ext value"),
        (r#"{"extFields":{"n":null}}"#, "null ext value"),
        (r#"{"extFields":[]}"#, "ext array"),
        (r#"{"remark":5}"#, "number remark"),
        (
            r#"{"serializeTypeCurrentRPC":"XML"}"#,
            "unknown serialize type",
        ),
        (r#"{"remark":"\x"}"#, "invalid escape"),
        (r#"{"remark":"\u12"}"#, "short \\u escape"),
        (r#"{"remark":"\ud83d"}"#, "lone leading surrogate"),
        (r#"{"remark":"\ude00"}"#, "lone trailing surrogate"),
        ("{\"remark\":\"a\u{1}b\"}", "raw control character"),
        (r#"{"remark":"unterminated}"#, "unterminated string"),
        (r#"{"x":tru}"#, "bad literal"),
        (r#"{"x":-}"#, "bad number"),
        (r#"{"x":1.}"#, "bad fraction"),
        (r#"{"x":"a" "b"}"#, "missing comma"),
        (r#"{code:1}"#, "unquoted key"),
    ];
    for (text, why) in cases {
        let err = rocketmq::decode(&json_frame(text))
            .map(drop)
            .expect_err(why);
        assert!(!err.is_incomplete(), "{why}: {err}");
    }
    // Nesting in skipped values is bounded.
    let deep = format!(r#"{{"x":{}{}}}"#, "[".repeat(100), "]".repeat(100));
    assert!(rocketmq::decode(&json_frame(&deep)).is_err());
    let fine = format!(r#"{{"x":{}{}}}"#, "[".repeat(60), "]".repeat(60));
    assert!(rocketmq::decode(&json_frame(&fine)).is_ok());
    // Invalid UTF-8 anywhere in the header.
    let err = rocketmq::decode(&frame(0, b"{\"remark\":\"\xff\"}", b"")).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::InvalidUtf8);
    assert_eq!(err.offset(), 8 + 11);
}

#[test]
fn errors_name_the_field_and_the_offset() {
    let err = rocketmq::decode(&json_frame(r#"{"code": 1, "opaque": "x"}"#)).unwrap_err();
    assert_eq!(
        err.path().to_string(),
        "RemotingCommand.header.Json.0.opaque"
    );
    assert_eq!(err.offset(), 8 + 22);
    let err = rocketmq::decode(&json_frame(r#"{"extFields":{"a":"b","n":5}}"#)).unwrap_err();
    assert!(err.path().to_string().ends_with("extFields"), "{err}");
    // A binary remark longer than the header.
    let mut header = vec![0, 10, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0];
    header.extend(100i32.to_be_bytes());
    header.extend(b"short");
    let err = rocketmq::decode(&frame(1, &header, b"")).unwrap_err();
    assert!(!err.is_incomplete());
    assert_eq!(
        err.path().to_string(),
        "RemotingCommand.header.RocketMq.0.remark"
    );
    assert_eq!(err.offset(), 8 + 17, "where the remark would start");
}

/// A binary header with the given remark and extFields sections, raw.
fn binary_header(remark: &[u8], ext: &[u8]) -> Vec<u8> {
    let mut h = vec![0, 10, 9, 1, 0x3d, 0, 0, 0, 7, 0, 0, 0, 0];
    h.extend((remark.len() as i32).to_be_bytes());
    h.extend(remark);
    h.extend((ext.len() as i32).to_be_bytes());
    h.extend(ext);
    h
}

#[test]
fn hostile_lengths_are_errors_not_allocations() {
    // The frame says 2 GiB: more input may come (a stream decoder waits), but a splitter
    // with a maximum rejects it at once.
    let mut huge = vec![0x7f, 0xff, 0xff, 0xff, 1, 0, 0, 21];
    huge.extend([0; 12]);
    assert_eq!(huge.len(), 20);
    assert!(rocketmq::decode(&huge).unwrap_err().is_incomplete());
    assert!(frame_len(&huge, rocketmq::DEFAULT_MAX_FRAME).is_err());
    // Negative frame length, and lengths too small for the header word.
    assert!(frame_len(&[0x80, 0, 0, 0], usize::MAX).is_err());
    assert!(frame_len(&[0, 0, 0, 3], usize::MAX).is_err());
    assert!(
        !rocketmq::decode(&[0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 0])
            .unwrap_err()
            .is_incomplete()
    );
    assert!(
        !rocketmq::decode(&[0, 0, 0, 2, 0, 0])
            .unwrap_err()
            .is_incomplete()
    );
    // A 16 MiB header in a 20-byte frame, and a "2 GiB" word (serialize type 0x7f).
    let mut frame20 = vec![0, 0, 0, 16, 0, 0xff, 0xff, 0xff];
    frame20.extend([0; 12]);
    let err = rocketmq::decode(&frame20).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::LengthOutOfBounds { .. }),
        "{err}"
    );
    frame20[4..8].copy_from_slice(&[0x7f, 0xff, 0xff, 0xff]);
    let err = rocketmq::decode(&frame20).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    assert_eq!(
        err.path().to_string(),
        "RemotingCommand.word.serialize_type"
    );
    // Binary header sections claiming 2 GiB, or negative.
    for remark_len in [i32::MAX, -1, i32::MIN] {
        let mut h = binary_header(b"", b"");
        h[13..17].copy_from_slice(&remark_len.to_be_bytes());
        let err = rocketmq::decode(&frame(1, &h, b"")).unwrap_err();
        assert!(!err.is_incomplete(), "{remark_len}: {err}");
    }
    // extFields entries: a key or value longer than the section, negative, or not filling it.
    for ext in [
        &b"\x7f\xff"[..],
        b"\x00\x01k\x7f\xff\xff\xff",
        b"\xff\xffk",
        b"\x00\x01k\x00\x00\x00\x01vX",
        b"\x00\x01k\x00\x00\x00\x01",
        b"\x00\x02\xc3\x28\x00\x00\x00\x00",
    ] {
        let err = rocketmq::decode(&frame(1, &binary_header(b"", ext), b"")).unwrap_err();
        assert!(!err.is_incomplete(), "{ext:?}: {err}");
        assert!(err.path().to_string().contains("ext_fields"), "{err}");
    }
    // An all-ASCII section has only its layout checked (its text cannot be invalid); its
    // errors read as those of a section with other text.
    let short_value = b"\x00\x01k\x00\x00\x00\x09v";
    let ascii = rocketmq::decode(&frame(1, &binary_header(b"", short_value), b"")).unwrap_err();
    let mut accented = b"\x00\x02\xc3\xa9\x00\x00\x00\x00".to_vec();
    accented.extend_from_slice(short_value);
    let other = rocketmq::decode(&frame(1, &binary_header(b"", &accented), b"")).unwrap_err();
    assert_eq!(ascii.path().to_string(), other.path().to_string());
    assert!(
        ascii.path().to_string().ends_with("ext_fields.value"),
        "{ascii}"
    );
    assert_eq!(ascii.kind(), other.kind());
    assert_eq!(ascii.offset() + 8, other.offset());
    // A message record claiming a 2 GiB body.
    let mut m = MessageExt {
        body: b"x",
        topic: Topic::new("t"),
        ..MessageExt::default()
    }
    .encode_to_vec()
    .unwrap();
    let body_len_at = 4 + 4 + 4 + 4 + 4 + 8 + 8 + 4 + 8 + 8 + 8 + 8 + 4 + 8;
    m[body_len_at..body_len_at + 4].copy_from_slice(&i32::MAX.to_be_bytes());
    assert!(!decode::<MessageExt<'_>>(&m).unwrap_err().is_incomplete());
}

#[test]
fn every_truncation_is_incomplete() {
    let command = sample();
    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        let bytes = command.to_vec(serialize_type).unwrap();
        for cut in 0..bytes.len() {
            let err = rocketmq::decode(&bytes[..cut]).unwrap_err();
            assert!(
                err.is_incomplete(),
                "{serialize_type:?} cut at {cut}: {err}"
            );
            assert!(err.needed().unwrap() > 0);
            assert_eq!(
                frame_len(&bytes[..cut], rocketmq::DEFAULT_MAX_FRAME).unwrap(),
                None,
                "cut at {cut}"
            );
        }
        assert_eq!(rocketmq::decode_prefix(&bytes).unwrap().1, bytes.len());
    }
    let record = message(3, b"payload").encode_to_vec().unwrap();
    assert!(decode_messages(&[]).next().is_none());
    for cut in 1..record.len() {
        let err = decode_prefix::<MessageExt<'_>>(&record[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "record cut at {cut}: {err}");
        // Inside a response body, whose length is known, a cut record is malformed.
        let err = decode_messages(&record[..cut]).next().unwrap().unwrap_err();
        assert!(!err.is_incomplete(), "body cut at {cut}: {err}");
    }
}

#[test]
fn the_binary_header_cannot_say_everything_json_can() {
    let command = sample().with_code(RequestCode::PopMessage);
    assert!(command.to_vec(SerializeType::Json).is_ok());
    assert!(command.to_vec(SerializeType::RocketMq).is_err());
    assert_eq!(command.encoded_len_as(SerializeType::RocketMq), 0);
    // An empty remark or extFields is written as none.
    let command = RemotingCommand::request(10, 1)
        .with_remark("")
        .with_ext::<&str, &str>([]);
    let bytes = command.to_vec(SerializeType::RocketMq).unwrap();
    let back = rocketmq::decode(&bytes).unwrap();
    assert_eq!((back.remark(), back.ext_fields()), (None, None));
    let bytes = command.to_vec(SerializeType::Json).unwrap();
    let back = rocketmq::decode(&bytes).unwrap();
    assert_eq!(back, command);
    // A decoded binary command keeps its serialization when its fields change: a code that no
    // longer fits is an error (and no size) as binary, and fine as JSON.
    let binary = sample().to_vec(SerializeType::RocketMq).unwrap();
    let changed = rocketmq::decode(&binary)
        .unwrap()
        .with_code(RequestCode::PopMessage);
    assert_eq!(changed.serialize_type(), SerializeType::RocketMq);
    assert!(changed.encode_to_vec().is_err());
    assert_eq!(changed.encoded_len_as(SerializeType::RocketMq), 0);
    let json = changed.to_vec(SerializeType::Json).unwrap();
    assert_eq!(rocketmq::decode(&json).unwrap(), changed);
    assert_eq!(changed.encoded_len_as(SerializeType::Json), json.len());
}

#[test]
fn binary_header_fields_in_place() {
    // RocketMQSerializableTest: code 103, JAVA, version 2333, extFields {"key": "value"}.
    let header = BinaryHeader {
        code: 103,
        language: LanguageCode::Java.code(),
        version: 2333,
        opaque: 2,
        flag: 0,
        remark: None,
        ext_fields: Some(ExtFields::from_iter([("key", "value")])),
    };
    let bytes = header.encode_to_vec().unwrap();
    assert_eq!(
        wire_tests::vectors::to_hex(&bytes),
        "006700091d0000000200000000000000000000000e00036b65790000000576616c7565"
    );
    let framed = frame(1, &bytes, b"");
    let c = rocketmq::decode(&framed).unwrap();
    assert_eq!(c.ext("key").as_deref(), Some("value"));
    // A repeated key: the last value wins, as in Java's HashMap.
    let ext = b"\x00\x01k\x00\x00\x00\x01a\x00\x01k\x00\x00\x00\x01b";
    let framed = frame(1, &binary_header(b"", ext), b"");
    let c = rocketmq::decode(&framed).unwrap();
    assert_eq!(c.ext("k").as_deref(), Some("b"));
    assert_eq!(c.ext_fields().unwrap().len(), 2);
    assert_eq!(c.language(), LanguageCode::Go);
    assert_eq!(c.version(), 317);
}

#[test]
fn ext_fields_views_agree() {
    let pairs = [("a", "1"), ("b", "x\"y\u{1}"), ("a", "2")];
    let built: ExtFields<'_> = pairs.into_iter().collect();
    let command = RemotingCommand::request(10, 1).with_ext(pairs);
    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        let bytes = command.to_vec(serialize_type).unwrap();
        let c = rocketmq::decode(&bytes).unwrap();
        let ext = c.ext_fields().unwrap();
        assert_eq!(ext, &built);
        assert_eq!(ext.len(), 3);
        assert_eq!(ext.get("a").as_deref(), Some("2"));
        assert_eq!(ext.get("b").as_deref(), Some("x\"y\u{1}"));
        assert_eq!(ext.get("zz"), None);
        assert_eq!(format!("{ext:?}"), format!("{built:?}"));
        // Changing a decoded map materializes it.
        let mut owned = ext.clone().into_owned();
        owned.insert("a", "3");
        assert_eq!(owned.len(), 2);
        assert_eq!(owned.get("a").as_deref(), Some("3"));
        let mut changed = ext.clone();
        changed.push("c", "4");
        assert_eq!(changed.len(), 4);
    }
}

#[test]
fn typed_headers_convert_from_and_to_ext_fields() {
    let v1 = SendMessageRequestHeader {
        producer_group: "g".into(),
        topic: "TopicTest".into(),
        default_topic: "TBW102".into(),
        default_topic_queue_nums: 4,
        queue_id: 1,
        sys_flag: 0,
        born_timestamp: 1_767_225_600_123,
        flag: 0,
        properties: Some("KEYS\u{1}k1\u{2}".into()),
        reconsume_times: Some(0),
        unit_mode: Some(false),
        batch: Some(false),
        max_reconsume_times: Some(16),
    };
    let ext = v1.to_ext_fields();
    assert_eq!(ext.get("bornTimestamp").as_deref(), Some("1767225600123"));
    assert_eq!(ext.get("unitMode").as_deref(), Some("false"));
    assert_eq!(SendMessageRequestHeader::from_ext_fields(&ext).unwrap(), v1);
    let v2 = SendMessageRequestHeaderV2::from(v1.clone());
    let ext = v2.to_ext_fields();
    let keys: Vec<_> = ext.iter().map(|(k, _)| k.into_owned()).collect();
    assert_eq!(
        keys,
        [
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"
        ]
    );
    assert_eq!(SendMessageRequestHeader::from(v2.clone()), v1);
    // Through a frame of each encoding.
    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        let bytes = RemotingCommand::request(RequestCode::SendMessageV2, 9)
            .with_header(&v2)
            .to_vec(serialize_type)
            .unwrap();
        let c = rocketmq::decode(&bytes).unwrap();
        let back: SendMessageRequestHeaderV2<'_> = c.custom_header().unwrap();
        assert_eq!(back, v2);
        assert!(
            matches!(back.topic, Cow::Borrowed(_)),
            "borrowed from the frame"
        );
    }
    // What the broker sends back.
    let response = ExtFields::from_iter([
        ("suggestWhichBrokerId", "0"),
        ("nextBeginOffset", "32"),
        ("minOffset", "0"),
        ("maxOffset", "2500"),
        ("MSG_REGION", "DefaultRegion"),
    ]);
    let header = PullMessageResponseHeader::from_ext_fields(&response).unwrap();
    assert_eq!((header.next_begin_offset, header.max_offset), (32, 2500));
    assert_eq!(header.offset_delta, None);
    // Missing or malformed values name the field.
    let err = GetMaxOffsetRequestHeader::from_ext_fields(&ExtFields::from_iter([
        ("topic", "T"),
        ("queueId", "one"),
    ]))
    .unwrap_err();
    assert_eq!(err.path().to_string(), "GetMaxOffsetRequestHeader.queue_id");
    let err = SendMessageRequestHeaderV2::from_ext_fields(&ExtFields::new()).unwrap_err();
    assert_eq!(
        err.path().to_string(),
        "SendMessageRequestHeaderV2.producer_group"
    );
    let err = GetMaxOffsetRequestHeader::from_ext_fields(&ExtFields::from_iter([
        ("topic", "T"),
        ("queueId", "1"),
        ("committed", "yes"),
    ]))
    .unwrap_err();
    assert!(err.to_string().contains("committed"), "{err}");
    // A command without extFields reads as an empty map.
    let err = RemotingCommand::request(30, 1)
        .custom_header::<GetMaxOffsetRequestHeader<'_>>()
        .unwrap_err();
    assert!(err.to_string().contains("topic"));
}

fn message<'a>(offset: i64, body: &'a [u8]) -> MessageExt<'a> {
    let mut m = MessageExt {
        queue_id: 3,
        flag: 9,
        queue_offset: offset,
        physic_offset: 13 + offset,
        born_timestamp: 17,
        born_host: HostAddr::V4 {
            ip: [127, 0, 0, 1],
            port: 10911,
        },
        store_timestamp: 19,
        store_host: HostAddr::V4 {
            ip: [127, 0, 0, 2],
            port: 10912,
        },
        reconsume_times: 2,
        prepared_transaction_offset: 23,
        body,
        topic: Topic::new("topic"),
        properties: Properties::new("k\u{1}value\u{2}"),
        ..MessageExt::default()
    };
    m.set_body_crc();
    m
}

#[test]
fn message_records_v1_v2_and_ipv6() {
    let m = message(11, b"body");
    let bytes = m.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), 108);
    assert_eq!(m.body_crc, rocketmq::body_crc(b"body"));
    let back: MessageExt<'_> = decode(&bytes).unwrap();
    assert_eq!(back.store_size, 108);
    assert_eq!(back.magic, MessageVersion::V1);
    back.verify_body_crc().unwrap();
    assert_eq!(back.offset_msg_id(), "7F00000200002AA00000000000000018");

    // V2 (i16 topic length), IPv6 hosts (16 bytes each).
    let long_topic = "t".repeat(300);
    let mut v6 = MessageExt {
        topic: Topic::new(&long_topic),
        born_host: "[::1]:5000".parse::<std::net::SocketAddr>().unwrap().into(),
        store_host: "[fe80::1]:10911"
            .parse::<std::net::SocketAddr>()
            .unwrap()
            .into(),
        ..message(12, b"six")
    };
    v6.set_body_crc();
    assert!(v6.sys_flag.born_host_v6 && v6.sys_flag.store_host_v6);
    let bytes = v6.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), 108 - 2 + 24 + 1 + 296);
    assert_eq!(&bytes[4..8], &rocketmq::MESSAGE_MAGIC_V2.to_be_bytes());
    let back: MessageExt<'_> = decode(&bytes).unwrap();
    assert_eq!(
        back,
        MessageExt {
            store_size: bytes.len() as i32,
            magic: MessageVersion::V2,
            ..v6
        }
    );
    assert_eq!(back.store_host.socket_addr().unwrap().port(), 10911);
    assert_eq!(back.offset_msg_id().len(), 56);

    // The magic follows the topic on encode; host bits must agree with the hosts.
    let mut wrong = message(1, b"x");
    wrong.sys_flag.store_host_v6 = true;
    assert!(wrong.encode_to_vec().is_err());
    // V1 cannot hold a topic longer than 255 bytes.
    let too_long = MessageExt {
        topic: Topic::V1(&long_topic),
        ..message(1, b"x")
    };
    assert!(too_long.encode_to_vec().is_err());
}

#[test]
fn message_record_sizes_must_match() {
    let mut bytes = message(1, b"body").encode_to_vec().unwrap();
    let size = bytes.len() as i32;
    for wrong in [size - 1, size + 1, 3, 0, -1] {
        bytes[..4].copy_from_slice(&wrong.to_be_bytes());
        let mut padded = bytes.clone();
        padded.extend([0; 8]);
        let err = decode_prefix::<MessageExt<'_>>(&padded).unwrap_err();
        assert!(!err.is_incomplete(), "store size {wrong}: {err}");
    }
}

#[test]
fn pull_bodies_iterate_with_crc_checks() {
    let bodies: Vec<Vec<u8>> = (0..5).map(|i| vec![i as u8; 10 + i]).collect();
    let mut body = Vec::new();
    for (i, b) in bodies.iter().enumerate() {
        message(i as i64, b).encode(&mut body).unwrap();
    }
    let all: Vec<MessageExt<'_>> = decode_messages(&body)
        .check_crc(true)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all.len(), 5);
    assert_eq!(all[4].body, &bodies[4][..]);
    // Corrupt one body byte: the CRC check names the record.
    let second = all[0].store_size as usize;
    let body_at = second + 4 * 5 + 8 * 2 + 4 + 8 + 8 + 8 + 8 + 4 + 8 + 4;
    body[body_at] ^= 0xff;
    let results: Vec<_> = decode_messages(&body).check_crc(true).collect();
    assert_eq!(results.len(), 2);
    let err = results[1].as_ref().unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::ChecksumMismatch { .. }),
        "{err}"
    );
    assert_eq!(err.offset(), second);
    assert_eq!(decode_messages(&body).count(), 5, "unchecked, it decodes");
    // The end-of-file filler is not a message.
    let mut blank = message(0, b"x").encode_to_vec().unwrap();
    blank[4..8].copy_from_slice(&rocketmq::BLANK_MAGIC.to_be_bytes());
    let err = decode_messages(&blank).next().unwrap().unwrap_err();
    assert_eq!(err.path().to_string(), "MessageExt.magic");
    assert_eq!(err.offset(), 4);
}

#[test]
fn compressed_bodies_inflate_with_a_limit() {
    use std::io::Write;
    let plain = b"hello hello hello hello hello hello".repeat(20);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(&plain).unwrap();
    let compressed = z.finish().unwrap();
    for compression in [0, 3] {
        let mut m = message(0, &compressed);
        m.sys_flag.compressed = true;
        m.sys_flag.compression = compression;
        let bytes = m.encode_to_vec().unwrap();
        let back: MessageExt<'_> = decode(&bytes).unwrap();
        back.verify_body_crc().unwrap();
        assert_eq!(back.decompressed_body(1 << 20).unwrap(), &plain[..]);
        assert!(back.decompressed_body(plain.len() - 1).is_err());
    }
    let mut m = message(0, b"not zlib");
    m.sys_flag.compressed = true;
    assert!(m.decompressed_body(1 << 20).is_err());
    m.sys_flag.compression = 2;
    assert!(matches!(
        m.decompressed_body(1 << 20).unwrap_err().kind(),
        DecodeErrorKind::Unsupported(_)
    ));
    assert!(matches!(
        message(0, b"plain").decompressed_body(0).unwrap(),
        Cow::Borrowed(b"plain")
    ));
}

#[test]
fn sys_flag_bits() {
    for raw in [
        0u32,
        0x1,
        0x2,
        0x4,
        0x8,
        0xc,
        0x10,
        0x20,
        0x40,
        0x80,
        0x300,
        0xffff_ffff,
        0x8000_0000,
    ] {
        let flag: SysFlag = decode(&raw.to_be_bytes()).unwrap();
        assert_eq!(flag.encode_to_vec().unwrap(), raw.to_be_bytes(), "{raw:#x}");
    }
    let flag: SysFlag = decode(&0x0000_0311u32.to_be_bytes()).unwrap();
    assert!(flag.compressed && flag.born_host_v6);
    assert_eq!(
        flag.compression_type(),
        Some(rocketmq::CompressionType::Zlib)
    );
}

#[test]
fn batch_bodies() {
    // MessageDecoder.encodeMessage: totalSize, magic 0, CRC 0, flag, body, properties.
    let props = PropertiesBuf::new().with("KEYS", "k");
    let messages = [
        BatchMessage::new(1, b"first", props.as_properties()),
        BatchMessage::new(0, b"", Properties::default()),
    ];
    let mut body = Vec::new();
    encode_batch(&messages, &mut body).unwrap();
    assert_eq!(
        &body[..20],
        &[0, 0, 0, 34, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5]
    );
    assert_eq!(body.len(), 34 + 22);
    let back: Vec<BatchMessage<'_>> = decode_batch(&body).collect::<Result<_, _>>().unwrap();
    assert_eq!(back[0].properties.get("KEYS"), Some("k"));
    assert_eq!(back[1].total_size, 22);
    assert!(
        decode_batch(&body[..body.len() - 1])
            .last()
            .unwrap()
            .is_err()
    );
}

#[test]
fn properties_parse_as_java_does() {
    let p = Properties::new(
        "a\u{1}1\u{2}\u{2}b\u{1}\u{2}\u{1}c\u{2}noseparator\u{2}d\u{1}x\u{1}y\u{2}e\u{1}5",
    );
    let pairs: Vec<_> = p.iter().collect();
    assert_eq!(pairs, [("a", "1"), ("d", "x\u{1}y"), ("e", "5")]);
    assert_eq!(Properties::new("").iter().count(), 0);
    let p = Properties::new("KEYS\u{1} k1  k2 \u{2}UNIQ_KEY\u{1}ABC\u{2}");
    assert_eq!(p.keys().collect::<Vec<_>>(), ["k1", "k2"]);
    assert_eq!(p.uniq_key(), Some("ABC"));
}

#[test]
fn splitter_and_in_flight() {
    let frames: Vec<Vec<u8>> = (1..=3)
        .map(|opaque| {
            RemotingCommand::request(10, opaque)
                .with_body(&[7; 40])
                .to_vec(if opaque % 2 == 0 {
                    SerializeType::Json
                } else {
                    SerializeType::RocketMq
                })
                .unwrap()
        })
        .collect();
    let stream: Vec<u8> = frames.concat();
    for step in [1, 3, 7, 64, stream.len()] {
        let mut splitter = FrameSplitter::new(rocketmq::DEFAULT_MAX_FRAME);
        let mut out = Vec::new();
        for chunk in stream.chunks(step) {
            splitter.extend(chunk);
            while let Some(frame) = splitter.next_frame().unwrap() {
                out.push(rocketmq::decode(&frame).unwrap().opaque());
            }
        }
        assert_eq!(out, [1, 2, 3], "chunks of {step}");
    }
    let mut splitter = FrameSplitter::new(64);
    splitter.extend(&frames[0]);
    assert!(splitter.next_frame().is_err(), "above the maximum");

    let mut in_flight = InFlight::new();
    let opaques: Vec<i32> = (0..3).map(|i| in_flight.start(i)).collect();
    let request = RemotingCommand::request(10, opaques[2]);
    assert_eq!(
        in_flight.complete(&request),
        None,
        "a request answers nothing"
    );
    for (i, opaque) in opaques.iter().enumerate().rev() {
        let response = RemotingCommand::response_to(&RemotingCommand::request(10, *opaque), 0);
        assert_eq!(in_flight.complete(&response), Some(i));
    }
    assert!(in_flight.is_empty());
}

#[test]
fn json_header_encoding_of_unknown_languages_round_trips() {
    let header = JsonHeader {
        language: LanguageCode::Unknown(200),
        remark: Some("\u{0}\u{1f}\u{7f}".into()),
        ..JsonHeader::default()
    };
    let bytes = header.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), header.encoded_len());
    assert!(
        std::str::from_utf8(&bytes)
            .unwrap()
            .contains(r#""language":200"#)
    );
    assert_eq!(decode::<JsonHeader<'_>>(&bytes).unwrap(), header);
}

#[test]
fn json_strings_with_a_special_character_anywhere_round_trip() {
    // The scanner reads strings 16 or 8 bytes at a time: a quote, backslash, control or
    // multi-byte character at every position of strings of every length up to 40.
    for special in [
        '"',
        '\\',
        '\u{1}',
        '\u{1f}',
        '\u{e9}',
        '\u{1f600}',
        '/',
        '\u{7f}',
    ] {
        for len in 0..40 {
            for at in 0..=len {
                let text: String = (0..len)
                    .map(|i| {
                        if i == at {
                            special
                        } else {
                            (b'a' + (i % 26) as u8) as char
                        }
                    })
                    .collect();
                let command = RemotingCommand::request(10, 1)
                    .with_remark(text.as_str())
                    .with_ext([(text.as_str(), text.as_str()), ("k", "v")]);
                let bytes = command.to_vec(SerializeType::Json).unwrap();
                let back = rocketmq::decode(&bytes).unwrap();
                assert_eq!(back.remark(), Some(text.as_str()));
                assert_eq!(back.ext(&text).as_deref(), Some(text.as_str()));
                assert_eq!(back.ext("k").as_deref(), Some("v"));
                assert_eq!(back, command);
            }
        }
    }
}

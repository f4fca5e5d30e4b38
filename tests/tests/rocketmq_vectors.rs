//! The public RocketMQ vectors of `../shared/vectors/rocketmq.json`: valid frames and message
//! records decode to the stated fields and encode back (byte for byte where our encoder writes
//! the same layout: binary headers and records); invalid ones are rejected as malformed.

use serde_json::Value;
use std::collections::BTreeMap;
use wire_protocols::rocketmq::{self, HeaderWord, MessageExt, MessageVersion, SerializeType};
use wire_runtime::{WireEncode, decode};
use wire_tests::vectors::{hex, load, to_hex};

fn check_frame(name: &str, bytes: &[u8], f: &Value) {
    let command = rocketmq::decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    // The frame's length as the framing reads it, and the header word as it decodes.
    let length = rocketmq::frame_len(bytes, usize::MAX).unwrap().unwrap() - 4;
    let word: HeaderWord = decode(&bytes[4..8]).unwrap();
    assert_eq!(f["frame_length"], length, "{name}");
    assert_eq!(f["header_length"], word.header_length, "{name}");
    let serialize_type = match command.serialize_type() {
        SerializeType::Json => "JSON",
        SerializeType::RocketMq => "ROCKETMQ",
    };
    assert_eq!(f["serialize_type"], serialize_type, "{name}");
    assert_eq!(word.serialize_type, command.serialize_type(), "{name}");

    assert_eq!(f["code"], command.code(), "{name}");
    assert_eq!(f["language"], command.language().name().unwrap(), "{name}");
    assert_eq!(f["version"], command.version(), "{name}");
    assert_eq!(f["opaque"], command.opaque(), "{name}");
    assert_eq!(f["flag"], command.flag().bits(), "{name}");
    assert_eq!(f["is_response"], command.is_response(), "{name}");
    assert_eq!(f["is_oneway"], command.is_oneway(), "{name}");
    assert_eq!(f["remark"].as_str(), command.remark(), "{name}");
    let ext: Option<BTreeMap<String, String>> = command.ext_fields().map(|ext| {
        ext.iter()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    });
    let expected: Option<BTreeMap<String, String>> =
        serde_json::from_value(f["ext_fields"].clone()).unwrap();
    assert_eq!(ext, expected, "{name}: ext_fields");
    let body = (!command.body().is_empty()).then(|| to_hex(command.body()));
    assert_eq!(f["body_hex"].as_str(), body.as_deref(), "{name}: body");

    let encoded = command.to_vec(command.serialize_type()).unwrap();
    match command.serialize_type() {
        // A decoded binary header is written back as it came.
        SerializeType::RocketMq => assert_eq!(encoded, bytes, "{name}: re-encode"),
        // Our JSON layout is rocketmq-rust's (every key, serializeTypeCurrentRPC), not Go's.
        SerializeType::Json => {
            assert_eq!(
                rocketmq::decode(&encoded).unwrap(),
                command,
                "{name}: re-encode"
            )
        }
    }
    assert_eq!(command.encoded_len(), encoded.len(), "{name}");
    // And in the other serialization.
    let other = match command.serialize_type() {
        SerializeType::Json => SerializeType::RocketMq,
        SerializeType::RocketMq => SerializeType::Json,
    };
    let converted = command.to_vec(other).unwrap();
    let back = rocketmq::decode(&converted).unwrap();
    assert_eq!(back.serialize_type(), other, "{name}");
    assert_eq!(
        (back.code(), back.opaque(), back.ext_fields(), back.body()),
        (
            command.code(),
            command.opaque(),
            command.ext_fields(),
            command.body()
        ),
        "{name}: converted"
    );
}

fn host(h: &rocketmq::HostAddr) -> Value {
    serde_json::json!({"ip": h.ip().to_string(), "port": h.port()})
}

fn check_message(name: &str, bytes: &[u8], f: &Value) {
    let m: MessageExt<'_> = decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(f["store_size"], m.store_size, "{name}");
    assert_eq!(f["magic_code"], m.magic.wire_tag() as i32, "{name}");
    let version = match m.magic {
        MessageVersion::V1 => "V1",
        MessageVersion::V2 => "V2",
    };
    assert_eq!(f["message_version"], version, "{name}");
    assert_eq!(f["body_crc"], m.body_crc, "{name}");
    assert_eq!(f["queue_id"], m.queue_id, "{name}");
    assert_eq!(f["flag"], m.flag, "{name}");
    assert_eq!(f["queue_offset"], m.queue_offset, "{name}");
    assert_eq!(f["commit_log_offset"], m.physic_offset, "{name}");
    let sys_flag = u32::from_be_bytes(m.sys_flag.encode_to_vec().unwrap().try_into().unwrap());
    assert_eq!(f["sys_flag"], sys_flag, "{name}");
    assert_eq!(f["born_timestamp"], m.born_timestamp, "{name}");
    assert_eq!(f["born_host"], host(&m.born_host), "{name}");
    assert_eq!(f["store_timestamp"], m.store_timestamp, "{name}");
    assert_eq!(f["store_host"], host(&m.store_host), "{name}");
    assert_eq!(f["reconsume_times"], m.reconsume_times, "{name}");
    assert_eq!(
        f["prepared_transaction_offset"], m.prepared_transaction_offset,
        "{name}"
    );
    assert_eq!(f["body_hex"], to_hex(m.body), "{name}");
    assert_eq!(f["topic"], m.topic.as_str(), "{name}");
    let props: BTreeMap<&str, &str> = m.properties.iter().collect();
    let expected: BTreeMap<String, String> =
        serde_json::from_value(f["properties"].clone()).unwrap();
    assert_eq!(
        props,
        expected
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect(),
        "{name}: properties"
    );
    // The vector's CRC is a literal 7, not a CRC: decoding does not check it, asking does.
    assert!(m.verify_body_crc().is_err(), "{name}");
    assert_eq!(m.encode_to_vec().unwrap(), bytes, "{name}: re-encode");
}

#[test]
fn rocketmq_vectors() {
    let Some(doc) = load("rocketmq") else { return };
    let vectors = doc["vectors"].as_array().expect("vectors array");
    let mut checked = 0;
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let bytes = hex(v["hex"].as_str().unwrap());
        let variant = v["variant"].as_str().unwrap();
        if v["valid"].as_bool().unwrap() {
            match variant {
                "remoting_frame" => check_frame(name, &bytes, &v["fields"]),
                "message_ext" => check_message(name, &bytes, &v["fields"]),
                other => panic!("{name}: variant {other} has no check"),
            }
        } else {
            let err = match variant {
                "remoting_frame" => rocketmq::decode(&bytes).map(drop).expect_err(name),
                "message_ext" => decode::<MessageExt<'_>>(&bytes).map(drop).expect_err(name),
                other => panic!("{name}: variant {other} has no check"),
            };
            match v["error_kind"].as_str().unwrap() {
                "incomplete" => assert!(err.is_incomplete(), "{name}: {err}"),
                _ => assert!(!err.is_incomplete(), "{name}: {err}"),
            }
            eprintln!("{name}: {err}");
        }
        checked += 1;
    }
    assert_eq!(checked, vectors.len());
    eprintln!("{checked} rocketmq vectors checked");
}

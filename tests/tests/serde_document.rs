//! The `serde` feature without leaks: protocol values deserialize from a `Document` that owns
//! their strings and decoded bytes, and dropping it returns every byte.

use serde::Serialize;
use std::hint::black_box;
use wire_protocols::{Document, ignite, mqtt, stream};
use wire_runtime::msgpack::Value;
use wire_tests::alloc_count::{Counting, measure_all};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A PUBLISH from MQTT 3.1.1 (QoS 1, topic `a/b`, packet id 7, payload `hi!`).
const PUBLISH: &[u8] = &[0x32, 0x0a, 0, 3, b'a', b'/', b'b', 0, 7, b'h', b'i', b'!'];

fn mqtt_publish<'a>() -> mqtt::Publish<'a> {
    match mqtt::decode(PUBLISH, mqtt::Version::V311).unwrap().0 {
        mqtt::Packet::Publish { publish, .. } => publish,
        other => panic!("{other:?}"),
    }
}

fn stream_publish<'a>() -> stream::Command<'a> {
    let sub_batch = stream::SubBatch::uncompressed(2, b"\0\0\0\x01a\0\0\0\x01b");
    stream::Command::Publish(stream::Publish {
        publisher_id: 3,
        messages: vec![
            stream::PublishedMessage {
                publishing_id: 1,
                entry: stream::Entry::simple(b"hello"),
            },
            stream::PublishedMessage {
                publishing_id: 2,
                entry: stream::Entry::SubBatch(sub_batch),
            },
        ],
    })
}

fn ignite_error<'a>() -> ignite::Response<'a> {
    let extension = |key, value| ignite::Extension { key, value };
    ignite::Response {
        header: ignite::ResponseHeader {
            request_id: 9,
            flags: 4,
            max_start_time: None,
            observable_timestamp: 1_700_000_000_000,
        },
        error: Some(ignite::ErrorCore {
            trace_id: ignite::Uuid::new(1, 2),
            code: 0x0001_0002,
            class_name: "org.apache.ignite.Error",
            message: Some("table not found"),
            stack_trace: None,
            extensions: Some(ignite::ErrorExtensions {
                list: vec![
                    extension("bin", Value::Bin(b"\x00\xff")),
                    extension("list", Value::Array(vec![Value::Str("x"), Value::UInt(7)])),
                    extension("ext", Value::Ext(5, b"\x01\x02")),
                ],
            }),
        }),
        payload: b"\x90",
    }
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

/// A Stream command as it deserializes: `{"<name>": fields}` (it serializes as its fields).
fn command_json(command: &stream::Command<'_>) -> String {
    json(&serde_json::json!({ command.name(): command }))
}

#[test]
fn values_come_back_from_their_json() {
    let publish = mqtt_publish();
    let doc: Document = serde_json::from_str(&json(&publish)).unwrap();
    assert_eq!(doc.value::<mqtt::Publish<'_>>().unwrap(), publish);

    let command = stream_publish();
    let doc: Document = serde_json::from_str(&command_json(&command)).unwrap();
    assert_eq!(doc.value::<stream::Command<'_>>().unwrap(), command);

    let response = ignite_error();
    let doc: Document = serde_json::from_str(&json(&response)).unwrap();
    assert_eq!(doc.value::<ignite::Response<'_>>().unwrap(), response);
}

#[test]
fn byte_strings_straight_from_json_say_to_use_a_document() {
    let err = serde_json::from_str::<mqtt::Publish<'_>>(&json(&mqtt_publish())).unwrap_err();
    assert!(
        err.to_string().contains("wire_protocols::Document"),
        "{err}"
    );
}

#[test]
fn a_chunk_needs_its_data_and_its_entries_must_agree() {
    let entries = serde_json::json!([{"type": "simple", "data_hex": "6869"}]);
    let mut chunk = serde_json::json!({
        "magic_version": 80, "chunk_type": 0, "num_entries": 1, "num_records": 1,
        "timestamp": 1, "epoch": 1, "chunk_first_offset": 0, "chunk_crc": 0,
        "data_length": 6, "trailer_length": 0, "bloom_size": 0, "entries": entries,
    });
    let doc: Document = serde_json::from_value(chunk.clone()).unwrap();
    let err = doc.value::<stream::Chunk<'_>>().unwrap_err();
    assert!(err.to_string().contains("data_hex"), "{err}");

    chunk["data_hex"] = "000000026869".into();
    let doc: Document = serde_json::from_value(chunk.clone()).unwrap();
    let parsed: stream::Chunk<'_> = doc.value().unwrap();
    assert_eq!(parsed.data, b"\0\0\0\x02hi");

    chunk["data_hex"] = "000000026868".into();
    let doc: Document = serde_json::from_value(chunk).unwrap();
    let err = doc.value::<stream::Chunk<'_>>().unwrap_err();
    assert!(err.to_string().contains("do not encode"), "{err}");
}

/// A message's JSON, and how to deserialize it from its document.
type Text = (String, fn(&Document));

/// Deserializes every text, `rounds` times, dropping each value and its document.
fn deserialize_all(texts: &[Text], rounds: usize) {
    for _ in 0..rounds {
        for (text, read) in texts {
            let doc: Document = serde_json::from_str(text).unwrap();
            read(&doc);
        }
    }
}

#[test]
fn deserializing_returns_every_byte() {
    let texts: Vec<Text> = vec![
        (json(&mqtt_publish()), |doc| {
            black_box(doc.value::<mqtt::Publish<'_>>().unwrap());
        }),
        (command_json(&stream_publish()), |doc| {
            black_box(doc.value::<stream::Command<'_>>().unwrap());
        }),
        (json(&ignite_error()), |doc| {
            black_box(doc.value::<ignite::Response<'_>>().unwrap());
        }),
    ];
    deserialize_all(&texts, 1);
    let (_, few) = measure_all(|| deserialize_all(&texts, 100));
    let (_, many) = measure_all(|| deserialize_all(&texts, 10_000));
    println!(
        "300 messages: {} allocations, {} bytes, {} retained; 30,000 messages: {} allocations, \
         {} bytes, peak {} bytes, {} retained",
        few.count, few.bytes, few.retained, many.count, many.bytes, many.peak, many.retained
    );
    // Every message allocated (its document), and gave it all back.
    assert!(many.bytes > 30_000 * 100, "{many:?}");
    assert_eq!(few.retained, 0, "{few:?}");
    assert_eq!(many.retained, 0, "{many:?}");
    // At most one document is held at a time, whatever the number of messages.
    assert!(many.peak < 8 << 10, "{many:?}");
    assert_eq!(many.peak, few.peak);
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

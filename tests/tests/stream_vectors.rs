//! The public RabbitMQ Stream vectors of `../shared/vectors/stream.json`: valid ones decode to
//! the stated fields and encode back to the same bytes; invalid ones are rejected with the
//! stated kind of error.

use serde_json::Value;
use wire_protocols::stream;
use wire_tests::vectors::{hex, load};

/// Frame-level fields every vector states; the rest are the command's own.
const FRAME_FIELDS: [&str; 5] = ["size", "key", "command", "is_response", "version"];

/// `{"int": "<decimal>"}` stands for integers beyond 2^53; compare those as text.
fn same(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(big), _) if big.len() == 1 && big.contains_key("int") => {
            big["int"].as_str() == Some(actual.to_string().as_str())
        }
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|av| same(v, av))),
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(e, a)| same(e, a))
        }
        _ => expected == actual,
    }
}

/// The protocol's command name: the variant without `Response` or a version suffix.
fn command_name(command: &stream::Command<'_>) -> &'static str {
    let name = command.name();
    let name = name.strip_suffix("V2").unwrap_or(name);
    name.strip_suffix("Response").unwrap_or(name)
}

#[test]
fn stream_vectors() {
    let Some(doc) = load("stream") else { return };
    let vectors = doc["vectors"].as_array().expect("vectors array");
    let mut checked = 0;
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let bytes = hex(v["hex"].as_str().unwrap());
        let fields = &v["fields"];
        if v["valid"].as_bool().unwrap() {
            let command = stream::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let (key, version) = command.key_version();
            let size = stream::frame_encoded_len(&command) - 4;
            assert_eq!(fields["size"], size as u64, "{name}: size");
            assert_eq!(fields["key"], key, "{name}: key");
            assert_eq!(fields["version"], version, "{name}: version");
            assert_eq!(fields["is_response"], command.is_response(), "{name}");
            assert_eq!(fields["command"], command_name(&command), "{name}: command");
            let json = serde_json::to_value(&command).unwrap();
            let body = &json;
            for (field, expected) in fields.as_object().unwrap() {
                if FRAME_FIELDS.contains(&field.as_str()) {
                    continue;
                }
                assert!(
                    same(expected, &body[field]),
                    "{name}: field {field}: expected {expected}, decoded {}",
                    body[field]
                );
            }
            if let stream::Command::Deliver(deliver) = &command {
                deliver.chunk.verify_crc().unwrap();
            }
            assert_eq!(
                stream::encode(&command).unwrap(),
                bytes,
                "{name}: re-encode"
            );
        } else {
            let err = stream::decode(&bytes).expect_err(name);
            match v["error_kind"].as_str().unwrap() {
                "incomplete" => assert!(err.is_incomplete(), "{name}: {err}"),
                _ => assert!(!err.is_incomplete(), "{name}: {err}"),
            }
            let text = err.to_string();
            // The vector's message names the field in the adoc's CamelCase; ours in snake_case.
            let field = v["error"].as_str().unwrap().split(' ').next().unwrap();
            let snake: String = field
                .chars()
                .enumerate()
                .flat_map(|(i, c)| {
                    let lower = c.to_ascii_lowercase();
                    (c.is_uppercase() && i > 0)
                        .then_some('_')
                        .into_iter()
                        .chain([lower])
                })
                .collect();
            assert!(
                text.contains(&snake),
                "{name}: `{text}` should name `{snake}`"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, vectors.len());
    eprintln!("{checked} stream vectors checked");
}

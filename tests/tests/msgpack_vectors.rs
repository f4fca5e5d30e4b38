//! The msgpack vectors of `../shared/vectors/msgpack.json`: single values decode to the stated
//! typed value and encode back to the same bytes; invalid ones are rejected.

use serde_json::{Value as Json, json};
use wire_runtime::{WireEncode, decode, msgpack::Value};
use wire_tests::vectors::{hex, load, to_hex};

/// The vector schema's typed view of a value.
fn typed(value: &Value<'_>) -> Json {
    match value {
        Value::Nil => json!({ "type": "nil" }),
        Value::Bool(v) => json!({ "type": "bool", "value": v }),
        Value::Int(v) => json!({ "type": "int", "value": v }),
        Value::UInt(v) => json!({ "type": "int", "value": v }),
        Value::F32(v) => json!({ "type": "float", "value": v }),
        Value::F64(v) => json!({ "type": "float", "value": v }),
        Value::Str(v) => json!({ "type": "str", "value": v }),
        Value::Bin(v) => json!({ "type": "bin", "hex": to_hex(v) }),
        Value::Array(items) => {
            json!({ "type": "array", "items": items.iter().map(typed).collect::<Vec<_>>() })
        }
        Value::Map(pairs) => {
            json!({ "type": "map", "entries": pairs.iter().map(|(k, v)| json!([typed(k), typed(v)])).collect::<Vec<_>>() })
        }
        Value::Ext(t, data) => json!({ "type": "ext", "ext_type": t, "hex": to_hex(data) }),
    }
}

/// An Ignite request frame: the envelope, the header, an empty or borrowed payload.
fn check_ignite_frame(name: &str, bytes: &[u8], v: &Json) {
    use wire_protocols::ignite::{Message, Request};
    let fields = &v["fields"];
    assert!(
        fields["magic"].is_null(),
        "{name}: frames with the magic are checked as first frames"
    );
    let message = decode::<Message<Request<'_>>>(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        i64::from(message.body.header.op.wire_tag()),
        fields["op_code"].as_i64().unwrap(),
        "{name}"
    );
    assert_eq!(
        message.body.header.request_id,
        fields["request_id"].as_i64().unwrap(),
        "{name}"
    );
    assert_eq!(
        bytes.len() - 4,
        fields["length"].as_u64().unwrap() as usize,
        "{name}"
    );
    if fields["payload"] == json!({}) {
        assert!(message.body.payload.is_empty(), "{name}");
    }
    assert_eq!(
        message.encode_to_vec().unwrap(),
        bytes,
        "{name}: re-encoding"
    );
}

#[test]
fn public_vectors() {
    let Some(file) = load("msgpack") else { return };
    let mut checked = 0;
    for v in file["vectors"].as_array().expect("vectors") {
        let name = v["name"].as_str().unwrap();
        if v["variant"] == "ignite_frame" {
            check_ignite_frame(name, &hex(v["hex"].as_str().unwrap()), v);
            checked += 1;
            continue;
        }
        if v["variant"] != "msgpack_value" {
            eprintln!(
                "{name}: variant {} has no decoder here yet; not checked",
                v["variant"]
            );
            continue;
        }
        let bytes = hex(v["hex"].as_str().unwrap());
        let result = decode::<Value<'_>>(&bytes);
        if v["valid"].as_bool().unwrap() {
            let value = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(typed(&value), v["fields"]["value"], "{name}");
            assert_eq!(value.encode_to_vec().unwrap(), bytes, "{name}: re-encoding");
        } else {
            let err = result.expect_err(name);
            assert_eq!(
                err.is_incomplete(),
                v["error_kind"] == "incomplete",
                "{name}: {err}"
            );
        }
        checked += 1;
    }
    assert!(checked > 0);
}

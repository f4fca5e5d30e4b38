//! AMQP 1.0 messages and values (as Stream records carry them): decode, re-encode, decode
//! again.
//!
//! - A message or value that decodes encodes (its smallest encodings) to `encoded_len` bytes,
//!   which decode again, and encoding that gives the same bytes (the smallest encodings are a
//!   fixed point; bytes are compared, so a NaN float is fine).
//! - Walking every list, map, array and described value of a decoded value ends, without
//!   error: they were validated when decoded.
//! - Decoding with the application properties handed over in its pass
//!   (`Message::decode_with_properties`) takes the same messages and hands over the pairs
//!   iterating gives.
//! - An error names an offset inside the input (`check_error`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::amqp::{Message, Value};
use wire_runtime::{WireEncode, decode};

/// Visits every value inside `value`; returns how many.
fn walk(value: &Value<'_>) -> usize {
    1 + match value {
        Value::List(list) => list.iter().map(|v| walk(&v)).sum(),
        Value::Array(array) => array.iter().take(10_000).map(|v| walk(&v)).sum(),
        Value::Map(map) => map.iter().map(|(k, v)| walk(&k) + walk(&v)).sum(),
        Value::Described(d) => walk(&d.value()),
        _ => 0,
    }
}

/// What `value` encodes to: compares values that hold a NaN float.
fn encoding(value: &impl WireEncode) -> Vec<u8> {
    value.encode_to_vec().expect("a decoded value encodes")
}

fn value(data: &[u8]) {
    match decode::<Value<'_>>(data) {
        Ok(v) => {
            walk(&v);
            let bytes = v.encode_to_vec().expect("a decoded value encodes");
            assert_eq!(bytes.len(), v.encoded_len());
            let again = decode::<Value<'_>>(&bytes).expect("its encoding decodes");
            assert_eq!(again.encode_to_vec().unwrap(), bytes);
        }
        Err(err) => check_error(&err, data.len()),
    }
}

fn message(data: &[u8]) {
    let mut handed_over = Vec::new();
    let one_pass = Message::decode_with_properties(data, |k, v| handed_over.push((k, v)));
    match decode::<Message<'_>>(data) {
        Ok(m) => {
            // The pass that decodes hands over the pairs iterating gives, and the same message.
            // Compared by their encodings: a NaN float is not equal to itself.
            let one_pass = one_pass.expect("the one pass takes what decoding takes");
            assert_eq!(encoding(&one_pass), encoding(&m));
            let iterated: Vec<_> = m.application_properties().collect();
            assert_eq!(iterated.len(), handed_over.len());
            for ((k, v), (k2, v2)) in iterated.iter().zip(&handed_over) {
                assert_eq!((k, encoding(v)), (k2, encoding(v2)));
            }
            for (_, v) in m.application_properties() {
                walk(&v);
            }
            let bytes = m.encode_to_vec().expect("a decoded message encodes");
            assert_eq!(bytes.len(), m.encoded_len());
            let again = decode::<Message<'_>>(&bytes).expect("its encoding decodes");
            assert_eq!(again.encode_to_vec().unwrap(), bytes);
        }
        Err(err) => {
            check_error(&err, data.len());
            assert!(one_pass.is_err(), "decoding refused what the one pass took");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    value(data);
    message(data);
});

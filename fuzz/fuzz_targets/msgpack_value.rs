//! msgpack: the dynamic `Value`, a sequence of values, a shallow depth limit, and the typed
//! readers. Readers accept every width, so the input itself need not be canonical: a decoded
//! value encodes (smallest forms) to bytes of the announced length, which decode again and
//! encode to the same bytes (a fixed point). Bytes are compared rather than values, so that a
//! NaN float compares equal to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_runtime::msgpack::{self, MsgPackDecode, Timestamp, Value};
use wire_runtime::{DecodeErrorKind, Reader, WireDecode, WireEncode, decode, decode_prefix};

fn depth(value: &Value<'_>) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Map(pairs) => {
            1 + pairs
                .iter()
                .map(|(k, v)| depth(k).max(depth(v)))
                .max()
                .unwrap_or(0)
        }
        _ => 0,
    }
}

fn round_trip(value: &Value<'_>) {
    let canonical = value.encode_to_vec().expect("a decoded value encodes");
    assert_eq!(canonical.len(), value.encoded_len());
    let again: Value<'_> = decode(&canonical).expect("its encoding decodes");
    assert_eq!(
        again.encode_to_vec().unwrap(),
        canonical,
        "not a fixed point"
    );
}

fuzz_target!(|data: &[u8]| {
    match decode::<Value<'_>>(data) {
        Ok(value) => round_trip(&value),
        Err(err) => check_error(&err, data.len()),
    }

    // A stream of values, each from where the last ended.
    let mut rest = data;
    while !rest.is_empty() {
        match decode_prefix::<Value<'_>>(rest) {
            Ok((value, used)) => {
                assert!(used > 0 && used <= rest.len());
                round_trip(&value);
                rest = &rest[used..];
            }
            Err(err) => {
                check_error(&err, rest.len());
                break;
            }
        }
    }

    // A shallow depth limit: deeper input is TooDeep, anything decoded stays within it (the
    // limit counts the levels inside the outermost container).
    let mut r = Reader::new(data).with_max_depth(4);
    match Value::decode(&mut r) {
        Ok(value) => assert!(depth(&value) <= 5, "depth {} > 1 + 4", depth(&value)),
        Err(err) => {
            check_error(&err, data.len());
            if let DecodeErrorKind::TooDeep(limit) = err.kind() {
                assert_eq!(*limit, 4);
            }
        }
    }

    // The typed readers on the same bytes: a value or an error, never a panic.
    let typed = |f: &dyn Fn(&mut Reader<'_>) -> bool| {
        let mut r = Reader::new(data);
        if !f(&mut r) {
            assert!(r.offset() <= data.len());
        }
    };
    typed(&|r| msgpack::read_int::<i64>(r).is_ok());
    typed(&|r| msgpack::read_int::<u64>(r).is_ok());
    typed(&|r| msgpack::read_int::<i8>(r).is_ok());
    typed(&|r| msgpack::read_f64(r).is_ok());
    typed(&|r| msgpack::read_str(r).is_ok());
    typed(&|r| msgpack::read_bin(r).is_ok());
    typed(&|r| msgpack::read_ext(r).is_ok());
    typed(&|r| msgpack::read_timestamp(r).is_ok());
    typed(&|r| Vec::<Option<i32>>::decode_msgpack(r).is_ok());
    typed(&|r| Vec::<Vec<&str>>::decode_msgpack(r).is_ok());
    typed(&|r| Vec::<Timestamp>::decode_msgpack(r).is_ok());
});

//! The derived test types of `wire-tests` that together use every core attribute.
//!
//! `Borrowed` and `Counted` have one encoding per value: what decodes encodes back to the same
//! bytes. `Frame` (every attribute) does not: `allow_trailing` sections drop what they skipped,
//! `pad_*` bytes become zeros, `rest_len` fields are recomputed, `HashMap` entries come out in
//! iteration order. So a decoded `Frame` is encoded once to canonicalise it, and the canonical
//! form must then be a fixed point: it decodes to a value that encodes to the same length and
//! decodes to the same value (compared as values because of the `HashMap`, with the `f64`
//! compared by its bits so that a NaN equals itself). Decoding from `Bytes` gives the same value
//! as decoding from a slice.
#![no_main]

use bytes::Bytes;
use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_fuzz::everything::{Borrowed, Counted, Everything, Frame};
use wire_runtime::{WireEncode, decode, decode_bytes};

/// The frame with its float replaced by its bit pattern, so that `==` is reflexive.
fn comparable(frame: &Frame) -> (Frame, u64) {
    let mut frame = frame.clone();
    let bits = frame.body.e.to_bits();
    frame.body.e = 0.0;
    (frame, bits)
}

fn frame(data: &[u8]) {
    let value = match decode::<Frame>(data) {
        Ok(value) => value,
        Err(err) => {
            check_error(&err, data.len());
            assert!(decode_bytes::<Frame>(&Bytes::copy_from_slice(data)).is_err());
            return;
        }
    };
    let shared = Bytes::copy_from_slice(data);
    let from_bytes = decode_bytes::<Frame>(&shared).expect("decode_bytes agrees");
    assert_eq!(comparable(&from_bytes), comparable(&value));

    let canonical = value.encode_to_vec().expect("a decoded frame encodes");
    assert_eq!(canonical.len(), value.encoded_len());
    let reread = decode::<Frame>(&canonical).expect("the canonical form decodes");
    let again = reread.encode_to_vec().unwrap();
    assert_eq!(again.len(), canonical.len());
    let reread_again = decode::<Frame>(&again).unwrap();
    assert_eq!(comparable(&reread_again), comparable(&reread));
}

fuzz_target!(|data: &[u8]| {
    frame(data);
    if let Err(err) = decode::<Everything>(data) {
        check_error(&err, data.len());
    }
    match decode::<Borrowed<'_>>(data) {
        Ok(value) => {
            assert_eq!(value.encode_to_vec().expect("Borrowed encodes"), data);
            assert_eq!(value.encoded_len(), data.len());
        }
        Err(err) => check_error(&err, data.len()),
    }
    match decode::<Counted>(data) {
        Ok(value) => {
            assert_eq!(value.encode_to_vec().expect("Counted encodes"), data);
            assert_eq!(decode::<Counted>(data).unwrap(), value);
        }
        Err(err) => check_error(&err, data.len()),
    }
});

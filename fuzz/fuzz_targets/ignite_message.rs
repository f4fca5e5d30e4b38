//! Apache Ignite 3 messages: the input is decoded as every message type the crate declares,
//! in the `i32` envelope (and the handshakes after the `IGNI` magic). A message that decodes
//! is the length `frame_len` announces, and encodes (smallest msgpack forms) to bytes that
//! decode and encode again to the same bytes. Bytes are compared rather than values, so that a
//! NaN inside an extension value compares equal to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::ignite::*;
use wire_runtime::{WireEncode, decode};

/// Decodes `$data` as `$ty`; on success checks the envelope length and the canonical fixed
/// point (a macro, as the second decode borrows from a local buffer).
macro_rules! check {
    ($data:expr, $first:expr, $ty:ty) => {{
        let data: &[u8] = $data;
        match decode::<$ty>(data) {
            Ok(value) => {
                assert_eq!(frame_len(data, $first).unwrap(), Some(data.len()));
                let canonical = value.encode_to_vec().expect("a decoded message encodes");
                assert_eq!(canonical.len(), value.encoded_len());
                let again = decode::<$ty>(&canonical).expect("its encoding decodes");
                assert_eq!(
                    again.encode_to_vec().unwrap(),
                    canonical,
                    "not a fixed point"
                );
            }
            Err(err) => check_error(&err, data.len()),
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    check!(data, false, Message<Request<'_>>);
    check!(data, false, Message<Response<'_>>);
    check!(data, false, Message<HeartbeatRequest>);
    check!(data, false, Message<TablesGetRequest>);
    check!(data, false, Message<TablesGetResponse<'_>>);
    check!(data, false, Message<TableGetRequest<'_>>);
    check!(data, false, Message<TableGetResponse>);
    check!(data, false, Message<TupleRequest<'_>>);
    check!(data, false, Message<SqlExecRequest<'_>>);
    check!(data, false, Message<ErrorCore<'_>>);
    check!(data, true, First<HandshakeRequest<'_>>);
    check!(data, true, First<HandshakeResponse<'_>>);
});

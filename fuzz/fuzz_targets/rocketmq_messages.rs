//! RocketMQ message bodies: the input is read as the MessageExt records of a PULL_MESSAGE
//! response (with and without CRC checks) and as a SEND_BATCH_MESSAGE batch body. Each record
//! that decodes encodes back to exactly its bytes (both layouts have one encoding per record)
//! and decodes again to the same record; compressed bodies inflate within the limit or fail.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::rocketmq::{BatchMessage, MessageExt, decode_batch, decode_messages};
use wire_runtime::{WireEncode, decode};

fuzz_target!(|data: &[u8]| {
    let mut at = 0;
    for message in decode_messages(data) {
        match message {
            Ok(m) => {
                let bytes = m.encode_to_vec().expect("a decoded record encodes");
                assert_eq!(bytes, data[at..at + bytes.len()], "{m:?}");
                assert_eq!(decode::<MessageExt<'_>>(&bytes).unwrap(), m);
                at += bytes.len();
                let _ = m.verify_body_crc();
                let _ = m.properties.iter().count();
                if let Ok(body) = m.decompressed_body(1 << 16) {
                    assert!(body.len() <= (1 << 16).max(m.body.len()));
                }
            }
            Err(err) => check_error(&err, data.len()),
        }
    }
    assert!(decode_messages(data).check_crc(true).count() <= data.len());

    let mut at = 0;
    for message in decode_batch(data) {
        match message {
            Ok(m) => {
                let bytes = m.encode_to_vec().expect("a decoded batch message encodes");
                assert_eq!(bytes, data[at..at + bytes.len()], "{m:?}");
                assert_eq!(decode::<BatchMessage<'_>>(&bytes).unwrap(), m);
                at += bytes.len();
                let _ = m.properties.iter().count();
            }
            Err(err) => check_error(&err, data.len()),
        }
    }
});

//! RabbitMQ Stream frames: `stream::decode` on the whole input. A frame that decodes encodes
//! back to its bytes, except that the three reserved bytes of a Deliver's chunk header are
//! skipped on decode and written as zeros, and that trailing optional fields holding their
//! defaults (an empty property map, for one) are left out: the encoding may only be shorter,
//! and then it is a fixed point. Either way it decodes again to the same command, and
//! `decode_prefix` agrees with `decode`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::stream::{self, Command};

fuzz_target!(|data: &[u8]| {
    match stream::decode(data) {
        Ok(command) => {
            let bytes = stream::encode(&command).expect("a decoded frame encodes");
            assert_eq!(bytes.len(), stream::frame_encoded_len(&command));
            let mut canonical = data.to_vec();
            let chunk_at = match &command {
                Command::Deliver(_) => Some(9),
                Command::DeliverV2(_) => Some(17),
                _ => None,
            };
            if let Some(at) = chunk_at {
                canonical[at + 45..at + 48].fill(0);
            }
            assert!(bytes.len() <= data.len(), "{command:?} grew");
            if bytes.len() == data.len() {
                assert_eq!(bytes, canonical, "{command:?}");
            }
            let again = stream::decode(&bytes).expect("its encoding decodes");
            assert_eq!(again, command);
            assert_eq!(stream::encode(&again).unwrap(), bytes);
            let (prefix, used) = stream::decode_prefix(data).expect("decode_prefix agrees");
            assert_eq!((prefix, used), (command.clone(), data.len()));
            let chunk = match &command {
                Command::Deliver(deliver) => Some(&deliver.chunk),
                Command::DeliverV2(deliver) => Some(&deliver.chunk),
                _ => None,
            };
            if let Some(chunk) = chunk {
                // The chunk's records iterate to the end or to an error, never a panic.
                let _ = chunk.verify_crc();
                for record in chunk.records() {
                    if let Err(err) = record {
                        check_error(&err, data.len());
                    }
                }
            }
        }
        Err(err) => check_error(&err, data.len()),
    }
});

//! MQTT 3.1.1 and 5.0: every input is decoded as a packet of both versions. A packet that
//! decodes is the prefix `frame_len` announces and encodes back to the bytes it came from:
//! MQTT has one encoding per packet (minimal remaining lengths, fixed flags) except that 5.0
//! acks, DISCONNECT and AUTH may spell out a success reason code and an empty property list
//! that the short form leaves out, so the encoding may only be shorter, and then it is a fixed
//! point. Either way it decodes to the same packet. `mqtt::decode`, which decodes PUBLISH with
//! its own copy of the derived decoder, answers as the generic `Packet` decoder does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::mqtt::{self, Packet, Version, frame_len};
use wire_runtime::{DecodeWith, Reader};

fuzz_target!(|data: &[u8]| {
    for version in [Version::V311, Version::V5] {
        let decoded = mqtt::decode(data, version);
        let generic = Packet::decode_with_then(&mut Reader::new(data), version, |p, r| {
            (p, r.offset())
        });
        assert_eq!(decoded, generic);
        match decoded {
            Ok((packet, used)) => {
                assert_eq!(frame_len(data, usize::MAX).unwrap(), Some(used));
                let bytes = mqtt::encode(&packet, version).expect("a decoded packet encodes");
                assert!(bytes.len() <= used, "{version:?} {packet:?} grew");
                if bytes.len() == used {
                    assert_eq!(bytes, &data[..used], "{version:?} {packet:?}");
                }
                let (again, n) = mqtt::decode(&bytes, version).expect("its encoding decodes");
                assert_eq!((&again, n), (&packet, bytes.len()));
                assert_eq!(mqtt::encode(&again, version).unwrap(), bytes);
            }
            Err(err) => check_error(&err, data.len()),
        }
    }
});

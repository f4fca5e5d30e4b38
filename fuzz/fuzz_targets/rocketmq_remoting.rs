//! RocketMQ remoting frames, with either header (JSON or the binary ROCKETMQ layout, as the
//! high byte of the header word says). A frame that decodes re-encodes with its own header type
//! to bytes that decode to the same command and encode to the same bytes again (a fixed point:
//! JSON headers are re-serialised in our key order, binary extFields in their wire order), and
//! `frame_len` announces its length. Encoded with the other header type it reaches a fixed
//! point too, but need not decode to the same command: the binary header has no empty remark
//! or empty extFields distinct from none, which JSON has. extFields (validated lazily) are
//! looked up without a panic. Only a JSON header whose code or version does not fit an `i16`
//! may fail to encode, and only as a binary header. `decode` (a path of its own for whole
//! frames) gives what the derived decoder gives, and `decode_with_header` what `decode` and
//! `custom_header` give, command and typed header, or the same error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::rocketmq::{
    self, GetKvConfigRequestHeader, RemotingCommand, SerializeType, frame_len,
};
use wire_runtime::decode;

fuzz_target!(|data: &[u8]| {
    match (rocketmq::decode(data), decode::<RemotingCommand<'_>>(data)) {
        (Ok(fast), Ok(derived)) => assert_eq!(fast, derived),
        (Err(fast), Err(derived)) => assert_eq!(fast.to_string(), derived.to_string()),
        (fast, derived) => panic!("{fast:?} but {derived:?}"),
    }
    let fused = rocketmq::decode_with_header::<GetKvConfigRequestHeader<'_>>(data);
    match (rocketmq::decode(data), fused) {
        (Ok(command), fused) => match (command.custom_header(), fused) {
            (Ok(header), Ok((fused, fused_header))) => {
                assert_eq!(fused, command);
                assert_eq!(fused_header, header);
            }
            (Err(err), Err(fused)) => assert_eq!(fused.to_string(), err.to_string()),
            (apart, fused) => panic!("{apart:?} but {fused:?}"),
        },
        (Err(err), fused) => assert_eq!(fused.unwrap_err().to_string(), err.to_string()),
    }
    let command = match rocketmq::decode(data) {
        Ok(command) => command,
        Err(err) => {
            check_error(&err, data.len());
            return;
        }
    };
    assert_eq!(frame_len(data, usize::MAX).ok().flatten(), Some(data.len()));
    let own = if data[4] == 0 {
        SerializeType::Json
    } else {
        SerializeType::RocketMq
    };
    for key in ["topic", "queueId", "a", ""] {
        let _ = command.ext(key);
    }
    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        let bytes = match command.to_vec(serialize_type) {
            Ok(bytes) => bytes,
            // A JSON header's code and version are `i32`; the binary header has `i16` for them.
            Err(_) if serialize_type != own && !fits_binary_header(&command) => continue,
            Err(err) => panic!("a decoded command encodes: {err:?}"),
        };
        let again = rocketmq::decode(&bytes).expect("its encoding decodes");
        if serialize_type == own {
            assert_eq!(again, command, "{serialize_type:?}");
        }
        assert_eq!(
            again.to_vec(serialize_type).unwrap(),
            bytes,
            "not a fixed point"
        );
        assert_eq!(rocketmq::decode(&bytes).unwrap(), again);
    }
});

fn fits_binary_header(command: &rocketmq::RemotingCommand<'_>) -> bool {
    i16::try_from(command.code()).is_ok() && i16::try_from(command.version()).is_ok()
}

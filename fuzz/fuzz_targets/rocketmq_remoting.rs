//! RocketMQ remoting frames, with either header (JSON or the binary ROCKETMQ layout). A frame
//! that decodes re-encodes with its own header type to bytes that decode to the same command
//! and encode to the same bytes again (a fixed point: JSON headers are re-serialised in our
//! key order, binary extFields in their wire order). Encoded with the other header type it
//! reaches a fixed point too, but need not decode to the same command: the binary header has
//! no empty remark or empty extFields distinct from none, which JSON has. The extFields
//! (validated lazily) iterate and the typed custom headers convert, or fail, without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::rocketmq::{
    self, Frame, GetMaxOffsetRequestHeader, Header, PullMessageRequestHeader,
    SendMessageRequestHeaderV2, SendMessageResponseHeader, SerializeType, frame_len,
};

fuzz_target!(|data: &[u8]| {
    let frame = match wire_runtime::decode::<Frame<'_>>(data) {
        Ok(frame) => frame,
        Err(err) => {
            check_error(&err, data.len());
            assert!(rocketmq::decode(data).is_err());
            return;
        }
    };
    assert_eq!(frame_len(data, usize::MAX).ok().flatten(), Some(data.len()));
    let own = match frame.header {
        Header::Json(_) => SerializeType::Json,
        Header::RocketMq(_) => SerializeType::RocketMq,
    };
    let command = rocketmq::decode(data).expect("decode agrees with Frame");

    if let Some(ext) = &command.ext_fields {
        for (key, value) in ext.iter() {
            assert!(ext.get(&key).is_some(), "{key}={value}");
        }
    }
    let _ = command.header::<SendMessageRequestHeaderV2<'_>>();
    let _ = command.header::<SendMessageResponseHeader<'_>>();
    let _ = command.header::<PullMessageRequestHeader<'_>>();
    let _ = command.header::<GetMaxOffsetRequestHeader<'_>>();

    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        let bytes = command
            .to_vec(serialize_type)
            .expect("a decoded command encodes");
        assert_eq!(bytes.len(), command.encoded_len(serialize_type));
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

//! Apache RocketMQ remoting: the frames clients, name servers and brokers exchange, declared
//! with the derive, and the message bodies they carry.
//!
//! A frame is an `i32` length (of what follows), an `i32` packing the header's serialize type
//! (high byte: 0 JSON, 1 ROCKETMQ) with its length (low 24 bits), the header, and the body:
//! [`RemotingCommand`], whatever the header's serialization, borrowed from the frame, with
//! [`HeaderWord`] and [`Header`]; encoding picks the header's serialization. Custom headers travel as
//! extFields strings; the typed ones here ([`SendMessageRequestHeaderV2`] and others) convert
//! from and to them; [`decode_with_header`] reads a frame and its typed header in one pass
//! over the extFields. PULL_MESSAGE bodies hold [`MessageExt`] records ([`decode_messages`]),
//! SEND_BATCH_MESSAGE bodies [`BatchMessage`]s.
//!
//! ```
//! use wire_protocols::rocketmq::{
//!     self, RemotingCommand, RequestCode, SendMessageRequestHeaderV2, SerializeType,
//! };
//!
//! let header = SendMessageRequestHeaderV2 {
//!     producer_group: "group".into(),
//!     topic: "TopicTest".into(),
//!     default_topic: "TBW102".into(),
//!     default_topic_queue_nums: 4,
//!     properties: Some("KEYS\u{1}k1\u{2}".into()),
//!     ..Default::default()
//! };
//! let request = RemotingCommand::request(RequestCode::SendMessageV2, 1)
//!     .with_header(&header)
//!     .with_body(b"hello");
//! let frame = request.to_vec(SerializeType::RocketMq)?;
//!
//! let decoded = rocketmq::decode(&frame)?;
//! assert_eq!(decoded.request_code(), RequestCode::SendMessageV2);
//! assert_eq!(decoded.custom_header::<SendMessageRequestHeaderV2<'_>>()?, header);
//! assert_eq!(decoded.body(), b"hello");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod batch;
mod binary;
mod codes;
mod command;
mod ext;
mod frame;
mod framing;
mod headers;
mod json;
mod json_header;
mod json_pairs;
mod json_unescape;
mod message;
mod properties;
mod with_header;

pub use batch::{BatchMessage, BatchMessages, decode_batch, encode_batch};
pub use binary::BinaryHeader;
pub use codes::{FLAG_ONEWAY, FLAG_RESPONSE, Flags, LanguageCode, RequestCode, ResponseCode};
pub use command::{DEFAULT_VERSION, RemotingCommand};
pub use ext::{ExtEntry, ExtFields, ExtVisitor, Iter as ExtFieldsIter};
pub use frame::{Header, HeaderWord, SerializeType, WireHeader};
pub use framing::{DEFAULT_MAX_FRAME, FrameSplitter, InFlight, RemotingFrames, frame_len};
pub use headers::{
    CreateTopicRequestHeader, CustomHeader, ExtSource, GetKvConfigRequestHeader,
    GetKvConfigResponseHeader, GetMaxOffsetRequestHeader, GetMaxOffsetResponseHeader,
    GetRouteInfoRequestHeader, HeaderValue, PullMessageRequestHeader, PullMessageResponseHeader,
    PutKvConfigRequestHeader, SendMessageRequestHeader, SendMessageRequestHeaderV2,
    SendMessageResponseHeader,
};
pub use json_header::JsonHeader;
pub use message::{
    BLANK_MAGIC, CompressionType, HostAddr, MESSAGE_MAGIC_V1, MESSAGE_MAGIC_V2, MessageExt,
    MessageVersion, Messages, SysFlag, Topic, TransactionType, body_crc, decode_messages,
};
pub use properties::{
    NAME_VALUE_SEPARATOR, PROPERTY_SEPARATOR, Properties, PropertiesBuf, PropertiesIter, names,
};

#[cfg(feature = "tokio")]
pub use framing::RemotingCodec;
pub use with_header::decode_with_header;

#[doc(hidden)]
pub use headers::{bad_value as __bad_value, missing as __missing};

use wire_runtime::{DecodeError, Reader, WireDecode};

/// Decodes one whole frame (length prefix included); bytes after it are an error.
///
/// The same as `wire_runtime::decode::<RemotingCommand>`, errors included, read by a path of
/// its own for a whole frame: the length and header word directly, the binary header's fixed
/// fields and remark as a derived `BinaryHeaderParts`, and its extFields section in one walk
/// (with the derived decoder's envelope and its section walked through a `Reader`, the
/// SEND_MESSAGE_V2 frame took 55 ns against 42 ns). On an error the frame is decoded again by
/// the derived decoder, whose error names the field and offset.
#[inline]
pub fn decode(frame: &[u8]) -> Result<RemotingCommand<'_>, DecodeError> {
    with_header::read_frame::<with_header::Skip>(frame, None)
        .or_else(|_| with_header::derived(frame))
}

/// Decodes the frame at the front of `input`; returns it and the bytes it took. Running out of
/// input is an `Incomplete` error, so this also works on a partial stream.
#[inline]
pub fn decode_prefix(input: &[u8]) -> Result<(RemotingCommand<'_>, usize), DecodeError> {
    let mut r = Reader::new(input);
    let command = RemotingCommand::decode(&mut r)?;
    Ok((command, r.offset()))
}

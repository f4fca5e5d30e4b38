//! MQTT 3.1.1 (protocol level 4) and 5.0 (level 5): every control packet, declared with the
//! derive.
//!
//! Decoding takes the protocol version as context: the caller knows it from the CONNECT that
//! opened the connection ([`Connect::version`] tells it for a CONNECT itself).
//!
//! ```
//! use wire_protocols::mqtt::{self, Packet, Version};
//!
//! // PUBLISH QoS 1, topic "a/b", packet id 10, payload "hi"
//! let bytes = [0x32, 0x09, 0x00, 0x03, b'a', b'/', b'b', 0x00, 0x0a, b'h', b'i'];
//! let (packet, used) = mqtt::decode(&bytes, Version::V311)?;
//! assert_eq!(used, bytes.len());
//! let Packet::Publish { flags, publish } = &packet else { panic!("not a PUBLISH") };
//! assert_eq!((publish.topic.as_str(), publish.packet_id, publish.payload), ("a/b", Some(10), &b"hi"[..]));
//! assert_eq!(mqtt::encode(&packet, Version::V311)?, bytes);
//! # let _ = flags;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod acks;
mod connect;
mod filter;
mod framing;
mod header;
mod packet;
mod properties;
mod publish;
mod reason;
mod strings;
mod subscribe;
mod version;

pub use acks::{Auth, Disconnect, PubAck, PubComp, PubRec, PubRel};
pub use connect::{ConnAck, ConnAckFlags, Connect, ConnectFlags, ConnectReturnCode, Will};
pub use filter::TopicFilter;
pub use framing::{FrameSplitter, MAX_PACKET_LEN, MqttFrames, frame_len};
pub use header::{Empty, FixedHeader, PublishFlags, QoS};
pub use packet::{Packet, decode, encode};
pub use properties::Iter as PropertyIter;
pub use properties::{Properties, Property, PropertyScope};
pub use publish::Publish;
pub use reason::ReasonCode;
pub use strings::{Binary, StringError, TopicName, Utf8Str};
pub use subscribe::{
    RetainHandling, SubAck, Subscribe, SubscriptionOptions, UnsubAck, Unsubscribe,
};
pub use version::Version;

#[cfg(feature = "tokio")]
pub use framing::MqttCodec;

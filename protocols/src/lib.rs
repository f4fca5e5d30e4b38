//! # wire-protocols
//!
//! Message layouts of real protocols, declared with `wire`'s derive:
//!
//! - [`mqtt`]: MQTT 3.1.1 and 5.0, every control packet.
//! - [`stream`]: the RabbitMQ Stream protocol, every command, and the osiris chunks of Deliver.
//! - [`ignite`]: the Apache Ignite 3 thin-client protocol, msgpack values in a length envelope.
//! - [`rocketmq`]: Apache RocketMQ remoting frames (JSON and binary headers), typed custom
//!   headers, and the message bodies of PULL_MESSAGE and SEND_BATCH_MESSAGE.
//!
//! Each decodes borrowing from the input and checks the protocol's own rules:
//!
//! ```
//! use wire_protocols::mqtt::{self, Packet, Version};
//!
//! let frame = [0x30, 0x08, 0x00, 0x03, b'a', b'/', b'b', b'h', b'i', b'!'];
//! let (packet, used) = mqtt::decode(&frame, Version::V311)?;
//! let Packet::Publish { publish, .. } = packet else { unreachable!() };
//! assert_eq!((publish.topic.as_str(), publish.payload, used), ("a/b", &b"hi!"[..], 10));
//! assert_eq!(mqtt::encode(&Packet::Publish { flags: Default::default(), publish }, Version::V311)?, frame);
//! // A wildcard in a topic name is malformed, and the error says where.
//! let err = mqtt::decode(&[0x30, 0x04, 0x00, 0x01, b'#', b'!'], Version::V311).unwrap_err();
//! assert_eq!(err.offset(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! None is on by default. Each, with what it pulls in:
//!
//! | feature | gives | pulls in |
//! |---|---|---|
//! | `tokio` | a `tokio_util` codec per protocol, over `wire_runtime::framing::FrameCodec` | `wire-runtime/tokio` (`tokio-util`'s `codec`) |
//! | `serde` | `Serialize`, and `Deserialize` from a `Document` that owns what the values borrow | `serde` with `derive` |
//! | `gzip` | decompression of gzip sub-batches in Stream chunks | `flate2` |
//! | `zlib` | decompression of zlib-compressed RocketMQ bodies | `flate2` |
//!
//! The crate declares Rust 1.85 (`rust-version`); CI builds it with 1.95.
#![warn(missing_docs)]

pub mod amqp;
pub mod ignite;
pub mod mqtt;
pub mod rocketmq;
pub mod stream;

#[doc(hidden)]
pub use wire_runtime as __wire;

#[cfg(feature = "serde")]
pub mod document;
#[cfg(feature = "serde")]
pub mod hex;

#[cfg(feature = "serde")]
pub use document::Document;

//! # wire-protocols
//!
//! Message layouts of real protocols, declared with `wire`'s derive:
//!
//! - [`mqtt`]: MQTT 3.1.1 and 5.0, every control packet.
//! - [`stream`]: the RabbitMQ Stream protocol, every command, and the osiris chunks of Deliver.
//! - [`ignite`]: the Apache Ignite 3 thin-client protocol, msgpack values in a length envelope.
//! - [`rocketmq`]: Apache RocketMQ remoting frames (JSON and binary headers), typed custom
//!   headers, and the message bodies of PULL_MESSAGE and SEND_BATCH_MESSAGE.
#![warn(missing_docs)]

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

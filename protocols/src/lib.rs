//! # wire-protocols
//!
//! Message layouts of real protocols, declared with `wire`'s derive:
//!
//! - [`mqtt`]: MQTT 3.1.1 and 5.0, every control packet.
//! - [`stream`]: the RabbitMQ Stream protocol, every command, and the osiris chunks of Deliver.
//! - [`ignite`]: the Apache Ignite 3 thin-client protocol, msgpack values in a length envelope.
#![warn(missing_docs)]

pub mod ignite;
pub mod mqtt;
pub mod stream;

#[cfg(feature = "serde")]
pub mod hex;

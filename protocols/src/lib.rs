//! # wire-protocols
//!
//! Message layouts of real protocols, declared with `wire`'s derive:
//!
//! - [`mqtt`]: MQTT 3.1.1 and 5.0, every control packet.
#![warn(missing_docs)]

pub mod mqtt;

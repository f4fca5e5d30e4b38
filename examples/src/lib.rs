//! Small tokio clients written only with wire's codecs: what a user builds on `wire-protocols`,
//! and what the interop tests drive the real brokers with.
//!
//! - [`stream`]: a RabbitMQ Stream client; `stream-client` publishes and consumes with it.
//! - [`mqtt`]: an MQTT 5.0 (and 3.1.1) client; `mqtt-client` publishes and subscribes with it.
//! - [`rocketmq`]: a RocketMQ remoting client (name server and broker), as the interop tests
//!   use it.
//! - [`payload`]: the message bodies the example clients send and check.
//! - [`cli`]: the command line the example clients share with their peer-client twins in
//!   `benches/e2e`.

pub mod cli;
mod error;
pub mod mqtt;
pub mod payload;
pub mod rocketmq;
pub mod stream;

pub use error::Error;

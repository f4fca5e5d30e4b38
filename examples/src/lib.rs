//! Small tokio clients written only with wire's codecs: what a user builds on `wire-protocols`,
//! and what the interop tests drive the real brokers with.

pub mod stream;

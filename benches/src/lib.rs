//! Layouts shared by the benches, each declared twice: once with the derive (`wire`) and once
//! as careful hand-written `bytes` code (`hand`), producing the same values and bytes.

pub mod amqp;
pub mod checksums;
pub mod delimited;
pub mod entry;
pub mod mqtt;
pub mod mqtt_connect;
mod mqtt_hand;
pub mod mqtt_publish;
pub mod msgpack;
pub mod rocketmq;
pub mod rocketmq_json_hand;
pub mod rocketmq_remoting;
pub mod seeds;
pub mod stats;
pub mod stream;

/// UTF-8 validation with an ASCII fast path, as careful hand-written decoders do it.
#[inline]
pub fn utf8(bytes: &[u8]) -> Option<&str> {
    if bytes.iter().fold(0u8, |acc, b| acc | b) < 0x80 {
        // SAFETY: all bytes are ASCII, which is valid UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).ok()
}

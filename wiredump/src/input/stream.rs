//! One captured or raw byte stream, and what it tells of its protocol.

use crate::cli::{Ports, Protocol, Side};

/// One direction of one connection (or the whole raw input).
#[derive(Debug, Clone)]
pub struct Stream {
    /// Where the bytes come from, for headings (`127.0.0.1:50000 -> 127.0.0.1:1883`).
    pub label: String,
    /// The bytes, frames back to back.
    pub bytes: Vec<u8>,
    /// Which side sent them.
    pub side: Side,
    /// Source and destination ports, for a captured connection.
    pub ports: Option<(u16, u16)>,
    /// For a captured connection: the first bytes the client sent (to tell MQTT versions).
    pub client_start: Vec<u8>,
}

impl Stream {
    /// A raw input sent by `side`.
    pub fn raw(label: String, bytes: Vec<u8>, side: Side) -> Self {
        Stream {
            label,
            bytes,
            side,
            ports: None,
            client_start: Vec::new(),
        }
    }

    /// The protocol of a captured connection, from its server port (`ports`); MQTT's version
    /// from the client's CONNECT when it is in the capture.
    pub fn port_protocol(&self, ports: &Ports) -> Option<Protocol> {
        let (src, dst) = self.ports?;
        let protocol = ports.protocol(dst).or_else(|| ports.protocol(src))?;
        if protocol == Protocol::Mqtt5 && mqtt_connect_level(&self.client_start) == Some(4) {
            return Some(Protocol::Mqtt);
        }
        Some(protocol)
    }
}

/// The protocol level of a CONNECT at the front of `bytes`.
fn mqtt_connect_level(bytes: &[u8]) -> Option<u8> {
    if bytes.first()? >> 4 != 1 {
        return None;
    }
    let (_, used) = wire_runtime::decode_prefix::<wire_runtime::int::Vbi>(bytes.get(1..)?).ok()?;
    // Protocol name "MQTT" (2 + 4 bytes), then the level.
    bytes.get(1 + used + 6).copied()
}

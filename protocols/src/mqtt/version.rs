//! The protocol version every packet's layout depends on.

/// The protocol version, from CONNECT's protocol level byte.
#[derive(
    wire_runtime::WireDecode, wire_runtime::WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash,
)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u8)]
pub enum Version {
    /// MQTT 3.1.1, protocol level 4.
    V311 = 4,
    /// MQTT 5.0, protocol level 5.
    V5 = 5,
}

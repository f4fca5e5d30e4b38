//! Connection set-up and upkeep: peer properties, SASL, tuning, open, close, heartbeats and
//! command-version negotiation.

use super::types::{Properties, ResponseCode};
use wire_runtime::{WireDecode, WireEncode};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// PeerProperties (0x0011): the client's properties (product, version, ...).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PeerProperties<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The properties.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Properties<'a>,
}

/// The response to PeerProperties (0x8011): the server's properties.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PeerPropertiesResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The server's properties.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Properties<'a>,
}

/// SaslHandshake (0x0012): asks for the SASL mechanisms (no other field, whatever older
/// versions of PROTOCOL.adoc say).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SaslHandshake {
    /// Matches the response.
    pub correlation_id: u32,
}

/// The response to SaslHandshake (0x8012).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SaslHandshakeResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// Mechanisms offered (`PLAIN`, `AMQPLAIN`, ...).
    #[wire(count = i32, item(len = i16))]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub mechanisms: Vec<&'a str>,
}

/// SaslAuthenticate (0x0013): a mechanism and its data (PLAIN: `\0user\0password`).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SaslAuthenticate<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The mechanism.
    #[wire(len = i16)]
    pub mechanism: &'a str,
    /// Its data; `None` is written as length -1.
    #[wire(len = i32, nullable)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize_option",
            deserialize_with = "crate::hex::deserialize_option"
        )
    )]
    pub sasl_data: Option<&'a [u8]>,
}

/// The response to SaslAuthenticate (0x8013). The server sends a challenge only with code
/// `SaslChallenge`, with an `i16` length (its encoder's `?STRING`, not the `bytes` of
/// PROTOCOL.adoc); otherwise the frame ends after the code.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SaslAuthenticateResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The challenge; empty when the frame ends after the code, which is how the server
    /// sends "no challenge" (it never sends an empty one).
    #[wire(optional, len = i16)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub challenge: &'a [u8],
}

/// Tune (0x0014 from the server, 0x8014 as the client's reply): maximum frame size and
/// heartbeat period in seconds (0 = none); no correlation id.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Tune {
    /// Largest frame, in bytes (0 = unlimited).
    pub frame_max: u32,
    /// Heartbeat period, in seconds (0 = none).
    pub heartbeat: u32,
}

/// Open (0x0015): open a virtual host.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Open<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The virtual host (`/` by default).
    #[wire(len = i16)]
    pub virtual_host: &'a str,
}

/// The response to Open (0x8015). The server leaves out empty connection properties.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct OpenResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// `advertised_host`, `advertised_port`, ...; may be absent.
    #[wire(optional)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub connection_properties: Properties<'a>,
}

/// Close (0x0016, either side).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Close<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// Why (a response code; `Ok` for a normal close).
    pub closing_code: ResponseCode,
    /// Free text.
    #[wire(len = i16)]
    pub closing_reason: &'a str,
}

/// One command's supported version range, for ExchangeCommandVersions.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct CommandVersion {
    /// The command key.
    pub key: u16,
    /// Oldest version.
    pub min_version: u16,
    /// Newest version.
    pub max_version: u16,
}

/// ExchangeCommandVersions (0x001b): the client's version ranges.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ExchangeCommandVersions {
    /// Matches the response.
    pub correlation_id: u32,
    /// The client's ranges.
    #[wire(count = i32)]
    pub commands: Vec<CommandVersion>,
}

/// The response to ExchangeCommandVersions (0x801b): the server's ranges.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ExchangeCommandVersionsResponse {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The server's ranges.
    #[wire(count = i32)]
    pub commands: Vec<CommandVersion>,
}

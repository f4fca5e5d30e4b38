//! The handshake: the first message in each direction (after the `IGNI` magic).

use super::messages::{ErrorCore, Extension};
use super::types::Uuid;
use wire_runtime::{WireDecode, WireEncode};

/// The client's handshake.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct HandshakeRequest<'a> {
    /// Protocol version, 3.0.0 today.
    pub major: i16,
    /// Minor version.
    pub minor: i16,
    /// Patch version.
    pub patch: i16,
    /// 2 for a general-purpose client.
    pub client_type: i32,
    /// Feature bits (`BitSet.toByteArray`).
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub features: &'a [u8],
    /// `authn-type`, `authn-identity`, `authn-secret`, ...
    #[wire(counted)]
    pub extensions: Vec<Extension<'a>>,
}

/// The server product version.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct ProductVersion<'a> {
    /// Major.
    pub major: u8,
    /// Minor.
    pub minor: u8,
    /// Maintenance.
    pub maintenance: u8,
    /// Patch, or nil.
    pub patch: Option<u8>,
    /// Pre-release tag, or nil.
    pub pre_release: Option<&'a str>,
}

/// What a successful handshake response carries after the version.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct HandshakeDetails<'a> {
    /// Idle timeout in milliseconds.
    pub idle_timeout_ms: i64,
    /// The node's id.
    pub node_id: Uuid,
    /// The node's name.
    pub node_name: &'a str,
    /// The cluster's ids (at least one).
    #[wire(counted)]
    pub cluster_ids: Vec<Uuid>,
    /// The cluster's name.
    pub cluster_name: &'a str,
    /// Observable timestamp.
    pub observable_timestamp: i64,
    /// Server product version.
    pub version: ProductVersion<'a>,
    /// Feature bits.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub features: &'a [u8],
    /// Extensions.
    #[wire(counted)]
    pub extensions: Vec<Extension<'a>>,
}

/// The server's handshake: the version, then nil and the details, or the error block.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack, validate = if error.is_some() == details.is_some() { Err("a handshake response has either an error or the details") } else { Ok(()) })]
pub struct HandshakeResponse<'a> {
    /// Protocol version.
    pub major: i16,
    /// Minor version.
    pub minor: i16,
    /// Patch version.
    pub patch: i16,
    /// nil on success.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub error: Option<ErrorCore<'a>>,
    /// Present when there is no error.
    #[wire(if = error.is_none())]
    pub details: Option<HandshakeDetails<'a>>,
}

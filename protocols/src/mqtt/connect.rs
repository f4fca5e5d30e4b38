//! CONNECT (3.1) and CONNACK (3.2).

use super::header::QoS;
use super::properties::{Properties, PropertyScope};
use super::reason::ReasonCode;
use super::strings::{Binary, TopicName, Utf8Str};
use super::version::Version;
use wire_runtime::{WireDecode, WireEncode};

/// The Connect Flags byte; bit 0 is reserved and must be 0 ([MQTT-3.1.2-3]).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(bits = u8, reserved(bits = 0..1, value = 0))]
pub struct ConnectFlags {
    /// A user name follows.
    #[wire(bit = 7)]
    pub username: bool,
    /// A password follows.
    #[wire(bit = 6)]
    pub password: bool,
    /// Retain the will message.
    #[wire(bit = 5)]
    pub will_retain: bool,
    /// QoS of the will message.
    #[wire(bits = 3..5)]
    pub will_qos: QoS,
    /// A will message follows.
    #[wire(bit = 2)]
    pub will: bool,
    /// Clean Session (3.1.1) / Clean Start (5.0).
    #[wire(bit = 1)]
    pub clean_start: bool,
}

/// The will message, present when the will flag is set.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version))]
pub struct Will<'a> {
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::Will)]
    pub properties: Option<Properties<'a>>,
    /// Topic the will is published to.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub topic: TopicName<'a>,
    /// The will message.
    pub payload: Binary<'a>,
}

/// The body of a CONNECT. Its protocol level decides its own layout, whatever version the
/// caller passed.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(magic = b"\x00\x04MQTT", validate = check(version, flags, will, username, password))]
pub struct Connect<'a> {
    /// Protocol level: 4 (3.1.1) or 5 (5.0); anything else is rejected.
    pub version: Version,
    /// Which optional parts follow, and the will's QoS and retain flags.
    pub flags: ConnectFlags,
    /// Seconds; 0 turns keep-alive off.
    pub keep_alive: u16,
    /// 5.0 only.
    #[wire(if = *version == Version::V5, ctx = PropertyScope::Connect)]
    pub properties: Option<Properties<'a>>,
    /// Client identifier; may be empty.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub client_id: Utf8Str<'a>,
    /// Present exactly when the will flag is set.
    #[wire(if = flags.will, ctx = *version)]
    pub will: Option<Will<'a>>,
    /// Present exactly when the user name flag is set.
    #[wire(if = flags.username)]
    pub username: Option<Utf8Str<'a>>,
    /// Present exactly when the password flag is set.
    #[wire(if = flags.password)]
    pub password: Option<Binary<'a>>,
}

#[inline]
fn check(
    version: &Version,
    flags: &ConnectFlags,
    _will: &Option<Will<'_>>,
    _username: &Option<Utf8Str<'_>>,
    _password: &Option<Binary<'_>>,
) -> Result<(), &'static str> {
    if !flags.will && (flags.will_qos != QoS::AtMostOnce || flags.will_retain) {
        return Err("will QoS or will retain set without the will flag");
    }
    if *version == Version::V311 && flags.password && !flags.username {
        return Err("password flag without user name flag (3.1.1)");
    }
    Ok(())
}

/// The Connect Acknowledge Flags: bits 7-1 reserved ([MQTT-3.2.2-1]).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(bits = u8, reserved(bits = 1..8, value = 0))]
pub struct ConnAckFlags {
    /// The server has a session for this client.
    #[wire(bit = 0)]
    pub session_present: bool,
}

/// 3.1.1 CONNACK return codes (3.2.2.3); unknown values stay visible.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u8)]
pub enum ConnectReturnCode {
    /// 0: connection accepted.
    #[default]
    #[wire(tag = 0)]
    Accepted,
    /// 1: the server does not support the protocol level.
    #[wire(tag = 1)]
    UnacceptableProtocolVersion,
    /// 2: client identifier not allowed.
    #[wire(tag = 2)]
    IdentifierRejected,
    /// 3: MQTT service unavailable.
    #[wire(tag = 3)]
    ServerUnavailable,
    /// 4: bad user name or password.
    #[wire(tag = 4)]
    BadUserNameOrPassword,
    /// 5: not authorized.
    #[wire(tag = 5)]
    NotAuthorized,
    /// Reserved values.
    #[wire(other)]
    Unknown(u8),
}

/// The body of a CONNACK: a 3.1.1 return code or a 5.0 reason code and properties.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version), validate = session_only_on_success(flags, return_code, reason))]
pub struct ConnAck<'a> {
    /// Session present.
    pub flags: ConnAckFlags,
    /// 3.1.1 only.
    #[wire(if = version == Version::V311)]
    pub return_code: Option<ConnectReturnCode>,
    /// 5.0 only.
    #[wire(if = version == Version::V5)]
    pub reason: Option<ReasonCode>,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::ConnAck)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Option<Properties<'a>>,
}

/// A refused connection has no session ([MQTT-3.2.2-4], 5.0 3.2.2.1.1).
fn session_only_on_success(
    flags: &ConnAckFlags,
    return_code: &Option<ConnectReturnCode>,
    reason: &Option<ReasonCode>,
) -> Result<(), &'static str> {
    let refused = return_code.is_some_and(|c| c != ConnectReturnCode::Accepted)
        || reason.is_some_and(|r| r != ReasonCode::Success);
    if flags.session_present && refused {
        return Err("session present on a refused connection");
    }
    Ok(())
}

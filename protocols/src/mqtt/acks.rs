//! PUBACK, PUBREC, PUBREL, PUBCOMP, DISCONNECT and AUTH: a reason code and properties that 5.0
//! may leave out when they hold their defaults (the short forms).

use super::properties::{Properties, PropertyScope};
use super::reason::ReasonCode;
use super::version::Version;
use wire_runtime::{WireDecode, WireEncode};

#[inline]
fn nonzero_id(packet_id: u16) -> Result<(), &'static str> {
    if packet_id == 0 {
        Err("packet id 0")
    } else {
        Ok(())
    }
}

macro_rules! ack {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[wire(ctx(version: Version), validate = nonzero_id(*packet_id))]
        pub struct $name<'a> {
            /// The packet id being acknowledged; never 0.
            pub packet_id: u16,
            /// 5.0 only: omitted on the wire when `Success` and there are no properties.
            #[wire(optional, if = version == Version::V5)]
            pub reason: ReasonCode,
            /// 5.0 only: omitted on the wire when empty.
            #[wire(optional, if = version == Version::V5, ctx = PropertyScope::PubAckFamily)]
            #[cfg_attr(feature = "serde", serde(borrow))]
            pub properties: Properties<'a>,
        }
    };
}

ack!(
    /// PUBACK (3.4): QoS 1 delivered.
    PubAck
);
ack!(
    /// PUBREC (3.5): QoS 2 received, part 1.
    PubRec
);
ack!(
    /// PUBREL (3.6): QoS 2 release, part 2.
    PubRel
);
ack!(
    /// PUBCOMP (3.7): QoS 2 complete, part 3.
    PubComp
);

/// DISCONNECT (3.14). Empty in 3.1.1; in 5.0 a reason code and properties, both omitted when
/// they hold their defaults.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version))]
pub struct Disconnect<'a> {
    /// Why the connection closes; `Success` is a normal disconnection. 5.0 only.
    #[wire(optional, if = version == Version::V5)]
    pub reason: ReasonCode,
    /// Properties; 5.0 only.
    #[wire(optional, if = version == Version::V5, ctx = PropertyScope::Disconnect)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Properties<'a>,
}

/// AUTH (3.15, 5.0 only): a reason code and properties, both omitted when they hold their
/// defaults.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(validate = match reason {
    ReasonCode::Success | ReasonCode::ContinueAuthentication | ReasonCode::ReAuthenticate => Ok(()),
    _ => Err("AUTH reason code other than 0x00, 0x18, 0x19"),
})]
pub struct Auth<'a> {
    /// 0x00 Success, 0x18 Continue authentication, 0x19 Re-authenticate.
    #[wire(optional)]
    pub reason: ReasonCode,
    /// Properties.
    #[wire(optional, ctx = PropertyScope::Auth)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Properties<'a>,
}

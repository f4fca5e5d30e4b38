//! MQTT 5.0 properties (Table 2-4): an identifier and a typed value, in a section whose length
//! is a Variable Byte Integer.

use super::strings::{Binary, Utf8Str};
use wire_runtime::{Vbi, WireDecode, WireEncode};

/// One property. An identifier this crate does not know is malformed ([MQTT-2.2.2-2]).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = vbi)]
pub enum Property<'a> {
    /// 0x01: 0 = unspecified bytes, 1 = UTF-8.
    #[wire(tag = 0x01)]
    PayloadFormatIndicator(bool),
    /// 0x02: seconds.
    #[wire(tag = 0x02)]
    MessageExpiryInterval(u32),
    /// 0x03
    #[wire(tag = 0x03)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    ContentType(Utf8Str<'a>),
    /// 0x08
    #[wire(tag = 0x08)]
    ResponseTopic(Utf8Str<'a>),
    /// 0x09
    #[wire(tag = 0x09)]
    CorrelationData(Binary<'a>),
    /// 0x0B: 1 to 268 435 455.
    #[wire(tag = 0x0b, validate = if id.0 == 0 { Err("subscription identifier 0") } else { Ok(()) })]
    SubscriptionIdentifier {
        /// The identifier.
        #[cfg_attr(
            feature = "serde",
            serde(
                serialize_with = "crate::hex::vbi",
                deserialize_with = "crate::hex::deserialize_vbi"
            )
        )]
        id: Vbi,
    },
    /// 0x11: seconds.
    #[wire(tag = 0x11)]
    SessionExpiryInterval(u32),
    /// 0x12
    #[wire(tag = 0x12)]
    AssignedClientIdentifier(Utf8Str<'a>),
    /// 0x13: seconds.
    #[wire(tag = 0x13)]
    ServerKeepAlive(u16),
    /// 0x15
    #[wire(tag = 0x15)]
    AuthenticationMethod(Utf8Str<'a>),
    /// 0x16
    #[wire(tag = 0x16)]
    AuthenticationData(Binary<'a>),
    /// 0x17
    #[wire(tag = 0x17)]
    RequestProblemInformation(bool),
    /// 0x18: seconds.
    #[wire(tag = 0x18)]
    WillDelayInterval(u32),
    /// 0x19
    #[wire(tag = 0x19)]
    RequestResponseInformation(bool),
    /// 0x1A
    #[wire(tag = 0x1a)]
    ResponseInformation(Utf8Str<'a>),
    /// 0x1C
    #[wire(tag = 0x1c)]
    ServerReference(Utf8Str<'a>),
    /// 0x1F
    #[wire(tag = 0x1f)]
    ReasonString(Utf8Str<'a>),
    /// 0x21: not 0.
    #[wire(tag = 0x21, validate = nonzero(*max as u32, "receive maximum 0"))]
    ReceiveMaximum {
        /// The maximum.
        max: u16,
    },
    /// 0x22
    #[wire(tag = 0x22)]
    TopicAliasMaximum(u16),
    /// 0x23: not 0.
    #[wire(tag = 0x23, validate = nonzero(*alias as u32, "topic alias 0"))]
    TopicAlias {
        /// The alias.
        alias: u16,
    },
    /// 0x24: 0 or 1.
    #[wire(tag = 0x24, validate = if *qos > 1 { Err("maximum QoS above 1") } else { Ok(()) })]
    MaximumQoS {
        /// The maximum QoS.
        qos: u8,
    },
    /// 0x25
    #[wire(tag = 0x25)]
    RetainAvailable(bool),
    /// 0x26: repeatable, order kept.
    #[wire(tag = 0x26)]
    UserProperty(
        #[cfg_attr(feature = "serde", serde(borrow))] Utf8Str<'a>,
        #[cfg_attr(feature = "serde", serde(borrow))] Utf8Str<'a>,
    ),
    /// 0x27: not 0.
    #[wire(tag = 0x27, validate = nonzero(*size, "maximum packet size 0"))]
    MaximumPacketSize {
        /// Bytes.
        size: u32,
    },
    /// 0x28
    #[wire(tag = 0x28)]
    WildcardSubscriptionAvailable(bool),
    /// 0x29
    #[wire(tag = 0x29)]
    SubscriptionIdentifierAvailable(bool),
    /// 0x2A
    #[wire(tag = 0x2a)]
    SharedSubscriptionAvailable(bool),
}

fn nonzero(value: u32, why: &'static str) -> Result<(), &'static str> {
    if value == 0 { Err(why) } else { Ok(()) }
}

/// Which packet a property list belongs to: each allows its own set ([MQTT-2.2.2-2]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PropertyScope {
    /// CONNECT
    Connect,
    /// The will properties inside CONNECT
    Will,
    /// CONNACK
    ConnAck,
    /// PUBLISH
    Publish,
    /// PUBACK, PUBREC, PUBREL, PUBCOMP
    PubAckFamily,
    /// SUBSCRIBE
    Subscribe,
    /// SUBACK
    SubAck,
    /// UNSUBSCRIBE
    Unsubscribe,
    /// UNSUBACK
    UnsubAck,
    /// DISCONNECT
    Disconnect,
    /// AUTH
    Auth,
}

/// A property list, in wire order. Decoding checks it against the packet's allow-list and
/// rejects a repeated property other than User Property (and Subscription Identifier in
/// PUBLISH).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(scope: PropertyScope), validate = check(list, scope))]
pub struct Properties<'a> {
    /// The properties, in the order they were on the wire.
    #[wire(len = vbi)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub list: Vec<Property<'a>>,
}

impl<'a> Properties<'a> {
    /// No properties.
    pub fn new() -> Self {
        Properties { list: Vec::new() }
    }

    /// A list of properties.
    pub fn from_list(list: Vec<Property<'a>>) -> Self {
        Properties { list }
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The properties with their identifiers, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Property<'a>> {
        self.list.iter()
    }
}

/// The identifiers allowed in `scope`, as a bit set (all identifiers are below 64).
const fn allowed(scope: PropertyScope) -> u64 {
    const fn set(ids: &[u32]) -> u64 {
        let mut bits = 0;
        let mut i = 0;
        while i < ids.len() {
            bits |= 1 << ids[i];
            i += 1;
        }
        bits
    }
    use PropertyScope::*;
    match scope {
        Connect => set(&[0x11, 0x15, 0x16, 0x17, 0x19, 0x21, 0x22, 0x26, 0x27]),
        Will => set(&[0x01, 0x02, 0x03, 0x08, 0x09, 0x18, 0x26]),
        ConnAck => set(&[
            0x11, 0x12, 0x13, 0x15, 0x16, 0x1a, 0x1c, 0x1f, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27,
            0x28, 0x29, 0x2a,
        ]),
        Publish => set(&[0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x23, 0x26]),
        PubAckFamily | SubAck | UnsubAck => set(&[0x1f, 0x26]),
        Subscribe => set(&[0x0b, 0x26]),
        Unsubscribe => set(&[0x26]),
        Disconnect => set(&[0x11, 0x1c, 0x1f, 0x26]),
        Auth => set(&[0x15, 0x16, 0x1f, 0x26]),
    }
}

fn check(list: &[Property<'_>], scope: PropertyScope) -> Result<(), &'static str> {
    let allowed = allowed(scope);
    let repeatable = (1u64 << 0x26)
        | if scope == PropertyScope::Publish {
            1 << 0x0b
        } else {
            0
        };
    let mut seen = 0u64;
    for property in list {
        // Every identifier the decoder knows is below 64.
        let bit = 1u64 << (property.wire_tag() & 63);
        if allowed & bit == 0 {
            return Err("property not allowed in this packet");
        }
        if seen & bit & !repeatable != 0 {
            return Err("property repeated");
        }
        seen |= bit;
    }
    Ok(())
}

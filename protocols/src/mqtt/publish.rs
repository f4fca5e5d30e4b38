//! PUBLISH (3.3).

use super::header::{PublishFlags, QoS};
use super::properties::{Properties, PropertyScope};
use super::strings::TopicName;
use super::version::Version;
use wire_runtime::{WireDecode, WireEncode, reject};

/// The body of a PUBLISH. Its layout depends on the fixed-header flags (a packet id only for
/// QoS > 0) and on the version (properties only in 5.0).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(inline, ctx(flags: PublishFlags, version: Version), validate = check(flags, self_check(topic, packet_id, properties)))]
pub struct Publish<'a> {
    /// Topic name; may be empty in 5.0 when a Topic Alias is given.
    pub topic: TopicName<'a>,
    /// Present exactly for QoS 1 and 2; never 0.
    #[wire(if = flags.qos != QoS::AtMostOnce)]
    pub packet_id: Option<u16>,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::Publish)]
    pub properties: Option<Properties<'a>>,
    /// The application message: the rest of the packet, borrowed.
    #[wire(rest)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub payload: &'a [u8],
}

#[inline(always)]
fn self_check(
    topic: &TopicName<'_>,
    packet_id: &Option<u16>,
    properties: &Option<Properties<'_>>,
) -> Result<(), &'static str> {
    // 3.1.1: never empty; 5.0: empty only when a Topic Alias stands for it.
    if topic.is_empty() && !properties.as_ref().is_some_and(Properties::has_topic_alias) {
        return reject("empty topic name without a topic alias");
    }
    if *packet_id == Some(0) {
        return reject("packet id 0");
    }
    Ok(())
}

#[inline(always)]
fn check(flags: PublishFlags, rest: Result<(), &'static str>) -> Result<(), &'static str> {
    if flags.dup && flags.qos == QoS::AtMostOnce {
        return reject("DUP set on a QoS 0 PUBLISH");
    }
    rest
}

//! SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK (3.8 to 3.11).

use super::filter::TopicFilter;
use super::header::QoS;
use super::properties::{Properties, PropertyScope};
use super::reason::ReasonCode;
use super::version::Version;
use wire_runtime::{WireDecode, WireEncode};

/// When retained messages are sent on subscribe; 3 is a protocol error.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u8)]
pub enum RetainHandling {
    /// 0: at subscribe.
    #[default]
    OnSubscribe = 0,
    /// 1: at subscribe, if the subscription is new.
    OnNewSubscription = 1,
    /// 2: never.
    Never = 2,
}

/// Subscription Options (3.8.3.1); bits 7-6 reserved. In 3.1.1 only the QoS bits may be set.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(bits = u8, reserved(bits = 6..8, value = 0))]
pub struct SubscriptionOptions {
    /// Maximum QoS.
    #[wire(bits = 0..2)]
    pub qos: QoS,
    /// 5.0: do not send my own publications back.
    #[wire(bit = 2)]
    pub no_local: bool,
    /// 5.0: keep the RETAIN flag as published.
    #[wire(bit = 3)]
    pub retain_as_published: bool,
    /// 5.0: retained message handling.
    #[wire(bits = 4..6)]
    pub retain_handling: RetainHandling,
}

#[inline]
fn nonzero_id(packet_id: u16) -> Result<(), &'static str> {
    if packet_id == 0 {
        Err("packet id 0")
    } else {
        Ok(())
    }
}

fn check_subscribe(
    packet_id: u16,
    version: Version,
    filters: &[(TopicFilter<'_>, SubscriptionOptions)],
) -> Result<(), &'static str> {
    nonzero_id(packet_id)?;
    if filters.is_empty() {
        return Err("SUBSCRIBE without a topic filter");
    }
    let plain = |o: &SubscriptionOptions| {
        SubscriptionOptions {
            qos: o.qos,
            ..Default::default()
        } == *o
    };
    if version == Version::V311 && !filters.iter().all(|(_, o)| plain(o)) {
        return Err("reserved subscription option bits set (3.1.1)");
    }
    Ok(())
}

/// The body of a SUBSCRIBE.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version), validate = check_subscribe(*packet_id, version, filters))]
pub struct Subscribe<'a> {
    /// Never 0.
    pub packet_id: u16,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::Subscribe)]
    pub properties: Option<Properties<'a>>,
    /// Topic filters with their options; at least one. Serialized as
    /// `{"filter": .., "options": ..}` objects (the `[filter, options]` pairs of earlier
    /// versions are still read).
    #[wire(rest)]
    #[cfg_attr(feature = "serde", serde(borrow, with = "named_filters"))]
    pub filters: Vec<(TopicFilter<'a>, SubscriptionOptions)>,
}

/// The body of a SUBACK: one return (3.1.1) or reason (5.0) code per filter.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version), validate = nonzero_id(*packet_id).and(if codes.is_empty() { Err("SUBACK without a return code") } else { Ok(()) }))]
pub struct SubAck<'a> {
    /// The SUBSCRIBE's packet id.
    pub packet_id: u16,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::SubAck)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Option<Properties<'a>>,
    /// Granted QoS (0x00-0x02) or failure (0x80 and up), per filter.
    #[wire(rest)]
    pub codes: Vec<ReasonCode>,
}

/// The body of an UNSUBSCRIBE.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version), validate = nonzero_id(*packet_id).and(if filters.is_empty() { Err("UNSUBSCRIBE without a topic filter") } else { Ok(()) }))]
pub struct Unsubscribe<'a> {
    /// Never 0.
    pub packet_id: u16,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::Unsubscribe)]
    pub properties: Option<Properties<'a>>,
    /// Topic filters; at least one.
    #[wire(rest)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub filters: Vec<TopicFilter<'a>>,
}

/// The body of an UNSUBACK: just the packet id in 3.1.1; properties and one reason code per
/// filter in 5.0.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(ctx(version: Version), validate = nonzero_id(*packet_id).and(match (version, codes.is_empty()) {
    (Version::V311, false) => Err("reason codes in an MQTT 3.1.1 UNSUBACK"),
    (Version::V5, true) => Err("MQTT 5 UNSUBACK without a reason code"),
    _ => Ok(()),
}))]
pub struct UnsubAck<'a> {
    /// The UNSUBSCRIBE's packet id.
    pub packet_id: u16,
    /// 5.0 only.
    #[wire(if = version == Version::V5, ctx = PropertyScope::UnsubAck)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub properties: Option<Properties<'a>>,
    /// 5.0: one reason code per filter.
    #[wire(rest)]
    pub codes: Vec<ReasonCode>,
}

/// A SUBSCRIBE's filters as named members, `{"filter": "a/#", "options": {..}}`, rather than
/// as pairs.
#[cfg(feature = "serde")]
mod named_filters {
    use super::{SubscriptionOptions, TopicFilter};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    struct Named<'r, 'a> {
        filter: &'r TopicFilter<'a>,
        options: &'r SubscriptionOptions,
    }

    /// Either form, as read back.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Form<'a> {
        Named {
            #[serde(borrow)]
            filter: TopicFilter<'a>,
            options: SubscriptionOptions,
        },
        Pair(#[serde(borrow)] TopicFilter<'a>, SubscriptionOptions),
    }

    pub fn serialize<S: Serializer>(
        filters: &[(TopicFilter<'_>, SubscriptionOptions)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            filters
                .iter()
                .map(|(filter, options)| Named { filter, options }),
        )
    }

    pub fn deserialize<'de: 'a, 'a, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(TopicFilter<'a>, SubscriptionOptions)>, D::Error> {
        let forms = Vec::<Form<'a>>::deserialize(d)?;
        Ok(forms
            .into_iter()
            .map(|form| match form {
                Form::Named { filter, options } | Form::Pair(filter, options) => (filter, options),
            })
            .collect())
    }
}

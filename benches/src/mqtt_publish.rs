//! Hand-written PUBLISH codec (3.1.1 and 5.0) for the layouts of `wire_protocols::mqtt`: the
//! `hand` side of `benches/benches/mqtt.rs`.
//!
//! It accepts and rejects exactly what the derived `wire_protocols::mqtt` decoder does for a
//! PUBLISH, so the two are compared on equal work:
//! * fixed header: type 3, QoS 3 rejected, DUP with QoS 0 rejected; minimal remaining length
//!   (at most 4 bytes, no trailing zero group);
//! * topic: UTF-8, no U+0000, no `+` / `#`; packet id present exactly for QoS > 0, never 0;
//! * 5.0 properties: a minimal Variable Byte Integer length, then only the identifiers allowed in
//!   PUBLISH (0x01, 0x02, 0x03, 0x08, 0x09, 0x0B, 0x23, 0x26) with their types checked (bool 0/1,
//!   strings UTF-8 without U+0000, subscription identifier a minimal non-zero VBI, topic alias
//!   non-zero), no property repeated except User Property and Subscription Identifier, nothing
//!   overrunning the section.
//!
//! Unlike the derived decoder (a `Vec<Property>` in wire order), the properties land in typed
//! fields; the repeatable ones (User Property, Subscription Identifier) stay in the validated
//! property section and are iterated lazily, without allocating.
//!
//! The encoder performs the checks the derived encoder performs (its `validate` hooks run before
//! encoding) and writes the properties in mqttbytes' order: payload format, message expiry, topic
//! alias, response topic, correlation data, user properties, subscription identifiers, content
//! type.
//!
//! `crate::mqtt::hand` (the 3.1.1 codec of the bench-local layout) is not reused here: its decoder
//! wants an exact frame and checks none of the above beyond UTF-8; adding the checks after it
//! would scan the topic twice.

use crate::mqtt_hand::*;
use bytes::{BufMut, BytesMut};

/// Which protocol version's layout to use (PUBLISH has properties only in 5.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// MQTT 3.1.1
    V311,
    /// MQTT 5.0
    V5,
}

/// A PUBLISH packet, borrowed from the input.
#[derive(Debug, Clone, Copy)]
pub struct Publish<'a> {
    pub dup: bool,
    /// 0, 1 or 2.
    pub qos: u8,
    pub retain: bool,
    pub topic: &'a str,
    /// Present exactly for QoS 1 and 2.
    pub packet_id: Option<u16>,
    /// Present exactly in 5.0.
    pub properties: Option<Properties<'a>>,
    pub payload: &'a [u8],
}

/// The properties allowed in a 5.0 PUBLISH.
#[derive(Debug, Clone, Copy, Default)]
pub struct Properties<'a> {
    pub payload_format_indicator: Option<bool>,
    pub message_expiry_interval: Option<u32>,
    pub topic_alias: Option<u16>,
    pub response_topic: Option<&'a str>,
    pub correlation_data: Option<&'a [u8]>,
    pub content_type: Option<&'a str>,
    /// User properties and subscription identifiers.
    pub repeatable: Repeatable<'a>,
}

/// The repeatable properties: given as values (to encode), or a validated region of the input.
#[derive(Debug, Clone, Copy)]
pub enum Repeatable<'a> {
    Values {
        user_properties: &'a [(&'a str, &'a str)],
        subscription_ids: &'a [u32],
    },
    Decoded(Section<'a>),
}

impl Default for Repeatable<'_> {
    fn default() -> Self {
        Repeatable::Values {
            user_properties: &[],
            subscription_ids: &[],
        }
    }
}

/// A property section that the decoder validated, with how many user properties and
/// subscription identifiers it holds. Only the decoder builds one.
#[derive(Debug, Clone, Copy)]
pub struct Section<'a> {
    bytes: &'a [u8],
    user_properties: u32,
    subscription_ids: u32,
}

impl<'a> Repeatable<'a> {
    /// User properties (key, value), in wire order.
    #[inline]
    pub fn user_properties(&self) -> UserPropertyIter<'a> {
        match *self {
            Repeatable::Values {
                user_properties, ..
            } => UserPropertyIter::given(user_properties),
            Repeatable::Decoded(s) => UserPropertyIter::decoded(s.bytes, s.user_properties),
        }
    }

    /// Subscription identifiers, in wire order.
    #[inline]
    pub fn subscription_ids(&self) -> SubscriptionIds<'a> {
        match *self {
            Repeatable::Values {
                subscription_ids, ..
            } => SubscriptionIds {
                given: subscription_ids.iter(),
                section: &[],
                left: 0,
            },
            Repeatable::Decoded(s) => SubscriptionIds {
                given: [].iter(),
                section: s.bytes,
                left: s.subscription_ids,
            },
        }
    }
}

/// Iterator over subscription identifiers; walks a decoded section without re-validating it.
#[derive(Debug, Clone)]
pub struct SubscriptionIds<'a> {
    given: core::slice::Iter<'a, u32>,
    section: &'a [u8],
    left: u32,
}

impl Iterator for SubscriptionIds<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if let Some(&id) = self.given.next() {
            return Some(id);
        }
        while self.left > 0 {
            let (id, mut value) = next_property(&mut self.section)?;
            if id == SUBSCRIPTION_ID {
                self.left -= 1;
                return vbi(&mut value).map(|v| v as u32);
            }
        }
        None
    }
}

/// Parses and validates the property section at the front of `input`.
#[inline]
fn properties<'a>(input: &mut &'a [u8]) -> Option<Properties<'a>> {
    let len = vbi(input)?;
    let (section, rest) = input.split_at_checked(len)?;
    *input = rest;
    let mut p = Properties::default();
    let mut user_properties = 0u32;
    let mut subscription_ids = 0u32;
    let mut s = section;
    while let Some((&id, rest)) = s.split_first() {
        s = rest;
        // `replace(..).is_some()`: a property other than the two repeatable ones seen twice.
        let repeated = match id {
            PAYLOAD_FORMAT => {
                let (&b, rest) = s.split_first()?;
                s = rest;
                if b > 1 {
                    return None;
                }
                p.payload_format_indicator.replace(b == 1).is_some()
            }
            MESSAGE_EXPIRY => {
                let (v, rest) = s.split_first_chunk::<4>()?;
                s = rest;
                p.message_expiry_interval
                    .replace(u32::from_be_bytes(*v))
                    .is_some()
            }
            CONTENT_TYPE => p.content_type.replace(string(&mut s)?).is_some(),
            RESPONSE_TOPIC => p.response_topic.replace(string(&mut s)?).is_some(),
            CORRELATION_DATA => p.correlation_data.replace(prefixed(&mut s)?).is_some(),
            SUBSCRIPTION_ID => {
                if vbi(&mut s)? == 0 {
                    return None;
                }
                subscription_ids += 1;
                false
            }
            TOPIC_ALIAS => {
                let (v, rest) = s.split_first_chunk::<2>()?;
                s = rest;
                let alias = u16::from_be_bytes(*v);
                if alias == 0 {
                    return None;
                }
                p.topic_alias.replace(alias).is_some()
            }
            USER_PROPERTY => {
                string(&mut s)?;
                string(&mut s)?;
                user_properties += 1;
                false
            }
            _ => return None,
        };
        if repeated {
            return None;
        }
    }
    if user_properties + subscription_ids > 0 {
        p.repeatable = Repeatable::Decoded(Section {
            bytes: section,
            user_properties,
            subscription_ids,
        });
    }
    Some(p)
}

/// Decodes the PUBLISH at the front of `input`; returns it and the bytes it took.
#[inline]
pub fn decode(input: &[u8], version: Version) -> Option<(Publish<'_>, usize)> {
    let (&first, mut rest) = input.split_first()?;
    if first >> 4 != 3 {
        return None;
    }
    let dup = first & 8 != 0;
    let qos = (first >> 1) & 3;
    if qos == 3 || (dup && qos == 0) {
        return None;
    }
    let remaining = vbi(&mut rest)?;
    let used = input.len() - rest.len() + remaining;
    let mut body = rest.get(..remaining)?;
    let topic = topic_name(prefixed(&mut body)?)?;
    let packet_id = if qos > 0 {
        let (id, rest) = body.split_first_chunk::<2>()?;
        body = rest;
        let id = u16::from_be_bytes(*id);
        if id == 0 {
            return None;
        }
        Some(id)
    } else {
        None
    };
    let properties = match version {
        Version::V5 => Some(properties(&mut body)?),
        Version::V311 => None,
    };
    // An empty topic name stands only for a 5.0 topic alias.
    if topic.is_empty() && properties.as_ref().is_none_or(|p| p.topic_alias.is_none()) {
        return None;
    }
    let publish = Publish {
        dup,
        qos,
        retain: first & 1 != 0,
        topic,
        packet_id,
        properties,
        payload: body,
    };
    Some((publish, used))
}

impl Properties<'_> {
    /// The encoded size of the property list (without its length), after checking every value.
    #[inline]
    fn checked_len(&self) -> Option<usize> {
        let mut len = 0;
        if self.payload_format_indicator.is_some() {
            len += 2;
        }
        if self.message_expiry_interval.is_some() {
            len += 5;
        }
        if let Some(alias) = self.topic_alias {
            if alias == 0 {
                return None;
            }
            len += 3;
        }
        if let Some(topic) = self.response_topic {
            len += 1 + str_len(topic)?;
        }
        if let Some(data) = self.correlation_data {
            if data.len() > 0xffff {
                return None;
            }
            len += 3 + data.len();
        }
        for (key, value) in self.repeatable.user_properties() {
            len += 1 + str_len(key)? + str_len(value)?;
        }
        for id in self.repeatable.subscription_ids() {
            if id == 0 || id as usize > VBI_MAX {
                return None;
            }
            len += 1 + vbi_len(id as usize);
        }
        if let Some(content_type) = self.content_type {
            len += 1 + str_len(content_type)?;
        }
        Some(len)
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(&self, len: usize, out: &mut B) {
        put_vbi(out, len);
        if let Some(pfi) = self.payload_format_indicator {
            out.put_u8(PAYLOAD_FORMAT);
            out.put_u8(u8::from(pfi));
        }
        if let Some(expiry) = self.message_expiry_interval {
            out.put_u8(MESSAGE_EXPIRY);
            out.put_u32(expiry);
        }
        if let Some(alias) = self.topic_alias {
            out.put_u8(TOPIC_ALIAS);
            out.put_u16(alias);
        }
        if let Some(topic) = self.response_topic {
            out.put_u8(RESPONSE_TOPIC);
            put_str(out, topic);
        }
        if let Some(data) = self.correlation_data {
            out.put_u8(CORRELATION_DATA);
            out.put_u16(data.len() as u16);
            out.put_slice(data);
        }
        for (key, value) in self.repeatable.user_properties() {
            out.put_u8(USER_PROPERTY);
            put_str(out, key);
            put_str(out, value);
        }
        for id in self.repeatable.subscription_ids() {
            out.put_u8(SUBSCRIPTION_ID);
            put_vbi(out, id as usize);
        }
        if let Some(content_type) = self.content_type {
            out.put_u8(CONTENT_TYPE);
            put_str(out, content_type);
        }
    }
}

#[inline]
fn put_str<B: BufMut + ?Sized>(out: &mut B, s: &str) {
    out.put_u16(s.len() as u16);
    out.put_slice(s.as_bytes());
}

/// Appends the PUBLISH to `out` (reserving once), or `None` if it is not a valid packet for
/// `version` (nothing is written then).
#[inline]
pub fn encode(p: &Publish<'_>, version: Version, out: &mut BytesMut) -> Option<()> {
    if p.qos > 2
        || (p.dup && p.qos == 0)
        || p.packet_id.is_some() != (p.qos > 0)
        || p.packet_id == Some(0)
        || p.topic.len() > 0xffff
        || (p.topic.is_empty()
            && p.properties
                .as_ref()
                .is_none_or(|props| props.topic_alias.is_none()))
    {
        return None;
    }
    topic_name(p.topic.as_bytes())?;
    let properties = match (version, &p.properties) {
        (Version::V5, Some(props)) => Some((props, props.checked_len()?)),
        (Version::V311, None) => None,
        _ => return None,
    };
    let remaining = 2
        + p.topic.len()
        + if p.packet_id.is_some() { 2 } else { 0 }
        + properties.map_or(0, |(_, len)| vbi_len(len) + len)
        + p.payload.len();
    if remaining > VBI_MAX {
        return None;
    }
    out.reserve(1 + vbi_len(remaining) + remaining);
    out.put_u8(0x30 | u8::from(p.dup) << 3 | p.qos << 1 | u8::from(p.retain));
    put_vbi(out, remaining);
    put_str(out, p.topic);
    if let Some(id) = p.packet_id {
        out.put_u16(id);
    }
    if let Some((props, len)) = properties {
        props.write(len, out);
    }
    out.put_slice(p.payload);
    Some(())
}

/// The topic of the anchors' fixtures.
pub const TOPIC: &str = "sensors/room1/temperature";
/// The 5.0 fixture's user property.
pub const USER_PROPERTIES: &[(&str, &str)] = &[("trace-id", "4bf92f3577b34da6")];

/// The fixture: QoS 1, packet id 10; in 5.0 message expiry 3600, content type
/// `application/json` and one user property.
pub fn sample(payload: &[u8], version: Version) -> Publish<'_> {
    Publish {
        dup: false,
        qos: 1,
        retain: false,
        topic: TOPIC,
        packet_id: Some(10),
        properties: (version == Version::V5).then_some(Properties {
            message_expiry_interval: Some(3600),
            content_type: Some("application/json"),
            repeatable: Repeatable::Values {
                user_properties: USER_PROPERTIES,
                subscription_ids: &[],
            },
            ..Properties::default()
        }),
        payload,
    }
}

/// The same fixture as a `wire_protocols::mqtt` packet (properties in mqttbytes' order).
pub fn sample_wire(payload: &[u8], version: Version) -> wire_protocols::mqtt::Packet<'_> {
    use wire_protocols::mqtt::{Packet, Properties, Property, PropertyScope, PublishFlags, QoS};
    // Checked once, where the fixture is made (as the strings are): encoding trusts them.
    let properties = (version == Version::V5).then(|| {
        let (key, value) = USER_PROPERTIES[0];
        Properties::checked(
            PropertyScope::Publish,
            vec![
                Property::MessageExpiryInterval(3600),
                Property::UserProperty(key.try_into().unwrap(), value.try_into().unwrap()),
                Property::ContentType("application/json".try_into().unwrap()),
            ],
        )
        .expect("allowed in a PUBLISH")
    });
    Packet::Publish {
        flags: PublishFlags {
            dup: false,
            qos: QoS::AtLeastOnce,
            retain: false,
        },
        publish: wire_protocols::mqtt::Publish {
            topic: TOPIC.try_into().unwrap(),
            packet_id: Some(10),
            properties,
            payload,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(bytes: &[u8], topic: bool) -> Option<&str> {
        let s = core::str::from_utf8(bytes).ok()?;
        let bad = s.contains('\0') || (topic && s.contains(['+', '#']));
        (!bad).then_some(s)
    }

    #[test]
    fn string_checks_match_a_naive_reference() {
        for len in 0..=40 {
            let base: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            assert_eq!(mqtt_str(&base), naive(&base, false));
            assert_eq!(topic_name(&base), naive(&base, true));
            for at in 0..len {
                for byte in [
                    0x00, b'+', b'#', 0x80, 0xc3, 0x7f, 0x01, 0x2a, 0x2c, 0x22, 0x24,
                ] {
                    let mut s = base.clone();
                    s[at] = byte;
                    assert_eq!(mqtt_str(&s), naive(&s, false), "{s:?}");
                    assert_eq!(topic_name(&s), naive(&s, true), "{s:?}");
                }
                let mut s = base.clone();
                s.splice(at..at, "é".bytes());
                assert_eq!(mqtt_str(&s), naive(&s, false), "{s:?}");
                assert_eq!(topic_name(&s), naive(&s, true), "{s:?}");
            }
        }
    }
}

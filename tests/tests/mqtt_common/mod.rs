//! Owned "specs" of valid MQTT packets, the borrowed [`Packet`]s built from them, and proptest
//! strategies for every control packet in 3.1.1 and 5.0; shared by the round-trip properties
//! (`mqtt_roundtrip.rs`) and the cross-check against mqttbytes (`mqtt_crosscheck.rs`).
//!
//! The reason-code and property allow-lists are copied from the specification (Table 2-4 and
//! the reason code sections), not from the crate, so that the two are checked against each other.

// Each test crate that includes this module uses a different part of it.
#![allow(dead_code)]

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use wire_protocols::mqtt::{
    Auth, Binary, ConnAck, ConnAckFlags, Connect, ConnectFlags, ConnectReturnCode, Disconnect,
    Empty, FixedHeader, Packet, Properties, Property, PubAck, PubComp, PubRec, PubRel, Publish,
    PublishFlags, QoS, ReasonCode, RetainHandling, SubAck, Subscribe, SubscriptionOptions,
    TopicFilter, UnsubAck, Unsubscribe, Utf8Str, Version, Will,
};
use wire_runtime::int::Vbi;

pub const V311: Version = Version::V311;
pub const V5: Version = Version::V5;

// ---------------------------------------------------------------------------------------------
// Tables from the specification.

/// Every reason code of the 5.0 table (section 2.4).
pub const REASONS: &[(u8, ReasonCode)] = &[
    (0x00, ReasonCode::Success),
    (0x01, ReasonCode::GrantedQoS1),
    (0x02, ReasonCode::GrantedQoS2),
    (0x04, ReasonCode::DisconnectWithWill),
    (0x10, ReasonCode::NoMatchingSubscribers),
    (0x11, ReasonCode::NoSubscriptionExisted),
    (0x18, ReasonCode::ContinueAuthentication),
    (0x19, ReasonCode::ReAuthenticate),
    (0x80, ReasonCode::UnspecifiedError),
    (0x81, ReasonCode::MalformedPacket),
    (0x82, ReasonCode::ProtocolError),
    (0x83, ReasonCode::ImplementationSpecificError),
    (0x84, ReasonCode::UnsupportedProtocolVersion),
    (0x85, ReasonCode::ClientIdentifierNotValid),
    (0x86, ReasonCode::BadUserNameOrPassword),
    (0x87, ReasonCode::NotAuthorized),
    (0x88, ReasonCode::ServerUnavailable),
    (0x89, ReasonCode::ServerBusy),
    (0x8a, ReasonCode::Banned),
    (0x8b, ReasonCode::ServerShuttingDown),
    (0x8c, ReasonCode::BadAuthenticationMethod),
    (0x8d, ReasonCode::KeepAliveTimeout),
    (0x8e, ReasonCode::SessionTakenOver),
    (0x8f, ReasonCode::TopicFilterInvalid),
    (0x90, ReasonCode::TopicNameInvalid),
    (0x91, ReasonCode::PacketIdentifierInUse),
    (0x92, ReasonCode::PacketIdentifierNotFound),
    (0x93, ReasonCode::ReceiveMaximumExceeded),
    (0x94, ReasonCode::TopicAliasInvalid),
    (0x95, ReasonCode::PacketTooLarge),
    (0x96, ReasonCode::MessageRateTooHigh),
    (0x97, ReasonCode::QuotaExceeded),
    (0x98, ReasonCode::AdministrativeAction),
    (0x99, ReasonCode::PayloadFormatInvalid),
    (0x9a, ReasonCode::RetainNotSupported),
    (0x9b, ReasonCode::QoSNotSupported),
    (0x9c, ReasonCode::UseAnotherServer),
    (0x9d, ReasonCode::ServerMoved),
    (0x9e, ReasonCode::SharedSubscriptionsNotSupported),
    (0x9f, ReasonCode::ConnectionRateExceeded),
    (0xa0, ReasonCode::MaximumConnectTime),
    (0xa1, ReasonCode::SubscriptionIdentifiersNotSupported),
    (0xa2, ReasonCode::WildcardSubscriptionsNotSupported),
];

/// The reason code with this value: a named one from the table, else `Unknown`.
pub fn reason(value: u8) -> ReasonCode {
    REASONS
        .iter()
        .find(|(v, _)| *v == value)
        .map_or(ReasonCode::Unknown(value), |(_, r)| *r)
}

/// The 3.1.1 CONNACK return code with this value.
pub fn return_code(value: u8) -> ConnectReturnCode {
    match value {
        0 => ConnectReturnCode::Accepted,
        1 => ConnectReturnCode::UnacceptableProtocolVersion,
        2 => ConnectReturnCode::IdentifierRejected,
        3 => ConnectReturnCode::ServerUnavailable,
        4 => ConnectReturnCode::BadUserNameOrPassword,
        5 => ConnectReturnCode::NotAuthorized,
        other => ConnectReturnCode::Unknown(other),
    }
}

/// Reason codes each packet may carry (sections 3.2.2.2, 3.9.3, 3.11.3, 3.14.2.1, 3.15.2.1).
pub const CONNACK_REASONS: &[u8] = &[
    0x00, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8c, 0x90, 0x95, 0x97,
    0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9f,
];
pub const SUBACK_V311: &[u8] = &[0x00, 0x01, 0x02, 0x80];
pub const SUBACK_REASONS: &[u8] = &[
    0x00, 0x01, 0x02, 0x80, 0x83, 0x87, 0x8f, 0x91, 0x97, 0x9e, 0xa1, 0xa2,
];
pub const UNSUBACK_REASONS: &[u8] = &[0x00, 0x11, 0x80, 0x83, 0x87, 0x8f, 0x91];
pub const DISCONNECT_REASONS: &[u8] = &[
    0x00, 0x04, 0x80, 0x81, 0x82, 0x83, 0x87, 0x89, 0x8b, 0x8d, 0x8e, 0x8f, 0x90, 0x93, 0x94, 0x95,
    0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2,
];
pub const AUTH_REASONS: &[u8] = &[0x00, 0x18, 0x19];
/// Reason codes of PUBACK and PUBREC (3.4.2.1, 3.5.2.1), and of PUBREL and PUBCOMP (3.6.2.1,
/// 3.7.2.1).
pub const PUBACK_REASONS: &[u8] = &[0x00, 0x10, 0x80, 0x83, 0x87, 0x90, 0x91, 0x97, 0x99];
pub const PUBREL_REASONS: &[u8] = &[0x00, 0x92];

/// Properties each packet may carry (Table 2-4).
pub const CONNECT_PROPS: &[u8] = &[0x11, 0x15, 0x16, 0x17, 0x19, 0x21, 0x22, 0x26, 0x27];
pub const WILL_PROPS: &[u8] = &[0x01, 0x02, 0x03, 0x08, 0x09, 0x18, 0x26];
pub const CONNACK_PROPS: &[u8] = &[
    0x11, 0x12, 0x13, 0x15, 0x16, 0x1a, 0x1c, 0x1f, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29,
    0x2a,
];
pub const PUBLISH_PROPS: &[u8] = &[0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x23, 0x26];
pub const ACK_PROPS: &[u8] = &[0x1f, 0x26];
pub const SUBSCRIBE_PROPS: &[u8] = &[0x0b, 0x26];
pub const UNSUBSCRIBE_PROPS: &[u8] = &[0x26];
pub const DISCONNECT_PROPS: &[u8] = &[0x11, 0x1c, 0x1f, 0x26];
pub const AUTH_PROPS: &[u8] = &[0x15, 0x16, 0x1f, 0x26];

// ---------------------------------------------------------------------------------------------
// Owned specs, and the borrowed packets built from them.

/// A property value, owned.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Bool(bool),
    U8(u8),
    U16(u16),
    U32(u32),
    Str(String),
    Bin(Vec<u8>),
    Pair(String, String),
}

/// A property: its identifier and value.
#[derive(Debug, Clone, PartialEq)]
pub struct PropSpec {
    pub id: u8,
    pub value: Value,
}

pub fn property(p: &PropSpec) -> Property<'_> {
    use Value::*;
    match (p.id, &p.value) {
        (0x01, Bool(b)) => Property::PayloadFormatIndicator(*b),
        (0x02, U32(v)) => Property::MessageExpiryInterval(*v),
        (0x03, Str(s)) => Property::ContentType(s.as_str().try_into().unwrap()),
        (0x08, Str(s)) => Property::ResponseTopic(s.as_str().try_into().unwrap()),
        (0x09, Bin(b)) => Property::CorrelationData(b.as_slice().into()),
        (0x0b, U32(v)) => Property::SubscriptionIdentifier { id: Vbi(*v) },
        (0x11, U32(v)) => Property::SessionExpiryInterval(*v),
        (0x12, Str(s)) => Property::AssignedClientIdentifier(s.as_str().try_into().unwrap()),
        (0x13, U16(v)) => Property::ServerKeepAlive(*v),
        (0x15, Str(s)) => Property::AuthenticationMethod(s.as_str().try_into().unwrap()),
        (0x16, Bin(b)) => Property::AuthenticationData(b.as_slice().into()),
        (0x17, Bool(b)) => Property::RequestProblemInformation(*b),
        (0x18, U32(v)) => Property::WillDelayInterval(*v),
        (0x19, Bool(b)) => Property::RequestResponseInformation(*b),
        (0x1a, Str(s)) => Property::ResponseInformation(s.as_str().try_into().unwrap()),
        (0x1c, Str(s)) => Property::ServerReference(s.as_str().try_into().unwrap()),
        (0x1f, Str(s)) => Property::ReasonString(s.as_str().try_into().unwrap()),
        (0x21, U16(v)) => Property::ReceiveMaximum { max: *v },
        (0x22, U16(v)) => Property::TopicAliasMaximum(*v),
        (0x23, U16(v)) => Property::TopicAlias { alias: *v },
        (0x24, U8(v)) => Property::MaximumQoS { qos: *v },
        (0x25, Bool(b)) => Property::RetainAvailable(*b),
        (0x26, Pair(k, v)) => Property::UserProperty(
            k.as_str().try_into().unwrap(),
            v.as_str().try_into().unwrap(),
        ),
        (0x27, U32(v)) => Property::MaximumPacketSize { size: *v },
        (0x28, Bool(b)) => Property::WildcardSubscriptionAvailable(*b),
        (0x29, Bool(b)) => Property::SubscriptionIdentifierAvailable(*b),
        (0x2a, Bool(b)) => Property::SharedSubscriptionAvailable(*b),
        _ => unreachable!("no such property: {p:?}"),
    }
}

pub fn props(list: &[PropSpec]) -> Properties<'_> {
    Properties::from_list(list.iter().map(property).collect())
}

pub fn opt_props(list: &Option<Vec<PropSpec>>) -> Option<Properties<'_>> {
    list.as_deref().map(props)
}

#[derive(Debug, Clone, PartialEq)]
pub struct WillSpec {
    pub qos: QoS,
    pub retain: bool,
    pub properties: Option<Vec<PropSpec>>,
    pub topic: String,
    pub payload: Vec<u8>,
}

/// Which of the four acks with a packet id, reason and properties.
#[allow(clippy::enum_variant_names)] // the packets' names
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AckKind {
    PubAck,
    PubRec,
    PubRel,
    PubComp,
}

/// A valid packet for one version, owning its strings and bytes.
#[derive(Debug, Clone, PartialEq)]
pub enum Spec {
    Connect {
        version: Version,
        clean_start: bool,
        keep_alive: u16,
        properties: Option<Vec<PropSpec>>,
        client_id: String,
        will: Option<WillSpec>,
        username: Option<String>,
        password: Option<Vec<u8>>,
    },
    ConnAck {
        session_present: bool,
        return_code: Option<ConnectReturnCode>,
        reason: Option<ReasonCode>,
        properties: Option<Vec<PropSpec>>,
    },
    Publish {
        dup: bool,
        qos: QoS,
        retain: bool,
        topic: String,
        packet_id: Option<u16>,
        properties: Option<Vec<PropSpec>>,
        payload: Vec<u8>,
    },
    Ack {
        kind: AckKind,
        packet_id: u16,
        reason: ReasonCode,
        properties: Vec<PropSpec>,
    },
    Subscribe {
        packet_id: u16,
        properties: Option<Vec<PropSpec>>,
        filters: Vec<(String, SubscriptionOptions)>,
    },
    SubAck {
        packet_id: u16,
        properties: Option<Vec<PropSpec>>,
        codes: Vec<ReasonCode>,
    },
    Unsubscribe {
        packet_id: u16,
        properties: Option<Vec<PropSpec>>,
        filters: Vec<String>,
    },
    UnsubAck {
        packet_id: u16,
        properties: Option<Vec<PropSpec>>,
        codes: Vec<ReasonCode>,
    },
    PingReq,
    PingResp,
    Disconnect {
        reason: ReasonCode,
        properties: Vec<PropSpec>,
    },
    Auth {
        reason: ReasonCode,
        properties: Vec<PropSpec>,
    },
}

/// The packet `spec` describes, borrowing its strings and bytes.
pub fn build(spec: &Spec) -> Packet<'_> {
    match spec {
        Spec::Connect {
            version,
            clean_start,
            keep_alive,
            properties,
            client_id,
            will,
            username,
            password,
        } => Packet::Connect {
            header: FixedHeader,
            connect: Box::new(Connect {
                version: *version,
                flags: ConnectFlags {
                    username: username.is_some(),
                    password: password.is_some(),
                    will_retain: will.as_ref().is_some_and(|w| w.retain),
                    will_qos: will.as_ref().map_or(QoS::AtMostOnce, |w| w.qos),
                    will: will.is_some(),
                    clean_start: *clean_start,
                },
                keep_alive: *keep_alive,
                properties: opt_props(properties),
                client_id: client_id.as_str().try_into().unwrap(),
                will: will.as_ref().map(|w| Will {
                    properties: opt_props(&w.properties),
                    topic: w.topic.as_str().try_into().unwrap(),
                    payload: w.payload.as_slice().into(),
                }),
                username: username.as_deref().map(|u| Utf8Str::new(u).unwrap()),
                password: password.as_deref().map(Binary::from),
            }),
        },
        Spec::ConnAck {
            session_present,
            return_code,
            reason,
            properties,
        } => Packet::ConnAck {
            header: FixedHeader,
            connack: ConnAck {
                flags: ConnAckFlags {
                    session_present: *session_present,
                },
                return_code: *return_code,
                reason: *reason,
                properties: opt_props(properties),
            },
        },
        Spec::Publish {
            dup,
            qos,
            retain,
            topic,
            packet_id,
            properties,
            payload,
        } => Packet::Publish {
            flags: PublishFlags {
                dup: *dup,
                qos: *qos,
                retain: *retain,
            },
            publish: Publish {
                topic: topic.as_str().try_into().unwrap(),
                packet_id: *packet_id,
                properties: opt_props(properties),
                payload,
            },
        },
        Spec::Ack {
            kind,
            packet_id,
            reason,
            properties,
        } => {
            let (packet_id, reason, properties) = (*packet_id, *reason, props(properties));
            match kind {
                AckKind::PubAck => Packet::PubAck {
                    header: FixedHeader,
                    ack: PubAck {
                        packet_id,
                        reason,
                        properties,
                    },
                },
                AckKind::PubRec => Packet::PubRec {
                    header: FixedHeader,
                    ack: PubRec {
                        packet_id,
                        reason,
                        properties,
                    },
                },
                AckKind::PubRel => Packet::PubRel {
                    header: FixedHeader,
                    ack: PubRel {
                        packet_id,
                        reason,
                        properties,
                    },
                },
                AckKind::PubComp => Packet::PubComp {
                    header: FixedHeader,
                    ack: PubComp {
                        packet_id,
                        reason,
                        properties,
                    },
                },
            }
        }
        Spec::Subscribe {
            packet_id,
            properties,
            filters,
        } => Packet::Subscribe {
            header: FixedHeader,
            subscribe: Subscribe {
                packet_id: *packet_id,
                properties: opt_props(properties),
                filters: filters
                    .iter()
                    .map(|(f, o)| (TopicFilter::new(f).unwrap(), *o))
                    .collect(),
            },
        },
        Spec::SubAck {
            packet_id,
            properties,
            codes,
        } => Packet::SubAck {
            header: FixedHeader,
            suback: SubAck {
                packet_id: *packet_id,
                properties: opt_props(properties),
                codes: codes.clone(),
            },
        },
        Spec::Unsubscribe {
            packet_id,
            properties,
            filters,
        } => Packet::Unsubscribe {
            header: FixedHeader,
            unsubscribe: Unsubscribe {
                packet_id: *packet_id,
                properties: opt_props(properties),
                filters: filters
                    .iter()
                    .map(|f| TopicFilter::new(f).unwrap())
                    .collect(),
            },
        },
        Spec::UnsubAck {
            packet_id,
            properties,
            codes,
        } => Packet::UnsubAck {
            header: FixedHeader,
            unsuback: UnsubAck {
                packet_id: *packet_id,
                properties: opt_props(properties),
                codes: codes.clone(),
            },
        },
        Spec::PingReq => Packet::PingReq {
            header: FixedHeader,
            body: Empty,
        },
        Spec::PingResp => Packet::PingResp {
            header: FixedHeader,
            body: Empty,
        },
        Spec::Disconnect { reason, properties } => Packet::Disconnect {
            header: FixedHeader,
            disconnect: Disconnect {
                reason: *reason,
                properties: props(properties),
            },
        },
        Spec::Auth { reason, properties } => Packet::Auth {
            header: FixedHeader,
            auth: Auth {
                reason: *reason,
                properties: props(properties),
            },
        },
    }
}

/// The first byte of the packet: type and flags (section 2.1.2).
pub fn first_byte(spec: &Spec) -> u8 {
    match spec {
        Spec::Connect { .. } => 0x10,
        Spec::ConnAck { .. } => 0x20,
        Spec::Publish {
            dup, qos, retain, ..
        } => 0x30 | (u8::from(*dup) << 3) | ((*qos as u8) << 1) | u8::from(*retain),
        Spec::Ack { kind, .. } => match kind {
            AckKind::PubAck => 0x40,
            AckKind::PubRec => 0x50,
            AckKind::PubRel => 0x62,
            AckKind::PubComp => 0x70,
        },
        Spec::Subscribe { .. } => 0x82,
        Spec::SubAck { .. } => 0x90,
        Spec::Unsubscribe { .. } => 0xa2,
        Spec::UnsubAck { .. } => 0xb0,
        Spec::PingReq => 0xc0,
        Spec::PingResp => 0xd0,
        Spec::Disconnect { .. } => 0xe0,
        Spec::Auth { .. } => 0xf0,
    }
}

// ---------------------------------------------------------------------------------------------
// Strategies.

/// Strings of up to `max` characters, no U+0000 and none of `forbidden`: printable ASCII half of
/// the time, any character the other half.
pub fn string_without(forbidden: &'static [char], max: usize) -> BoxedStrategy<String> {
    let ascii = proptest::string::string_regex(&format!("[ -~]{{0,{max}}}")).unwrap();
    let any_char = vec(any::<char>(), 0..=max).prop_map(|c| c.into_iter().collect::<String>());
    prop_oneof![ascii, any_char]
        .prop_map(move |s| {
            s.chars()
                .filter(|c| *c != '\0' && !forbidden.contains(c))
                .collect()
        })
        .boxed()
}

pub fn text(max: usize) -> BoxedStrategy<String> {
    string_without(&[], max)
}

/// A topic name: at least one character, no wildcards.
pub fn topic_name() -> BoxedStrategy<String> {
    string_without(&['+', '#'], 24)
        .prop_map(|s| if s.is_empty() { "t".to_owned() } else { s })
        .boxed()
}

/// A topic filter: levels that are `+` or plain text, maybe ending in `#`; never empty.
pub fn topic_filter() -> BoxedStrategy<String> {
    let level = prop_oneof![1 => Just("+".to_owned()), 3 => string_without(&['+', '#', '/'], 8)];
    (vec(level, 0..4), any::<bool>())
        .prop_map(|(mut levels, multi)| {
            if multi || levels.is_empty() {
                levels.push("#".to_owned());
            }
            let filter = levels.join("/");
            if filter.is_empty() {
                "#".to_owned()
            } else {
                filter
            }
        })
        .boxed()
}

pub fn bytes(max: usize) -> BoxedStrategy<Vec<u8>> {
    vec(any::<u8>(), 0..=max).boxed()
}

pub fn qos() -> impl Strategy<Value = QoS> {
    prop_oneof![
        Just(QoS::AtMostOnce),
        Just(QoS::AtLeastOnce),
        Just(QoS::ExactlyOnce)
    ]
}

pub fn packet_id() -> impl Strategy<Value = u16> {
    prop_oneof![Just(1u16), Just(u16::MAX), 1..=u16::MAX]
}

/// A `u32` from `min`, often at the ends of the range.
pub fn u32_from(min: u32) -> BoxedStrategy<u32> {
    prop_oneof![Just(min), Just(u32::MAX), min..=u32::MAX].boxed()
}

/// A reason code from `values`.
pub fn reason_in(values: &'static [u8]) -> BoxedStrategy<ReasonCode> {
    select(values).prop_map(reason).boxed()
}

/// Any reason code: Success often, a named one, or any byte (mostly `Unknown`).
pub fn any_reason() -> BoxedStrategy<ReasonCode> {
    let named: Vec<u8> = REASONS.iter().map(|(v, _)| *v).collect();
    prop_oneof![
        2 => Just(ReasonCode::Success),
        2 => select(named).prop_map(reason),
        1 => any::<u8>().prop_map(reason),
    ]
    .boxed()
}

/// A valid value for the property `id`.
pub fn property_value(id: u8) -> BoxedStrategy<PropSpec> {
    let value: BoxedStrategy<Value> = match id {
        0x01 | 0x17 | 0x19 | 0x25 | 0x28 | 0x29 | 0x2a => {
            any::<bool>().prop_map(Value::Bool).boxed()
        }
        0x02 | 0x11 | 0x18 => u32_from(0).prop_map(Value::U32).boxed(),
        0x27 => u32_from(1).prop_map(Value::U32).boxed(),
        // Every Variable Byte Integer size, and the ends of each.
        0x0b => prop_oneof![
            select(vec![
                1,
                127,
                128,
                16_383,
                16_384,
                2_097_151,
                2_097_152,
                Vbi::MAX
            ]),
            1..=Vbi::MAX,
        ]
        .prop_map(Value::U32)
        .boxed(),
        0x13 | 0x22 => any::<u16>().prop_map(Value::U16).boxed(),
        0x21 | 0x23 => prop_oneof![Just(1u16), Just(u16::MAX), 1..=u16::MAX]
            .prop_map(Value::U16)
            .boxed(),
        0x24 => (0..=1u8).prop_map(Value::U8).boxed(),
        0x08 => topic_name().prop_map(Value::Str).boxed(),
        0x03 | 0x12 | 0x15 | 0x1a | 0x1c | 0x1f => text(20).prop_map(Value::Str).boxed(),
        0x09 | 0x16 => bytes(40).prop_map(Value::Bin).boxed(),
        0x26 => (text(12), text(12))
            .prop_map(|(k, v)| Value::Pair(k, v))
            .boxed(),
        _ => unreachable!("no such property: {id:#x}"),
    };
    value.prop_map(move |value| PropSpec { id, value }).boxed()
}

/// A property list drawn from `allowed`, in random order: each property at most once, except
/// User Property (0 to 3 more of them) and, when `repeat_sub_ids`, Subscription Identifier.
/// Empty a quarter of the time.
pub fn properties(allowed: &'static [u8], repeat_sub_ids: bool) -> BoxedStrategy<Vec<PropSpec>> {
    let some = (vec(select(allowed), 0..6), 0..4usize, 0..3usize)
        .prop_map(move |(picked, users, sub_ids)| {
            let mut ids: Vec<u8> = Vec::new();
            for id in picked {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            ids.extend(std::iter::repeat_n(0x26, users));
            if repeat_sub_ids {
                ids.extend(std::iter::repeat_n(0x0b, sub_ids));
            }
            ids
        })
        .prop_shuffle()
        .prop_flat_map(|ids| ids.into_iter().map(property_value).collect::<Vec<_>>());
    prop_oneof![1 => Just(Vec::new()), 3 => some].boxed()
}

/// `Some(properties)` in 5.0, `None` in 3.1.1.
pub fn v5_properties(
    version: Version,
    allowed: &'static [u8],
    repeat_sub_ids: bool,
) -> BoxedStrategy<Option<Vec<PropSpec>>> {
    match version {
        V311 => Just(None).boxed(),
        V5 => properties(allowed, repeat_sub_ids).prop_map(Some).boxed(),
    }
}

pub fn connect(version: Version) -> BoxedStrategy<Spec> {
    let will = (
        qos(),
        any::<bool>(),
        v5_properties(version, WILL_PROPS, false),
        topic_name(),
        bytes(40),
    )
        .prop_map(|(qos, retain, properties, topic, payload)| WillSpec {
            qos,
            retain,
            properties,
            topic,
            payload,
        });
    (
        any::<bool>(),
        any::<u16>(),
        v5_properties(version, CONNECT_PROPS, false),
        text(23),
        option::of(will),
        option::of(text(12)),
        option::of(bytes(20)),
    )
        .prop_map(
            move |(clean_start, keep_alive, properties, client_id, will, username, password)| {
                // 3.1.1: no password without a user name (3.1.2.9).
                let password = password.filter(|_| version == V5 || username.is_some());
                Spec::Connect {
                    version,
                    clean_start,
                    keep_alive,
                    properties,
                    client_id,
                    will,
                    username,
                    password,
                }
            },
        )
        .boxed()
}

pub fn connack(version: Version) -> BoxedStrategy<Spec> {
    match version {
        V311 => (any::<bool>(), prop_oneof![3 => 0..=5u8, 1 => any::<u8>()])
            .prop_map(|(session_present, code)| Spec::ConnAck {
                // Session Present is 0 with a non-zero return code (3.2.2.2).
                session_present: session_present && code == 0,
                return_code: Some(return_code(code)),
                reason: None,
                properties: None,
            })
            .boxed(),
        V5 => (
            any::<bool>(),
            prop_oneof![Just(ReasonCode::Success), reason_in(CONNACK_REASONS)],
            properties(CONNACK_PROPS, false),
        )
            .prop_map(|(session_present, reason, properties)| Spec::ConnAck {
                session_present: session_present && reason == ReasonCode::Success,
                return_code: None,
                reason: Some(reason),
                properties: Some(properties),
            })
            .boxed(),
    }
}

pub fn publish(version: Version) -> BoxedStrategy<Spec> {
    (
        any::<bool>(),
        qos(),
        any::<bool>(),
        topic_name(),
        packet_id(),
        v5_properties(version, PUBLISH_PROPS, true),
        vec(any::<u8>(), 0..300),
        any::<bool>(),
    )
        .prop_map(
            |(dup, qos, retain, topic, id, properties, payload, empty_topic)| {
                let with_id = qos != QoS::AtMostOnce;
                // 5.0: the topic may be empty when a Topic Alias stands for it (3.3.2.1).
                let aliased = properties
                    .as_ref()
                    .is_some_and(|p| p.iter().any(|p| p.id == 0x23));
                Spec::Publish {
                    dup: dup && with_id,
                    qos,
                    retain,
                    topic: if empty_topic && aliased {
                        String::new()
                    } else {
                        topic
                    },
                    packet_id: with_id.then_some(id),
                    properties,
                    payload,
                }
            },
        )
        .boxed()
}

pub fn ack(version: Version, kind: AckKind) -> BoxedStrategy<Spec> {
    match version {
        V311 => packet_id()
            .prop_map(move |packet_id| Spec::Ack {
                kind,
                packet_id,
                reason: ReasonCode::Success,
                properties: Vec::new(),
            })
            .boxed(),
        V5 => (packet_id(), any_reason(), properties(ACK_PROPS, false))
            .prop_map(move |(packet_id, reason, properties)| Spec::Ack {
                kind,
                packet_id,
                reason,
                properties,
            })
            .boxed(),
    }
}

pub fn options(version: Version) -> BoxedStrategy<SubscriptionOptions> {
    match version {
        V311 => qos()
            .prop_map(|qos| SubscriptionOptions {
                qos,
                ..Default::default()
            })
            .boxed(),
        V5 => (
            qos(),
            any::<bool>(),
            any::<bool>(),
            prop_oneof![
                Just(RetainHandling::OnSubscribe),
                Just(RetainHandling::OnNewSubscription),
                Just(RetainHandling::Never),
            ],
        )
            .prop_map(
                |(qos, no_local, retain_as_published, retain_handling)| SubscriptionOptions {
                    qos,
                    no_local,
                    retain_as_published,
                    retain_handling,
                },
            )
            .boxed(),
    }
}

pub fn subscribe(version: Version) -> BoxedStrategy<Spec> {
    (
        packet_id(),
        v5_properties(version, SUBSCRIBE_PROPS, false),
        vec((topic_filter(), options(version)), 1..=4),
    )
        .prop_map(|(packet_id, properties, filters)| Spec::Subscribe {
            packet_id,
            properties,
            filters,
        })
        .boxed()
}

pub fn suback(version: Version) -> BoxedStrategy<Spec> {
    let codes = match version {
        V311 => SUBACK_V311,
        V5 => SUBACK_REASONS,
    };
    (
        packet_id(),
        v5_properties(version, ACK_PROPS, false),
        vec(reason_in(codes), 1..=4),
    )
        .prop_map(|(packet_id, properties, codes)| Spec::SubAck {
            packet_id,
            properties,
            codes,
        })
        .boxed()
}

pub fn unsubscribe(version: Version) -> BoxedStrategy<Spec> {
    (
        packet_id(),
        v5_properties(version, UNSUBSCRIBE_PROPS, false),
        vec(topic_filter(), 1..=4),
    )
        .prop_map(|(packet_id, properties, filters)| Spec::Unsubscribe {
            packet_id,
            properties,
            filters,
        })
        .boxed()
}

pub fn unsuback(version: Version) -> BoxedStrategy<Spec> {
    let codes = match version {
        V311 => Just(Vec::new()).boxed(),
        V5 => vec(reason_in(UNSUBACK_REASONS), 1..=4).boxed(),
    };
    (packet_id(), v5_properties(version, ACK_PROPS, false), codes)
        .prop_map(|(packet_id, properties, codes)| Spec::UnsubAck {
            packet_id,
            properties,
            codes,
        })
        .boxed()
}

pub fn disconnect(version: Version) -> BoxedStrategy<Spec> {
    match version {
        V311 => Just(Spec::Disconnect {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        })
        .boxed(),
        V5 => (
            prop_oneof![Just(ReasonCode::Success), reason_in(DISCONNECT_REASONS)],
            properties(DISCONNECT_PROPS, false),
        )
            .prop_map(|(reason, properties)| Spec::Disconnect { reason, properties })
            .boxed(),
    }
}

pub fn auth() -> BoxedStrategy<Spec> {
    (reason_in(AUTH_REASONS), properties(AUTH_PROPS, false))
        .prop_map(|(reason, properties)| Spec::Auth { reason, properties })
        .boxed()
}

/// Any packet of `version`.
pub fn any_packet(version: Version) -> BoxedStrategy<Spec> {
    let mut all = vec![
        connect(version),
        connack(version),
        publish(version),
        ack(version, AckKind::PubAck),
        ack(version, AckKind::PubRec),
        ack(version, AckKind::PubRel),
        ack(version, AckKind::PubComp),
        subscribe(version),
        suback(version),
        unsubscribe(version),
        unsuback(version),
        Just(Spec::PingReq).boxed(),
        Just(Spec::PingResp).boxed(),
        disconnect(version),
    ];
    if version == V5 {
        all.push(auth());
    }
    proptest::strategy::Union::new(all).boxed()
}

pub fn fail(what: &str, e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(format!("{what}: {e}"))
}

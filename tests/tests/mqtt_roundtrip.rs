//! Property tests over every MQTT control packet, in 3.1.1 and in 5.0.
//!
//! Strategies build owned "specs" of valid packets (strings and bytes owned by the spec); each
//! test borrows a [`Packet`] from its spec and checks that
//! - `decode(encode(p)) == p` with the same version, consuming the whole packet (and only it),
//! - `encoded_len_with` is the encoded length, and the fixed header and remaining length agree
//!   with the bytes,
//! - every truncation of the encoding is incomplete input, asking for no more bytes than the
//!   packet has,
//! - a `FrameSplitter` fed the bytes in random chunks hands out exactly one frame, the bytes,
//! - the 5.0 acks, DISCONNECT and AUTH use their short forms exactly when the reason is Success
//!   and there are no properties.
//!
//! The property allow-lists below are copied from the specification (Table 2-4), not from the
//! crate, so that the two are checked against each other.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use wire_protocols::mqtt::{
    self, Auth, Binary, ConnAck, ConnAckFlags, Connect, ConnectFlags, ConnectReturnCode,
    Disconnect, Empty, FixedHeader, FrameSplitter, Packet, Properties, Property, PubAck, PubComp,
    PubRec, PubRel, Publish, PublishFlags, QoS, ReasonCode, RetainHandling, SubAck, Subscribe,
    SubscriptionOptions, UnsubAck, Unsubscribe, Utf8Str, Version, Will,
};
use wire_runtime::{DecodeError, EncodeWith, Vbi, decode_prefix};

const V311: Version = Version::V311;
const V5: Version = Version::V5;

// ---------------------------------------------------------------------------------------------
// Tables from the specification.

/// Every reason code of the 5.0 table (section 2.4).
const REASONS: &[(u8, ReasonCode)] = &[
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
fn reason(value: u8) -> ReasonCode {
    REASONS
        .iter()
        .find(|(v, _)| *v == value)
        .map_or(ReasonCode::Unknown(value), |(_, r)| *r)
}

/// The 3.1.1 CONNACK return code with this value.
fn return_code(value: u8) -> ConnectReturnCode {
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
const CONNACK_REASONS: &[u8] = &[
    0x00, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8c, 0x90, 0x95, 0x97,
    0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9f,
];
const SUBACK_V311: &[u8] = &[0x00, 0x01, 0x02, 0x80];
const SUBACK_REASONS: &[u8] = &[
    0x00, 0x01, 0x02, 0x80, 0x83, 0x87, 0x8f, 0x91, 0x97, 0x9e, 0xa1, 0xa2,
];
const UNSUBACK_REASONS: &[u8] = &[0x00, 0x11, 0x80, 0x83, 0x87, 0x8f, 0x91];
const DISCONNECT_REASONS: &[u8] = &[
    0x00, 0x04, 0x80, 0x81, 0x82, 0x83, 0x87, 0x89, 0x8b, 0x8d, 0x8e, 0x8f, 0x90, 0x93, 0x94, 0x95,
    0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2,
];
const AUTH_REASONS: &[u8] = &[0x00, 0x18, 0x19];

/// Properties each packet may carry (Table 2-4).
const CONNECT_PROPS: &[u8] = &[0x11, 0x15, 0x16, 0x17, 0x19, 0x21, 0x22, 0x26, 0x27];
const WILL_PROPS: &[u8] = &[0x01, 0x02, 0x03, 0x08, 0x09, 0x18, 0x26];
const CONNACK_PROPS: &[u8] = &[
    0x11, 0x12, 0x13, 0x15, 0x16, 0x1a, 0x1c, 0x1f, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29,
    0x2a,
];
const PUBLISH_PROPS: &[u8] = &[0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x23, 0x26];
const ACK_PROPS: &[u8] = &[0x1f, 0x26];
const SUBSCRIBE_PROPS: &[u8] = &[0x0b, 0x26];
const UNSUBSCRIBE_PROPS: &[u8] = &[0x26];
const DISCONNECT_PROPS: &[u8] = &[0x11, 0x1c, 0x1f, 0x26];
const AUTH_PROPS: &[u8] = &[0x15, 0x16, 0x1f, 0x26];

// ---------------------------------------------------------------------------------------------
// Owned specs, and the borrowed packets built from them.

/// A property value, owned.
#[derive(Debug, Clone)]
enum Value {
    Bool(bool),
    U8(u8),
    U16(u16),
    U32(u32),
    Str(String),
    Bin(Vec<u8>),
    Pair(String, String),
}

/// A property: its identifier and value.
#[derive(Debug, Clone)]
struct PropSpec {
    id: u8,
    value: Value,
}

fn property(p: &PropSpec) -> Property<'_> {
    use Value::*;
    match (p.id, &p.value) {
        (0x01, Bool(b)) => Property::PayloadFormatIndicator(*b),
        (0x02, U32(v)) => Property::MessageExpiryInterval(*v),
        (0x03, Str(s)) => Property::ContentType(s.as_str().into()),
        (0x08, Str(s)) => Property::ResponseTopic(s.as_str().into()),
        (0x09, Bin(b)) => Property::CorrelationData(b.as_slice().into()),
        (0x0b, U32(v)) => Property::SubscriptionIdentifier { id: Vbi(*v) },
        (0x11, U32(v)) => Property::SessionExpiryInterval(*v),
        (0x12, Str(s)) => Property::AssignedClientIdentifier(s.as_str().into()),
        (0x13, U16(v)) => Property::ServerKeepAlive(*v),
        (0x15, Str(s)) => Property::AuthenticationMethod(s.as_str().into()),
        (0x16, Bin(b)) => Property::AuthenticationData(b.as_slice().into()),
        (0x17, Bool(b)) => Property::RequestProblemInformation(*b),
        (0x18, U32(v)) => Property::WillDelayInterval(*v),
        (0x19, Bool(b)) => Property::RequestResponseInformation(*b),
        (0x1a, Str(s)) => Property::ResponseInformation(s.as_str().into()),
        (0x1c, Str(s)) => Property::ServerReference(s.as_str().into()),
        (0x1f, Str(s)) => Property::ReasonString(s.as_str().into()),
        (0x21, U16(v)) => Property::ReceiveMaximum { max: *v },
        (0x22, U16(v)) => Property::TopicAliasMaximum(*v),
        (0x23, U16(v)) => Property::TopicAlias { alias: *v },
        (0x24, U8(v)) => Property::MaximumQoS { qos: *v },
        (0x25, Bool(b)) => Property::RetainAvailable(*b),
        (0x26, Pair(k, v)) => Property::UserProperty(k.as_str().into(), v.as_str().into()),
        (0x27, U32(v)) => Property::MaximumPacketSize { size: *v },
        (0x28, Bool(b)) => Property::WildcardSubscriptionAvailable(*b),
        (0x29, Bool(b)) => Property::SubscriptionIdentifierAvailable(*b),
        (0x2a, Bool(b)) => Property::SharedSubscriptionAvailable(*b),
        _ => unreachable!("no such property: {p:?}"),
    }
}

fn props(list: &[PropSpec]) -> Properties<'_> {
    Properties::from_list(list.iter().map(property).collect())
}

fn opt_props(list: &Option<Vec<PropSpec>>) -> Option<Properties<'_>> {
    list.as_deref().map(props)
}

#[derive(Debug, Clone)]
struct WillSpec {
    qos: QoS,
    retain: bool,
    properties: Option<Vec<PropSpec>>,
    topic: String,
    payload: Vec<u8>,
}

/// Which of the four acks with a packet id, reason and properties.
#[allow(clippy::enum_variant_names)] // the packets' names
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AckKind {
    PubAck,
    PubRec,
    PubRel,
    PubComp,
}

/// A valid packet for one version, owning its strings and bytes.
#[derive(Debug, Clone)]
enum Spec {
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
fn build(spec: &Spec) -> Packet<'_> {
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
            connect: Connect {
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
                client_id: client_id.as_str().into(),
                will: will.as_ref().map(|w| Will {
                    properties: opt_props(&w.properties),
                    topic: w.topic.as_str().into(),
                    payload: w.payload.as_slice().into(),
                }),
                username: username.as_deref().map(Utf8Str::from),
                password: password.as_deref().map(Binary::from),
            },
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
                topic: topic.as_str().into(),
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
                    .map(|(f, o)| (Utf8Str::from(f.as_str()), *o))
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
                filters: filters.iter().map(|f| Utf8Str::from(f.as_str())).collect(),
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
fn first_byte(spec: &Spec) -> u8 {
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

/// The remaining length the specification prescribes for the packets whose length is known
/// from their fields alone: the 3.1.1 forms, and the 5.0 short forms.
fn known_remaining_length(spec: &Spec, version: Version) -> Option<usize> {
    match (spec, version) {
        (Spec::PingReq | Spec::PingResp, _) => Some(0),
        (Spec::ConnAck { .. }, V311) => Some(2),
        (Spec::Ack { .. } | Spec::UnsubAck { .. }, V311) => Some(2),
        (Spec::Disconnect { .. }, V311) => Some(0),
        (
            Spec::Ack {
                reason, properties, ..
            },
            V5,
        ) if properties.is_empty() => Some(if *reason == ReasonCode::Success { 2 } else { 3 }),
        (Spec::Disconnect { reason, properties } | Spec::Auth { reason, properties }, V5)
            if properties.is_empty() =>
        {
            Some(if *reason == ReasonCode::Success { 0 } else { 1 })
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Strategies.

/// Strings of up to `max` characters, no U+0000 and none of `forbidden`: printable ASCII half of
/// the time, any character the other half.
fn string_without(forbidden: &'static [char], max: usize) -> BoxedStrategy<String> {
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

fn text(max: usize) -> BoxedStrategy<String> {
    string_without(&[], max)
}

/// A topic name: at least one character, no wildcards.
fn topic_name() -> BoxedStrategy<String> {
    string_without(&['+', '#'], 24)
        .prop_map(|s| if s.is_empty() { "t".to_owned() } else { s })
        .boxed()
}

/// A topic filter: levels that are `+` or plain text, maybe ending in `#`; never empty.
fn topic_filter() -> BoxedStrategy<String> {
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

fn bytes(max: usize) -> BoxedStrategy<Vec<u8>> {
    vec(any::<u8>(), 0..=max).boxed()
}

fn qos() -> impl Strategy<Value = QoS> {
    prop_oneof![
        Just(QoS::AtMostOnce),
        Just(QoS::AtLeastOnce),
        Just(QoS::ExactlyOnce)
    ]
}

fn packet_id() -> impl Strategy<Value = u16> {
    prop_oneof![Just(1u16), Just(u16::MAX), 1..=u16::MAX]
}

/// A `u32` from `min`, often at the ends of the range.
fn u32_from(min: u32) -> BoxedStrategy<u32> {
    prop_oneof![Just(min), Just(u32::MAX), min..=u32::MAX].boxed()
}

/// A reason code from `values`.
fn reason_in(values: &'static [u8]) -> BoxedStrategy<ReasonCode> {
    select(values).prop_map(reason).boxed()
}

/// Any reason code: Success often, a named one, or any byte (mostly `Unknown`).
fn any_reason() -> BoxedStrategy<ReasonCode> {
    let named: Vec<u8> = REASONS.iter().map(|(v, _)| *v).collect();
    prop_oneof![
        2 => Just(ReasonCode::Success),
        2 => select(named).prop_map(reason),
        1 => any::<u8>().prop_map(reason),
    ]
    .boxed()
}

/// A valid value for the property `id`.
fn property_value(id: u8) -> BoxedStrategy<PropSpec> {
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
fn properties(allowed: &'static [u8], repeat_sub_ids: bool) -> BoxedStrategy<Vec<PropSpec>> {
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
fn v5_properties(
    version: Version,
    allowed: &'static [u8],
    repeat_sub_ids: bool,
) -> BoxedStrategy<Option<Vec<PropSpec>>> {
    match version {
        V311 => Just(None).boxed(),
        V5 => properties(allowed, repeat_sub_ids).prop_map(Some).boxed(),
    }
}

fn connect(version: Version) -> BoxedStrategy<Spec> {
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

fn connack(version: Version) -> BoxedStrategy<Spec> {
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

fn publish(version: Version) -> BoxedStrategy<Spec> {
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

fn ack(version: Version, kind: AckKind) -> BoxedStrategy<Spec> {
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

fn options(version: Version) -> BoxedStrategy<SubscriptionOptions> {
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

fn subscribe(version: Version) -> BoxedStrategy<Spec> {
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

fn suback(version: Version) -> BoxedStrategy<Spec> {
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

fn unsubscribe(version: Version) -> BoxedStrategy<Spec> {
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

fn unsuback(version: Version) -> BoxedStrategy<Spec> {
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

fn disconnect(version: Version) -> BoxedStrategy<Spec> {
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

fn auth() -> BoxedStrategy<Spec> {
    (reason_in(AUTH_REASONS), properties(AUTH_PROPS, false))
        .prop_map(|(reason, properties)| Spec::Auth { reason, properties })
        .boxed()
}

/// Any packet of `version`.
fn any_packet(version: Version) -> BoxedStrategy<Spec> {
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

/// Chunk sizes to feed a `FrameSplitter` with, used in turn until the bytes run out.
fn chunks() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![3 => 1usize..=4, 1 => 5usize..=64], 1..16)
}

// ---------------------------------------------------------------------------------------------
// The properties.

fn fail(what: &str, e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(format!("{what}: {e}"))
}

/// Feeds `bytes` to a splitter in chunks of the sizes in `chunks` (cycled) and returns the
/// frames it hands out, checking that none comes before the last chunk of the first packet.
fn split(bytes: &[u8], chunks: &[usize]) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let mut splitter = FrameSplitter::new(1 << 24);
    let mut frames = Vec::new();
    let mut fed = 0;
    for &size in chunks.iter().cycle() {
        if fed == bytes.len() {
            break;
        }
        let end = (fed + size).min(bytes.len());
        splitter.extend(&bytes[fed..end]);
        fed = end;
        while let Some(frame) = splitter.next_frame().map_err(|e| fail("frame", e))? {
            frames.push(frame.to_vec());
        }
    }
    prop_assert!(
        splitter
            .next_frame()
            .map_err(|e| fail("frame", e))?
            .is_none()
    );
    Ok(frames)
}

/// Every property of one packet.
fn check(spec: &Spec, version: Version, chunks: &[usize]) -> Result<(), TestCaseError> {
    let packet = build(spec);
    let bytes = mqtt::encode(&packet, version).map_err(|e| fail("encode", e))?;

    // Exact length, fixed header, remaining length.
    prop_assert_eq!(packet.encoded_len_with(version), bytes.len());
    prop_assert_eq!(bytes[0], first_byte(spec));
    let (Vbi(remaining), vbi_len) =
        decode_prefix::<Vbi>(&bytes[1..]).map_err(|e| fail("remaining length", e))?;
    prop_assert_eq!(1 + vbi_len + remaining as usize, bytes.len());
    prop_assert_eq!(vbi_len, Vbi::size_of(remaining), "minimal remaining length");
    if let Some(expected) = known_remaining_length(spec, version) {
        prop_assert_eq!(
            remaining as usize,
            expected,
            "remaining length of {:02x?}",
            bytes
        );
    }

    // Round trip, consuming exactly the packet, also with more bytes after it.
    let (decoded, used) = mqtt::decode(&bytes, version).map_err(|e| fail("decode", e))?;
    prop_assert_eq!(&decoded, &packet);
    prop_assert_eq!(used, bytes.len());
    let mut followed = bytes.clone();
    followed.extend_from_slice(&[0xc0, 0x00]);
    let (decoded, used) = mqtt::decode(&followed, version).map_err(|e| fail("decode", e))?;
    prop_assert_eq!(&decoded, &packet);
    prop_assert_eq!(used, bytes.len());

    // CONNECT carries its own version: the one the caller passes does not matter.
    if let Spec::Connect { .. } = spec {
        let other = if version == V5 { V311 } else { V5 };
        let (decoded, _) = mqtt::decode(&bytes, other).map_err(|e| fail("decode", e))?;
        prop_assert_eq!(&decoded, &packet);
    }

    // Every truncation is incomplete, and asks for no more than the packet has.
    for cut in 0..bytes.len() {
        match mqtt::decode(&bytes[..cut], version) {
            Ok((p, used)) => prop_assert!(false, "cut at {cut} decoded {used} bytes: {p:?}"),
            Err(e) => {
                prop_assert!(e.is_incomplete(), "cut at {}: {}", cut, e);
                let needed = e.needed().unwrap_or(0);
                prop_assert!(
                    needed >= 1 && cut + needed <= bytes.len(),
                    "cut at {} of {}: needs {}",
                    cut,
                    bytes.len(),
                    needed
                );
            }
        }
    }

    // A stream splitter fed the bytes in chunks yields them as one frame.
    let frames = split(&bytes, chunks)?;
    prop_assert_eq!(frames, vec![bytes]);
    Ok(())
}

macro_rules! roundtrip {
    ($($name:ident: $strategy:expr, $version:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            $(
                #[test]
                fn $name(spec in $strategy, chunks in chunks()) {
                    check(&spec, $version, &chunks)?;
                }
            )*
        }
    };
}

roundtrip! {
    connect_v311: connect(V311), V311;
    connect_v5: connect(V5), V5;
    connack_v311: connack(V311), V311;
    connack_v5: connack(V5), V5;
    publish_v311: publish(V311), V311;
    publish_v5: publish(V5), V5;
    puback_v311: ack(V311, AckKind::PubAck), V311;
    puback_v5: ack(V5, AckKind::PubAck), V5;
    pubrec_v311: ack(V311, AckKind::PubRec), V311;
    pubrec_v5: ack(V5, AckKind::PubRec), V5;
    pubrel_v311: ack(V311, AckKind::PubRel), V311;
    pubrel_v5: ack(V5, AckKind::PubRel), V5;
    pubcomp_v311: ack(V311, AckKind::PubComp), V311;
    pubcomp_v5: ack(V5, AckKind::PubComp), V5;
    subscribe_v311: subscribe(V311), V311;
    subscribe_v5: subscribe(V5), V5;
    suback_v311: suback(V311), V311;
    suback_v5: suback(V5), V5;
    unsubscribe_v311: unsubscribe(V311), V311;
    unsubscribe_v5: unsubscribe(V5), V5;
    unsuback_v311: unsuback(V311), V311;
    unsuback_v5: unsuback(V5), V5;
    disconnect_v311: disconnect(V311), V311;
    disconnect_v5: disconnect(V5), V5;
    auth_v5: auth(), V5;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Several packets back to back: the splitter cuts them apart whatever the chunking, and
    /// each frame decodes to its packet.
    #[test]
    fn streams_split_into_packets(
        (version, specs) in prop_oneof![Just(V311), Just(V5)]
            .prop_flat_map(|v| (Just(v), vec(any_packet(v), 1..6))),
        chunks in chunks(),
    ) {
        let packets: Vec<Packet<'_>> = specs.iter().map(build).collect();
        let encoded = packets
            .iter()
            .map(|p| mqtt::encode(p, version))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| fail("encode", e))?;
        let stream = encoded.concat();
        let frames = split(&stream, &chunks)?;
        prop_assert_eq!(&frames, &encoded);
        let mut at = 0;
        for packet in &packets {
            let (decoded, used) = mqtt::decode(&stream[at..], version).map_err(|e| fail("decode", e))?;
            prop_assert_eq!(&decoded, packet);
            at += used;
        }
        prop_assert_eq!(at, stream.len());
    }
}

// ---------------------------------------------------------------------------------------------
// Short forms and other fixed encodings.

fn encode(packet: &Packet<'_>, version: Version) -> Vec<u8> {
    mqtt::encode(packet, version).unwrap()
}

fn decode(bytes: &[u8], version: Version) -> Result<Packet<'_>, DecodeError> {
    let (packet, used) = mqtt::decode(bytes, version)?;
    assert_eq!(used, bytes.len(), "decoded {used} of {bytes:02x?}");
    Ok(packet)
}

fn acks(packet_id: u16, reason: ReasonCode, properties: Vec<PropSpec>) -> Vec<Spec> {
    [
        AckKind::PubAck,
        AckKind::PubRec,
        AckKind::PubRel,
        AckKind::PubComp,
    ]
    .into_iter()
    .map(|kind| Spec::Ack {
        kind,
        packet_id,
        reason,
        properties: properties.clone(),
    })
    .collect()
}

#[test]
fn v5_acks_with_success_and_no_properties_are_short() {
    for spec in acks(0x1234, ReasonCode::Success, Vec::new()) {
        let packet = build(&spec);
        let short = [first_byte(&spec), 0x02, 0x12, 0x34];
        assert_eq!(encode(&packet, V5), short, "{}", packet.name());
        assert_eq!(encode(&packet, V311), short, "{}", packet.name());
        assert_eq!(decode(&short, V5).unwrap(), packet);
        assert_eq!(decode(&short, V311).unwrap(), packet);
        // The long forms of the same packet decode to it too (and encode short again).
        let with_reason = [first_byte(&spec), 0x03, 0x12, 0x34, 0x00];
        let with_properties = [first_byte(&spec), 0x04, 0x12, 0x34, 0x00, 0x00];
        assert_eq!(decode(&with_reason, V5).unwrap(), packet);
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
}

#[test]
fn v5_acks_with_a_reason_and_no_properties_leave_out_the_property_length() {
    for spec in acks(7, ReasonCode::NoMatchingSubscribers, Vec::new()) {
        let packet = build(&spec);
        let bytes = [first_byte(&spec), 0x03, 0x00, 0x07, 0x10];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
        let with_properties = [first_byte(&spec), 0x04, 0x00, 0x07, 0x10, 0x00];
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
}

#[test]
fn v5_acks_with_properties_keep_the_success_reason() {
    let reason_string = PropSpec {
        id: 0x1f,
        value: Value::Str("ok".to_owned()),
    };
    for spec in acks(7, ReasonCode::Success, vec![reason_string]) {
        let packet = build(&spec);
        let bytes = [
            first_byte(&spec),
            0x09,
            0x00,
            0x07,
            0x00,
            0x05,
            0x1f,
            0x00,
            0x02,
            b'o',
            b'k',
        ];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
    }
}

#[test]
fn v5_disconnect_and_auth_with_success_and_no_properties_are_empty() {
    for spec in [
        Spec::Disconnect {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        },
        Spec::Auth {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        },
    ] {
        let packet = build(&spec);
        let short = [first_byte(&spec), 0x00];
        assert_eq!(encode(&packet, V5), short, "{}", packet.name());
        assert_eq!(decode(&short, V5).unwrap(), packet);
        let with_reason = [first_byte(&spec), 0x01, 0x00];
        let with_properties = [first_byte(&spec), 0x02, 0x00, 0x00];
        assert_eq!(decode(&with_reason, V5).unwrap(), packet);
        assert_eq!(decode(&with_properties, V5).unwrap(), packet);
    }
    // 3.1.1 DISCONNECT is always empty.
    let spec = Spec::Disconnect {
        reason: ReasonCode::Success,
        properties: Vec::new(),
    };
    let packet = build(&spec);
    assert_eq!(encode(&packet, V311), [0xe0, 0x00]);
    assert_eq!(decode(&[0xe0, 0x00], V311).unwrap(), packet);
}

#[test]
fn v5_disconnect_and_auth_with_a_reason_and_no_properties_are_one_byte() {
    for (spec, code) in [
        (
            Spec::Disconnect {
                reason: ReasonCode::DisconnectWithWill,
                properties: Vec::new(),
            },
            0x04,
        ),
        (
            Spec::Auth {
                reason: ReasonCode::ContinueAuthentication,
                properties: Vec::new(),
            },
            0x18,
        ),
        (
            Spec::Auth {
                reason: ReasonCode::ReAuthenticate,
                properties: Vec::new(),
            },
            0x19,
        ),
    ] {
        let packet = build(&spec);
        let bytes = [first_byte(&spec), 0x01, code];
        assert_eq!(encode(&packet, V5), bytes, "{}", packet.name());
        assert_eq!(decode(&bytes, V5).unwrap(), packet);
    }
}

/// Every reason code byte decodes to the code of that value in the specification's table
/// (`Unknown` for the others) and encodes back to the byte.
#[test]
fn reason_codes_match_the_table() {
    for value in 0..=u8::MAX {
        let bytes = [0x40, 0x03, 0x00, 0x01, value];
        let spec = Spec::Ack {
            kind: AckKind::PubAck,
            packet_id: 1,
            reason: reason(value),
            properties: Vec::new(),
        };
        let expected = build(&spec);
        assert_eq!(decode(&bytes, V5).unwrap(), expected, "reason {value:#04x}");
        assert_eq!(reason(value).value(), value);
        let expected_bytes: &[u8] = if value == 0 {
            &[0x40, 0x02, 0x00, 0x01]
        } else {
            &bytes
        };
        assert_eq!(encode(&expected, V5), expected_bytes);
    }
}

/// Every 3.1.1 CONNACK return code byte round-trips.
#[test]
fn connack_return_codes_round_trip() {
    for value in 0..=u8::MAX {
        let bytes = [0x20, 0x02, 0x00, value];
        let spec = Spec::ConnAck {
            session_present: false,
            return_code: Some(return_code(value)),
            reason: None,
            properties: None,
        };
        let expected = build(&spec);
        assert_eq!(
            decode(&bytes, V311).unwrap(),
            expected,
            "return code {value}"
        );
        assert_eq!(encode(&expected, V311), bytes);
    }
}

/// Remaining lengths at the edges of each Variable Byte Integer size.
#[test]
fn remaining_length_sizes() {
    // A QoS 0 3.1.1 PUBLISH with topic "t": remaining length = 3 + payload.
    for (remaining, vbi) in [
        (127usize, &[0x7f][..]),
        (128, &[0x80, 0x01]),
        (16_383, &[0xff, 0x7f]),
        (16_384, &[0x80, 0x80, 0x01]),
        (2_097_151, &[0xff, 0xff, 0x7f]),
        (2_097_152, &[0x80, 0x80, 0x80, 0x01]),
    ] {
        let spec = Spec::Publish {
            dup: false,
            qos: QoS::AtMostOnce,
            retain: false,
            topic: "t".to_owned(),
            packet_id: None,
            properties: None,
            payload: vec![0xa5; remaining - 3],
        };
        let packet = build(&spec);
        let bytes = encode(&packet, V311);
        assert_eq!(
            &bytes[1..1 + vbi.len()],
            vbi,
            "remaining length {remaining}"
        );
        assert_eq!(bytes.len(), 1 + vbi.len() + remaining);
        assert_eq!(decode(&bytes, V311).unwrap(), packet);
        let frames = split(&bytes, &[4096]).unwrap();
        assert_eq!(frames, vec![bytes.clone()]);
        // Cut inside the remaining length and inside the body.
        for cut in [1, vbi.len(), 1 + vbi.len() + 1, bytes.len() - 1] {
            let err = mqtt::decode(&bytes[..cut], V311).unwrap_err();
            assert!(err.is_incomplete(), "cut at {cut}: {err}");
        }
    }
}

/// A 3.1.1 ack, UNSUBACK or DISCONNECT has a fixed remaining length (2, or 0 for DISCONNECT):
/// anything after the packet id is malformed, even bytes that would spell the 5.0 defaults.
#[test]
fn v311_fixed_length_packets_reject_extra_bytes() {
    let mut accepted = Vec::new();
    for bytes in [
        &[0x40, 0x03, 0x00, 0x01, 0x00][..],
        &[0x40, 0x04, 0x00, 0x01, 0x00, 0x00],
        &[0x50, 0x03, 0x00, 0x01, 0x00],
        &[0x62, 0x03, 0x00, 0x01, 0x00],
        &[0x70, 0x04, 0x00, 0x01, 0x00, 0x00],
        &[0xb0, 0x03, 0x00, 0x01, 0x00],
        &[0xe0, 0x01, 0x00],
        &[0xe0, 0x02, 0x00, 0x00],
    ] {
        match mqtt::decode(bytes, V311) {
            Ok((packet, _)) => accepted.push(format!("{bytes:02x?} as {packet:?}")),
            Err(e) => assert!(!e.is_incomplete(), "{bytes:02x?}: {e}"),
        }
    }
    assert!(
        accepted.is_empty(),
        "3.1.1 accepted:\n{}",
        accepted.join("\n")
    );
}

/// AUTH does not exist in 3.1.1.
#[test]
fn auth_is_rejected_in_v311() {
    for bytes in [&[0xf0, 0x00][..], &[0xf0, 0x01, 0x18]] {
        let err = mqtt::decode(bytes, V311).unwrap_err();
        assert!(!err.is_incomplete(), "{bytes:02x?}: {err}");
    }
    let spec = Spec::Auth {
        reason: ReasonCode::Success,
        properties: Vec::new(),
    };
    let packet = build(&spec);
    assert!(mqtt::encode(&packet, V311).is_err());
}

//! Cross-check of wire's MQTT codec against an independent implementation, `mqttbytes` 0.6
//! (`mqttbytes::v4` for 3.1.1, `mqttbytes::v5` for 5.0), for every packet type both support
//! (all but AUTH, which mqttbytes 0.6 does not have).
//!
//! Random valid packets come from the strategies in `mqtt_common`, narrowed where mqttbytes
//! cannot represent a valid packet (see "Exclusions" below). Each case runs both directions:
//!
//! - **wire → mqttbytes**: wire encodes the packet; `mqttbytes::vN::read` takes exactly those
//!   bytes and yields the same fields (topic, QoS, DUP, RETAIN, packet id, payload, reason
//!   codes, properties with user properties and subscription identifiers in order, filters and
//!   their options, every CONNECT field). mqttbytes then writes what it read: the bytes have the
//!   same length, wire decodes them to the same packet, and wire re-encodes that packet to
//!   exactly mqttbytes' bytes. They equal wire's first encoding except for property order:
//!   mqttbytes keeps properties in struct fields and writes them in a fixed order, wire keeps
//!   the order it was given; the specification allows any order.
//! - **mqttbytes → wire**: mqttbytes writes the packet; wire decodes all of it to the same
//!   fields, and wire's encoding of the decoded packet is byte-for-byte mqttbytes' encoding.
//!   Where mqttbytes can write a longer form than needed (a 5.0 PUBACK, PUBREC, PUBREL or
//!   PUBCOMP with an empty property list), wire decodes that too, to the same packet, and
//!   writes the short form.
//!
//! "Same fields" is checked by converting both sides into the owned `Spec` of `mqtt_common`
//! and comparing them with each property list stably sorted by identifier: the relative order
//! of user properties, and of subscription identifiers, is kept and compared.
//!
//! # Exclusions (mqttbytes 0.6 behaviour, not wire's)
//!
//! - AUTH: no such packet in mqttbytes (`v5::read` answers `InvalidPacketType(15)`).
//! - CONNECT user name and password: `Login` holds both as `String`s, writes each only when
//!   non-empty and reads an absent one as empty, so an empty user name or password cannot be
//!   told from an absent one; and the password is read with `read_mqtt_string`, so Binary Data
//!   that is not UTF-8 is rejected (`TopicNotUtf8`). The strategies make non-empty UTF-8 ones.
//! - 3.1.1 CONNACK return codes 6-255 (reserved) are rejected by mqttbytes; wire keeps them as
//!   `Unknown`. Reason codes of the other packets are drawn from the specification's lists,
//!   which mqttbytes' enums match exactly.
//! - 5.0 DISCONNECT without properties (wire writes the short forms, remaining length 0 or 1):
//!   `v5::read` answers `PayloadRequired` for a remaining length of 0, and `Disconnect::read`
//!   always reads a property length, which 5.0 lets a remaining length of 1 leave out. Only the
//!   wire → mqttbytes direction skips them.
//! - 5.0 DISCONNECT with `Some` empty properties: `Disconnect::len` comes to 2, which
//!   `Disconnect::write` takes for its own "normal disconnection, no properties" marker, so it
//!   writes `e0 00` and drops the reason code. The mqttbytes → wire direction passes `None`
//!   for an empty list, and writes no long form of DISCONNECT.
//! - 5.0 PUBLISH with several subscription identifiers: `PublishProperties::extract` counts the
//!   identifier byte of each one twice, so it stops reading the properties early when the
//!   properties after them are short, and the rest lands in the payload. Only the
//!   wire → mqttbytes direction skips those cases, exactly when mqttbytes' count would stop it.
//! - 5.0 CONNACK without properties: mqttbytes reads an empty property list as `None`, and
//!   `ConnAck::write` writes no Property Length at all for `None`, which 5.0 requires; so the
//!   wire → mqttbytes direction does not compare mqttbytes' re-encoding of such a CONNACK, and
//!   the mqttbytes → wire direction always gives it `Some` properties.
//!
//! `mqttbytes_gap_*` tests pin each of these behaviours, so that an exclusion is noticed when
//! it is no longer needed.

mod mqtt_common;

use bytes::{Bytes, BytesMut};
use mqtt_common::*;
use mqttbytes::{v4, v5};
use proptest::prelude::*;
use v4::ConnectReturnCode as V4Code;
use v5::ConnectReturnCode as V5Code;
use wire_protocols::mqtt::{
    self, ConnectReturnCode, Packet, Properties, Property, QoS, ReasonCode, RetainHandling,
    SubscriptionOptions, Version,
};
use wire_runtime::{WireEncode, int::Vbi};

/// Larger than any packet the strategies make.
const MAX_SIZE: usize = 1 << 24;

// ---------------------------------------------------------------------------------------------
// wire packets to specs.

fn prop_spec(p: &Property<'_>) -> PropSpec {
    use Value::*;
    let s = |s: &wire_protocols::mqtt::Utf8Str<'_>| Str(s.as_str().to_owned());
    let (id, value) = match p {
        Property::PayloadFormatIndicator(b) => (0x01, Bool(*b)),
        Property::MessageExpiryInterval(v) => (0x02, U32(*v)),
        Property::ContentType(v) => (0x03, s(v)),
        Property::ResponseTopic(v) => (0x08, s(v)),
        Property::CorrelationData(b) => (0x09, Bin(b.bytes.to_vec())),
        Property::SubscriptionIdentifier { id } => (0x0b, U32(id.0)),
        Property::SessionExpiryInterval(v) => (0x11, U32(*v)),
        Property::AssignedClientIdentifier(v) => (0x12, s(v)),
        Property::ServerKeepAlive(v) => (0x13, U16(*v)),
        Property::AuthenticationMethod(v) => (0x15, s(v)),
        Property::AuthenticationData(b) => (0x16, Bin(b.bytes.to_vec())),
        Property::RequestProblemInformation(b) => (0x17, Bool(*b)),
        Property::WillDelayInterval(v) => (0x18, U32(*v)),
        Property::RequestResponseInformation(b) => (0x19, Bool(*b)),
        Property::ResponseInformation(v) => (0x1a, s(v)),
        Property::ServerReference(v) => (0x1c, s(v)),
        Property::ReasonString(v) => (0x1f, s(v)),
        Property::ReceiveMaximum { max } => (0x21, U16(*max)),
        Property::TopicAliasMaximum(v) => (0x22, U16(*v)),
        Property::TopicAlias { alias } => (0x23, U16(*alias)),
        Property::MaximumQoS { qos } => (0x24, U8(*qos)),
        Property::RetainAvailable(b) => (0x25, Bool(*b)),
        Property::UserProperty(k, v) => (0x26, Pair(k.as_str().to_owned(), v.as_str().to_owned())),
        Property::MaximumPacketSize { size } => (0x27, U32(*size)),
        Property::WildcardSubscriptionAvailable(b) => (0x28, Bool(*b)),
        Property::SubscriptionIdentifierAvailable(b) => (0x29, Bool(*b)),
        Property::SharedSubscriptionAvailable(b) => (0x2a, Bool(*b)),
    };
    PropSpec { id, value }
}

fn prop_specs(p: &Properties<'_>) -> Vec<PropSpec> {
    p.iter().map(|p| prop_spec(&p)).collect()
}

fn opt_prop_specs(p: &Option<Properties<'_>>) -> Option<Vec<PropSpec>> {
    p.as_ref().map(prop_specs)
}

fn ack_spec(kind: AckKind, packet_id: u16, reason: ReasonCode, p: &Properties<'_>) -> Spec {
    Spec::Ack {
        kind,
        packet_id,
        reason,
        properties: prop_specs(p),
    }
}

/// The spec of a decoded wire packet; `build` of it gives the packet back.
fn from_wire(packet: &Packet<'_>) -> Spec {
    match packet {
        Packet::Connect { connect: c, .. } => Spec::Connect {
            version: c.version,
            clean_start: c.flags.clean_start,
            keep_alive: c.keep_alive,
            properties: opt_prop_specs(&c.properties),
            client_id: c.client_id.as_str().to_owned(),
            will: c.will.as_ref().map(|w| WillSpec {
                qos: c.flags.will_qos,
                retain: c.flags.will_retain,
                properties: opt_prop_specs(&w.properties),
                topic: w.topic.as_str().to_owned(),
                payload: w.payload.bytes.to_vec(),
            }),
            username: c.username.map(|u| u.as_str().to_owned()),
            password: c.password.map(|p| p.bytes.to_vec()),
        },
        Packet::ConnAck { connack: c, .. } => Spec::ConnAck {
            session_present: c.flags.session_present,
            return_code: c.return_code,
            reason: c.reason,
            properties: opt_prop_specs(&c.properties),
        },
        Packet::Publish { flags, publish: p } => Spec::Publish {
            dup: flags.dup,
            qos: flags.qos,
            retain: flags.retain,
            topic: p.topic.as_str().to_owned(),
            packet_id: p.packet_id,
            properties: opt_prop_specs(&p.properties),
            payload: p.payload.to_vec(),
        },
        Packet::PubAck { ack: a, .. } => {
            ack_spec(AckKind::PubAck, a.packet_id, a.reason, &a.properties)
        }
        Packet::PubRec { ack: a, .. } => {
            ack_spec(AckKind::PubRec, a.packet_id, a.reason, &a.properties)
        }
        Packet::PubRel { ack: a, .. } => {
            ack_spec(AckKind::PubRel, a.packet_id, a.reason, &a.properties)
        }
        Packet::PubComp { ack: a, .. } => {
            ack_spec(AckKind::PubComp, a.packet_id, a.reason, &a.properties)
        }
        Packet::Subscribe { subscribe: s, .. } => Spec::Subscribe {
            packet_id: s.packet_id,
            properties: opt_prop_specs(&s.properties),
            filters: s
                .filters
                .iter()
                .map(|(f, o)| (f.as_str().to_owned(), *o))
                .collect(),
        },
        Packet::SubAck { suback: s, .. } => Spec::SubAck {
            packet_id: s.packet_id,
            properties: opt_prop_specs(&s.properties),
            codes: s.codes.clone(),
        },
        Packet::Unsubscribe { unsubscribe: u, .. } => Spec::Unsubscribe {
            packet_id: u.packet_id,
            properties: opt_prop_specs(&u.properties),
            filters: u.filters.iter().map(|f| f.as_str().to_owned()).collect(),
        },
        Packet::UnsubAck { unsuback: u, .. } => Spec::UnsubAck {
            packet_id: u.packet_id,
            properties: opt_prop_specs(&u.properties),
            codes: u.codes.clone(),
        },
        Packet::PingReq { .. } => Spec::PingReq,
        Packet::PingResp { .. } => Spec::PingResp,
        Packet::Disconnect { disconnect: d, .. } => Spec::Disconnect {
            reason: d.reason,
            properties: prop_specs(&d.properties),
        },
        Packet::Auth { auth: a, .. } => Spec::Auth {
            reason: a.reason,
            properties: prop_specs(&a.properties),
        },
    }
}

/// `spec` with every property list stably sorted by identifier: the form in which two
/// implementations that may order properties differently are compared. Repeated properties
/// (user properties, PUBLISH subscription identifiers) keep their relative order.
fn normalize(spec: &Spec) -> Spec {
    fn sort(list: &mut [PropSpec]) {
        list.sort_by_key(|p| p.id);
    }
    fn sort_opt(list: &mut Option<Vec<PropSpec>>) {
        if let Some(list) = list {
            sort(list);
        }
    }
    let mut spec = spec.clone();
    match &mut spec {
        Spec::Connect {
            properties, will, ..
        } => {
            sort_opt(properties);
            if let Some(will) = will {
                sort_opt(&mut will.properties);
            }
        }
        Spec::ConnAck { properties, .. }
        | Spec::Publish { properties, .. }
        | Spec::Subscribe { properties, .. }
        | Spec::SubAck { properties, .. }
        | Spec::Unsubscribe { properties, .. }
        | Spec::UnsubAck { properties, .. } => sort_opt(properties),
        Spec::Ack { properties, .. }
        | Spec::Disconnect { properties, .. }
        | Spec::Auth { properties, .. } => sort(properties),
        Spec::PingReq | Spec::PingResp => {}
    }
    spec
}

// ---------------------------------------------------------------------------------------------
// Properties between specs and mqttbytes' structs.

fn get(list: &[PropSpec], id: u8) -> Option<&Value> {
    list.iter().find(|p| p.id == id).map(|p| &p.value)
}

fn get_u32(list: &[PropSpec], id: u8) -> Option<u32> {
    get(list, id).map(|v| match v {
        Value::U32(x) => *x,
        other => panic!("property {id:#04x}: {other:?}"),
    })
}

fn get_u16(list: &[PropSpec], id: u8) -> Option<u16> {
    get(list, id).map(|v| match v {
        Value::U16(x) => *x,
        other => panic!("property {id:#04x}: {other:?}"),
    })
}

/// A Byte property: mqttbytes keeps the booleans as the byte too.
fn get_u8(list: &[PropSpec], id: u8) -> Option<u8> {
    get(list, id).map(|v| match v {
        Value::Bool(b) => u8::from(*b),
        Value::U8(x) => *x,
        other => panic!("property {id:#04x}: {other:?}"),
    })
}

fn get_str(list: &[PropSpec], id: u8) -> Option<String> {
    get(list, id).map(|v| match v {
        Value::Str(s) => s.clone(),
        other => panic!("property {id:#04x}: {other:?}"),
    })
}

fn get_bin(list: &[PropSpec], id: u8) -> Option<Bytes> {
    get(list, id).map(|v| match v {
        Value::Bin(b) => Bytes::from(b.clone()),
        other => panic!("property {id:#04x}: {other:?}"),
    })
}

fn users(list: &[PropSpec]) -> Vec<(String, String)> {
    list.iter()
        .filter_map(|p| match &p.value {
            Value::Pair(k, v) if p.id == 0x26 => Some((k.clone(), v.clone())),
            _ => None,
        })
        .collect()
}

fn sub_ids(list: &[PropSpec]) -> Vec<usize> {
    list.iter()
        .filter_map(|p| match p.value {
            Value::U32(id) if p.id == 0x0b => Some(id as usize),
            _ => None,
        })
        .collect()
}

/// `make(list)` when there are properties, `None` (written as property length 0) when not.
fn nonempty<T>(list: &[PropSpec], make: impl FnOnce(&[PropSpec]) -> T) -> Option<T> {
    (!list.is_empty()).then(|| make(list))
}

/// Collects mqttbytes' property fields back into a list (in field order; compared sorted).
#[derive(Default)]
struct Collect(Vec<PropSpec>);

impl Collect {
    fn put(mut self, id: u8, value: Option<Value>) -> Self {
        if let Some(value) = value {
            self.0.push(PropSpec { id, value });
        }
        self
    }
    fn u32(self, id: u8, v: Option<u32>) -> Self {
        self.put(id, v.map(Value::U32))
    }
    fn u16(self, id: u8, v: Option<u16>) -> Self {
        self.put(id, v.map(Value::U16))
    }
    /// A boolean property, which mqttbytes keeps as its byte: anything but 0 or 1 stays a
    /// byte, and so differs from every valid spec.
    fn flag(self, id: u8, v: Option<u8>) -> Self {
        self.put(
            id,
            v.map(|b| match b {
                0 => Value::Bool(false),
                1 => Value::Bool(true),
                b => Value::U8(b),
            }),
        )
    }
    fn byte(self, id: u8, v: Option<u8>) -> Self {
        self.put(id, v.map(Value::U8))
    }
    fn str(self, id: u8, v: &Option<String>) -> Self {
        self.put(id, v.clone().map(Value::Str))
    }
    fn bin(self, id: u8, v: &Option<Bytes>) -> Self {
        self.put(id, v.as_ref().map(|b| Value::Bin(b.to_vec())))
    }
    fn users(mut self, pairs: &[(String, String)]) -> Self {
        for (k, v) in pairs {
            self.0.push(PropSpec {
                id: 0x26,
                value: Value::Pair(k.clone(), v.clone()),
            });
        }
        self
    }
    fn sub_ids(mut self, ids: &[usize]) -> Self {
        for &id in ids {
            let value = Value::U32(u32::try_from(id).expect("a Variable Byte Integer"));
            self.0.push(PropSpec { id: 0x0b, value });
        }
        self
    }
}

fn mqos(q: QoS) -> mqttbytes::QoS {
    match q {
        QoS::AtMostOnce => mqttbytes::QoS::AtMostOnce,
        QoS::AtLeastOnce => mqttbytes::QoS::AtLeastOnce,
        QoS::ExactlyOnce => mqttbytes::QoS::ExactlyOnce,
    }
}

fn wqos(q: mqttbytes::QoS) -> QoS {
    match q {
        mqttbytes::QoS::AtMostOnce => QoS::AtMostOnce,
        mqttbytes::QoS::AtLeastOnce => QoS::AtLeastOnce,
        mqttbytes::QoS::ExactlyOnce => QoS::ExactlyOnce,
    }
}

/// The variant of a fieldless `#[repr(u8)]` mqttbytes enum whose value is `value`, from the
/// variants listed (mqttbytes keeps its own `u8` conversions private).
macro_rules! from_u8 {
    ($value:expr, $ty:ident :: { $($variant:ident),* $(,)? }) => {{
        let value: u8 = $value;
        [$($ty::$variant),*]
            .into_iter()
            .find(|c| *c as u8 == value)
            .unwrap_or_else(|| panic!("no {} {value:#04x}", stringify!($ty)))
    }};
}

/// mqttbytes' Login: user name and password as Strings, empty meaning absent.
fn login(username: &Option<String>, password: &Option<Vec<u8>>) -> Option<(String, String)> {
    (username.is_some() || password.is_some()).then(|| {
        let password = password.clone().unwrap_or_default();
        (
            username.clone().unwrap_or_default(),
            String::from_utf8(password).expect("the strategies make UTF-8 passwords"),
        )
    })
}

/// The user name and password mqttbytes read: empty ones are absent (the strategies make
/// none).
fn credentials(login: Option<(&String, &String)>) -> (Option<String>, Option<Vec<u8>>) {
    match login {
        None => (None, None),
        Some((u, p)) => (
            (!u.is_empty()).then(|| u.clone()),
            (!p.is_empty()).then(|| p.clone().into_bytes()),
        ),
    }
}

fn protocol_version(p: mqttbytes::Protocol) -> Version {
    match p {
        mqttbytes::Protocol::V4 => V311,
        mqttbytes::Protocol::V5 => V5,
    }
}

// ---------------------------------------------------------------------------------------------
// The two mqttbytes modules behind one interface.

trait Peer {
    type Packet: std::fmt::Debug;
    const VERSION: Version;
    fn read(stream: &mut BytesMut) -> Result<Self::Packet, mqttbytes::Error>;
    fn write(packet: &Self::Packet) -> Result<Vec<u8>, mqttbytes::Error>;
    /// mqttbytes' packet for a spec.
    fn from_spec(spec: &Spec) -> Self::Packet;
    /// The spec of mqttbytes' packet.
    fn to_spec(packet: &Self::Packet) -> Spec;
    /// True when mqttbytes cannot read wire's (valid) encoding of `spec` (see the module doc).
    fn cannot_read(_spec: &Spec) -> bool {
        false
    }
    /// True when mqttbytes writes a packet read from wire's encoding of `spec` wrongly.
    fn cannot_rewrite(_spec: &Spec) -> bool {
        false
    }
    /// The same packet with an empty property list written out, where mqttbytes can do that
    /// and the short form leaves it out.
    fn long_form(_packet: &Self::Packet) -> Option<Self::Packet> {
        None
    }
}

/// `mqttbytes::v4`, MQTT 3.1.1.
struct Mqtt4;

impl Peer for Mqtt4 {
    type Packet = v4::Packet;
    const VERSION: Version = V311;

    fn read(stream: &mut BytesMut) -> Result<v4::Packet, mqttbytes::Error> {
        v4::read(stream, MAX_SIZE)
    }

    fn write(packet: &v4::Packet) -> Result<Vec<u8>, mqttbytes::Error> {
        let mut buf = BytesMut::new();
        match packet {
            v4::Packet::Connect(p) => p.write(&mut buf)?,
            v4::Packet::ConnAck(p) => p.write(&mut buf)?,
            v4::Packet::Publish(p) => p.write(&mut buf)?,
            v4::Packet::PubAck(p) => p.write(&mut buf)?,
            v4::Packet::PubRec(p) => p.write(&mut buf)?,
            v4::Packet::PubRel(p) => p.write(&mut buf)?,
            v4::Packet::PubComp(p) => p.write(&mut buf)?,
            v4::Packet::Subscribe(p) => p.write(&mut buf)?,
            v4::Packet::SubAck(p) => p.write(&mut buf)?,
            v4::Packet::Unsubscribe(p) => p.write(&mut buf)?,
            v4::Packet::UnsubAck(p) => p.write(&mut buf)?,
            v4::Packet::PingReq => v4::PingReq.write(&mut buf)?,
            v4::Packet::PingResp => v4::PingResp.write(&mut buf)?,
            v4::Packet::Disconnect => v4::Disconnect.write(&mut buf)?,
        };
        Ok(buf.to_vec())
    }

    fn from_spec(spec: &Spec) -> v4::Packet {
        match spec {
            Spec::Connect {
                version,
                clean_start,
                keep_alive,
                properties: _,
                client_id,
                will,
                username,
                password,
            } => {
                assert_eq!(*version, V311);
                v4::Packet::Connect(v4::Connect {
                    protocol: mqttbytes::Protocol::V4,
                    keep_alive: *keep_alive,
                    client_id: client_id.clone(),
                    clean_session: *clean_start,
                    last_will: will.as_ref().map(|w| v4::LastWill {
                        topic: w.topic.clone(),
                        message: Bytes::from(w.payload.clone()),
                        qos: mqos(w.qos),
                        retain: w.retain,
                    }),
                    login: login(username, password)
                        .map(|(username, password)| v4::Login { username, password }),
                })
            }
            Spec::ConnAck {
                session_present,
                return_code,
                ..
            } => v4::Packet::ConnAck(v4::ConnAck {
                session_present: *session_present,
                code: from_u8!(
                    wire_return_code(return_code.expect("3.1.1 return code")),
                    V4Code::{
                        Success,
                        RefusedProtocolVersion,
                        BadClientId,
                        ServiceUnavailable,
                        BadUserNamePassword,
                        NotAuthorized,
                    }
                ),
            }),
            Spec::Publish {
                dup,
                qos,
                retain,
                topic,
                packet_id,
                properties: _,
                payload,
            } => v4::Packet::Publish(v4::Publish {
                dup: *dup,
                qos: mqos(*qos),
                retain: *retain,
                topic: topic.clone(),
                pkid: packet_id.unwrap_or(0),
                payload: Bytes::from(payload.clone()),
            }),
            Spec::Ack {
                kind, packet_id, ..
            } => {
                let pkid = *packet_id;
                match kind {
                    AckKind::PubAck => v4::Packet::PubAck(v4::PubAck { pkid }),
                    AckKind::PubRec => v4::Packet::PubRec(v4::PubRec { pkid }),
                    AckKind::PubRel => v4::Packet::PubRel(v4::PubRel { pkid }),
                    AckKind::PubComp => v4::Packet::PubComp(v4::PubComp { pkid }),
                }
            }
            Spec::Subscribe {
                packet_id, filters, ..
            } => v4::Packet::Subscribe(v4::Subscribe {
                pkid: *packet_id,
                filters: filters
                    .iter()
                    .map(|(path, o)| v4::SubscribeFilter::new(path.clone(), mqos(o.qos)))
                    .collect(),
            }),
            Spec::SubAck {
                packet_id, codes, ..
            } => v4::Packet::SubAck(v4::SubAck {
                pkid: *packet_id,
                return_codes: codes
                    .iter()
                    .map(|c| v4::SubscribeReasonCode::try_from(c.value()).unwrap())
                    .collect(),
            }),
            Spec::Unsubscribe {
                packet_id, filters, ..
            } => v4::Packet::Unsubscribe(v4::Unsubscribe {
                pkid: *packet_id,
                topics: filters.clone(),
            }),
            Spec::UnsubAck { packet_id, .. } => {
                v4::Packet::UnsubAck(v4::UnsubAck { pkid: *packet_id })
            }
            Spec::PingReq => v4::Packet::PingReq,
            Spec::PingResp => v4::Packet::PingResp,
            Spec::Disconnect { .. } => v4::Packet::Disconnect,
            Spec::Auth { .. } => unreachable!("no AUTH in 3.1.1"),
        }
    }

    fn to_spec(packet: &v4::Packet) -> Spec {
        let ack = |kind, packet_id| Spec::Ack {
            kind,
            packet_id,
            reason: ReasonCode::Success,
            properties: Vec::new(),
        };
        match packet {
            v4::Packet::Connect(c) => {
                let (username, password) =
                    credentials(c.login.as_ref().map(|l| (&l.username, &l.password)));
                Spec::Connect {
                    version: protocol_version(c.protocol),
                    clean_start: c.clean_session,
                    keep_alive: c.keep_alive,
                    properties: None,
                    client_id: c.client_id.clone(),
                    will: c.last_will.as_ref().map(|w| WillSpec {
                        qos: wqos(w.qos),
                        retain: w.retain,
                        properties: None,
                        topic: w.topic.clone(),
                        payload: w.message.to_vec(),
                    }),
                    username,
                    password,
                }
            }
            v4::Packet::ConnAck(c) => Spec::ConnAck {
                session_present: c.session_present,
                return_code: Some(return_code(c.code as u8)),
                reason: None,
                properties: None,
            },
            v4::Packet::Publish(p) => Spec::Publish {
                dup: p.dup,
                qos: wqos(p.qos),
                retain: p.retain,
                topic: p.topic.clone(),
                packet_id: (p.qos != mqttbytes::QoS::AtMostOnce).then_some(p.pkid),
                properties: None,
                payload: p.payload.to_vec(),
            },
            v4::Packet::PubAck(a) => ack(AckKind::PubAck, a.pkid),
            v4::Packet::PubRec(a) => ack(AckKind::PubRec, a.pkid),
            v4::Packet::PubRel(a) => ack(AckKind::PubRel, a.pkid),
            v4::Packet::PubComp(a) => ack(AckKind::PubComp, a.pkid),
            v4::Packet::Subscribe(s) => Spec::Subscribe {
                packet_id: s.pkid,
                properties: None,
                filters: s
                    .filters
                    .iter()
                    .map(|f| {
                        let options = SubscriptionOptions {
                            qos: wqos(f.qos),
                            ..Default::default()
                        };
                        (f.path.clone(), options)
                    })
                    .collect(),
            },
            v4::Packet::SubAck(s) => Spec::SubAck {
                packet_id: s.pkid,
                properties: None,
                codes: s
                    .return_codes
                    .iter()
                    .map(|c| match c {
                        v4::SubscribeReasonCode::Success(q) => reason(*q as u8),
                        v4::SubscribeReasonCode::Failure => reason(0x80),
                    })
                    .collect(),
            },
            v4::Packet::Unsubscribe(u) => Spec::Unsubscribe {
                packet_id: u.pkid,
                properties: None,
                filters: u.topics.clone(),
            },
            v4::Packet::UnsubAck(u) => Spec::UnsubAck {
                packet_id: u.pkid,
                properties: None,
                codes: Vec::new(),
            },
            v4::Packet::PingReq => Spec::PingReq,
            v4::Packet::PingResp => Spec::PingResp,
            v4::Packet::Disconnect => Spec::Disconnect {
                reason: ReasonCode::Success,
                properties: Vec::new(),
            },
        }
    }
}

/// The byte of a 3.1.1 return code.
fn wire_return_code(code: ConnectReturnCode) -> u8 {
    match code {
        ConnectReturnCode::Accepted => 0,
        ConnectReturnCode::UnacceptableProtocolVersion => 1,
        ConnectReturnCode::IdentifierRejected => 2,
        ConnectReturnCode::ServerUnavailable => 3,
        ConnectReturnCode::BadUserNameOrPassword => 4,
        ConnectReturnCode::NotAuthorized => 5,
        ConnectReturnCode::Unknown(other) => other,
    }
}

/// `mqttbytes::v5`, MQTT 5.0.
struct Mqtt5;

fn will_props(l: &[PropSpec]) -> v5::WillProperties {
    v5::WillProperties {
        delay_interval: get_u32(l, 0x18),
        payload_format_indicator: get_u8(l, 0x01),
        message_expiry_interval: get_u32(l, 0x02),
        content_type: get_str(l, 0x03),
        response_topic: get_str(l, 0x08),
        correlation_data: get_bin(l, 0x09),
        user_properties: users(l),
    }
}

fn connect_props(l: &[PropSpec]) -> v5::ConnectProperties {
    v5::ConnectProperties {
        session_expiry_interval: get_u32(l, 0x11),
        receive_maximum: get_u16(l, 0x21),
        max_packet_size: get_u32(l, 0x27),
        topic_alias_max: get_u16(l, 0x22),
        request_response_info: get_u8(l, 0x19),
        request_problem_info: get_u8(l, 0x17),
        user_properties: users(l),
        authentication_method: get_str(l, 0x15),
        authentication_data: get_bin(l, 0x16),
    }
}

fn connack_props(l: &[PropSpec]) -> v5::ConnAckProperties {
    v5::ConnAckProperties {
        session_expiry_interval: get_u32(l, 0x11),
        receive_max: get_u16(l, 0x21),
        max_qos: get_u8(l, 0x24),
        retain_available: get_u8(l, 0x25),
        max_packet_size: get_u32(l, 0x27),
        assigned_client_identifier: get_str(l, 0x12),
        topic_alias_max: get_u16(l, 0x22),
        reason_string: get_str(l, 0x1f),
        user_properties: users(l),
        wildcard_subscription_available: get_u8(l, 0x28),
        subscription_identifiers_available: get_u8(l, 0x29),
        shared_subscription_available: get_u8(l, 0x2a),
        server_keep_alive: get_u16(l, 0x13),
        response_information: get_str(l, 0x1a),
        server_reference: get_str(l, 0x1c),
        authentication_method: get_str(l, 0x15),
        authentication_data: get_bin(l, 0x16),
    }
}

fn publish_props(l: &[PropSpec]) -> v5::PublishProperties {
    v5::PublishProperties {
        payload_format_indicator: get_u8(l, 0x01),
        message_expiry_interval: get_u32(l, 0x02),
        topic_alias: get_u16(l, 0x23),
        response_topic: get_str(l, 0x08),
        correlation_data: get_bin(l, 0x09),
        user_properties: users(l),
        subscription_identifiers: sub_ids(l),
        content_type: get_str(l, 0x03),
    }
}

fn disconnect_props(l: &[PropSpec]) -> v5::DisconnectProperties {
    v5::DisconnectProperties {
        session_expiry_interval: get_u32(l, 0x11),
        reason_string: get_str(l, 0x1f),
        user_properties: users(l),
        server_reference: get_str(l, 0x1c),
    }
}

/// Reason String and User Properties: the property structs of the acks, SUBACK and UNSUBACK.
macro_rules! reason_props {
    ($ty:ident, $l:expr) => {
        nonempty($l, |l| v5::$ty {
            reason_string: get_str(l, 0x1f),
            user_properties: users(l),
        })
    };
}

/// Collects the Reason String and User Properties of such a struct back.
macro_rules! reason_list {
    ($props:expr) => {
        match &$props {
            None => Vec::new(),
            Some(p) => {
                Collect::default()
                    .str(0x1f, &p.reason_string)
                    .users(&p.user_properties)
                    .0
            }
        }
    };
}

/// How wire's PUBLISH properties would fare in mqttbytes' `PublishProperties::extract`, which
/// adds 1 + the identifier's length to its cursor for a Subscription Identifier after already
/// counting the property identifier byte: true when that over-count makes it stop before the
/// last property (which then becomes the start of the payload).
fn mqttbytes_stops_early_in_publish_properties(list: &[PropSpec]) -> bool {
    let total: usize = list.iter().map(|p| property(p).encoded_len()).sum();
    let mut cursor = 0;
    for p in list {
        if cursor >= total {
            return true;
        }
        cursor += property(p).encoded_len() + usize::from(p.id == 0x0b);
    }
    false
}

impl Peer for Mqtt5 {
    type Packet = v5::Packet;
    const VERSION: Version = V5;

    fn read(stream: &mut BytesMut) -> Result<v5::Packet, mqttbytes::Error> {
        v5::read(stream, MAX_SIZE)
    }

    fn write(packet: &v5::Packet) -> Result<Vec<u8>, mqttbytes::Error> {
        let mut buf = BytesMut::new();
        match packet {
            v5::Packet::Connect(p) => p.write(&mut buf)?,
            v5::Packet::ConnAck(p) => p.write(&mut buf)?,
            v5::Packet::Publish(p) => p.write(&mut buf)?,
            v5::Packet::PubAck(p) => p.write(&mut buf)?,
            v5::Packet::PubRec(p) => p.write(&mut buf)?,
            v5::Packet::PubRel(p) => p.write(&mut buf)?,
            v5::Packet::PubComp(p) => p.write(&mut buf)?,
            v5::Packet::Subscribe(p) => p.write(&mut buf)?,
            v5::Packet::SubAck(p) => p.write(&mut buf)?,
            v5::Packet::Unsubscribe(p) => p.write(&mut buf)?,
            v5::Packet::UnsubAck(p) => p.write(&mut buf)?,
            v5::Packet::PingReq => v5::PingReq.write(&mut buf)?,
            v5::Packet::PingResp => v5::PingResp.write(&mut buf)?,
            v5::Packet::Disconnect(p) => p.write(&mut buf)?,
        };
        Ok(buf.to_vec())
    }

    fn from_spec(spec: &Spec) -> v5::Packet {
        let list = |p: &Option<Vec<PropSpec>>| p.clone().expect("5.0 properties");
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
            } => {
                assert_eq!(*version, V5);
                v5::Packet::Connect(v5::Connect {
                    protocol: mqttbytes::Protocol::V5,
                    keep_alive: *keep_alive,
                    client_id: client_id.clone(),
                    clean_session: *clean_start,
                    last_will: will.as_ref().map(|w| v5::LastWill {
                        topic: w.topic.clone(),
                        message: Bytes::from(w.payload.clone()),
                        qos: mqos(w.qos),
                        retain: w.retain,
                        properties: nonempty(&list(&w.properties), will_props),
                    }),
                    login: login(username, password)
                        .map(|(username, password)| v5::Login { username, password }),
                    properties: nonempty(&list(properties), connect_props),
                })
            }
            Spec::ConnAck {
                session_present,
                reason,
                properties,
                ..
            } => v5::Packet::ConnAck(v5::ConnAck {
                session_present: *session_present,
                code: from_u8!(
                    reason.expect("5.0 reason code").value(),
                    V5Code::{
                        Success,
                        UnspecifiedError,
                        MalformedPacket,
                        ProtocolError,
                        ImplementationSpecificError,
                        UnsupportedProtocolVersion,
                        ClientIdentifierNotValid,
                        BadUserNamePassword,
                        NotAuthorized,
                        ServerUnavailable,
                        ServerBusy,
                        Banned,
                        BadAuthenticationMethod,
                        TopicNameInvalid,
                        PacketTooLarge,
                        QuotaExceeded,
                        PayloadFormatInvalid,
                        RetainNotSupported,
                        QoSNotSupported,
                        UseAnotherServer,
                        ServerMoved,
                        ConnectionRateExceeded,
                    }
                ),
                // Always `Some`: for `None`, mqttbytes writes no Property Length, which 5.0
                // CONNACK requires.
                properties: Some(connack_props(&list(properties))),
            }),
            Spec::Publish {
                dup,
                qos,
                retain,
                topic,
                packet_id,
                properties,
                payload,
            } => v5::Packet::Publish(v5::Publish {
                dup: *dup,
                qos: mqos(*qos),
                retain: *retain,
                topic: topic.clone(),
                pkid: packet_id.unwrap_or(0),
                properties: nonempty(&list(properties), publish_props),
                payload: Bytes::from(payload.clone()),
            }),
            Spec::Ack {
                kind,
                packet_id,
                reason,
                properties,
            } => {
                let (pkid, value) = (*packet_id, reason.value());
                use v5::{PubAckReason, PubCompReason, PubRecReason, PubRelReason};
                match kind {
                    AckKind::PubAck => v5::Packet::PubAck(v5::PubAck {
                        pkid,
                        reason: from_u8!(
                            value,
                            PubAckReason::{
                                Success,
                                NoMatchingSubscribers,
                                UnspecifiedError,
                                ImplementationSpecificError,
                                NotAuthorized,
                                TopicNameInvalid,
                                PacketIdentifierInUse,
                                QuotaExceeded,
                                PayloadFormatInvalid,
                            }
                        ),
                        properties: reason_props!(PubAckProperties, properties),
                    }),
                    AckKind::PubRec => v5::Packet::PubRec(v5::PubRec {
                        pkid,
                        reason: from_u8!(
                            value,
                            PubRecReason::{
                                Success,
                                NoMatchingSubscribers,
                                UnspecifiedError,
                                ImplementationSpecificError,
                                NotAuthorized,
                                TopicNameInvalid,
                                PacketIdentifierInUse,
                                QuotaExceeded,
                                PayloadFormatInvalid,
                            }
                        ),
                        properties: reason_props!(PubRecProperties, properties),
                    }),
                    AckKind::PubRel => v5::Packet::PubRel(v5::PubRel {
                        pkid,
                        reason: from_u8!(value, PubRelReason::{Success, PacketIdentifierNotFound}),
                        properties: reason_props!(PubRelProperties, properties),
                    }),
                    AckKind::PubComp => v5::Packet::PubComp(v5::PubComp {
                        pkid,
                        reason: from_u8!(value, PubCompReason::{Success, PacketIdentifierNotFound}),
                        properties: reason_props!(PubCompProperties, properties),
                    }),
                }
            }
            Spec::Subscribe {
                packet_id,
                properties,
                filters,
            } => v5::Packet::Subscribe(v5::Subscribe {
                pkid: *packet_id,
                filters: filters
                    .iter()
                    .map(|(path, o)| v5::SubscribeFilter {
                        path: path.clone(),
                        qos: mqos(o.qos),
                        nolocal: o.no_local,
                        preserve_retain: o.retain_as_published,
                        retain_forward_rule: match o.retain_handling {
                            RetainHandling::OnSubscribe => v5::RetainForwardRule::OnEverySubscribe,
                            RetainHandling::OnNewSubscription => {
                                v5::RetainForwardRule::OnNewSubscribe
                            }
                            RetainHandling::Never => v5::RetainForwardRule::Never,
                        },
                    })
                    .collect(),
                properties: nonempty(&list(properties), |l| {
                    let ids = sub_ids(l);
                    assert!(ids.len() <= 1, "one Subscription Identifier in SUBSCRIBE");
                    v5::SubscribeProperties {
                        id: ids.first().copied(),
                        user_properties: users(l),
                    }
                }),
            }),
            Spec::SubAck {
                packet_id,
                properties,
                codes,
            } => v5::Packet::SubAck(v5::SubAck {
                pkid: *packet_id,
                return_codes: codes
                    .iter()
                    .map(|c| v5::SubscribeReasonCode::try_from(c.value()).unwrap())
                    .collect(),
                properties: reason_props!(SubAckProperties, &list(properties)),
            }),
            Spec::Unsubscribe {
                packet_id,
                properties,
                filters,
            } => v5::Packet::Unsubscribe(v5::Unsubscribe {
                pkid: *packet_id,
                filters: filters.clone(),
                properties: nonempty(&list(properties), |l| v5::UnsubscribeProperties {
                    user_properties: users(l),
                }),
            }),
            Spec::UnsubAck {
                packet_id,
                properties,
                codes,
            } => v5::Packet::UnsubAck(v5::UnsubAck {
                pkid: *packet_id,
                reasons: codes
                    .iter()
                    .map(|c| {
                        use v5::UnsubAckReason;
                        from_u8!(
                            c.value(),
                            UnsubAckReason::{
                                Success,
                                NoSubscriptionExisted,
                                UnspecifiedError,
                                ImplementationSpecificError,
                                NotAuthorized,
                                TopicFilterInvalid,
                                PacketIdentifierInUse,
                            }
                        )
                    })
                    .collect(),
                properties: reason_props!(UnsubAckProperties, &list(properties)),
            }),
            Spec::PingReq => v5::Packet::PingReq,
            Spec::PingResp => v5::Packet::PingResp,
            Spec::Disconnect { reason, properties } => v5::Packet::Disconnect(v5::Disconnect {
                reason_code: v5::DisconnectReasonCode::try_from(reason.value()).unwrap(),
                properties: nonempty(properties, disconnect_props),
            }),
            Spec::Auth { .. } => unreachable!("no AUTH in mqttbytes"),
        }
    }

    fn to_spec(packet: &v5::Packet) -> Spec {
        fn ack(kind: AckKind, pkid: u16, reason: u8, props: Vec<PropSpec>) -> Spec {
            Spec::Ack {
                kind,
                packet_id: pkid,
                reason: mqtt_common::reason(reason),
                properties: props,
            }
        }
        match packet {
            v5::Packet::Connect(c) => {
                let (username, password) =
                    credentials(c.login.as_ref().map(|l| (&l.username, &l.password)));
                let properties = c.properties.as_ref().map_or_else(Vec::new, |p| {
                    Collect::default()
                        .u32(0x11, p.session_expiry_interval)
                        .u16(0x21, p.receive_maximum)
                        .u32(0x27, p.max_packet_size)
                        .u16(0x22, p.topic_alias_max)
                        .flag(0x19, p.request_response_info)
                        .flag(0x17, p.request_problem_info)
                        .users(&p.user_properties)
                        .str(0x15, &p.authentication_method)
                        .bin(0x16, &p.authentication_data)
                        .0
                });
                Spec::Connect {
                    version: protocol_version(c.protocol),
                    clean_start: c.clean_session,
                    keep_alive: c.keep_alive,
                    properties: Some(properties),
                    client_id: c.client_id.clone(),
                    will: c.last_will.as_ref().map(|w| WillSpec {
                        qos: wqos(w.qos),
                        retain: w.retain,
                        properties: Some(w.properties.as_ref().map_or_else(Vec::new, |p| {
                            Collect::default()
                                .u32(0x18, p.delay_interval)
                                .flag(0x01, p.payload_format_indicator)
                                .u32(0x02, p.message_expiry_interval)
                                .str(0x03, &p.content_type)
                                .str(0x08, &p.response_topic)
                                .bin(0x09, &p.correlation_data)
                                .users(&p.user_properties)
                                .0
                        })),
                        topic: w.topic.clone(),
                        payload: w.message.to_vec(),
                    }),
                    username,
                    password,
                }
            }
            v5::Packet::ConnAck(c) => Spec::ConnAck {
                session_present: c.session_present,
                return_code: None,
                reason: Some(reason(c.code as u8)),
                properties: Some(c.properties.as_ref().map_or_else(Vec::new, |p| {
                    Collect::default()
                        .u32(0x11, p.session_expiry_interval)
                        .u16(0x21, p.receive_max)
                        .byte(0x24, p.max_qos)
                        .flag(0x25, p.retain_available)
                        .u32(0x27, p.max_packet_size)
                        .str(0x12, &p.assigned_client_identifier)
                        .u16(0x22, p.topic_alias_max)
                        .str(0x1f, &p.reason_string)
                        .users(&p.user_properties)
                        .flag(0x28, p.wildcard_subscription_available)
                        .flag(0x29, p.subscription_identifiers_available)
                        .flag(0x2a, p.shared_subscription_available)
                        .u16(0x13, p.server_keep_alive)
                        .str(0x1a, &p.response_information)
                        .str(0x1c, &p.server_reference)
                        .str(0x15, &p.authentication_method)
                        .bin(0x16, &p.authentication_data)
                        .0
                })),
            },
            v5::Packet::Publish(p) => Spec::Publish {
                dup: p.dup,
                qos: wqos(p.qos),
                retain: p.retain,
                topic: p.topic.clone(),
                packet_id: (p.qos != mqttbytes::QoS::AtMostOnce).then_some(p.pkid),
                properties: Some(p.properties.as_ref().map_or_else(Vec::new, |p| {
                    Collect::default()
                        .flag(0x01, p.payload_format_indicator)
                        .u32(0x02, p.message_expiry_interval)
                        .u16(0x23, p.topic_alias)
                        .str(0x08, &p.response_topic)
                        .bin(0x09, &p.correlation_data)
                        .users(&p.user_properties)
                        .sub_ids(&p.subscription_identifiers)
                        .str(0x03, &p.content_type)
                        .0
                })),
                payload: p.payload.to_vec(),
            },
            v5::Packet::PubAck(a) => ack(
                AckKind::PubAck,
                a.pkid,
                a.reason as u8,
                reason_list!(a.properties),
            ),
            v5::Packet::PubRec(a) => ack(
                AckKind::PubRec,
                a.pkid,
                a.reason as u8,
                reason_list!(a.properties),
            ),
            v5::Packet::PubRel(a) => ack(
                AckKind::PubRel,
                a.pkid,
                a.reason as u8,
                reason_list!(a.properties),
            ),
            v5::Packet::PubComp(a) => ack(
                AckKind::PubComp,
                a.pkid,
                a.reason as u8,
                reason_list!(a.properties),
            ),
            v5::Packet::Subscribe(s) => Spec::Subscribe {
                packet_id: s.pkid,
                properties: Some(s.properties.as_ref().map_or_else(Vec::new, |p| {
                    Collect::default()
                        .sub_ids(p.id.as_slice())
                        .users(&p.user_properties)
                        .0
                })),
                filters: s
                    .filters
                    .iter()
                    .map(|f| {
                        let options = SubscriptionOptions {
                            qos: wqos(f.qos),
                            no_local: f.nolocal,
                            retain_as_published: f.preserve_retain,
                            retain_handling: match f.retain_forward_rule {
                                v5::RetainForwardRule::OnEverySubscribe => {
                                    RetainHandling::OnSubscribe
                                }
                                v5::RetainForwardRule::OnNewSubscribe => {
                                    RetainHandling::OnNewSubscription
                                }
                                v5::RetainForwardRule::Never => RetainHandling::Never,
                            },
                        };
                        (f.path.clone(), options)
                    })
                    .collect(),
            },
            v5::Packet::SubAck(s) => Spec::SubAck {
                packet_id: s.pkid,
                properties: Some(reason_list!(s.properties)),
                codes: s.return_codes.iter().map(|c| reason(*c as u8)).collect(),
            },
            v5::Packet::Unsubscribe(u) => Spec::Unsubscribe {
                packet_id: u.pkid,
                properties: Some(
                    u.properties
                        .as_ref()
                        .map_or_else(Vec::new, |p| Collect::default().users(&p.user_properties).0),
                ),
                filters: u.filters.clone(),
            },
            v5::Packet::UnsubAck(u) => Spec::UnsubAck {
                packet_id: u.pkid,
                properties: Some(reason_list!(u.properties)),
                codes: u.reasons.iter().map(|c| reason(*c as u8)).collect(),
            },
            v5::Packet::PingReq => Spec::PingReq,
            v5::Packet::PingResp => Spec::PingResp,
            v5::Packet::Disconnect(d) => Spec::Disconnect {
                reason: reason(d.reason_code as u8),
                properties: d.properties.as_ref().map_or_else(Vec::new, |p| {
                    Collect::default()
                        .u32(0x11, p.session_expiry_interval)
                        .str(0x1f, &p.reason_string)
                        .users(&p.user_properties)
                        .str(0x1c, &p.server_reference)
                        .0
                }),
            },
        }
    }

    fn cannot_read(spec: &Spec) -> bool {
        match spec {
            // `v5::read` answers PayloadRequired for a remaining length of 0, and
            // `Disconnect::read` always reads a property length, which a remaining length of 1
            // leaves out.
            Spec::Disconnect { properties, .. } => properties.is_empty(),
            // `PublishProperties::extract` over-counts Subscription Identifiers.
            Spec::Publish {
                properties: Some(list),
                ..
            } => mqttbytes_stops_early_in_publish_properties(list),
            _ => false,
        }
    }

    fn cannot_rewrite(spec: &Spec) -> bool {
        // An empty CONNACK property list is read as `None`, which `ConnAck::write` writes
        // without the Property Length.
        matches!(spec, Spec::ConnAck { properties: Some(list), .. } if list.is_empty())
    }

    fn long_form(packet: &v5::Packet) -> Option<v5::Packet> {
        let mut long = packet.clone();
        let changed = match &mut long {
            v5::Packet::PubAck(a) => a.properties.is_none().then(|| {
                a.properties = Some(v5::PubAckProperties {
                    reason_string: None,
                    user_properties: Vec::new(),
                })
            }),
            v5::Packet::PubRec(a) => a.properties.is_none().then(|| {
                a.properties = Some(v5::PubRecProperties {
                    reason_string: None,
                    user_properties: Vec::new(),
                })
            }),
            v5::Packet::PubRel(a) => a.properties.is_none().then(|| {
                a.properties = Some(v5::PubRelProperties {
                    reason_string: None,
                    user_properties: Vec::new(),
                })
            }),
            v5::Packet::PubComp(a) => a.properties.is_none().then(|| {
                a.properties = Some(v5::PubCompProperties {
                    reason_string: None,
                    user_properties: Vec::new(),
                })
            }),
            // Not DISCONNECT: for `Some` empty properties, `Disconnect::len` comes to 2, which
            // `Disconnect::write` takes for its "normal disconnection" marker, and it writes
            // `e0 00` whatever the reason code.
            _ => None,
        };
        changed.map(|()| long)
    }
}

// ---------------------------------------------------------------------------------------------
// The checks.

fn fail_at(what: &str, bytes: &[u8], e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(format!("{what} of {bytes:02x?}: {e}"))
}

/// wire encodes, mqttbytes decodes (and encodes again, which wire decodes).
fn wire_to_mqttbytes<P: Peer>(spec: &Spec) -> Result<(), TestCaseError> {
    let version = P::VERSION;
    let bytes = mqtt::encode(&build(spec), version).map_err(|e| fail("wire encode", e))?;
    if P::cannot_read(spec) {
        return Ok(());
    }
    let mut stream = BytesMut::from(&bytes[..]);
    let theirs = P::read(&mut stream).map_err(|e| fail_at("mqttbytes read", &bytes, e))?;
    prop_assert!(
        stream.is_empty(),
        "mqttbytes left {} of {:02x?}",
        stream.len(),
        bytes
    );
    prop_assert_eq!(
        normalize(&P::to_spec(&theirs)),
        normalize(spec),
        "mqttbytes read {:02x?}",
        &bytes
    );
    if P::cannot_rewrite(spec) {
        return Ok(());
    }

    // mqttbytes writes what it read: the same bytes but for the order of the properties.
    let again = P::write(&theirs).map_err(|e| fail("mqttbytes write", e))?;
    prop_assert_eq!(
        again.len(),
        bytes.len(),
        "{:02x?} vs {:02x?}",
        &again,
        &bytes
    );
    let (decoded, used) =
        mqtt::decode(&again, version).map_err(|e| fail_at("wire decode", &again, e))?;
    prop_assert_eq!(used, again.len());
    let back = from_wire(&decoded);
    prop_assert_eq!(normalize(&back), normalize(spec));
    let reencoded = mqtt::encode(&decoded, version).map_err(|e| fail("wire encode", e))?;
    prop_assert_eq!(&reencoded, &again, "wire vs mqttbytes");
    if back == *spec {
        prop_assert_eq!(&again, &bytes, "same property order");
    }
    Ok(())
}

/// mqttbytes encodes, wire decodes (and encodes the same bytes).
fn mqttbytes_to_wire<P: Peer>(spec: &Spec) -> Result<(), TestCaseError> {
    let version = P::VERSION;
    let theirs = P::from_spec(spec);
    let bytes = P::write(&theirs).map_err(|e| fail("mqttbytes write", e))?;
    prop_assert_eq!(bytes[0], first_byte(spec));
    let (decoded, used) =
        mqtt::decode(&bytes, version).map_err(|e| fail_at("wire decode", &bytes, e))?;
    prop_assert_eq!(used, bytes.len(), "wire decoded {:02x?}", &bytes);
    let back = from_wire(&decoded);
    prop_assert_eq!(&build(&back), &decoded, "from_wire loses nothing");
    prop_assert_eq!(
        normalize(&back),
        normalize(spec),
        "wire decoded {:02x?}",
        &bytes
    );
    // Byte for byte, in mqttbytes' property order; the spec's own order has the same length.
    let ours = mqtt::encode(&decoded, version).map_err(|e| fail("wire encode", e))?;
    prop_assert_eq!(&ours, &bytes, "wire vs mqttbytes");
    let in_spec_order = mqtt::encode(&build(spec), version).map_err(|e| fail("wire encode", e))?;
    prop_assert_eq!(in_spec_order.len(), bytes.len());

    // A longer form of the same packet, which the specification allows too.
    if let Some(long) = P::long_form(&theirs) {
        let long_bytes = P::write(&long).map_err(|e| fail("mqttbytes write", e))?;
        prop_assert!(long_bytes.len() > bytes.len());
        let (decoded_long, used) = mqtt::decode(&long_bytes, version)
            .map_err(|e| fail_at("wire decode", &long_bytes, e))?;
        prop_assert_eq!(used, long_bytes.len());
        prop_assert_eq!(&decoded_long, &decoded, "long form {:02x?}", &long_bytes);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Strategies: the shared ones, narrowed to what mqttbytes can represent.

/// CONNECT with a non-empty UTF-8 password and a non-empty user name when there are ones:
/// mqttbytes' `Login` keeps them as `String`s where empty means absent.
fn connect_x(version: Version) -> BoxedStrategy<Spec> {
    (connect(version), text(12))
        .prop_map(|(mut spec, pw)| {
            if let Spec::Connect {
                username, password, ..
            } = &mut spec
            {
                if let Some(u) = username.as_mut().filter(|u| u.is_empty()) {
                    u.push('u');
                }
                if let Some(p) = password {
                    *p = if pw.is_empty() {
                        b"p".to_vec()
                    } else {
                        pw.into_bytes()
                    };
                }
            }
            spec
        })
        .boxed()
}

/// CONNACK; in 3.1.1 without the reserved return codes 6-255, which mqttbytes rejects.
fn connack_x(version: Version) -> BoxedStrategy<Spec> {
    connack(version)
        .prop_filter("reserved 3.1.1 return code", |s| {
            !matches!(
                s,
                Spec::ConnAck {
                    return_code: Some(ConnectReturnCode::Unknown(_)),
                    ..
                }
            )
        })
        .boxed()
}

/// A 5.0 ack with a reason code its packet may carry (the shared strategy takes any byte).
fn ack_x(version: Version, kind: AckKind) -> BoxedStrategy<Spec> {
    if version == V311 {
        return ack(version, kind);
    }
    let reasons = match kind {
        AckKind::PubAck | AckKind::PubRec => PUBACK_REASONS,
        AckKind::PubRel | AckKind::PubComp => PUBREL_REASONS,
    };
    (
        packet_id(),
        prop_oneof![Just(ReasonCode::Success), reason_in(reasons)],
        properties(ACK_PROPS, false),
    )
        .prop_map(move |(packet_id, reason, properties)| Spec::Ack {
            kind,
            packet_id,
            reason,
            properties,
        })
        .boxed()
}

macro_rules! crosscheck {
    ($($name:ident: $peer:ty, $strategy:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(200))]
            $(
                #[test]
                fn $name(spec in $strategy) {
                    wire_to_mqttbytes::<$peer>(&spec)?;
                    mqttbytes_to_wire::<$peer>(&spec)?;
                }
            )*
        }
    };
}

crosscheck! {
    connect_v311: Mqtt4, connect_x(V311);
    connect_v5: Mqtt5, connect_x(V5);
    connack_v311: Mqtt4, connack_x(V311);
    connack_v5: Mqtt5, connack_x(V5);
    publish_v311: Mqtt4, publish(V311);
    publish_v5: Mqtt5, publish(V5);
    puback_v311: Mqtt4, ack_x(V311, AckKind::PubAck);
    puback_v5: Mqtt5, ack_x(V5, AckKind::PubAck);
    pubrec_v311: Mqtt4, ack_x(V311, AckKind::PubRec);
    pubrec_v5: Mqtt5, ack_x(V5, AckKind::PubRec);
    pubrel_v311: Mqtt4, ack_x(V311, AckKind::PubRel);
    pubrel_v5: Mqtt5, ack_x(V5, AckKind::PubRel);
    pubcomp_v311: Mqtt4, ack_x(V311, AckKind::PubComp);
    pubcomp_v5: Mqtt5, ack_x(V5, AckKind::PubComp);
    subscribe_v311: Mqtt4, subscribe(V311);
    subscribe_v5: Mqtt5, subscribe(V5);
    suback_v311: Mqtt4, suback(V311);
    suback_v5: Mqtt5, suback(V5);
    unsubscribe_v311: Mqtt4, unsubscribe(V311);
    unsubscribe_v5: Mqtt5, unsubscribe(V5);
    unsuback_v311: Mqtt4, unsuback(V311);
    unsuback_v5: Mqtt5, unsuback(V5);
    disconnect_v5: Mqtt5, disconnect(V5);
}

/// The packets without fields: PINGREQ and PINGRESP in both versions, and the 3.1.1
/// DISCONNECT, both ways.
#[test]
fn fixed_packets() {
    fn both<P: Peer>(spec: &Spec) {
        wire_to_mqttbytes::<P>(spec).unwrap();
        mqttbytes_to_wire::<P>(spec).unwrap();
    }
    for spec in [Spec::PingReq, Spec::PingResp] {
        both::<Mqtt4>(&spec);
        both::<Mqtt5>(&spec);
    }
    both::<Mqtt4>(&Spec::Disconnect {
        reason: ReasonCode::Success,
        properties: Vec::new(),
    });
}

/// PUBLISH with remaining lengths at the edges of each Variable Byte Integer size, both ways
/// and in both versions.
#[test]
fn remaining_length_sizes() {
    for remaining in [127usize, 128, 16_383, 16_384, 2_097_151, 2_097_152] {
        for version in [V311, V5] {
            // Topic "t" (3 bytes), and in 5.0 an empty property list (1 byte).
            let header = if version == V5 { 4 } else { 3 };
            let spec = Spec::Publish {
                dup: false,
                qos: QoS::AtMostOnce,
                retain: false,
                topic: "t".to_owned(),
                packet_id: None,
                properties: (version == V5).then(Vec::new),
                payload: vec![0x5a; remaining - header],
            };
            let bytes = mqtt::encode(&build(&spec), version).unwrap();
            assert_eq!(bytes.len(), 1 + Vbi::size_of(remaining as u32) + remaining);
            if version == V5 {
                wire_to_mqttbytes::<Mqtt5>(&spec).unwrap();
                mqttbytes_to_wire::<Mqtt5>(&spec).unwrap();
            } else {
                wire_to_mqttbytes::<Mqtt4>(&spec).unwrap();
                mqttbytes_to_wire::<Mqtt4>(&spec).unwrap();
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The mqttbytes behaviours behind the exclusions.

fn read5(bytes: &[u8]) -> Result<v5::Packet, mqttbytes::Error> {
    v5::read(&mut BytesMut::from(bytes), MAX_SIZE)
}

#[test]
fn mqttbytes_gap_v5_disconnect_short_forms() {
    // Normal disconnection with no properties, and a reason code with no property length:
    // both valid 5.0 (3.14.2.1, 3.14.2.2.1), both decoded by wire, neither by mqttbytes.
    for bytes in [&[0xe0, 0x00][..], &[0xe0, 0x01, 0x04]] {
        let (packet, used) = mqtt::decode(bytes, V5).unwrap();
        assert_eq!(used, bytes.len());
        assert!(matches!(packet, Packet::Disconnect { .. }));
        assert!(read5(bytes).is_err(), "mqttbytes now reads {bytes:02x?}");
    }
    // It reads the long form, and writes the short ones itself.
    assert!(read5(&[0xe0, 0x02, 0x04, 0x00]).is_ok());
    assert_eq!(
        Mqtt5::write(&Mqtt5::from_spec(&Spec::Disconnect {
            reason: ReasonCode::Success,
            properties: Vec::new(),
        }))
        .unwrap(),
        [0xe0, 0x00]
    );
}

#[test]
fn mqttbytes_gap_v5_disconnect_with_empty_properties() {
    // A reason code and an empty property list: mqttbytes writes a normal disconnection,
    // dropping the reason code (3.14.2.1 and 3.14.2.2.1 allow the long form, with its reason).
    for (code, reason) in [
        (v5::DisconnectReasonCode::NormalDisconnection, 0x00),
        (v5::DisconnectReasonCode::DisconnectWithWillMessage, 0x04),
        (v5::DisconnectReasonCode::ServerBusy, 0x89),
    ] {
        let packet = v5::Packet::Disconnect(v5::Disconnect {
            reason_code: code,
            properties: Some(v5::DisconnectProperties::new()),
        });
        assert_eq!(Mqtt5::write(&packet).unwrap(), [0xe0, 0x00]);
        // wire reads the long form mqttbytes should have written.
        let long = [0xe0, 0x02, reason, 0x00];
        let (packet, _) = mqtt::decode(&long, V5).unwrap();
        assert_eq!(
            from_wire(&packet),
            Spec::Disconnect {
                reason: mqtt_common::reason(reason),
                properties: Vec::new()
            }
        );
    }
}

#[test]
fn mqttbytes_gap_v5_publish_subscription_identifiers() {
    // QoS 0 PUBLISH "t", properties: Subscription Identifier 1, Subscription Identifier 2,
    // Payload Format Indicator 1; payload "x".
    let bytes = [
        0x30, 0x0b, 0x00, 0x01, b't', 0x06, 0x0b, 0x01, 0x0b, 0x02, 0x01, 0x01, b'x',
    ];
    let (packet, used) = mqtt::decode(&bytes, V5).unwrap();
    assert_eq!(used, bytes.len());
    let spec = from_wire(&packet);
    let Spec::Publish {
        properties: Some(list),
        ..
    } = &spec
    else {
        panic!("{spec:?}")
    };
    assert!(mqttbytes_stops_early_in_publish_properties(list));
    // mqttbytes stops after the two identifiers: the indicator is read as payload.
    let v5::Packet::Publish(p) = read5(&bytes).unwrap() else {
        panic!()
    };
    let props = p.properties.unwrap();
    assert_eq!(props.subscription_identifiers, [1, 2]);
    assert_eq!(props.payload_format_indicator, None);
    assert_eq!(&p.payload[..], [0x01, 0x01, b'x']);
    // One identifier is never enough to stop it early.
    assert!(!mqttbytes_stops_early_in_publish_properties(&list[1..]));
}

#[test]
fn mqttbytes_gap_v5_connack_without_properties() {
    let connack = v5::ConnAck {
        session_present: false,
        code: V5Code::Success,
        properties: None,
    };
    let bytes = Mqtt5::write(&v5::Packet::ConnAck(connack)).unwrap();
    // No Property Length: malformed in 5.0 (3.2.2.3.1), and wire says so.
    assert_eq!(bytes, [0x20, 0x02, 0x00, 0x00]);
    let err = mqtt::decode(&bytes, V5).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    // mqttbytes reads the empty property list wire writes as `None`.
    let v5::Packet::ConnAck(read) = read5(&[0x20, 0x03, 0x00, 0x00, 0x00]).unwrap() else {
        panic!()
    };
    assert_eq!(read.properties, None);
}

#[test]
fn mqttbytes_gap_v4_connack_reserved_return_codes() {
    for code in [6u8, 0x80, 0xff] {
        let bytes = [0x20, 0x02, 0x00, code];
        let (packet, _) = mqtt::decode(&bytes, V311).unwrap();
        assert_eq!(
            from_wire(&packet),
            Spec::ConnAck {
                session_present: false,
                return_code: Some(ConnectReturnCode::Unknown(code)),
                reason: None,
                properties: None,
            }
        );
        assert_eq!(
            v4::read(&mut BytesMut::from(&bytes[..]), MAX_SIZE).unwrap_err(),
            mqttbytes::Error::InvalidConnectReturnCode(code)
        );
    }
}

#[test]
fn mqttbytes_gap_auth() {
    for bytes in [&[0xf0, 0x00][..], &[0xf0, 0x01, 0x18]] {
        assert!(mqtt::decode(bytes, V5).is_ok());
        assert_eq!(
            read5(bytes).unwrap_err(),
            mqttbytes::Error::InvalidPacketType(15)
        );
    }
}

#[test]
fn mqttbytes_gap_login() {
    // An empty user name and password (valid: 3.1.3.5, 3.1.3.6) are not written.
    let spec = Spec::Connect {
        version: V5,
        clean_start: true,
        keep_alive: 0,
        properties: Some(Vec::new()),
        client_id: String::new(),
        will: None,
        username: Some(String::new()),
        password: Some(Vec::new()),
    };
    let bytes = Mqtt5::write(&Mqtt5::from_spec(&spec)).unwrap();
    let (packet, _) = mqtt::decode(&bytes, V5).unwrap();
    let Spec::Connect {
        username, password, ..
    } = from_wire(&packet)
    else {
        panic!()
    };
    assert_eq!((username, password), (None, None));
    // A password that is not UTF-8 (valid Binary Data: 3.1.3.6) is rejected.
    let spec = Spec::Connect {
        version: V311,
        clean_start: true,
        keep_alive: 0,
        properties: None,
        client_id: "c".to_owned(),
        will: None,
        username: Some("u".to_owned()),
        password: Some(vec![0xff]),
    };
    let bytes = mqtt::encode(&build(&spec), V311).unwrap();
    assert_eq!(
        v4::read(&mut BytesMut::from(&bytes[..]), MAX_SIZE).unwrap_err(),
        mqttbytes::Error::TopicNotUtf8
    );
}

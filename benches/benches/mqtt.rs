//! MQTT PUBLISH and CONNECT: the protocol crate `wire_protocols::mqtt` (`wire`) against hand-written slice
//! code (`hand`, `wire_benches::mqtt_publish`) and the peer crates mqttbytes 0.6 and rumqttc 0.25, in
//! the same run. Benchmark ids are `<case>/<impl>`; `benches/ratios.py` prints the ratios.
//!
//! Fixtures and method follow the anchor measurements of the peers: PUBLISH QoS 1, topic
//! `sensors/room1/temperature`, packet id 10; 3.1.1 with 64 B (95 B frame) and 4096 B
//! (4128 B frame) payloads; 5.0 with message expiry 3600, content type
//! `application/json` and one user property, with 64 B (150 B frame) and 4096 B (4182 B frame)
//! payloads. A 5.0 CONNECT with properties, a will and a login (103 B frame; see
//! `mqtt5_connect_props_decode`) against `wire_benches::mqtt_connect`. Reference frames come from
//! mqttbytes' encoder; every other encoder must produce the same bytes and every decoder the
//! same field values (checked before anything is timed).
//!
//! Decoding walks a buffer of 256 back-to-back copies of the frame, 256 decodes per timing, in
//! three contracts, named in the case:
//! * `_slice`: `wire` and `hand` decode from the bytes as `&[u8]`, borrowing; each returns the
//!   packet and its length;
//! * `_framed`: `wire` and `hand` take each packet off a `BytesMut` as a socket read loop does
//!   (the runtime's `next_frame`: `split_to` + `freeze`), then decode it borrowing from the
//!   frame;
//! * `_owned`: the peers' contract, all four: each packet taken off a `BytesMut` (the peers with
//!   their public stream entry points, which split and freeze too) and handed out owned: the
//!   topic and every property string a `String`, the payload a `Bytes` slice of the frame (as
//!   the peers keep it; `wire` and `hand` convert their borrowed packet into `OwnedPublish`, the
//!   peers' field set, or into `ConnectFields` for CONNECT). rumqttc's v5 keeps topics as
//!   unvalidated `Bytes`, less work than the others do.
//!
//! The buffer is refilled outside the timed region.
//!
//! Every decoded field goes through `black_box` (each user property and subscription id too);
//! decoded packets are dropped inside the timed region. Encoders append to a reused, cleared
//! buffer (`Vec<u8>` for wire and hand, `BytesMut` for the peers) and the output is black-boxed.

use bytes::{Bytes, BytesMut};
mod common;

use criterion::{Bencher, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};
use wire_benches::{entry, mqtt_connect, mqtt_publish};
use wire_protocols::mqtt::{MqttFrames, Packet, Property, Publish, PublishFlags};

/// Frames per timed batch.
const BATCH: usize = 256;
/// Maximum packet size passed to the peers' readers.
const MAX: usize = 1 << 20;

/// The peers' timed functions: out of line like the ones in `wire_benches::entry` (which cannot
/// name dev-dependencies), each with the crate's natural input type.
mod peers {
    use bytes::BytesMut;

    #[inline(never)]
    pub fn v4_decode_mqttbytes(stream: &mut BytesMut) -> Option<mqttbytes::v4::Packet> {
        mqttbytes::v4::read(stream, super::MAX).ok()
    }

    #[inline(never)]
    pub fn v4_decode_rumqttc(stream: &mut BytesMut) -> Option<rumqttc::mqttbytes::v4::Packet> {
        rumqttc::mqttbytes::v4::Packet::read(stream, super::MAX).ok()
    }

    #[inline(never)]
    pub fn v5_decode_mqttbytes(stream: &mut BytesMut) -> Option<mqttbytes::v5::Packet> {
        mqttbytes::v5::read(stream, super::MAX).ok()
    }

    #[inline(never)]
    pub fn v5_decode_rumqttc(stream: &mut BytesMut) -> Option<rumqttc::v5::mqttbytes::v5::Packet> {
        rumqttc::v5::mqttbytes::v5::Packet::read(stream, Some(super::MAX as u32)).ok()
    }

    #[inline(never)]
    pub fn v4_encode_mqttbytes(publish: &mqttbytes::v4::Publish, out: &mut BytesMut) {
        publish.write(out).expect("encodable");
    }

    #[inline(never)]
    pub fn v4_encode_rumqttc(publish: &rumqttc::mqttbytes::v4::Publish, out: &mut BytesMut) {
        publish.write(out).expect("encodable");
    }

    #[inline(never)]
    pub fn v5_encode_mqttbytes(publish: &mqttbytes::v5::Publish, out: &mut BytesMut) {
        publish.write(out).expect("encodable");
    }

    #[inline(never)]
    pub fn v5_encode_rumqttc(publish: &rumqttc::v5::mqttbytes::v5::Publish, out: &mut BytesMut) {
        publish.write(out).expect("encodable");
    }

    #[inline(never)]
    pub fn v5_connect_encode_mqttbytes(connect: &mqttbytes::v5::Connect, out: &mut BytesMut) {
        connect.write(out).expect("encodable");
    }

    /// rumqttc's v5 CONNECT is three values: the packet, its will and its login.
    pub type RumqttcConnect = (
        rumqttc::v5::mqttbytes::v5::Connect,
        Option<rumqttc::v5::mqttbytes::v5::LastWill>,
        Option<rumqttc::v5::mqttbytes::v5::Login>,
    );

    #[inline(never)]
    pub fn v5_connect_encode_rumqttc(connect: &RumqttcConnect, out: &mut BytesMut) {
        let (connect, will, login) = connect;
        connect.write(will, login, out).expect("encodable");
    }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const CONTENT_TYPE: &str = "application/json";

fn mqttbytes_v4(payload: &[u8]) -> mqttbytes::v4::Publish {
    let mut p = mqttbytes::v4::Publish::new(
        mqtt_publish::TOPIC,
        mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
    );
    p.pkid = 10;
    p
}

fn rumqttc_v4(payload: &[u8]) -> rumqttc::mqttbytes::v4::Publish {
    let mut p = rumqttc::mqttbytes::v4::Publish::new(
        mqtt_publish::TOPIC,
        rumqttc::mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
    );
    p.pkid = 10;
    p
}

fn user_properties() -> Vec<(String, String)> {
    mqtt_publish::USER_PROPERTIES
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn mqttbytes_v5(payload: &[u8]) -> mqttbytes::v5::Publish {
    let mut p = mqttbytes::v5::Publish::new(
        mqtt_publish::TOPIC,
        mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
    );
    p.pkid = 10;
    p.properties = Some(mqttbytes::v5::PublishProperties {
        payload_format_indicator: None,
        message_expiry_interval: Some(3600),
        topic_alias: None,
        response_topic: None,
        correlation_data: None,
        user_properties: user_properties(),
        subscription_identifiers: Vec::new(),
        content_type: Some(CONTENT_TYPE.to_string()),
    });
    p
}

fn rumqttc_v5(payload: &[u8]) -> rumqttc::v5::mqttbytes::v5::Publish {
    let properties = rumqttc::v5::mqttbytes::v5::PublishProperties {
        message_expiry_interval: Some(3600),
        user_properties: user_properties(),
        content_type: Some(CONTENT_TYPE.to_string()),
        ..Default::default()
    };
    let mut p = rumqttc::v5::mqttbytes::v5::Publish::new(
        mqtt_publish::TOPIC,
        rumqttc::v5::mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
        Some(properties),
    );
    p.pkid = 10;
    p
}

fn wire_version(version: mqtt_publish::Version) -> wire_protocols::mqtt::Version {
    match version {
        mqtt_publish::Version::V311 => wire_protocols::mqtt::Version::V311,
        mqtt_publish::Version::V5 => wire_protocols::mqtt::Version::V5,
    }
}

// ---------------------------------------------------------------------------------------------
// Agreement: every implementation's result as plain owned values.

#[derive(Debug, PartialEq, Default)]
struct Fields {
    dup: bool,
    qos: u8,
    retain: bool,
    topic: String,
    packet_id: Option<u16>,
    properties: Option<Props>,
    payload: Vec<u8>,
}

#[derive(Debug, PartialEq, Default)]
struct Props {
    payload_format_indicator: Option<u8>,
    message_expiry_interval: Option<u32>,
    topic_alias: Option<u16>,
    response_topic: Option<String>,
    correlation_data: Option<Vec<u8>>,
    user_properties: Vec<(String, String)>,
    subscription_ids: Vec<u32>,
    content_type: Option<String>,
}

fn expected(payload: &[u8], version: mqtt_publish::Version) -> Fields {
    Fields {
        qos: 1,
        topic: mqtt_publish::TOPIC.to_string(),
        packet_id: Some(10),
        properties: (version == mqtt_publish::Version::V5).then(|| Props {
            message_expiry_interval: Some(3600),
            user_properties: user_properties(),
            content_type: Some(CONTENT_TYPE.to_string()),
            ..Props::default()
        }),
        payload: payload.to_vec(),
        ..Fields::default()
    }
}

fn fields_wire(packet: &Packet<'_>) -> Fields {
    let Packet::Publish { flags, publish } = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    let properties = publish.properties.as_ref().map(|list| {
        let mut props = Props::default();
        for property in list.iter() {
            match property {
                Property::PayloadFormatIndicator(b) => {
                    props.payload_format_indicator = Some(u8::from(b))
                }
                Property::MessageExpiryInterval(v) => props.message_expiry_interval = Some(v),
                Property::ContentType(s) => props.content_type = Some(s.to_string()),
                Property::ResponseTopic(s) => props.response_topic = Some(s.to_string()),
                Property::CorrelationData(b) => props.correlation_data = Some(b.to_vec()),
                Property::SubscriptionIdentifier { id } => props.subscription_ids.push(id.0),
                Property::TopicAlias { alias } => props.topic_alias = Some(alias),
                Property::UserProperty(k, v) => {
                    props.user_properties.push((k.to_string(), v.to_string()))
                }
                other => panic!("not a PUBLISH property: {other:?}"),
            }
        }
        props
    });
    Fields {
        dup: flags.dup,
        qos: flags.qos as u8,
        retain: flags.retain,
        topic: publish.topic.to_string(),
        packet_id: publish.packet_id,
        properties,
        payload: publish.payload.to_vec(),
    }
}

fn fields_hand(p: &mqtt_publish::Publish<'_>) -> Fields {
    Fields {
        dup: p.dup,
        qos: p.qos,
        retain: p.retain,
        topic: p.topic.to_string(),
        packet_id: p.packet_id,
        properties: p.properties.as_ref().map(|props| Props {
            payload_format_indicator: props.payload_format_indicator.map(u8::from),
            message_expiry_interval: props.message_expiry_interval,
            topic_alias: props.topic_alias,
            response_topic: props.response_topic.map(str::to_string),
            correlation_data: props.correlation_data.map(<[u8]>::to_vec),
            user_properties: props
                .repeatable
                .user_properties()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            subscription_ids: props.repeatable.subscription_ids().collect(),
            content_type: props.content_type.map(str::to_string),
        }),
        payload: p.payload.to_vec(),
    }
}

/// The peers' v4 and v5 `Publish` types have the same public fields; only their types differ.
macro_rules! fields_peer {
    ($p:expr, $topic:expr, $props:expr) => {{
        let p = $p;
        Fields {
            dup: p.dup,
            qos: p.qos as u8,
            retain: p.retain,
            topic: $topic,
            packet_id: (p.qos as u8 > 0).then_some(p.pkid),
            properties: $props,
            payload: p.payload.to_vec(),
        }
    }};
}

macro_rules! props_peer {
    ($props:expr) => {
        $props.as_ref().map(|props| Props {
            payload_format_indicator: props.payload_format_indicator,
            message_expiry_interval: props.message_expiry_interval,
            topic_alias: props.topic_alias,
            response_topic: props.response_topic.clone(),
            correlation_data: props.correlation_data.as_ref().map(|b| b.to_vec()),
            user_properties: props.user_properties.clone(),
            subscription_ids: props
                .subscription_identifiers
                .iter()
                .map(|&id| id as u32)
                .collect(),
            content_type: props.content_type.clone(),
        })
    };
}

fn fields_mqttbytes_v4(packet: &mqttbytes::v4::Packet) -> Fields {
    let mqttbytes::v4::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), None)
}

fn fields_rumqttc_v4(packet: &rumqttc::mqttbytes::v4::Packet) -> Fields {
    let rumqttc::mqttbytes::v4::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), None)
}

fn fields_mqttbytes_v5(packet: &mqttbytes::v5::Packet) -> Fields {
    let mqttbytes::v5::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), props_peer!(p.properties))
}

fn fields_rumqttc_v5(packet: &rumqttc::v5::mqttbytes::v5::Packet) -> Fields {
    let rumqttc::v5::mqttbytes::v5::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    let topic = String::from_utf8(p.topic.to_vec()).expect("UTF-8 topic");
    fields_peer!(p, topic, props_peer!(p.properties))
}

/// The next packet off `s`, as a socket read loop takes it (`split_to` + `freeze`).
#[inline(always)]
fn next_packet(s: &mut BytesMut) -> Bytes {
    wire_runtime::next_frame::<MqttFrames>(s, MAX)
        .expect("a valid packet")
        .expect("a whole packet")
}

/// A PUBLISH as the peers hand it out: everything owned, the payload a `Bytes` slice of the
/// frame.
#[derive(Debug)]
struct OwnedPublish {
    dup: bool,
    qos: u8,
    retain: bool,
    topic: String,
    pkid: u16,
    payload: Bytes,
    properties: Option<OwnedProps>,
}

/// The PUBLISH properties, owned, as mqttbytes' `PublishProperties` holds them.
#[derive(Debug, Default)]
struct OwnedProps {
    payload_format_indicator: Option<u8>,
    message_expiry_interval: Option<u32>,
    topic_alias: Option<u16>,
    response_topic: Option<String>,
    correlation_data: Option<Bytes>,
    user_properties: Vec<(String, String)>,
    subscription_identifiers: Vec<usize>,
    content_type: Option<String>,
}

#[inline(always)]
fn owned_wire(frame: &Bytes, flags: PublishFlags, publish: &Publish<'_>) -> OwnedPublish {
    let properties = publish.properties.as_ref().map(|list| {
        let mut props = OwnedProps::default();
        for property in list.iter() {
            match property {
                Property::PayloadFormatIndicator(b) => {
                    props.payload_format_indicator = Some(u8::from(b))
                }
                Property::MessageExpiryInterval(v) => props.message_expiry_interval = Some(v),
                Property::ContentType(s) => props.content_type = Some(s.as_str().to_owned()),
                Property::ResponseTopic(s) => props.response_topic = Some(s.as_str().to_owned()),
                Property::CorrelationData(b) => {
                    props.correlation_data = Some(frame.slice_ref(b.bytes))
                }
                Property::SubscriptionIdentifier { id } => {
                    props.subscription_identifiers.push(id.0 as usize)
                }
                Property::TopicAlias { alias } => props.topic_alias = Some(alias),
                Property::UserProperty(k, v) => props
                    .user_properties
                    .push((k.as_str().to_owned(), v.as_str().to_owned())),
                _ => {}
            }
        }
        props
    });
    OwnedPublish {
        dup: flags.dup,
        qos: flags.qos as u8,
        retain: flags.retain,
        topic: publish.topic.as_str().to_owned(),
        pkid: publish.packet_id.unwrap_or(0),
        payload: frame.slice_ref(publish.payload),
        properties,
    }
}

#[inline(always)]
fn owned_hand(frame: &Bytes, p: &mqtt_publish::Publish<'_>) -> OwnedPublish {
    OwnedPublish {
        dup: p.dup,
        qos: p.qos,
        retain: p.retain,
        topic: p.topic.to_owned(),
        pkid: p.packet_id.unwrap_or(0),
        payload: frame.slice_ref(p.payload),
        properties: p.properties.as_ref().map(|props| OwnedProps {
            payload_format_indicator: props.payload_format_indicator.map(u8::from),
            message_expiry_interval: props.message_expiry_interval,
            topic_alias: props.topic_alias,
            response_topic: props.response_topic.map(str::to_owned),
            correlation_data: props.correlation_data.map(|b| frame.slice_ref(b)),
            user_properties: props
                .repeatable
                .user_properties()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            subscription_identifiers: props
                .repeatable
                .subscription_ids()
                .map(|id| id as usize)
                .collect(),
            content_type: props.content_type.map(str::to_owned),
        }),
    }
}

impl OwnedPublish {
    fn fields(&self) -> Fields {
        Fields {
            dup: self.dup,
            qos: self.qos,
            retain: self.retain,
            topic: self.topic.clone(),
            packet_id: (self.qos > 0).then_some(self.pkid),
            properties: self.properties.as_ref().map(|p| Props {
                payload_format_indicator: p.payload_format_indicator,
                message_expiry_interval: p.message_expiry_interval,
                topic_alias: p.topic_alias,
                response_topic: p.response_topic.clone(),
                correlation_data: p.correlation_data.as_ref().map(|b| b.to_vec()),
                user_properties: p.user_properties.clone(),
                subscription_ids: p
                    .subscription_identifiers
                    .iter()
                    .map(|&i| i as u32)
                    .collect(),
                content_type: p.content_type.clone(),
            }),
            payload: self.payload.to_vec(),
        }
    }
}

/// `frame` repeated `BATCH` times.
fn batch(frame: &[u8]) -> Vec<u8> {
    frame.repeat(BATCH)
}

/// A `BytesMut` holding `n` copies of `frame`.
fn stream(frame: &[u8], n: usize) -> BytesMut {
    let mut stream = BytesMut::with_capacity(frame.len() * n);
    for _ in 0..n {
        stream.extend_from_slice(frame);
    }
    stream
}

/// Decodes `frame` with all four implementations (the slice decoders also walk a whole batch)
/// and checks they recover `want`.
fn check_decoders(frame: &[u8], version: mqtt_publish::Version, want: &Fields) {
    let frames = batch(frame);
    type Decode = fn(&[u8]) -> Option<(Fields, usize)>;
    let (wire, hand): (Decode, Decode) = match version {
        mqtt_publish::Version::V311 => (
            |b| {
                entry::mqtt311_publish_decode_wire(b)
                    .ok()
                    .map(|(p, n)| (fields_wire(&p), n))
            },
            |b| entry::mqtt311_publish_decode_hand(b).map(|(p, n)| (fields_hand(&p), n)),
        ),
        mqtt_publish::Version::V5 => (
            |b| {
                entry::mqtt5_publish_decode_wire(b)
                    .ok()
                    .map(|(p, n)| (fields_wire(&p), n))
            },
            |b| entry::mqtt5_publish_decode_hand(b).map(|(p, n)| (fields_hand(&p), n)),
        ),
    };
    for (name, decode) in [("wire", wire), ("hand", hand)] {
        let mut rest = &frames[..];
        while !rest.is_empty() {
            let (got, used) = decode(rest).unwrap_or_else(|| panic!("{name} failed to decode"));
            assert_eq!(&got, want, "{name} decoded other values");
            assert_eq!(used, frame.len(), "{name} took another length");
            rest = &rest[used..];
        }
    }
    let mut s = stream(frame, 2);
    match version {
        mqtt_publish::Version::V311 => {
            let p = peers::v4_decode_mqttbytes(&mut s).expect("mqttbytes decodes");
            assert_eq!(
                &fields_mqttbytes_v4(&p),
                want,
                "mqttbytes decoded other values"
            );
            let p = peers::v4_decode_rumqttc(&mut s).expect("rumqttc decodes");
            assert_eq!(&fields_rumqttc_v4(&p), want, "rumqttc decoded other values");
        }
        mqtt_publish::Version::V5 => {
            let p = peers::v5_decode_mqttbytes(&mut s).expect("mqttbytes decodes");
            assert_eq!(
                &fields_mqttbytes_v5(&p),
                want,
                "mqttbytes decoded other values"
            );
            let p = peers::v5_decode_rumqttc(&mut s).expect("rumqttc decodes");
            assert_eq!(&fields_rumqttc_v5(&p), want, "rumqttc decoded other values");
        }
    }
    assert!(s.is_empty());
}

/// `wire` and `hand` accept and reject the same inputs: every truncation of `frame`, and
/// `frame` with each byte replaced by values that hit the interesting paths (property ids,
/// wildcards, U+0000, continuation bits). Where both accept, they agree on the values.
fn check_same_validation(frame: &[u8], version: mqtt_publish::Version) {
    let wire = |b: &[u8]| match wire_protocols::mqtt::decode(b, wire_version(version)) {
        Ok((packet @ Packet::Publish { .. }, n)) => Some((fields_wire(&packet), n)),
        _ => None,
    };
    let hand = |b: &[u8]| mqtt_publish::decode(b, version).map(|(p, n)| (fields_hand(&p), n));
    for len in 0..frame.len() {
        assert_eq!(hand(&frame[..len]), None, "hand accepts a truncated frame");
        assert_eq!(wire(&frame[..len]), None, "wire accepts a truncated frame");
    }
    let values = [
        0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x0f, 0x11, 0x23, 0x26, 0x30, 0x32, 0x34, 0x36,
        0x38, 0x7f, 0x80, 0x81, 0xff, b'+', b'#',
    ];
    let mut accepted = 0;
    let mut mutated = frame.to_vec();
    for i in 0..frame.len() {
        for v in values
            .into_iter()
            .chain([frame[i] ^ 1, frame[i].wrapping_add(1)])
        {
            mutated[i] = v;
            let (w, h) = (wire(&mutated), hand(&mutated));
            assert_eq!(w, h, "wire and hand disagree on byte {i} = {v:#04x}");
            accepted += usize::from(w.is_some());
        }
        mutated[i] = frame[i];
    }
    assert!(accepted > 0);
}

// ---------------------------------------------------------------------------------------------
// Consumers: every decoded field through `black_box`, each read as the scalars it is made of (a
// slice's pointer and length, an option's presence and value), as code that uses the packet
// reads it. `black_box(&str)` by value would copy the slice with one 16-byte load, and whether
// that load waits for the decoder's stores to retire depends on how the decoder happened to
// group them (one 16-byte store, or two 8-byte ones): an accident of code generation, on
// either side, not a cost of decoding.

#[inline(always)]
fn read_bytes(bytes: &[u8]) {
    black_box(bytes.as_ptr());
    black_box(bytes.len());
}

#[inline(always)]
fn read_id(id: Option<u16>) {
    if let Some(id) = id {
        black_box(id);
    }
}

/// A decoded packet read through a reference and then dropped whole: the drop is the generic
/// one of the fifteen-kind `Packet`, out of line (`..._by_ref` cases).
#[inline(always)]
fn consume_wire_by_ref(packet: &Packet<'_>) {
    let Packet::Publish { flags, publish } = packet else {
        unreachable!("not a PUBLISH")
    };
    consume_publish(*flags, publish);
}

#[inline(always)]
fn consume_publish(flags: PublishFlags, publish: &Publish<'_>) {
    black_box((flags.dup, flags.qos, flags.retain));
    read_bytes(publish.topic.as_str().as_bytes());
    read_id(publish.packet_id);
    if let Some(properties) = &publish.properties {
        for property in properties.iter() {
            black_box(property);
        }
    }
    read_bytes(publish.payload);
}

#[inline(always)]
fn consume_hand(p: &mqtt_publish::Publish<'_>) {
    black_box((p.dup, p.qos, p.retain));
    read_bytes(p.topic.as_bytes());
    read_id(p.packet_id);
    if let Some(props) = &p.properties {
        black_box(props.payload_format_indicator);
        black_box(props.message_expiry_interval);
        black_box(props.topic_alias);
        black_box(props.response_topic);
        black_box(props.correlation_data);
        black_box(props.content_type);
        for pair in props.repeatable.user_properties() {
            black_box(pair);
        }
        for id in props.repeatable.subscription_ids() {
            black_box(id);
        }
    }
    read_bytes(p.payload);
}

macro_rules! consume_peer {
    ($p:expr, $topic:expr) => {{
        let p = $p;
        black_box((p.dup, p.qos, p.retain));
        read_bytes(AsRef::<[u8]>::as_ref($topic));
        black_box(p.pkid);
        read_bytes(&p.payload[..]);
    }};
}

macro_rules! consume_peer_props {
    ($props:expr) => {
        if let Some(props) = &$props {
            black_box(props.payload_format_indicator);
            black_box(props.message_expiry_interval);
            black_box(props.topic_alias);
            black_box(props.response_topic.as_deref());
            black_box(props.correlation_data.as_deref());
            black_box(props.content_type.as_deref());
            for (k, v) in &props.user_properties {
                black_box((k.as_str(), v.as_str()));
            }
            for id in &props.subscription_identifiers {
                black_box(id);
            }
        }
    };
}

/// Reads an owned PUBLISH as the peers' are read.
#[inline(always)]
fn consume_owned(p: &OwnedPublish) {
    consume_peer!(p, p.topic.as_str());
    consume_peer_props!(p.properties);
}

// ---------------------------------------------------------------------------------------------
// Timing loops
//
// Results are read in place, never copied out of their `Result`/`Option` (`as_ref`): such a
// copy's wide loads of the callee's narrow stores wait for those stores to retire (a
// store-forwarding stall), which measures the harness's copy, not the decoder, and costs each
// layout differently. `wire`'s PUBLISH is destructured by value in place (`let Ok((Packet::
// Publish { flags, publish }, used)) = decoded`), as a read loop matches a packet, so what is
// dropped is the PUBLISH body; the hand-written `Publish` is `Copy` and has nothing to drop.
// The `mqtt311_publish_64_decode_by_ref` case reads `wire`'s packet through a reference and
// drops it whole, for comparison: that drop is the out-of-line one of the fifteen-kind
// `Packet`.

/// `wire` / `hand`: `decode_one` at each frame of `frames` in turn (`BATCH` per timing); it
/// returns the frame's length.
fn bench_slice(b: &mut Bencher<'_>, frames: &[u8], mut decode_one: impl FnMut(&[u8]) -> usize) {
    b.iter_custom(|iters| {
        let mut total = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            let n = left.min(BATCH as u64);
            let mut rest = frames;
            let start = Instant::now();
            for _ in 0..n {
                let used = decode_one(black_box(rest));
                rest = &rest[used..];
            }
            total += start.elapsed();
            left -= n;
        }
        total
    })
}

/// Peers: `read_one` on a `BytesMut` of `BATCH` frames (refilled outside the timed region).
fn bench_stream(b: &mut Bencher<'_>, frame: &[u8], mut read_one: impl FnMut(&mut BytesMut)) {
    b.iter_custom(|iters| {
        let mut total = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            let n = left.min(BATCH as u64);
            let mut s = stream(frame, n as usize);
            let start = Instant::now();
            for _ in 0..n {
                read_one(&mut s);
            }
            total += start.elapsed();
            left -= n;
            drop(s);
        }
        total
    })
}

// ---------------------------------------------------------------------------------------------
// Cases

/// mqttbytes' 3.1.1 PUBLISH frame with this payload.
fn mqtt311_frame(payload: &[u8], frame_len: usize) -> BytesMut {
    let mut frame = BytesMut::new();
    mqttbytes_v4(payload).write(&mut frame).unwrap();
    assert_eq!(frame.len(), frame_len);
    frame
}

fn mqtt311_decode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = vec![0x42u8; payload_len];
    let frame = mqtt311_frame(&payload, frame_len);
    let want = expected(&payload, mqtt_publish::Version::V311);
    check_decoders(&frame, mqtt_publish::Version::V311, &want);
    check_same_validation(&frame, mqtt_publish::Version::V311);
    check_owned(&frame, mqtt_publish::Version::V311, &want);
    let frames = batch(&frame);

    let mut group = c.benchmark_group(format!("{case}_slice"));
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_wire(input);
            let Ok((Packet::Publish { flags, publish }, used)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
            used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_hand(input);
            let (publish, used) = decoded.as_ref().unwrap();
            consume_hand(publish);
            *used
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{case}_framed"));
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt311_publish_decode_wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt311_publish_decode_hand(&packet);
            consume_hand(&decoded.as_ref().unwrap().0);
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{case}_owned"));
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt311_publish_decode_wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_owned(&owned_wire(&packet, flags, &publish));
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt311_publish_decode_hand(&packet);
            consume_owned(&owned_hand(&packet, &decoded.as_ref().unwrap().0));
        })
    });
    group.bench_function("mqttbytes", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v4_decode_mqttbytes(s);
            let mqttbytes::v4::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
        })
    });
    group.bench_function("rumqttc", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v4_decode_rumqttc(s);
            let rumqttc::mqttbytes::v4::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
        })
    });
    group.finish();
}

/// `wire` and `hand` through the framed path into owned packets: the peers' field values.
fn check_owned(frame: &[u8], version: mqtt_publish::Version, want: &Fields) {
    let mut s = stream(frame, 2);
    let packet = next_packet(&mut s);
    let (decoded, _) =
        wire_protocols::mqtt::decode(&packet, wire_version(version)).expect("wire decodes");
    let Packet::Publish { flags, publish } = decoded else {
        panic!("not a PUBLISH")
    };
    assert_eq!(
        &owned_wire(&packet, flags, &publish).fields(),
        want,
        "wire, owned"
    );
    let packet = next_packet(&mut s);
    let (hand, _) = mqtt_publish::decode(&packet, version).expect("hand decodes");
    assert_eq!(&owned_hand(&packet, &hand).fields(), want, "hand, owned");
}

fn mqtt311_publish_64_decode(c: &mut Criterion) {
    mqtt311_decode(c, "mqtt311_publish_64_decode", 64, 95);
}

/// The 64 B PUBLISH read through a reference (see the timing loops' comment).
fn mqtt311_publish_64_decode_by_ref(c: &mut Criterion) {
    let frame = mqtt311_frame(&[0x42; 64], 95);
    let frames = batch(&frame);
    let mut group = c.benchmark_group("mqtt311_publish_64_decode_slice_by_ref");
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_wire(input);
            let (packet, used) = decoded.as_ref().unwrap();
            consume_wire_by_ref(packet);
            *used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_hand(input);
            let (publish, used) = decoded.as_ref().unwrap();
            consume_hand(publish);
            *used
        })
    });
    group.finish();
}

fn mqtt311_publish_4096_decode(c: &mut Criterion) {
    mqtt311_decode(c, "mqtt311_publish_4096_decode", 4096, 4128);
}

fn mqtt311_publish_64_encode(c: &mut Criterion) {
    let payload = [0x42u8; 64];
    let mqttbytes = mqttbytes_v4(&payload);
    let rumqttc = rumqttc_v4(&payload);
    let wire = mqtt_publish::sample_wire(&payload, mqtt_publish::Version::V311);
    let hand = mqtt_publish::sample(&payload, mqtt_publish::Version::V311);

    let mut reference = BytesMut::new();
    peers::v4_encode_mqttbytes(&mqttbytes, &mut reference);
    assert_eq!(reference.len(), 95);
    let mut out = Vec::with_capacity(256);
    entry::mqtt311_publish_encode_wire(&wire, &mut out);
    assert_eq!(out, reference, "wire encodes other bytes");
    out.clear();
    entry::mqtt311_publish_encode_hand(&hand, &mut out);
    assert_eq!(out, reference, "hand encodes other bytes");
    let mut buf = BytesMut::with_capacity(256);
    peers::v4_encode_rumqttc(&rumqttc, &mut buf);
    assert_eq!(buf, reference, "rumqttc encodes other bytes");

    let mut group = c.benchmark_group("mqtt311_publish_64_encode");
    common::encode_into(&mut group, "wire", &mut out, |out| {
        entry::mqtt311_publish_encode_wire(black_box(&wire), out)
    });
    common::encode_into(&mut group, "hand", &mut out, |out| {
        entry::mqtt311_publish_encode_hand(black_box(&hand), out)
    });
    common::encode_into_bytes(&mut group, "mqttbytes", &mut buf, |buf| {
        peers::v4_encode_mqttbytes(black_box(&mqttbytes), buf)
    });
    common::encode_into_bytes(&mut group, "rumqttc", &mut buf, |buf| {
        peers::v4_encode_rumqttc(black_box(&rumqttc), buf)
    });
    group.finish();
}

fn mqtt5_decode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = vec![0x42u8; payload_len];
    let mut frame = BytesMut::new();
    mqttbytes_v5(&payload).write(&mut frame).unwrap();
    assert_eq!(frame.len(), frame_len);
    let want = expected(&payload, mqtt_publish::Version::V5);
    check_decoders(&frame, mqtt_publish::Version::V5, &want);
    check_same_validation(&frame, mqtt_publish::Version::V5);
    check_owned(&frame, mqtt_publish::Version::V5, &want);
    let frames = batch(&frame);

    let mut group = c.benchmark_group(format!("{case}_slice"));
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt5_publish_decode_wire(input);
            let Ok((Packet::Publish { flags, publish }, used)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
            used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt5_publish_decode_hand(input);
            let (publish, used) = decoded.as_ref().unwrap();
            consume_hand(publish);
            *used
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{case}_framed"));
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_publish_decode_wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_publish_decode_hand(&packet);
            consume_hand(&decoded.as_ref().unwrap().0);
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{case}_owned"));
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_publish_decode_wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_owned(&owned_wire(&packet, flags, &publish));
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_publish_decode_hand(&packet);
            consume_owned(&owned_hand(&packet, &decoded.as_ref().unwrap().0));
        })
    });
    group.bench_function("mqttbytes", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_mqttbytes(s);
            let mqttbytes::v5::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
            consume_peer_props!(p.properties);
        })
    });
    group.bench_function("rumqttc", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_rumqttc(s);
            let rumqttc::v5::mqttbytes::v5::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            // rumqttc's v5 keeps the topic as unvalidated `Bytes`.
            consume_peer!(p, &p.topic[..]);
            consume_peer_props!(p.properties);
        })
    });
    group.finish();
}

fn mqtt5_encode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = vec![0x42u8; payload_len];
    let mqttbytes = mqttbytes_v5(&payload);
    let rumqttc = rumqttc_v5(&payload);
    let wire = mqtt_publish::sample_wire(&payload, mqtt_publish::Version::V5);
    let hand = mqtt_publish::sample(&payload, mqtt_publish::Version::V5);

    let mut reference = BytesMut::new();
    peers::v5_encode_mqttbytes(&mqttbytes, &mut reference);
    assert_eq!(reference.len(), frame_len);
    let mut out = Vec::with_capacity(frame_len);
    entry::mqtt5_publish_encode_wire(&wire, &mut out);
    assert_eq!(out, reference, "wire encodes other bytes");
    out.clear();
    entry::mqtt5_publish_encode_hand(&hand, &mut out);
    assert_eq!(out, reference, "hand encodes other bytes");
    let mut buf = BytesMut::with_capacity(frame_len);
    peers::v5_encode_rumqttc(&rumqttc, &mut buf);
    assert_eq!(buf, reference, "rumqttc encodes other bytes");

    let mut group = c.benchmark_group(case);
    common::encode_into(&mut group, "wire", &mut out, |out| {
        entry::mqtt5_publish_encode_wire(black_box(&wire), out)
    });
    common::encode_into(&mut group, "hand", &mut out, |out| {
        entry::mqtt5_publish_encode_hand(black_box(&hand), out)
    });
    common::encode_into_bytes(&mut group, "mqttbytes", &mut buf, |buf| {
        peers::v5_encode_mqttbytes(black_box(&mqttbytes), buf)
    });
    common::encode_into_bytes(&mut group, "rumqttc", &mut buf, |buf| {
        peers::v5_encode_rumqttc(black_box(&rumqttc), buf)
    });
    group.finish();
}

fn mqtt5_publish_props_decode(c: &mut Criterion) {
    mqtt5_decode(c, "mqtt5_publish_props_decode", 64, 150);
}

fn mqtt5_publish_props_encode(c: &mut Criterion) {
    mqtt5_encode(c, "mqtt5_publish_props_encode", 64, 150);
}

fn mqtt5_publish_4096_decode(c: &mut Criterion) {
    mqtt5_decode(c, "mqtt5_publish_4096_decode", 4096, 4182);
}

fn mqtt5_publish_4096_encode(c: &mut Criterion) {
    mqtt5_encode(c, "mqtt5_publish_4096_encode", 4096, 4182);
}

// ---------------------------------------------------------------------------------------------
// CONNECT with 5.0 properties and a will (`mqtt5_connect_props_*`).
//
// Fixture: client id `sensor-42`, keep alive 60, clean start, user name `user` and password
// `secret`; properties Session Expiry Interval 3600, Receive Maximum 20, Maximum Packet Size
// 1048576 and one User Property (`region`, `eu-west`); a will on `sensors/42/status` with
// payload `offline`, QoS 0, not retained, will property Will Delay Interval 5 (103 B frame).
// All four implementations represent it as given. Property order is mqttbytes' (the order its
// encoder writes), which wire's list and hand's encoder follow. The peers keep the login as two
// `String`s (empty meaning absent), so the fixture's password is UTF-8.

#[derive(Debug, PartialEq, Default)]
struct ConnectFields {
    level: u8,
    clean_start: bool,
    keep_alive: u16,
    properties: Option<ConnectProps>,
    client_id: String,
    will: Option<WillFields>,
    username: Option<String>,
    password: Option<Vec<u8>>,
}

#[derive(Debug, PartialEq, Default)]
struct ConnectProps {
    session_expiry_interval: Option<u32>,
    receive_maximum: Option<u16>,
    maximum_packet_size: Option<u32>,
    topic_alias_maximum: Option<u16>,
    request_response_information: Option<u8>,
    request_problem_information: Option<u8>,
    user_properties: Vec<(String, String)>,
    authentication_method: Option<String>,
    authentication_data: Option<Vec<u8>>,
}

#[derive(Debug, PartialEq)]
struct WillFields {
    qos: u8,
    retain: bool,
    properties: Option<WillProps>,
    topic: String,
    payload: Vec<u8>,
}

#[derive(Debug, PartialEq, Default)]
struct WillProps {
    will_delay_interval: Option<u32>,
    payload_format_indicator: Option<u8>,
    message_expiry_interval: Option<u32>,
    content_type: Option<String>,
    response_topic: Option<String>,
    correlation_data: Option<Vec<u8>>,
    user_properties: Vec<(String, String)>,
}

fn connect_user_properties() -> Vec<(String, String)> {
    mqtt_connect::USER_PROPERTIES
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn connect_expected() -> ConnectFields {
    use mqtt_connect::*;
    ConnectFields {
        level: 5,
        clean_start: true,
        keep_alive: KEEP_ALIVE,
        properties: Some(ConnectProps {
            session_expiry_interval: Some(SESSION_EXPIRY_INTERVAL),
            receive_maximum: Some(RECEIVE_MAXIMUM_VALUE),
            maximum_packet_size: Some(MAXIMUM_PACKET_SIZE_VALUE),
            user_properties: connect_user_properties(),
            ..ConnectProps::default()
        }),
        client_id: CLIENT_ID.to_string(),
        will: Some(WillFields {
            qos: 0,
            retain: false,
            properties: Some(WillProps {
                will_delay_interval: Some(WILL_DELAY_INTERVAL),
                ..WillProps::default()
            }),
            topic: WILL_TOPIC.to_string(),
            payload: WILL_PAYLOAD.to_vec(),
        }),
        username: Some(USERNAME.to_string()),
        password: Some(PASSWORD.as_bytes().to_vec()),
    }
}

fn mqttbytes_connect() -> mqttbytes::v5::Connect {
    use mqtt_connect::*;
    let mut will =
        mqttbytes::v5::LastWill::new(WILL_TOPIC, WILL_PAYLOAD, mqttbytes::QoS::AtMostOnce, false);
    will.properties = Some(mqttbytes::v5::WillProperties {
        delay_interval: Some(WILL_DELAY_INTERVAL),
        payload_format_indicator: None,
        message_expiry_interval: None,
        content_type: None,
        response_topic: None,
        correlation_data: None,
        user_properties: Vec::new(),
    });
    mqttbytes::v5::Connect {
        protocol: mqttbytes::Protocol::V5,
        keep_alive: KEEP_ALIVE,
        client_id: CLIENT_ID.to_string(),
        clean_session: true,
        last_will: Some(will),
        login: Some(mqttbytes::v5::Login::new(USERNAME, PASSWORD)),
        properties: Some(mqttbytes::v5::ConnectProperties {
            session_expiry_interval: Some(SESSION_EXPIRY_INTERVAL),
            receive_maximum: Some(RECEIVE_MAXIMUM_VALUE),
            max_packet_size: Some(MAXIMUM_PACKET_SIZE_VALUE),
            topic_alias_max: None,
            request_response_info: None,
            request_problem_info: None,
            user_properties: connect_user_properties(),
            authentication_method: None,
            authentication_data: None,
        }),
    }
}

fn rumqttc_connect() -> peers::RumqttcConnect {
    use mqtt_connect::*;
    use rumqttc::v5::mqttbytes::v5 as r;
    let connect = r::Connect {
        keep_alive: KEEP_ALIVE,
        client_id: CLIENT_ID.to_string(),
        clean_start: true,
        properties: Some(r::ConnectProperties {
            session_expiry_interval: Some(SESSION_EXPIRY_INTERVAL),
            receive_maximum: Some(RECEIVE_MAXIMUM_VALUE),
            max_packet_size: Some(MAXIMUM_PACKET_SIZE_VALUE),
            user_properties: connect_user_properties(),
            ..r::ConnectProperties::new()
        }),
    };
    let will = r::LastWill::new(
        WILL_TOPIC,
        WILL_PAYLOAD,
        rumqttc::v5::mqttbytes::QoS::AtMostOnce,
        false,
        Some(r::LastWillProperties {
            delay_interval: Some(WILL_DELAY_INTERVAL),
            payload_format_indicator: None,
            message_expiry_interval: None,
            content_type: None,
            response_topic: None,
            correlation_data: None,
            user_properties: Vec::new(),
        }),
    );
    (connect, Some(will), Some(r::Login::new(USERNAME, PASSWORD)))
}

fn connect_fields_wire(packet: &Packet<'_>) -> ConnectFields {
    let Packet::Connect { connect, .. } = packet else {
        panic!("not a CONNECT: {packet:?}")
    };
    let properties = connect.properties.as_ref().map(|list| {
        let mut props = ConnectProps::default();
        for property in list.iter() {
            match property {
                Property::SessionExpiryInterval(v) => props.session_expiry_interval = Some(v),
                Property::ReceiveMaximum { max } => props.receive_maximum = Some(max),
                Property::MaximumPacketSize { size } => props.maximum_packet_size = Some(size),
                Property::TopicAliasMaximum(v) => props.topic_alias_maximum = Some(v),
                Property::RequestResponseInformation(b) => {
                    props.request_response_information = Some(u8::from(b))
                }
                Property::RequestProblemInformation(b) => {
                    props.request_problem_information = Some(u8::from(b))
                }
                Property::UserProperty(k, v) => {
                    props.user_properties.push((k.to_string(), v.to_string()))
                }
                Property::AuthenticationMethod(s) => {
                    props.authentication_method = Some(s.to_string())
                }
                Property::AuthenticationData(b) => props.authentication_data = Some(b.to_vec()),
                other => panic!("not a CONNECT property: {other:?}"),
            }
        }
        props
    });
    let will = connect.will.as_ref().map(|will| WillFields {
        qos: connect.flags.will_qos as u8,
        retain: connect.flags.will_retain,
        properties: will.properties.as_ref().map(|list| {
            let mut props = WillProps::default();
            for property in list.iter() {
                match property {
                    Property::WillDelayInterval(v) => props.will_delay_interval = Some(v),
                    Property::PayloadFormatIndicator(b) => {
                        props.payload_format_indicator = Some(u8::from(b))
                    }
                    Property::MessageExpiryInterval(v) => props.message_expiry_interval = Some(v),
                    Property::ContentType(s) => props.content_type = Some(s.to_string()),
                    Property::ResponseTopic(s) => props.response_topic = Some(s.to_string()),
                    Property::CorrelationData(b) => props.correlation_data = Some(b.to_vec()),
                    Property::UserProperty(k, v) => {
                        props.user_properties.push((k.to_string(), v.to_string()))
                    }
                    other => panic!("not a will property: {other:?}"),
                }
            }
            props
        }),
        topic: will.topic.to_string(),
        payload: will.payload.to_vec(),
    });
    ConnectFields {
        level: connect.version as u8,
        clean_start: connect.flags.clean_start,
        keep_alive: connect.keep_alive,
        properties,
        client_id: connect.client_id.to_string(),
        will,
        username: connect.username.map(|s| s.to_string()),
        password: connect.password.map(|b| b.to_vec()),
    }
}

fn pairs(users: &mqtt_connect::UserProperties<'_>) -> Vec<(String, String)> {
    users
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn connect_fields_hand(c: &mqtt_connect::Connect<'_>) -> ConnectFields {
    ConnectFields {
        level: match c.version {
            mqtt_publish::Version::V311 => 4,
            mqtt_publish::Version::V5 => 5,
        },
        clean_start: c.clean_start,
        keep_alive: c.keep_alive,
        properties: c.properties.as_ref().map(|p| ConnectProps {
            session_expiry_interval: p.session_expiry_interval,
            receive_maximum: p.receive_maximum,
            maximum_packet_size: p.maximum_packet_size,
            topic_alias_maximum: p.topic_alias_maximum,
            request_response_information: p.request_response_information.map(u8::from),
            request_problem_information: p.request_problem_information.map(u8::from),
            user_properties: pairs(&p.user_properties),
            authentication_method: p.authentication_method.map(str::to_string),
            authentication_data: p.authentication_data.map(<[u8]>::to_vec),
        }),
        client_id: c.client_id.to_string(),
        will: c.will.as_ref().map(|w| WillFields {
            qos: w.qos,
            retain: w.retain,
            properties: w.properties.as_ref().map(|p| WillProps {
                will_delay_interval: p.will_delay_interval,
                payload_format_indicator: p.payload_format_indicator.map(u8::from),
                message_expiry_interval: p.message_expiry_interval,
                content_type: p.content_type.map(str::to_string),
                response_topic: p.response_topic.map(str::to_string),
                correlation_data: p.correlation_data.map(<[u8]>::to_vec),
                user_properties: pairs(&p.user_properties),
            }),
            topic: w.topic.to_string(),
            payload: w.payload.to_vec(),
        }),
        username: c.username.map(str::to_string),
        password: c.password.map(<[u8]>::to_vec),
    }
}

/// The peers' v5 CONNECT types have the same public fields; only their types differ. Both keep
/// the login as `String`s, empty meaning absent.
macro_rules! connect_fields_peer {
    ($level:expr, $clean_start:expr, $c:expr, $will:expr, $login:expr,
     $w:ident => $will_topic:expr) => {{
        let (c, will, login) = ($c, $will, $login);
        ConnectFields {
            level: $level,
            clean_start: $clean_start,
            keep_alive: c.keep_alive,
            properties: c.properties.as_ref().map(|p| ConnectProps {
                session_expiry_interval: p.session_expiry_interval,
                receive_maximum: p.receive_maximum,
                maximum_packet_size: p.max_packet_size,
                topic_alias_maximum: p.topic_alias_max,
                request_response_information: p.request_response_info,
                request_problem_information: p.request_problem_info,
                user_properties: p.user_properties.clone(),
                authentication_method: p.authentication_method.clone(),
                authentication_data: p.authentication_data.as_ref().map(|b| b.to_vec()),
            }),
            client_id: c.client_id.clone(),
            will: will.as_ref().map(|$w| WillFields {
                qos: $w.qos as u8,
                retain: $w.retain,
                properties: $w.properties.as_ref().map(|p| WillProps {
                    will_delay_interval: p.delay_interval,
                    payload_format_indicator: p.payload_format_indicator,
                    message_expiry_interval: p.message_expiry_interval,
                    content_type: p.content_type.clone(),
                    response_topic: p.response_topic.clone(),
                    correlation_data: p.correlation_data.as_ref().map(|b| b.to_vec()),
                    user_properties: p.user_properties.clone(),
                }),
                topic: $will_topic,
                payload: $w.message.to_vec(),
            }),
            username: login
                .as_ref()
                .map(|l| l.username.clone())
                .filter(|s| !s.is_empty()),
            password: login
                .as_ref()
                .map(|l| l.password.as_bytes().to_vec())
                .filter(|b| !b.is_empty()),
        }
    }};
}

fn connect_fields_mqttbytes(packet: &mqttbytes::v5::Packet) -> ConnectFields {
    let mqttbytes::v5::Packet::Connect(c) = packet else {
        panic!("not a CONNECT: {packet:?}")
    };
    let level = match c.protocol {
        mqttbytes::Protocol::V4 => 4,
        mqttbytes::Protocol::V5 => 5,
    };
    connect_fields_peer!(level, c.clean_session, c, &c.last_will, &c.login, w => w.topic.clone())
}

fn connect_fields_rumqttc(packet: &rumqttc::v5::mqttbytes::v5::Packet) -> ConnectFields {
    let rumqttc::v5::mqttbytes::v5::Packet::Connect(c, will, login) = packet else {
        panic!("not a CONNECT: {packet:?}")
    };
    connect_fields_peer!(5, c.clean_start, c, will, login,
        w => String::from_utf8(w.topic.to_vec()).expect("UTF-8 will topic"))
}

/// Decodes `frame` with all four implementations (`wire` and `hand` walk a whole batch) and
/// checks they recover the fixture.
fn check_connect_decoders(frame: &[u8]) {
    let want = connect_expected();
    let frames = batch(frame);
    type Decode = fn(&[u8]) -> Option<(ConnectFields, usize)>;
    let wire: Decode = |b| {
        entry::mqtt5_connect_decode_wire(b)
            .ok()
            .map(|(p, n)| (connect_fields_wire(&p), n))
    };
    let hand: Decode =
        |b| entry::mqtt5_connect_decode_hand(b).map(|(c, n)| (connect_fields_hand(&c), n));
    for (name, decode) in [("wire", wire), ("hand", hand)] {
        let mut rest = &frames[..];
        while !rest.is_empty() {
            let (got, used) = decode(rest).unwrap_or_else(|| panic!("{name} failed to decode"));
            assert_eq!(got, want, "{name} decoded other values");
            assert_eq!(used, frame.len(), "{name} took another length");
            rest = &rest[used..];
        }
    }
    let mut s = stream(frame, 2);
    let p = peers::v5_decode_mqttbytes(&mut s).expect("mqttbytes decodes");
    assert_eq!(
        connect_fields_mqttbytes(&p),
        want,
        "mqttbytes decoded other values"
    );
    let p = peers::v5_decode_rumqttc(&mut s).expect("rumqttc decodes");
    assert_eq!(
        connect_fields_rumqttc(&p),
        want,
        "rumqttc decoded other values"
    );
    assert!(s.is_empty());
}

/// `wire` and `hand` accept and reject the same CONNECTs: every truncation of `frame`, and
/// `frame` with each byte replaced by every other value. Where both accept, they agree on the
/// values and the length.
fn check_connect_validation(frame: &[u8]) {
    let wire = |b: &[u8]| match wire_protocols::mqtt::decode(b, wire_protocols::mqtt::Version::V5) {
        Ok((packet @ Packet::Connect { .. }, n)) => Some((connect_fields_wire(&packet), n)),
        _ => None,
    };
    let hand = |b: &[u8]| mqtt_connect::decode(b).map(|(c, n)| (connect_fields_hand(&c), n));
    for len in 0..frame.len() {
        assert_eq!(hand(&frame[..len]), None, "hand accepts a truncated frame");
        assert_eq!(wire(&frame[..len]), None, "wire accepts a truncated frame");
    }
    let mut accepted = 0;
    let mut mutated = frame.to_vec();
    for i in 0..frame.len() {
        for v in 0..=u8::MAX {
            mutated[i] = v;
            let (w, h) = (wire(&mutated), hand(&mutated));
            assert_eq!(w, h, "wire and hand disagree on byte {i} = {v:#04x}");
            accepted += usize::from(w.is_some());
        }
        mutated[i] = frame[i];
    }
    assert!(accepted > frame.len());
}

#[inline(always)]
fn consume_connect_wire(packet: &Packet<'_>) {
    let Packet::Connect { connect, .. } = packet else {
        unreachable!("not a CONNECT")
    };
    black_box(connect.version);
    black_box(connect.flags);
    black_box(connect.keep_alive);
    if let Some(properties) = &connect.properties {
        for property in properties.iter() {
            black_box(property);
        }
    }
    black_box(connect.client_id.as_str());
    if let Some(will) = &connect.will {
        if let Some(properties) = &will.properties {
            for property in properties.iter() {
                black_box(property);
            }
        }
        black_box(will.topic.as_str());
        black_box(will.payload.bytes);
    }
    black_box(connect.username.map(|s| s.as_str()));
    black_box(connect.password.map(|b| b.bytes));
}

#[inline(always)]
fn consume_connect_hand(c: &mqtt_connect::Connect<'_>) {
    black_box(c.version);
    black_box(c.clean_start);
    black_box(c.keep_alive);
    if let Some(p) = &c.properties {
        black_box(p.session_expiry_interval);
        black_box(p.receive_maximum);
        black_box(p.maximum_packet_size);
        black_box(p.topic_alias_maximum);
        black_box(p.request_response_information);
        black_box(p.request_problem_information);
        for pair in p.user_properties.iter() {
            black_box(pair);
        }
        black_box(p.authentication_method);
        black_box(p.authentication_data);
    }
    black_box(c.client_id);
    if let Some(w) = &c.will {
        black_box((w.qos, w.retain));
        if let Some(p) = &w.properties {
            black_box(p.will_delay_interval);
            black_box(p.payload_format_indicator);
            black_box(p.message_expiry_interval);
            black_box(p.content_type);
            black_box(p.response_topic);
            black_box(p.correlation_data);
            for pair in p.user_properties.iter() {
                black_box(pair);
            }
        }
        black_box(w.topic);
        black_box(w.payload);
    }
    black_box(c.username);
    black_box(c.password);
}

macro_rules! consume_connect_peer {
    ($c:expr, $will:expr, $login:expr, $w:ident => $will_topic:expr) => {{
        let (c, will, login) = ($c, $will, $login);
        black_box(c.keep_alive);
        black_box(c.client_id.as_str());
        if let Some(p) = &c.properties {
            black_box(p.session_expiry_interval);
            black_box(p.receive_maximum);
            black_box(p.max_packet_size);
            black_box(p.topic_alias_max);
            black_box(p.request_response_info);
            black_box(p.request_problem_info);
            for (k, v) in &p.user_properties {
                black_box((k.as_str(), v.as_str()));
            }
            black_box(p.authentication_method.as_deref());
            black_box(p.authentication_data.as_deref());
        }
        if let Some($w) = will {
            black_box(($w.qos, $w.retain));
            if let Some(p) = &$w.properties {
                black_box(p.delay_interval);
                black_box(p.payload_format_indicator);
                black_box(p.message_expiry_interval);
                black_box(p.content_type.as_deref());
                black_box(p.response_topic.as_deref());
                black_box(p.correlation_data.as_deref());
                for (k, v) in &p.user_properties {
                    black_box((k.as_str(), v.as_str()));
                }
            }
            black_box($will_topic);
            black_box(&$w.message[..]);
        }
        if let Some(l) = login {
            black_box((l.username.as_str(), l.password.as_str()));
        }
    }};
}

/// Reads an owned CONNECT as the peers' are read.
#[inline(always)]
fn consume_connect_fields(c: &ConnectFields) {
    black_box((c.level, c.clean_start, c.keep_alive, c.client_id.as_str()));
    if let Some(p) = &c.properties {
        black_box(p.session_expiry_interval);
        black_box(p.receive_maximum);
        black_box(p.maximum_packet_size);
        black_box(p.topic_alias_maximum);
        black_box(p.request_response_information);
        black_box(p.request_problem_information);
        for (k, v) in &p.user_properties {
            black_box((k.as_str(), v.as_str()));
        }
        black_box(p.authentication_method.as_deref());
        black_box(p.authentication_data.as_deref());
    }
    if let Some(w) = &c.will {
        black_box((w.qos, w.retain));
        if let Some(p) = &w.properties {
            black_box(p.will_delay_interval);
            black_box(p.payload_format_indicator);
            black_box(p.message_expiry_interval);
            black_box(p.content_type.as_deref());
            black_box(p.response_topic.as_deref());
            black_box(p.correlation_data.as_deref());
            for (k, v) in &p.user_properties {
                black_box((k.as_str(), v.as_str()));
            }
        }
        black_box(w.topic.as_str());
        black_box(&w.payload[..]);
    }
    black_box((c.username.as_deref(), c.password.as_deref()));
}

fn mqtt5_connect_props_decode(c: &mut Criterion) {
    let mut frame = BytesMut::new();
    peers::v5_connect_encode_mqttbytes(&mqttbytes_connect(), &mut frame);
    assert_eq!(frame.len(), 103);
    check_connect_decoders(&frame);
    check_connect_validation(&frame);
    // The same CONNECT at protocol level 4 (no properties), so the 3.1.1 layout and its flag
    // rules are cross-checked too.
    let v311 = wire_protocols::mqtt::encode(
        &mqtt_connect::sample_wire(mqtt_publish::Version::V311),
        wire_protocols::mqtt::Version::V311,
    )
    .expect("encodable");
    check_connect_validation(&v311);
    let frames = batch(&frame);

    let mut group = c.benchmark_group("mqtt5_connect_props_decode_slice");
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt5_connect_decode_wire(input);
            let (packet, used) = decoded.as_ref().unwrap();
            consume_connect_wire(packet);
            *used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt5_connect_decode_hand(input);
            let (connect, used) = decoded.as_ref().unwrap();
            consume_connect_hand(connect);
            *used
        })
    });
    group.finish();

    let mut group = c.benchmark_group("mqtt5_connect_props_decode_framed");
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_connect_decode_wire(&packet);
            consume_connect_wire(&decoded.as_ref().unwrap().0);
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_connect_decode_hand(&packet);
            consume_connect_hand(&decoded.as_ref().unwrap().0);
        })
    });
    group.finish();

    // Owned: wire and hand convert into `ConnectFields` (strings and bytes copied), the
    // peers keep their own owned packet; each is then read field by field.
    let mut group = c.benchmark_group("mqtt5_connect_props_decode_owned");
    group.bench_function("wire", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_connect_decode_wire(&packet);
            consume_connect_fields(&connect_fields_wire(&decoded.as_ref().unwrap().0));
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, &frame, |s| {
            let packet = next_packet(s);
            let decoded = entry::mqtt5_connect_decode_hand(&packet);
            consume_connect_fields(&connect_fields_hand(&decoded.as_ref().unwrap().0));
        })
    });
    group.bench_function("mqttbytes", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_mqttbytes(s);
            let mqttbytes::v5::Packet::Connect(c) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            black_box((c.protocol, c.clean_session));
            consume_connect_peer!(c, &c.last_will, &c.login, w => w.topic.as_str());
        })
    });
    group.bench_function("rumqttc", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_rumqttc(s);
            let rumqttc::v5::mqttbytes::v5::Packet::Connect(c, will, login) =
                decoded.as_ref().unwrap()
            else {
                unreachable!()
            };
            black_box(c.clean_start);
            // rumqttc's v5 keeps the will topic as unvalidated `Bytes`.
            consume_connect_peer!(c, will, login, w => &w.topic[..]);
        })
    });
    group.finish();
}

fn mqtt5_connect_props_encode(c: &mut Criterion) {
    let mqttbytes = mqttbytes_connect();
    let rumqttc = rumqttc_connect();
    let wire = mqtt_connect::sample_wire(mqtt_publish::Version::V5);
    let hand = mqtt_connect::sample();

    let mut reference = BytesMut::new();
    peers::v5_connect_encode_mqttbytes(&mqttbytes, &mut reference);
    assert_eq!(reference.len(), 103);
    let mut out = Vec::with_capacity(256);
    entry::mqtt5_connect_encode_wire(&wire, &mut out);
    assert_eq!(out, reference, "wire encodes other bytes");
    out.clear();
    entry::mqtt5_connect_encode_hand(&hand, &mut out);
    assert_eq!(out, reference, "hand encodes other bytes");
    let mut buf = BytesMut::with_capacity(256);
    peers::v5_connect_encode_rumqttc(&rumqttc, &mut buf);
    assert_eq!(buf, reference, "rumqttc encodes other bytes");

    let mut group = c.benchmark_group("mqtt5_connect_props_encode");
    common::encode_into(&mut group, "wire", &mut out, |out| {
        entry::mqtt5_connect_encode_wire(black_box(&wire), out)
    });
    common::encode_into(&mut group, "hand", &mut out, |out| {
        entry::mqtt5_connect_encode_hand(black_box(&hand), out)
    });
    common::encode_into_bytes(&mut group, "mqttbytes", &mut buf, |buf| {
        peers::v5_connect_encode_mqttbytes(black_box(&mqttbytes), buf)
    });
    common::encode_into_bytes(&mut group, "rumqttc", &mut buf, |buf| {
        peers::v5_connect_encode_rumqttc(black_box(&rumqttc), buf)
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = mqtt311_publish_64_decode, mqtt311_publish_64_decode_by_ref,
        mqtt311_publish_64_encode, mqtt311_publish_4096_decode, mqtt5_publish_props_decode,
        mqtt5_publish_props_encode, mqtt5_publish_4096_decode, mqtt5_publish_4096_encode,
        mqtt5_connect_props_decode, mqtt5_connect_props_encode
}
criterion_main!(benches);

use super::*;

// ---------------------------------------------------------------------------------------------
// Agreement: every implementation's result as plain owned values.

#[derive(Debug, PartialEq, Default)]
pub(crate) struct Fields {
    pub(crate) dup: bool,
    pub(crate) qos: u8,
    pub(crate) retain: bool,
    pub(crate) topic: String,
    pub(crate) packet_id: Option<u16>,
    pub(crate) properties: Option<Props>,
    pub(crate) payload: Vec<u8>,
}

#[derive(Debug, PartialEq, Default)]
pub(crate) struct Props {
    pub(crate) payload_format_indicator: Option<u8>,
    pub(crate) message_expiry_interval: Option<u32>,
    pub(crate) topic_alias: Option<u16>,
    pub(crate) response_topic: Option<String>,
    pub(crate) correlation_data: Option<Vec<u8>>,
    pub(crate) user_properties: Vec<(String, String)>,
    pub(crate) subscription_ids: Vec<u32>,
    pub(crate) content_type: Option<String>,
}

pub(crate) fn expected(payload: &[u8], version: mqtt_publish::Version) -> Fields {
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

pub(crate) fn fields_wire(packet: &Packet<'_>) -> Fields {
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

pub(crate) fn fields_hand(p: &mqtt_publish::Publish<'_>) -> Fields {
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

pub(crate) fn fields_mqttbytes_v4(packet: &mqttbytes::v4::Packet) -> Fields {
    let mqttbytes::v4::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), None)
}

pub(crate) fn fields_rumqttc_v4(packet: &rumqttc::mqttbytes::v4::Packet) -> Fields {
    let rumqttc::mqttbytes::v4::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), None)
}

pub(crate) fn fields_mqttbytes_v5(packet: &mqttbytes::v5::Packet) -> Fields {
    let mqttbytes::v5::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    fields_peer!(p, p.topic.clone(), props_peer!(p.properties))
}

pub(crate) fn fields_rumqttc_v5(packet: &rumqttc::v5::mqttbytes::v5::Packet) -> Fields {
    let rumqttc::v5::mqttbytes::v5::Packet::Publish(p) = packet else {
        panic!("not a PUBLISH: {packet:?}")
    };
    let topic = String::from_utf8(p.topic.to_vec()).expect("UTF-8 topic");
    fields_peer!(p, topic, props_peer!(p.properties))
}

/// The next packet off `s`, as a socket read loop takes it (`split_to` + `freeze`).
#[inline(always)]
pub(crate) fn next_packet(s: &mut BytesMut) -> Bytes {
    wire_runtime::framing::next_frame::<MqttFrames>(s, MAX)
        .expect("a valid packet")
        .expect("a whole packet")
}

/// A PUBLISH as the peers hand it out: everything owned, the payload a `Bytes` slice of the
/// frame.
#[derive(Debug)]
pub(crate) struct OwnedPublish {
    pub(crate) dup: bool,
    pub(crate) qos: u8,
    pub(crate) retain: bool,
    pub(crate) topic: String,
    pub(crate) pkid: u16,
    pub(crate) payload: Bytes,
    pub(crate) properties: Option<OwnedProps>,
}

/// The PUBLISH properties, owned, as mqttbytes' `PublishProperties` holds them.
#[derive(Debug, Default)]
pub(crate) struct OwnedProps {
    pub(crate) payload_format_indicator: Option<u8>,
    pub(crate) message_expiry_interval: Option<u32>,
    pub(crate) topic_alias: Option<u16>,
    pub(crate) response_topic: Option<String>,
    pub(crate) correlation_data: Option<Bytes>,
    pub(crate) user_properties: Vec<(String, String)>,
    pub(crate) subscription_identifiers: Vec<usize>,
    pub(crate) content_type: Option<String>,
}

#[inline(always)]
pub(crate) fn owned_wire(
    frame: &Bytes,
    flags: PublishFlags,
    publish: &Publish<'_>,
) -> OwnedPublish {
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
pub(crate) fn owned_hand(frame: &Bytes, p: &mqtt_publish::Publish<'_>) -> OwnedPublish {
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
    pub(crate) fn fields(&self) -> Fields {
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
pub(crate) fn batch(frame: &[u8]) -> Vec<u8> {
    frame.repeat(BATCH)
}

/// A `BytesMut` holding `n` copies of `frame`.
pub(crate) fn stream(frame: &[u8], n: usize) -> BytesMut {
    let mut stream = BytesMut::with_capacity(frame.len() * n);
    for _ in 0..n {
        stream.extend_from_slice(frame);
    }
    stream
}

/// Decodes `frame` with all four implementations (the slice decoders also walk a whole batch)
/// and checks they recover `want`.
pub(crate) fn check_decoders(frame: &[u8], version: mqtt_publish::Version, want: &Fields) {
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
pub(crate) fn check_same_validation(frame: &[u8], version: mqtt_publish::Version) {
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

use super::*;

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
pub(crate) struct ConnectFields {
    pub(crate) level: u8,
    pub(crate) clean_start: bool,
    pub(crate) keep_alive: u16,
    pub(crate) properties: Option<ConnectProps>,
    pub(crate) client_id: String,
    pub(crate) will: Option<WillFields>,
    pub(crate) username: Option<String>,
    pub(crate) password: Option<Vec<u8>>,
}

#[derive(Debug, PartialEq, Default)]
pub(crate) struct ConnectProps {
    pub(crate) session_expiry_interval: Option<u32>,
    pub(crate) receive_maximum: Option<u16>,
    pub(crate) maximum_packet_size: Option<u32>,
    pub(crate) topic_alias_maximum: Option<u16>,
    pub(crate) request_response_information: Option<u8>,
    pub(crate) request_problem_information: Option<u8>,
    pub(crate) user_properties: Vec<(String, String)>,
    pub(crate) authentication_method: Option<String>,
    pub(crate) authentication_data: Option<Vec<u8>>,
}

#[derive(Debug, PartialEq)]
pub(crate) struct WillFields {
    pub(crate) qos: u8,
    pub(crate) retain: bool,
    pub(crate) properties: Option<WillProps>,
    pub(crate) topic: String,
    pub(crate) payload: Vec<u8>,
}

#[derive(Debug, PartialEq, Default)]
pub(crate) struct WillProps {
    pub(crate) will_delay_interval: Option<u32>,
    pub(crate) payload_format_indicator: Option<u8>,
    pub(crate) message_expiry_interval: Option<u32>,
    pub(crate) content_type: Option<String>,
    pub(crate) response_topic: Option<String>,
    pub(crate) correlation_data: Option<Vec<u8>>,
    pub(crate) user_properties: Vec<(String, String)>,
}

pub(crate) fn connect_user_properties() -> Vec<(String, String)> {
    mqtt_connect::USER_PROPERTIES
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub(crate) fn connect_expected() -> ConnectFields {
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

pub(crate) fn mqttbytes_connect() -> mqttbytes::v5::Connect {
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

pub(crate) fn rumqttc_connect() -> peers::RumqttcConnect {
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

pub(crate) fn connect_fields_wire(packet: &Packet<'_>) -> ConnectFields {
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

pub(crate) fn pairs(users: &mqtt_connect::UserProperties<'_>) -> Vec<(String, String)> {
    users
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub(crate) fn connect_fields_hand(c: &mqtt_connect::Connect<'_>) -> ConnectFields {
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

pub(crate) fn connect_fields_mqttbytes(packet: &mqttbytes::v5::Packet) -> ConnectFields {
    let mqttbytes::v5::Packet::Connect(c) = packet else {
        panic!("not a CONNECT: {packet:?}")
    };
    let level = match c.protocol {
        mqttbytes::Protocol::V4 => 4,
        mqttbytes::Protocol::V5 => 5,
    };
    connect_fields_peer!(level, c.clean_session, c, &c.last_will, &c.login, w => w.topic.clone())
}

pub(crate) fn connect_fields_rumqttc(packet: &rumqttc::v5::mqttbytes::v5::Packet) -> ConnectFields {
    let rumqttc::v5::mqttbytes::v5::Packet::Connect(c, will, login) = packet else {
        panic!("not a CONNECT: {packet:?}")
    };
    connect_fields_peer!(5, c.clean_start, c, will, login,
        w => String::from_utf8(w.topic.to_vec()).expect("UTF-8 will topic"))
}

/// Decodes `frame` with all four implementations (`wire` and `hand` walk a whole batch) and
/// checks they recover the fixture.
pub(crate) fn check_connect_decoders(frame: &[u8]) {
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
pub(crate) fn check_connect_validation(frame: &[u8]) {
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

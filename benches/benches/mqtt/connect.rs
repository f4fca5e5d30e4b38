use super::publish::EncodeGroup;
use super::*;

#[inline(always)]
pub(crate) fn consume_connect_wire(packet: &Packet<'_>) {
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
pub(crate) fn consume_connect_hand(c: &mqtt_connect::Connect<'_>) {
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
pub(crate) fn consume_connect_fields(c: &ConnectFields) {
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

pub(crate) fn mqtt5_connect_props_decode(c: &mut Criterion) {
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

    let mut group = common::Group::new(c, "mqtt5_connect_props_decode_slice");
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

    let mut group = common::Group::new(c, "mqtt5_connect_props_decode_framed");
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
    let mut group = common::Group::new(c, "mqtt5_connect_props_decode_owned");
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

pub(crate) fn mqtt5_connect_props_encode(c: &mut Criterion) {
    let mqttbytes = mqttbytes_connect();
    let rumqttc = rumqttc_connect();
    let wire = mqtt_connect::sample_wire(mqtt_publish::Version::V5);
    let hand = mqtt_connect::sample();

    EncodeGroup::new(c, "mqtt5_connect_props_encode", 103)
        .bench("wire", |out| {
            entry::mqtt5_connect_encode_wire(black_box(&wire), out)
        })
        .bench("hand", |out| {
            entry::mqtt5_connect_encode_hand(black_box(&hand), out)
        })
        .bench("mqttbytes", |out| {
            peers::v5_connect_encode_mqttbytes(black_box(&mqttbytes), out)
        })
        .bench("rumqttc", |out| {
            peers::v5_connect_encode_rumqttc(black_box(&rumqttc), out)
        })
        .finish();
}

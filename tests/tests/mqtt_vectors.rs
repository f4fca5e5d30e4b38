//! The public MQTT vectors of `../shared/vectors/mqtt.json`: valid ones decode to the stated
//! fields and encode back to the same bytes; invalid ones are rejected.

use serde_json::{Map, Value, json};
use wire_protocols::mqtt::{self, Packet, Property, Version};
use wire_runtime::{EncodeWith, WireEncode};
use wire_tests::vectors::{hex, load, to_hex};

fn property_json(p: &Property<'_>) -> Value {
    let (name, value) = match p {
        Property::PayloadFormatIndicator(v) => ("payload_format_indicator", json!(u8::from(*v))),
        Property::MessageExpiryInterval(v) => ("message_expiry_interval", json!(v)),
        Property::ContentType(v) => ("content_type", json!(v.as_str())),
        Property::ResponseTopic(v) => ("response_topic", json!(v.as_str())),
        Property::CorrelationData(v) => ("correlation_data", json!({ "hex": to_hex(v) })),
        Property::SubscriptionIdentifier { id } => ("subscription_identifier", json!(id.0)),
        Property::SessionExpiryInterval(v) => ("session_expiry_interval", json!(v)),
        Property::ReasonString(v) => ("reason_string", json!(v.as_str())),
        Property::UserProperty(k, v) => ("user_property", json!([k.as_str(), v.as_str()])),
        other => ("other", json!(format!("{other:?}"))),
    };
    json!({ "id": p.wire_tag(), "name": name, "value": value })
}

fn properties_json(props: Option<&mqtt::Properties<'_>>) -> Value {
    Value::Array(
        props
            .map(|p| p.iter().map(|p| property_json(&p)).collect())
            .unwrap_or_default(),
    )
}

/// The flags nibble of a packet's fixed header, from the decoded packet: PUBLISH's own, 0b0010
/// for the three kinds whose flags are fixed to it, 0 for the others.
fn header_flags(packet: &Packet<'_>) -> u8 {
    match packet {
        Packet::Publish { flags, .. } => {
            u8::from(flags.dup) << 3 | (flags.qos as u8) << 1 | u8::from(flags.retain)
        }
        Packet::PubRel { .. } | Packet::Subscribe { .. } | Packet::Unsubscribe { .. } => 0b0010,
        _ => 0,
    }
}

/// The remaining length of a packet whose whole encoding takes `total` bytes: what is left after
/// the fixed header byte and the Variable Byte Integer that holds it.
fn remaining_length(total: usize) -> usize {
    (1..=4)
        .map(|vbi_len| total - 1 - vbi_len)
        .find(|&r| wire_runtime::int::Vbi(r as u32).encoded_len() == total - 1 - r)
        .expect("a remaining length")
}

/// The vector-schema view of a decoded packet, every field taken from the decoded value (the
/// fixed header's type, flags and remaining length too), none read from the input bytes.
fn fields(packet: &Packet<'_>, version: Version) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("packet_type".into(), json!(packet.wire_tag()));
    m.insert("packet_type_name".into(), json!(packet.name()));
    m.insert("flags".into(), json!(header_flags(packet)));
    m.insert(
        "remaining_length".into(),
        json!(remaining_length(packet.encoded_len_with(version))),
    );
    match packet {
        Packet::Publish { flags, publish } => {
            m.insert("dup".into(), json!(flags.dup));
            m.insert("qos".into(), json!(flags.qos as u8));
            m.insert("retain".into(), json!(flags.retain));
            m.insert("topic".into(), json!(publish.topic.as_str()));
            m.insert("packet_id".into(), json!(publish.packet_id));
            m.insert("payload_hex".into(), json!(to_hex(publish.payload)));
            m.insert(
                "properties".into(),
                properties_json(publish.properties.as_ref()),
            );
        }
        Packet::Subscribe { subscribe, .. } => {
            m.insert("packet_id".into(), json!(subscribe.packet_id));
            m.insert(
                "properties".into(),
                properties_json(subscribe.properties.as_ref()),
            );
            let subs = subscribe.filters.iter().map(|(filter, o)| {
                let mut s = json!({ "topic_filter": filter.as_str(), "qos": o.qos as u8 });
                if subscribe.properties.is_some() {
                    s["no_local"] = json!(o.no_local);
                    s["retain_as_published"] = json!(o.retain_as_published);
                    s["retain_handling"] = json!(o.retain_handling as u8);
                }
                s
            });
            m.insert("subscriptions".into(), Value::Array(subs.collect()));
        }
        Packet::Disconnect { disconnect, .. } => {
            m.insert("reason_code".into(), json!(disconnect.reason.value()));
            m.insert(
                "properties".into(),
                properties_json(Some(&disconnect.properties)),
            );
        }
        Packet::UnsubAck { unsuback, .. } => {
            m.insert("packet_id".into(), json!(unsuback.packet_id));
        }
        Packet::Connect { connect, .. } => {
            let f = connect.flags;
            // The protocol name is a constant of the layout (its magic), which the decoder
            // checked: a vector with another name fails to decode.
            m.insert("protocol_level".into(), json!(connect.version as u8));
            m.insert("connect_flags".into(), json!(f.encode_to_vec().unwrap()[0]));
            m.insert("username_flag".into(), json!(f.username));
            m.insert("password_flag".into(), json!(f.password));
            m.insert("will_retain".into(), json!(f.will_retain));
            m.insert("will_qos".into(), json!(f.will_qos as u8));
            m.insert("will_flag".into(), json!(f.will));
            m.insert("clean_session".into(), json!(f.clean_start));
            m.insert("keep_alive".into(), json!(connect.keep_alive));
            m.insert("client_id".into(), json!(connect.client_id.as_str()));
            m.insert(
                "username".into(),
                json!(connect.username.map(|u| u.as_str())),
            );
            m.insert(
                "password_hex".into(),
                json!(connect.password.map(|p| to_hex(&p))),
            );
        }
        _ => {}
    }
    m
}

fn version(variant: &str) -> Version {
    match variant {
        "mqtt-3.1.1" => Version::V311,
        "mqtt-5.0" => Version::V5,
        other => panic!("unknown variant {other}"),
    }
}

#[test]
fn public_vectors() {
    let Some(file) = load("mqtt") else { return };
    let vectors = file["vectors"].as_array().expect("vectors array");
    assert!(!vectors.is_empty());
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let bytes = hex(v["hex"].as_str().unwrap());
        let version = version(v["variant"].as_str().unwrap());
        let result = mqtt::decode(&bytes, version);
        if v["valid"].as_bool().unwrap() {
            let (packet, used) = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(used, bytes.len(), "{name}");
            let actual = fields(&packet, version);
            for (key, expected) in v["fields"].as_object().unwrap() {
                if key == "protocol_name" {
                    continue;
                }
                assert_eq!(actual.get(key), Some(expected), "{name}: field {key}");
            }
            assert_eq!(
                mqtt::encode(&packet, version).unwrap(),
                bytes,
                "{name}: re-encoding"
            );
        } else {
            let err = match result {
                Ok((packet, _)) => panic!("{name}: accepted {packet:?}"),
                Err(e) => e,
            };
            let incomplete = v["error_kind"] == "incomplete";
            assert_eq!(err.is_incomplete(), incomplete, "{name}: {err}");
        }
    }
}

use super::*;

// ---------------------------------------------------------------------------------------------
// Fixtures

pub(crate) const CONTENT_TYPE: &str = "application/json";

pub(crate) fn mqttbytes_v4(payload: &[u8]) -> mqttbytes::v4::Publish {
    let mut p = mqttbytes::v4::Publish::new(
        mqtt_publish::TOPIC,
        mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
    );
    p.pkid = 10;
    p
}

pub(crate) fn rumqttc_v4(payload: &[u8]) -> rumqttc::mqttbytes::v4::Publish {
    let mut p = rumqttc::mqttbytes::v4::Publish::new(
        mqtt_publish::TOPIC,
        rumqttc::mqttbytes::QoS::AtLeastOnce,
        payload.to_vec(),
    );
    p.pkid = 10;
    p
}

pub(crate) fn user_properties() -> Vec<(String, String)> {
    mqtt_publish::USER_PROPERTIES
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub(crate) fn mqttbytes_v5(payload: &[u8]) -> mqttbytes::v5::Publish {
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

pub(crate) fn rumqttc_v5(payload: &[u8]) -> rumqttc::v5::mqttbytes::v5::Publish {
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

pub(crate) fn wire_version(version: mqtt_publish::Version) -> wire_protocols::mqtt::Version {
    match version {
        mqtt_publish::Version::V311 => wire_protocols::mqtt::Version::V311,
        mqtt_publish::Version::V5 => wire_protocols::mqtt::Version::V5,
    }
}

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

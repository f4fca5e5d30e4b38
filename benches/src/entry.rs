//! The functions the benches time, one per `<case>/<impl>`.
//!
//! Each is `#[inline(never)]` with the same signature for `wire` and `hand`, so both are
//! measured as a call: otherwise the optimizer inlines one into the measuring loop and not the
//! other, and the ratio measures inlining luck instead of the generated code. (Measured with
//! callgrind, the derived and the hand-written MQTT decoders execute 145 and 141 instructions.)

use crate::{mqtt, mqtt_connect, mqtt_publish, msgpack, rocketmq};
use wire_runtime::{EncodeWith, WireEncode, decode};

#[inline(never)]
pub fn rocketmq_header_decode_wire(bytes: &[u8]) -> Option<rocketmq::Header<'_>> {
    decode(bytes).ok()
}

#[inline(never)]
pub fn rocketmq_header_decode_hand(bytes: &[u8]) -> Option<rocketmq::Header<'_>> {
    rocketmq::hand::decode(bytes)
}

#[inline(never)]
pub fn rocketmq_header_encode_wire(header: &rocketmq::Header<'_>, out: &mut Vec<u8>) {
    header.encode(out).expect("encodable");
}

#[inline(never)]
pub fn rocketmq_header_encode_hand(header: &rocketmq::Header<'_>, out: &mut Vec<u8>) {
    rocketmq::hand::encode(header, out);
}

#[inline(never)]
pub fn mqtt_publish_decode_wire(bytes: &[u8]) -> Option<mqtt::Publish<'_>> {
    decode(bytes).ok()
}

#[inline(never)]
pub fn mqtt_publish_decode_hand(bytes: &[u8]) -> Option<mqtt::Publish<'_>> {
    mqtt::hand::decode(bytes)
}

#[inline(never)]
pub fn mqtt_publish_encode_wire(publish: &mqtt::Publish<'_>, out: &mut Vec<u8>) {
    publish.encode(out).expect("encodable");
}

#[inline(never)]
pub fn mqtt_publish_encode_hand(publish: &mqtt::Publish<'_>, out: &mut Vec<u8>) {
    mqtt::hand::encode(publish, out).expect("encodable");
}

// `wire_protocols::mqtt` against `crate::mqtt_publish` (hand). Decoders take the input at a frame
// boundary and return the packet and the bytes it took, each in its own result type (turning
// wire's `Result` into an `Option` here would copy the 152-byte result once more: a `memcpy`
// call); encoders append to a reused `Vec`.
// The peer crates' wrappers live in `benches/mqtt.rs`: they are dev-dependencies, which this
// library cannot name.

#[inline(never)]
pub fn mqtt311_publish_decode_wire(
    bytes: &[u8],
) -> Result<(wire_protocols::mqtt::Packet<'_>, usize), wire_runtime::DecodeError> {
    wire_protocols::mqtt::decode(bytes, wire_protocols::mqtt::Version::V311)
}

#[inline(never)]
pub fn mqtt311_publish_decode_hand(bytes: &[u8]) -> Option<(mqtt_publish::Publish<'_>, usize)> {
    mqtt_publish::decode(bytes, mqtt_publish::Version::V311)
}

#[inline(never)]
pub fn mqtt5_publish_decode_wire(
    bytes: &[u8],
) -> Result<(wire_protocols::mqtt::Packet<'_>, usize), wire_runtime::DecodeError> {
    wire_protocols::mqtt::decode(bytes, wire_protocols::mqtt::Version::V5)
}

#[inline(never)]
pub fn mqtt5_publish_decode_hand(bytes: &[u8]) -> Option<(mqtt_publish::Publish<'_>, usize)> {
    mqtt_publish::decode(bytes, mqtt_publish::Version::V5)
}

#[inline(never)]
pub fn mqtt311_publish_encode_wire(
    packet: &wire_protocols::mqtt::Packet<'_>,
    out: &mut bytes::BytesMut,
) {
    packet
        .encode_with(out, wire_protocols::mqtt::Version::V311)
        .expect("encodable");
}

#[inline(never)]
pub fn mqtt311_publish_encode_hand(publish: &mqtt_publish::Publish<'_>, out: &mut bytes::BytesMut) {
    mqtt_publish::encode(publish, mqtt_publish::Version::V311, out).expect("encodable");
}

#[inline(never)]
pub fn mqtt5_publish_encode_wire(
    packet: &wire_protocols::mqtt::Packet<'_>,
    out: &mut bytes::BytesMut,
) {
    packet
        .encode_with(out, wire_protocols::mqtt::Version::V5)
        .expect("encodable");
}

#[inline(never)]
pub fn mqtt5_publish_encode_hand(publish: &mqtt_publish::Publish<'_>, out: &mut bytes::BytesMut) {
    mqtt_publish::encode(publish, mqtt_publish::Version::V5, out).expect("encodable");
}

// CONNECT with 5.0 properties and a will: `wire_protocols::mqtt` against `crate::mqtt_connect`.

#[inline(never)]
pub fn mqtt5_connect_decode_wire(
    bytes: &[u8],
) -> Result<(wire_protocols::mqtt::Packet<'_>, usize), wire_runtime::DecodeError> {
    wire_protocols::mqtt::decode(bytes, wire_protocols::mqtt::Version::V5)
}

#[inline(never)]
pub fn mqtt5_connect_decode_hand(bytes: &[u8]) -> Option<(mqtt_connect::Connect<'_>, usize)> {
    mqtt_connect::decode(bytes)
}

#[inline(never)]
pub fn mqtt5_connect_encode_wire(
    packet: &wire_protocols::mqtt::Packet<'_>,
    out: &mut bytes::BytesMut,
) {
    packet
        .encode_with(out, wire_protocols::mqtt::Version::V5)
        .expect("encodable");
}

#[inline(never)]
pub fn mqtt5_connect_encode_hand(connect: &mqtt_connect::Connect<'_>, out: &mut bytes::BytesMut) {
    mqtt_connect::encode(connect, out).expect("encodable");
}

// msgpack, Ignite 3's `ClientMessagePackerBenchmark` bodies: each appends to a reused `Vec`
// (cleared by the caller). `wire` is the runtime's writers (ints, string) or a derived
// `#[wire(msgpack)]` type (UUID, request); the `rmp` and `rmp-serde` wrappers live in
// `benches/msgpack.rs`.

#[inline(never)]
pub fn msgpack_pack_int_wire(a: i32, b: i32, out: &mut Vec<u8>) {
    wire_runtime::msgpack::write_int(out, a.into());
    wire_runtime::msgpack::write_int(out, b.into());
}

#[inline(never)]
pub fn msgpack_pack_int_hand(a: i32, b: i32, out: &mut Vec<u8>) {
    msgpack::hand::pack_int(a, b, out);
}

#[inline(never)]
pub fn msgpack_pack_string_wire(s: &str, out: &mut Vec<u8>) {
    wire_runtime::msgpack::write_str(out, s).expect("encodable");
}

#[inline(never)]
pub fn msgpack_pack_string_hand(s: &str, out: &mut Vec<u8>) {
    msgpack::hand::pack_string(s, out);
}

#[inline(never)]
pub fn msgpack_pack_uuid_wire(id: &msgpack::Uuid, out: &mut Vec<u8>) {
    msgpack::UuidValue { id: *id }
        .encode(out)
        .expect("encodable");
}

#[inline(never)]
pub fn msgpack_pack_uuid_hand(id: &msgpack::Uuid, out: &mut Vec<u8>) {
    msgpack::hand::pack_uuid(id, out);
}

#[inline(never)]
pub fn msgpack_pack_struct_wire(req: &msgpack::Request, out: &mut Vec<u8>) {
    req.encode(out).expect("encodable");
}

#[inline(never)]
pub fn msgpack_pack_struct_hand(req: &msgpack::Request, out: &mut Vec<u8>) {
    msgpack::hand::pack_struct(req, out);
}

#[inline(never)]
pub fn ignite_tables_get_decode_wire(bytes: &[u8]) -> usize {
    let response: wire_protocols::ignite::TablesGetResponse<'_> =
        wire_runtime::decode(bytes).expect("valid response");
    std::hint::black_box(&response);
    response.tables.len()
}

#[inline(never)]
pub fn ignite_tables_get_decode_hand(bytes: &[u8]) -> usize {
    let response = msgpack::hand::decode_tables(bytes).expect("valid response");
    std::hint::black_box(&response);
    response.tables.len()
}

#[inline(never)]
pub fn stream_consume_wire(frame: &[u8]) -> Option<crate::stream::Tally> {
    crate::stream::wire_consume(frame, false)
}

#[inline(never)]
pub fn stream_consume_hand(frame: &[u8]) -> Option<crate::stream::Tally> {
    crate::stream::hand::consume(frame, false)
}

#[inline(never)]
pub fn stream_consume_owned_wire(frame: &[u8]) -> Option<Vec<crate::stream::OwnedRecord>> {
    crate::stream::wire_consume_owned(frame)
}

#[inline(never)]
pub fn stream_consume_owned_hand(frame: &[u8]) -> Option<Vec<crate::stream::OwnedRecord>> {
    crate::stream::hand::consume_owned(frame)
}

#[inline(never)]
pub fn stream_consume_crc_wire(frame: &[u8]) -> Option<crate::stream::Tally> {
    crate::stream::wire_consume(frame, true)
}

#[inline(never)]
pub fn stream_consume_crc_hand(frame: &[u8]) -> Option<crate::stream::Tally> {
    crate::stream::hand::consume(frame, true)
}

#[inline(never)]
pub fn stream_publish_wire(command: &wire_protocols::stream::Command<'_>, out: &mut Vec<u8>) {
    crate::stream::wire_publish(command, out);
}

#[inline(never)]
pub fn stream_publish_hand(messages: &[(u64, &[u8])], out: &mut Vec<u8>) {
    crate::stream::hand::publish(1, messages, out);
}

// RocketMQ remoting: `wire_protocols::rocketmq` against `crate::rocketmq_remoting` (`hand`, and
// the `serde_json` baseline for JSON headers). The rocketmq-protocol wrappers live in
// `benches/rocketmq.rs`.

#[inline(never)]
pub fn rocketmq_frame_decode_wire(
    frame: &[u8],
) -> Result<wire_protocols::rocketmq::RemotingCommand<'_>, wire_runtime::DecodeError> {
    wire_protocols::rocketmq::decode(frame)
}

#[inline(never)]
pub fn rocketmq_binary_frame_decode_hand(
    frame: &[u8],
) -> Option<crate::rocketmq_remoting::hand::Command<'_>> {
    crate::rocketmq_remoting::hand::decode_binary(frame)
}

#[inline(never)]
pub fn rocketmq_json_frame_decode_serde_json(
    frame: &[u8],
) -> Option<(crate::rocketmq_remoting::json::Header<'_>, &[u8])> {
    crate::rocketmq_remoting::json::decode(frame)
}

#[inline(never)]
pub fn rocketmq_typed_wire(frame: &[u8]) -> Option<i64> {
    crate::rocketmq_remoting::wire_typed(frame)
}

#[inline(never)]
pub fn rocketmq_typed_hand(frame: &[u8]) -> Option<i64> {
    crate::rocketmq_remoting::hand::typed(frame)
}

#[inline(never)]
pub fn rocketmq_typed_json_hand(frame: &[u8]) -> Option<i64> {
    crate::rocketmq_json_hand::typed(frame)
}

#[inline(never)]
pub fn rocketmq_pull_wire(body: &[u8], crc: bool) -> Option<crate::rocketmq_remoting::Tally> {
    crate::rocketmq_remoting::wire_pull(body, crc)
}

#[inline(never)]
pub fn rocketmq_pull_hand(body: &[u8], crc: bool) -> Option<crate::rocketmq_remoting::Tally> {
    crate::rocketmq_remoting::hand::pull(body, crc)
}

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
#[path = "../common/mod.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};
use wire_benches::{entry, mqtt_connect, mqtt_publish};
use wire_protocols::mqtt::{MqttFrames, Packet, Property, Publish, PublishFlags};

/// Frames per timed batch.
const BATCH: usize = 256;
/// Maximum packet size passed to the peers' readers.
const MAX: usize = 1 << 20;

mod connect;
mod connect_fields;
#[macro_use]
mod consume;
mod fixtures;
mod harness;
/// The peers' timed functions: out of line like the ones in `wire_benches::entry` (which cannot
/// name dev-dependencies), each with the crate's natural input type.
mod peers;
mod publish;
mod publish_fields;

use connect_fields::*;
use consume::*;
use fixtures::*;
use harness::*;
use publish_fields::*;

criterion_group! {
    name = benches;
    config = common::config();
    targets = publish::mqtt311_publish_64_decode, publish::mqtt311_publish_64_decode_by_ref,
        publish::mqtt311_publish_64_encode, publish::mqtt311_publish_4096_decode,
        publish::mqtt5_publish_props_decode, publish::mqtt5_publish_props_encode,
        publish::mqtt5_publish_4096_decode, publish::mqtt5_publish_4096_encode,
        connect::mqtt5_connect_props_decode, connect::mqtt5_connect_props_encode
}
criterion_main!(benches);

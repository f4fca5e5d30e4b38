//! Runs one stream workload in a loop, for `perf` / `valgrind --tool=callgrind`:
//! `cargo build --release --example probe -p wire-benches`, then
//! `valgrind --tool=callgrind target/release/examples/probe wire 1000`.
use std::hint::black_box;
use wire_benches::{entry, stream};

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "wire".into());
    let iterations: u64 = args
        .next()
        .map_or(1_000_000, |n| n.parse().expect("a count"));
    let records = stream::records(100, 400);
    let frame = stream::deliver_frame(&records);
    let command = stream::publish(&records);
    let pairs: Vec<(u64, &[u8])> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (i as u64, &r[..]))
        .collect();
    let mut out = Vec::with_capacity(64 * 1024);
    let payload = [0x42u8; 64];
    let mqtt_publish = wire_benches::mqtt::sample(&payload);
    let m311_publish =
        wire_benches::mqtt_publish::sample(&payload, wire_benches::mqtt_publish::Version::V311);
    let mut m311 = bytes::BytesMut::new();
    wire_benches::mqtt_publish::encode(
        &m311_publish,
        wire_benches::mqtt_publish::Version::V311,
        &mut m311,
    )
    .unwrap();
    let m5_publish =
        wire_benches::mqtt_publish::sample(&payload, wire_benches::mqtt_publish::Version::V5);
    let mut m5 = bytes::BytesMut::new();
    wire_benches::mqtt_publish::encode(
        &m5_publish,
        wire_benches::mqtt_publish::Version::V5,
        &mut m5,
    )
    .unwrap();
    let m311_batch = m311.repeat(256);
    let e5_wire =
        wire_benches::mqtt_publish::sample_wire(&payload, wire_benches::mqtt_publish::Version::V5);
    // mqttbytes' own reading of wire's frame: the same packet, for its encoder to write.
    let e5_frame =
        wire_runtime::EncodeWith::encode_to_vec_with(&e5_wire, wire_protocols::mqtt::Version::V5)
            .unwrap();
    let e5_mqttbytes = match mqttbytes::v5::read(&mut e5_frame[..].into(), 1 << 20) {
        Ok(mqttbytes::v5::Packet::Publish(publish)) => publish,
        other => panic!("mqttbytes reads {other:?}"),
    };
    let mut e5_out = bytes::BytesMut::with_capacity(256);
    e5_mqttbytes.write(&mut e5_out).unwrap();
    assert_eq!(e5_out[..], e5_frame[..], "mqttbytes writes other bytes");
    let mut total = 0u64;
    for _ in 0..iterations {
        if which.starts_with("b311") {
            // As the criterion harness: a batch of frames, each decode finding the next frame.
            let mut rest = &m311_batch[..];
            while !rest.is_empty() {
                let used = if which == "b311-wire" {
                    let (packet, used) =
                        entry::mqtt311_publish_decode_wire(black_box(rest)).unwrap();
                    black_box(&packet);
                    used
                } else {
                    let (publish, used) =
                        entry::mqtt311_publish_decode_hand(black_box(rest)).unwrap();
                    black_box(&publish);
                    used
                };
                rest = &rest[used..];
            }
            total += 1;
            continue;
        }
        if which.starts_with("m5") {
            let n = if which == "m5-wire" {
                let (packet, n) = entry::mqtt5_publish_decode_wire(black_box(&m5)).unwrap();
                if let wire_protocols::mqtt::Packet::Publish { publish, .. } = &packet {
                    if let Some(properties) = &publish.properties {
                        for property in properties.iter() {
                            black_box(property);
                        }
                    }
                }
                n
            } else {
                let (publish, n) = entry::mqtt5_publish_decode_hand(black_box(&m5)).unwrap();
                if let Some(props) = &publish.properties {
                    for pair in props.repeatable.user_properties() {
                        black_box(pair);
                    }
                }
                n
            };
            total += n as u64;
            continue;
        }
        if which.starts_with("m311") {
            let n = if which == "m311-wire" {
                entry::mqtt311_publish_decode_wire(black_box(&m311))
                    .map(|(_, n)| n)
                    .unwrap_or(0)
            } else {
                entry::mqtt311_publish_decode_hand(black_box(&m311))
                    .map(|(_, n)| n)
                    .unwrap_or(0)
            };
            total += n as u64;
            continue;
        }
        if let Some(encoder) = which.strip_prefix("e5-") {
            // MQTT 5.0 PUBLISH with properties, encoded into one `BytesMut` (as the bench).
            e5_out.clear();
            match encoder {
                "wire" => entry::mqtt5_publish_encode_wire(black_box(&e5_wire), &mut e5_out),
                "hand" => entry::mqtt5_publish_encode_hand(black_box(&m5_publish), &mut e5_out),
                _ => black_box(&e5_mqttbytes)
                    .write(&mut e5_out)
                    .map(|_| ())
                    .unwrap(),
            }
            total += black_box(&e5_out).len() as u64;
            continue;
        }
        if which.starts_with("mqtt") {
            out.clear();
            if which == "mqtt-wire" {
                entry::mqtt_publish_encode_wire(black_box(&mqtt_publish), &mut out);
            } else {
                entry::mqtt_publish_encode_hand(black_box(&mqtt_publish), &mut out);
            }
            total += black_box(&out).len() as u64;
            continue;
        }
        if which.starts_with("publish") {
            out.clear();
            if which == "publish-slice" {
                out.resize(64 * 1024, 0);
                let n = wire_protocols::stream::frame_encoded_len(&command);
                let mut window = &mut out[..n];
                bytes::BufMut::put_u32(&mut window, (n - 4) as u32);
                wire_runtime::WireEncode::encode(black_box(&command), &mut window).unwrap();
                out.truncate(n);
            } else if which == "publish-wire" {
                entry::stream_publish_wire(black_box(&command), &mut out);
            } else {
                entry::stream_publish_hand(black_box(&pairs), &mut out);
            }
            total += black_box(&out).len() as u64;
            continue;
        }
        let tally = match which.as_str() {
            "wire" => entry::stream_consume_wire(black_box(&frame)),
            "hand" => entry::stream_consume_hand(black_box(&frame)),
            "wire-crc" => entry::stream_consume_crc_wire(black_box(&frame)),
            _ => entry::stream_consume_crc_hand(black_box(&frame)),
        };
        total += tally.expect("valid").bytes;
    }
    println!("{total}");
}

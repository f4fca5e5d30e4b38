//! Derived codecs (`wire`) against hand-written `bytes` code (`hand`) on the same layouts, in
//! the same run. Benchmark ids are `<case>/<impl>`; `benches/ratios.py` prints the ratios.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wire_benches::{entry, mqtt, rocketmq};
use wire_runtime::{WireEncode, decode};

fn rocketmq_header(c: &mut Criterion) {
    let header = rocketmq::sample();
    let bytes = header.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    rocketmq::hand::encode(&header, &mut hand_bytes);
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    assert_eq!(rocketmq::hand::decode(&bytes).as_ref(), Some(&header));
    assert_eq!(decode::<rocketmq::Header<'_>>(&bytes).unwrap(), header);

    // Both through their out-of-line entry functions (`entry.rs`): neither is inlined into the
    // timing loop.
    let mut group = common::Group::new(c, "rocketmq_header_decode");
    group.bench_function("wire", |b| {
        b.iter(|| entry::rocketmq_header_decode_wire(black_box(&bytes)).unwrap())
    });
    group.bench_function("hand", |b| {
        b.iter(|| entry::rocketmq_header_decode_hand(black_box(&bytes)).unwrap())
    });
    group.finish();

    let out = std::cell::RefCell::new(Vec::with_capacity(256));
    let mut group = common::Group::new(c, "rocketmq_header_encode");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::rocketmq_header_encode_wire(black_box(&header), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::rocketmq_header_encode_hand(black_box(&header), out)
    });
    group.finish();
}

fn mqtt_publish(c: &mut Criterion) {
    let payload = [0x42u8; 64];
    let publish = mqtt::sample(&payload);
    let bytes = publish.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    mqtt::hand::encode(&publish, &mut hand_bytes).expect("encodable");
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    assert_eq!(bytes.len(), 95);
    assert_eq!(mqtt::hand::decode(&bytes).as_ref(), Some(&publish));
    assert_eq!(decode::<mqtt::Publish<'_>>(&bytes).unwrap(), publish);

    let mut group = common::Group::new(c, "mqtt_publish_64_decode");
    group.bench_function("wire", |b| {
        b.iter(|| entry::mqtt_publish_decode_wire(black_box(&bytes)).unwrap())
    });
    group.bench_function("hand", |b| {
        b.iter(|| entry::mqtt_publish_decode_hand(black_box(&bytes)).unwrap())
    });
    group.finish();

    let out = std::cell::RefCell::new(Vec::with_capacity(256));
    let mut group = common::Group::new(c, "mqtt_publish_64_encode");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::mqtt_publish_encode_wire(black_box(&publish), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::mqtt_publish_encode_hand(black_box(&publish), out)
    });
    group.finish();
}

criterion_group! { name = benches; config = common::config(); targets = rocketmq_header, mqtt_publish }
criterion_main!(benches);

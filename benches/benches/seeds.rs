//! The seed projects' own benchmarks, on their own frames: paho.golang's `ReadPacket` on a
//! 6-byte MQTT 5.0 PUBACK and a 1039-byte AUTH, decoded here from a byte stream with framing
//! included. The Go figures (514 ns and 1025 ns after paho's fix, measured on this kind of
//! machine) are in `../shared/notes/go-seeds.md`; `ratios.py` prints ours.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wire_benches::seeds;

fn paho_read_packet(c: &mut Criterion) {
    for (case, frame) in [
        ("paho_seed_puback_stream", seeds::paho_puback()),
        ("paho_seed_auth_stream", seeds::paho_auth()),
    ] {
        assert_eq!(seeds::decode_stream_wire(&frame), 1);
        let mut group = c.benchmark_group(case);
        group.bench_function("wire", |b| {
            b.iter(|| seeds::decode_stream_wire(black_box(&frame)))
        });
        group.finish();
    }
}

criterion_group! { name = benches; config = common::config(); targets = paho_read_packet }
criterion_main!(benches);

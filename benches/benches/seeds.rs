//! The seed projects' own benchmarks, on their own frames: paho.golang's `ReadPacket` on a
//! 6-byte MQTT 5.0 PUBACK and a 1039-byte AUTH, in two contracts:
//! * `_stream`: decoded borrowed from a byte slice of frames, framing included;
//! * `_read`: Go's contract, each packet read from a `std::io::Read` into a buffer allocated for
//!   it, decoded, and every property gone through (`seeds::read_packet_wire`).
//!
//! The Go figures (514 ns and 1025 ns after paho's fix) come from another language, measured in
//! another run (`../shared/notes/go-seeds.md`): context, not a same-run comparison.

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
        let mut group = common::Group::new(c, case);
        group.bench_function("wire", |b| {
            b.iter(|| seeds::decode_stream_wire(black_box(&frame)))
        });
        group.finish();

        let case = case.replace("_stream", "_read");
        let properties = seeds::read_packet_wire(&mut &frame[..]).expect("a packet");
        assert_eq!(properties, usize::from(frame.len() > 6) * 2);
        let mut group = common::Group::new(c, case);
        group.bench_function("wire", |b| {
            b.iter(|| seeds::read_packet_wire(&mut black_box(&frame[..])).unwrap())
        });
        group.finish();
    }
}

criterion_group! { name = benches; config = common::config(); targets = paho_read_packet }
criterion_main!(benches);

//! Runs the AMQP consumer workload of `benches/amqp.rs` in a loop, for `perf` /
//! `valgrind --tool=callgrind` (instructions per chunk, whatever the machine is doing):
//! `cargo build --release --example amqp_probe -p wire-benches`, then
//! `valgrind --tool=callgrind target/release/examples/amqp_probe wire 1000`.
//! Workloads: `wire`, `hand`, `decode` (wire's decode of every message, nothing read).
use std::hint::black_box;
use wire_benches::amqp::{self, Fold};

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "wire".into());
    let iterations: u64 = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let frame = amqp::deliver_frame(100, 400);
    let mut total = 0u64;
    for _ in 0..iterations {
        let mut fold = Fold::default();
        match which.as_str() {
            "wire" => amqp::wire(black_box(&frame), &mut fold).expect("wire reads"),
            "hand" => amqp::hand(black_box(&frame), &mut fold).expect("hand reads"),
            "decode" => amqp::wire_decode_only(black_box(&frame)).expect("wire decodes"),
            other => panic!("unknown workload {other}"),
        }
        total = total.wrapping_add(fold.0);
    }
    println!("{which}: {total}");
}

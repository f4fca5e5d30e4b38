//! Runs one RocketMQ workload in a loop, for `perf` / `valgrind --tool=callgrind`:
//! `cargo build --release --example rocketmq_probe -p wire-benches`, then
//! `valgrind --tool=callgrind target/release/examples/rocketmq_probe binary-wire 1000`.
//! Workloads: `binary-wire`, `binary-hand`, `typed-wire`, `typed-hand`, `typed-apart`,
//! `json-wire`, `json-typed`, `json-typed-hand`, `json-typed-apart`, `json-serde`, `go-wire`,
//! `go-read`, `go-serde`, `pull-wire`, `pull-hand`.
use std::hint::black_box;
use wire_benches::entry;
use wire_benches::rocketmq_remoting as rmq;

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "binary-wire".into());
    let iterations: u64 = args
        .next()
        .map_or(1_000_000, |n| n.parse().expect("a count"));
    let body = vec![0x42u8; rmq::BODY_LEN];
    let binary = rmq::send_v2_binary_frame(&body);
    let json = rmq::send_v2_json_frame(&body);
    let go = rmq::go_seed_frame();
    let pull = rmq::pull_body(32, rmq::BODY_LEN);
    let mut total = 0u64;
    for _ in 0..iterations {
        total += match which.as_str() {
            "binary-wire" => entry::rocketmq_frame_decode_wire(black_box(&binary)).is_ok() as u64,
            "binary-hand" => {
                entry::rocketmq_binary_frame_decode_hand(black_box(&binary)).is_some() as u64
            }
            "typed-wire" => entry::rocketmq_typed_wire(black_box(&binary)).unwrap() as u64,
            "typed-hand" => entry::rocketmq_typed_hand(black_box(&binary)).unwrap() as u64,
            "json-typed" => entry::rocketmq_typed_wire(black_box(&json)).unwrap() as u64,
            "json-typed-hand" => entry::rocketmq_typed_json_hand(black_box(&json)).unwrap() as u64,
            "typed-apart" => typed_apart(black_box(&binary)).unwrap() as u64,
            "json-typed-apart" => typed_apart(black_box(&json)).unwrap() as u64,
            "json-wire" => entry::rocketmq_frame_decode_wire(black_box(&json)).is_ok() as u64,
            "json-serde" => {
                entry::rocketmq_json_frame_decode_serde_json(black_box(&json)).is_some() as u64
            }
            "go-wire" => entry::rocketmq_frame_decode_wire(black_box(&go)).is_ok() as u64,
            "go-read" => {
                let decoded = entry::rocketmq_frame_decode_wire(black_box(&go));
                let command = decoded.as_ref().unwrap();
                let mut sum = 0;
                if let Some(ext) = command.ext_fields() {
                    for (k, v) in ext.iter() {
                        sum += k.len() + v.len();
                    }
                }
                sum as u64
            }
            "go-read-old" => {
                let command = entry::rocketmq_frame_decode_wire(black_box(&go)).unwrap();
                command
                    .ext_fields()
                    .into_iter()
                    .flat_map(|e| e.iter())
                    .map(|(k, v)| k.len() + v.len())
                    .sum::<usize>() as u64
            }
            "go-serde" => {
                entry::rocketmq_json_frame_decode_serde_json(black_box(&go)).is_some() as u64
            }
            "pull-wire" => {
                entry::rocketmq_pull_wire(black_box(&pull), false)
                    .unwrap()
                    .messages
            }
            "pull-hand" => {
                entry::rocketmq_pull_hand(black_box(&pull), false)
                    .unwrap()
                    .messages
            }
            other => panic!("unknown workload {other}"),
        };
    }
    println!("{total}");
}

/// The typed header read after the frame is decoded (`decode`, then `custom_header`), as
/// before `decode_with_header`, to compare the two in one binary.
#[inline(never)]
fn typed_apart(frame: &[u8]) -> Option<i64> {
    let command = wire_protocols::rocketmq::decode(frame).ok()?;
    let h: wire_protocols::rocketmq::SendMessageRequestHeaderV2<'_> =
        command.custom_header().ok()?;
    Some(rmq::observe_typed(&h, command.body()))
}

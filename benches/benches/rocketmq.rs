//! RocketMQ remoting, the rocketmq-client-go seed's benchmark reproduced: decoding a
//! SEND_MESSAGE_V2 request (typical extFields, 256-byte body) with a binary and with a JSON
//! header, to a command and to a typed header; the Go client's own `Benchmark_decode` frame;
//! a PULL_MESSAGE body of 32 stored messages, with and without CRC checks. `wire` against
//! hand-written code (`hand`), serde_json borrowed deserialization (`serde_json`, JSON headers)
//! and the `rocketmq-protocol` crate, same run.
//!
//! rocketmq-protocol decodes from a `&mut BytesMut` it splits frames off, so it is fed as a
//! socket read loop feeds it: a buffer of 256 back-to-back copies of the frame, built outside
//! the timed region, then 256 decodes timed (per-op time reported). Every implementation's
//! decoded fields go through `black_box`; extFields stay lazily validated in all three (wire
//! and hand check every entry's lengths and UTF-8; the peer validates them as a raw region).

mod common;

use bytes::{Bytes, BytesMut};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rocketmq_protocol::RemotingCommand as PeerCommand;
use rocketmq_protocol::protocol::body::message_codec;
use rocketmq_protocol::protocol::header::message_operation_header::send_message_request_header_v2::SendMessageRequestHeaderV2 as PeerV2;
use std::hint::black_box;
use std::time::{Duration, Instant};
use wire_benches::entry;
use wire_benches::rocketmq_remoting::{self as rmq, BODY_LEN};

/// Copies of a frame the peer decodes per timed batch.
const BATCH: usize = 256;

#[inline(never)]
fn peer_decode(buf: &mut BytesMut) -> Option<PeerCommand> {
    PeerCommand::decode(buf).ok()?
}

#[inline(never)]
fn peer_typed(buf: &mut BytesMut) -> Option<i64> {
    let command = PeerCommand::decode(buf).ok()??;
    let h: PeerV2 = command.decode_command_custom_header().ok()?;
    black_box((&h.a, &h.b, &h.i, &h.n));
    Some(h.g + i64::from(h.e + h.d) + command.body().map_or(0, |b| b.len() as i64))
}

/// The peer's decoder of stored messages (`decode_message_frame`, its canonical one; it
/// parses properties into a map), over every record of the body.
#[inline(never)]
fn peer_pull(body: &Bytes, crc: bool) -> Option<rmq::Tally> {
    let mut input = body.clone();
    let mut tally = rmq::Tally::default();
    while !input.is_empty() {
        let m = message_codec::decode_message_frame(&mut input).ok()?;
        if crc && (crc32fast::hash(&m.body) & 0x7fff_ffff) != m.body_crc {
            return None;
        }
        tally.messages += 1;
        tally.body_bytes += m.body.len() as u64;
        tally.properties += m.properties.len() as u64;
        tally.check += m.queue_offset + m.topic.len() as i64;
    }
    Some(tally)
}

fn observe_peer(c: &PeerCommand) {
    black_box((
        c.code(),
        c.language(),
        c.version(),
        c.opaque(),
        c.flag(),
        c.remark(),
        c.serialize_type(),
        c.body(),
    ));
}

/// Times the peer over `BATCH` copies of `frame` in one buffer.
fn bench_peer<T>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    frame: &[u8],
    mut decode: impl FnMut(&mut BytesMut) -> Option<T>,
    mut observe: impl FnMut(&T),
) {
    let copies: Vec<u8> = frame.repeat(BATCH);
    group.bench_function("rocketmq-protocol", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                let mut buf = BytesMut::from(&copies[..]);
                let n = (iters - done).min(BATCH as u64);
                let start = Instant::now();
                for _ in 0..n {
                    let item = decode(black_box(&mut buf)).expect("a frame");
                    observe(&item);
                }
                total += start.elapsed();
                done += n;
            }
            total
        })
    });
}

fn send_v2(c: &mut Criterion) {
    let body = vec![0x42u8; BODY_LEN];
    let binary = rmq::send_v2_binary_frame(&body);
    let json = rmq::send_v2_json_frame(&body);
    assert_eq!(binary.len(), 486);

    // Self-checks: every implementation sees the same command.
    let wire_binary = entry::rocketmq_frame_decode_wire(&binary).unwrap();
    let wire_json = entry::rocketmq_frame_decode_wire(&json).unwrap();
    assert_eq!(wire_binary, wire_json);
    let hand = entry::rocketmq_binary_frame_decode_hand(&binary).unwrap();
    assert_eq!((hand.code, hand.opaque, hand.body), (310, 42, &body[..]));
    let (sj, sj_body) = entry::rocketmq_json_frame_decode_serde_json(&json).unwrap();
    assert_eq!(
        (
            sj.code,
            sj.ext_fields.as_ref().unwrap().0.len(),
            sj_body.len()
        ),
        (310, 13, 256)
    );
    assert_eq!(
        sj.ext_fields
            .unwrap()
            .0
            .iter()
            .map(|(k, v)| (k.0.to_string(), v.0.to_string()))
            .collect::<Vec<_>>(),
        rmq::ext_pairs(&json)
    );
    for frame in [&binary, &json] {
        let peer = peer_decode(&mut BytesMut::from(&frame[..])).unwrap();
        assert_eq!(
            (peer.code(), peer.opaque(), peer.body().unwrap().len()),
            (310, 42, BODY_LEN)
        );
        let typed = rmq::wire_typed(frame).unwrap();
        assert_eq!(peer_typed(&mut BytesMut::from(&frame[..])), Some(typed));
    }
    assert_eq!(rmq::hand::typed(&binary), rmq::wire_typed(&binary));

    let mut group = c.benchmark_group("rocketmq_send_v2_binary_decode");
    group.bench_function("wire", |b| {
        b.iter(|| black_box(entry::rocketmq_frame_decode_wire(black_box(&binary)).is_ok()))
    });
    group.bench_function("hand", |b| {
        b.iter(|| black_box(entry::rocketmq_binary_frame_decode_hand(black_box(&binary)).is_some()))
    });
    bench_peer(&mut group, &binary, peer_decode, observe_peer);
    group.finish();

    let mut group = c.benchmark_group("rocketmq_send_v2_json_decode");
    group.bench_function("wire", |b| {
        b.iter(|| black_box(entry::rocketmq_frame_decode_wire(black_box(&json)).is_ok()))
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| {
            black_box(entry::rocketmq_json_frame_decode_serde_json(black_box(&json)).is_some())
        })
    });
    bench_peer(&mut group, &json, peer_decode, observe_peer);
    group.finish();

    for (case, frame) in [
        ("rocketmq_send_v2_binary_typed", &binary),
        ("rocketmq_send_v2_json_typed", &json),
    ] {
        let mut group = c.benchmark_group(case);
        group.bench_function("wire", |b| {
            b.iter(|| entry::rocketmq_typed_wire(black_box(frame)).unwrap())
        });
        if frame == &binary {
            group.bench_function("hand", |b| {
                b.iter(|| entry::rocketmq_typed_hand(black_box(frame)).unwrap())
            });
        }
        bench_peer(&mut group, frame, peer_typed, |n| {
            black_box(n);
        });
        group.finish();
    }
}

fn go_seed(c: &mut Criterion) {
    let frame = rmq::go_seed_frame();
    assert_eq!(frame.len(), 4 + 307, "the Go benchmark's frame size");
    let wire = entry::rocketmq_frame_decode_wire(&frame).unwrap();
    assert_eq!(
        (wire.code(), wire.version(), wire.opaque(), wire.body()),
        (501, 317, 4, &b"x"[..])
    );
    assert_eq!(wire.ext_fields().unwrap().len(), 10);
    assert!(entry::rocketmq_json_frame_decode_serde_json(&frame).is_some());
    // rocketmq-protocol rejects the Go client's header ("core.serialization.failed"): it
    // requires serializeTypeCurrentRPC. It decodes the same header with that key added.
    assert!(PeerCommand::decode(&mut BytesMut::from(&frame[..])).is_err());
    let peer_frame = rmq::with_serialize_type(&frame);
    assert_eq!(
        peer_decode(&mut BytesMut::from(&peer_frame[..]))
            .unwrap()
            .code(),
        501
    );

    let mut group = c.benchmark_group("rocketmq_go_seed_decode");
    group.bench_function("wire", |b| {
        b.iter(|| black_box(entry::rocketmq_frame_decode_wire(black_box(&frame)).is_ok()))
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| {
            black_box(entry::rocketmq_json_frame_decode_serde_json(black_box(&frame)).is_some())
        })
    });
    bench_peer(&mut group, &peer_frame, peer_decode, observe_peer);
    group.finish();

    // The Go client decodes extFields into a map; here every entry is also read (wire: the
    // lazy map walked; serde_json: already a `Vec`; the peer: its `HashMap` materialized).
    // Results are read in place, with plain loops, for every implementation (as in mqtt.rs).
    let mut group = c.benchmark_group("rocketmq_go_seed_decode_read_ext");
    group.bench_function("wire", |b| {
        b.iter(|| {
            let decoded = entry::rocketmq_frame_decode_wire(black_box(&frame));
            let mut total = 0;
            if let Some(ext) = decoded.as_ref().unwrap().ext_fields() {
                for (k, v) in ext.iter() {
                    total += k.len() + v.len();
                }
            }
            total
        })
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| {
            let decoded = entry::rocketmq_json_frame_decode_serde_json(black_box(&frame));
            let mut total = 0;
            if let Some(ext) = &decoded.as_ref().unwrap().0.ext_fields {
                for (k, v) in &ext.0 {
                    total += k.0.len() + v.0.len();
                }
            }
            total
        })
    });
    bench_peer(
        &mut group,
        &peer_frame,
        |buf| {
            let command = peer_decode(buf)?;
            Some(
                command
                    .ext_fields()
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| k.len() + v.len())
                    .sum::<usize>(),
            )
        },
        |n| {
            black_box(n);
        },
    );
    group.finish();
}

fn pull(c: &mut Criterion) {
    const MESSAGES: usize = 32;
    let body = rmq::pull_body(MESSAGES, BODY_LEN);
    let shared = Bytes::from(body.clone());
    for crc in [false, true] {
        let expected = rmq::wire_pull(&body, crc).unwrap();
        assert_eq!(expected.messages, MESSAGES as u64);
        assert_eq!(expected.properties, 6 * MESSAGES as u64);
        assert_eq!(rmq::hand::pull(&body, crc), Some(expected));
        assert_eq!(peer_pull(&shared, crc), Some(expected));

        let case = if crc {
            "rocketmq_pull_32_crc_decode"
        } else {
            "rocketmq_pull_32_decode"
        };
        let mut group = c.benchmark_group(case);
        group.throughput(Throughput::Elements(MESSAGES as u64));
        group.bench_function("wire", |b| {
            b.iter(|| entry::rocketmq_pull_wire(black_box(&body), crc).unwrap())
        });
        group.bench_function("hand", |b| {
            b.iter(|| entry::rocketmq_pull_hand(black_box(&body), crc).unwrap())
        });
        group.bench_function("rocketmq-protocol", |b| {
            b.iter(|| peer_pull(black_box(&shared), crc).unwrap())
        });
        group.finish();
    }
}

criterion_group! { name = benches; config = common::config(); targets = send_v2, go_seed, pull }
criterion_main!(benches);

//! RocketMQ remoting, the rocketmq-client-go seed's benchmark reproduced: decoding a
//! SEND_MESSAGE_V2 request (typical extFields, 256-byte body) with a binary and with a JSON
//! header, to a command and to a typed header; the Go client's own `Benchmark_decode` frame;
//! a PULL_MESSAGE body of 32 stored messages, with and without CRC checks. `wire` against
//! hand-written code (`hand`), serde_json borrowed deserialization (`serde_json`, JSON headers)
//! and the `rocketmq-protocol` crate, same run.
//!
//! One harness for every implementation of a frame decode: a `BytesMut` of 256 back-to-back
//! copies of the frame (built outside the timed region), and per timed op the next frame split
//! off it (`split_to` + `freeze`: rocketmq-protocol's own decoder does it, wire and hand take
//! the frame with the runtime's `next_frame`, as a socket read loop does), decoded, and the
//! same eight fields observed through `black_box` (code, language, version, opaque, flag,
//! remark, serialization, body). extFields stay lazily validated in all of them (wire and hand
//! check every entry's lengths and UTF-8; the peer validates them as a raw region); the
//! `_read_ext` case reads every entry. PULL bodies are decoded from the body's bytes by all.

mod common;

use bytes::{Bytes, BytesMut};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rocketmq_protocol::RemotingCommand as PeerCommand;
use rocketmq_protocol::protocol::body::message_codec;
use rocketmq_protocol::protocol::header::message_operation_header::send_message_request_header_v2::SendMessageRequestHeaderV2 as PeerV2;
use std::hint::black_box;
use std::time::{Duration, Instant};
use wire_benches::rocketmq_remoting::{self as rmq, BODY_LEN};
use wire_benches::{entry, rocketmq_json_hand};
use wire_protocols::rocketmq::{self, RemotingCommand, RemotingFrames, SerializeType};

/// Copies of a frame the peer decodes per timed batch.
const BATCH: usize = 256;

/// The next frame off `buf`, as wire's and hand's read loop takes it.
#[inline(always)]
fn next_frame(buf: &mut BytesMut) -> Bytes {
    wire_runtime::framing::next_frame::<RemotingFrames>(buf, rocketmq::DEFAULT_MAX_FRAME)
        .expect("a valid frame")
        .expect("a whole frame")
}

/// The eight fields every implementation's decoded command is read for (the language as each
/// holds it: a code, or the JSON header's name).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn observe<L, R: ?Sized>(
    code: i32,
    language: L,
    version: i32,
    opaque: i32,
    flag: i32,
    remark: Option<&R>,
    serialize_type: u8,
    body: &[u8],
) {
    black_box((
        code,
        language,
        version,
        opaque,
        flag,
        remark,
        serialize_type,
        body,
    ));
}

fn observe_wire(c: &RemotingCommand<'_>) {
    observe(
        c.code(),
        c.language().code(),
        c.version(),
        c.opaque(),
        c.flag().bits(),
        c.remark(),
        c.serialize_type() as u8,
        c.body(),
    );
}

fn observe_serde_json(h: &rmq::json::Header<'_>, body: &[u8]) {
    observe(
        h.code,
        &*h.language.0,
        h.version,
        h.opaque,
        h.flag,
        h.remark.as_ref().map(|r| r.0.as_ref()),
        SerializeType::Json as u8,
        body,
    );
}

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
    observe(
        c.code(),
        c.language() as u8,
        c.version(),
        c.opaque(),
        c.flag(),
        c.remark().map(|r| r.as_str()),
        c.serialize_type() as u8,
        c.body().map_or(&[][..], |b| &b[..]),
    );
}

/// Times `one` (take a frame off the buffer, decode it, observe it) over `BATCH` copies of
/// `frame` in one `BytesMut`, for implementation `name`.
fn bench_framed<'a>(
    group: &mut common::Group<'_, 'a>,
    name: &str,
    frame: &[u8],
    mut one: impl FnMut(&mut BytesMut) + 'a,
) {
    let copies: Vec<u8> = frame.repeat(BATCH);
    group.bench_function(name, move |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            while done < iters {
                let mut buf = BytesMut::from(&copies[..]);
                let n = (iters - done).min(BATCH as u64);
                let start = Instant::now();
                for _ in 0..n {
                    one(black_box(&mut buf));
                }
                total += start.elapsed();
                done += n;
            }
            total
        })
    });
}

/// wire's decode of the frame at the front of `buf`, observed.
fn wire_decode(buf: &mut BytesMut) {
    let frame = next_frame(buf);
    observe_wire(&entry::rocketmq_frame_decode_wire(&frame).expect("valid"));
}

/// serde_json's decode of the JSON-header frame at the front of `buf`, observed.
fn serde_json_decode(buf: &mut BytesMut) {
    let frame = next_frame(buf);
    let (h, body) = entry::rocketmq_json_frame_decode_serde_json(&frame).expect("valid");
    observe_serde_json(&h, body);
}

/// The peer's decode of the frame at the front of `buf`, observed by `then`.
fn peer(then: impl Fn(PeerCommand)) -> impl FnMut(&mut BytesMut) {
    move |buf| then(peer_decode(buf).expect("a frame"))
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
    assert_eq!(
        entry::rocketmq_typed_json_hand(&json),
        rmq::wire_typed(&json)
    );
    // The same typed header, field for field.
    let wire_command = rocketmq::decode(&binary).unwrap();
    let wire_header = wire_command
        .custom_header::<rocketmq::SendMessageRequestHeaderV2<'_>>()
        .unwrap();
    let hand_ext = rmq::hand::decode_binary(&binary).unwrap().ext.unwrap();
    assert_eq!(rmq::hand::typed_header(hand_ext), Some(wire_header.clone()));
    let (hand_json, hand_json_header) = rocketmq_json_hand::decode_typed(&json).unwrap();
    assert_eq!(hand_json_header, wire_header);
    let h = &hand_json;
    let w = &wire_json;
    assert_eq!(
        (h.code, h.language.code(), h.version, h.opaque, h.flag),
        (
            w.code(),
            w.language().code(),
            w.version(),
            w.opaque(),
            w.flag().bits()
        )
    );
    assert_eq!((h.remark.as_deref(), h.body), (w.remark(), w.body()));
    // The eight observed fields agree across implementations (the language as its code).
    type Fields = (i32, u8, i32, i32, i32, Option<String>, Vec<u8>);
    let wire_fields = |c: &RemotingCommand<'_>| -> Fields {
        let remark = c.remark().map(str::to_owned);
        let (language, flag) = (c.language().code(), c.flag().bits());
        (
            c.code(),
            language,
            c.version(),
            c.opaque(),
            flag,
            remark,
            c.body().to_vec(),
        )
    };
    let peer_fields = |c: &PeerCommand| -> Fields {
        let remark = c.remark().map(|r| r.to_string());
        let body = c.body().map_or_else(Vec::new, |b| b.to_vec());
        let language = c.language() as u8;
        (
            c.code(),
            language,
            c.version(),
            c.opaque(),
            c.flag(),
            remark,
            body,
        )
    };
    let hand_fields: Fields = (
        i32::from(hand.code),
        hand.language,
        i32::from(hand.version),
        hand.opaque,
        hand.flag,
        hand.remark.map(str::to_owned),
        hand.body.to_vec(),
    );
    assert_eq!(wire_fields(&wire_binary), hand_fields);
    for frame in [&binary, &json] {
        let peer = peer_decode(&mut BytesMut::from(&frame[..])).unwrap();
        let wire = entry::rocketmq_frame_decode_wire(frame).unwrap();
        assert_eq!(wire_fields(&wire), peer_fields(&peer));
    }

    let mut group = common::Group::new(c, "rocketmq_send_v2_binary_decode");
    bench_framed(&mut group, "wire", &binary, wire_decode);
    bench_framed(&mut group, "hand", &binary, |buf| {
        let frame = next_frame(buf);
        let c = entry::rocketmq_binary_frame_decode_hand(&frame).expect("valid");
        let serialize_type = SerializeType::RocketMq as u8;
        let (code, version) = (i32::from(c.code), i32::from(c.version));
        observe(
            code,
            c.language,
            version,
            c.opaque,
            c.flag,
            c.remark,
            serialize_type,
            c.body,
        );
    });
    bench_framed(
        &mut group,
        "rocketmq-protocol",
        &binary,
        peer(|c| observe_peer(&c)),
    );
    group.finish();

    let mut group = common::Group::new(c, "rocketmq_send_v2_json_decode");
    bench_framed(&mut group, "wire", &json, wire_decode);
    bench_framed(&mut group, "serde_json", &json, serde_json_decode);
    bench_framed(
        &mut group,
        "rocketmq-protocol",
        &json,
        peer(|c| observe_peer(&c)),
    );
    group.finish();

    for (case, frame) in [
        ("rocketmq_send_v2_binary_typed", &binary),
        ("rocketmq_send_v2_json_typed", &json),
    ] {
        let mut group = common::Group::new(c, case);
        bench_framed(&mut group, "wire", frame, |buf| {
            black_box(entry::rocketmq_typed_wire(&next_frame(buf)).expect("valid"));
        });
        let hand = if frame == &binary {
            entry::rocketmq_typed_hand
        } else {
            entry::rocketmq_typed_json_hand
        };
        bench_framed(&mut group, "hand", frame, |buf| {
            black_box(hand(&next_frame(buf)).expect("valid"));
        });
        bench_framed(&mut group, "rocketmq-protocol", frame, |buf| {
            black_box(peer_typed(buf).expect("valid"));
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

    let mut group = common::Group::new(c, "rocketmq_go_seed_decode");
    bench_framed(&mut group, "wire", &frame, wire_decode);
    bench_framed(&mut group, "serde_json", &frame, serde_json_decode);
    bench_framed(
        &mut group,
        "rocketmq-protocol",
        &peer_frame,
        peer(|c| observe_peer(&c)),
    );
    group.finish();

    // The Go client decodes extFields into a map; here every entry is also read (wire: the
    // lazy map walked; serde_json: already a `Vec`; the peer: its `HashMap` materialized).
    // Results are read in place, with plain loops, for every implementation (as in mqtt.rs).
    let mut group = common::Group::new(c, "rocketmq_go_seed_decode_read_ext");
    bench_framed(&mut group, "wire", &frame, |buf| {
        let frame = next_frame(buf);
        let decoded = entry::rocketmq_frame_decode_wire(&frame).expect("valid");
        observe_wire(&decoded);
        if let Some(ext) = decoded.ext_fields() {
            for (k, v) in ext.iter() {
                black_box((&*k, &*v));
            }
        }
    });
    bench_framed(&mut group, "serde_json", &frame, |buf| {
        let frame = next_frame(buf);
        let (h, body) = entry::rocketmq_json_frame_decode_serde_json(&frame).expect("valid");
        observe_serde_json(&h, body);
        for (k, v) in h.ext_fields.iter().flat_map(|ext| &ext.0) {
            black_box((&*k.0, &*v.0));
        }
    });
    bench_framed(
        &mut group,
        "rocketmq-protocol",
        &peer_frame,
        peer(|c| {
            observe_peer(&c);
            for (k, v) in c.ext_fields().into_iter().flatten() {
                black_box((k.as_str(), v.as_str()));
            }
        }),
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
        let mut group = common::Group::new(c, case);
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

//! RabbitMQ Stream: consuming a Deliver frame of 100 records (40 B, 400 B and 4 KiB bodies),
//! with and without CRC verification, and encoding a Publish batch of 100 messages; `wire`
//! against hand-written code (`hand`) and the `rabbitmq-stream-protocol` crate, same run.
//! Throughput is in records (elements) per second.
//!
//! Every record is an AMQP 1.0 message of one data section, and every implementation reaches
//! each message's body: the peer crate parses the whole message into an owned `Message`; wire
//! and hand parse the data section's header (see `amqp_body`) and hand out the body borrowed
//! (`stream_deliver_*`, wire and hand only: the peer has no borrowing API) or copied into an
//! owned `Vec` (`stream_deliver_owned_*`, the peer's contract, all three). Every
//! implementation's records (offset and body) are compared before timing.

mod common;

use criterion::{Criterion, Throughput, criterion_group};
use rabbitmq_stream_protocol::codec::{Decoder, Encoder};
use rabbitmq_stream_protocol::commands::publish::PublishCommand;
use rabbitmq_stream_protocol::message::Message;
use rabbitmq_stream_protocol::types::PublishedMessage;
use rabbitmq_stream_protocol::{Request, Response, ResponseKind};
use std::hint::black_box;
use wire_benches::{entry, stream};

const RECORDS: usize = 100;

/// The peer's records as wire's owned ones, for the comparison before timing.
fn peer_records(frame: &[u8]) -> Vec<stream::OwnedRecord> {
    let (_, response) = Response::decode(frame).unwrap();
    let ResponseKind::Deliver(deliver) = response.kind() else {
        panic!("not a Deliver")
    };
    let first = deliver.chunk_first_offset;
    deliver
        .messages
        .iter()
        .enumerate()
        .map(|(i, m)| stream::OwnedRecord {
            offset: first + i as u64,
            body: m.data().expect("a data section").to_vec(),
        })
        .collect()
}

/// The peer's decode, handing out its owned messages (what the timing loop drops).
#[inline(never)]
fn peer_owned(frame: &[u8]) -> Option<Vec<Message>> {
    let (_, response) = Response::decode(frame).ok()?;
    match response.kind() {
        ResponseKind::Deliver(deliver) => Some(deliver.messages),
        _ => None,
    }
}

#[inline(never)]
fn peer_publish(request: &Request, out: &mut Vec<u8>) {
    request.encode(out).expect("encodable");
}

fn consume(c: &mut Criterion) {
    for size in [40, 400, 4096] {
        let records = stream::records(RECORDS, size);
        let frame = stream::deliver_frame(&records);
        let expected = stream::wire_consume(&frame, true).unwrap();
        assert_eq!(expected.records, RECORDS as u64);
        assert_eq!(expected.bytes, (RECORDS * size) as u64);
        assert_eq!(stream::hand::consume(&frame, true), Some(expected));
        let records = stream::wire_consume_owned(&frame).unwrap();
        assert_eq!(records.len(), RECORDS);
        assert_eq!(stream::hand::consume_owned(&frame).unwrap(), records);
        assert_eq!(
            peer_records(&frame),
            records,
            "the peer reads other records"
        );

        let mut group = common::Group::new(c, format!("stream_deliver_{RECORDS}x{size}"));
        group.throughput(Throughput::Elements(RECORDS as u64));
        group.bench_function("wire", |b| {
            b.iter(|| entry::stream_consume_wire(black_box(&frame)).unwrap())
        });
        group.bench_function("hand", |b| {
            b.iter(|| entry::stream_consume_hand(black_box(&frame)).unwrap())
        });
        group.finish();

        // Owned bodies, the peer's contract: each implementation hands out its records.
        let mut group = common::Group::new(c, format!("stream_deliver_owned_{RECORDS}x{size}"));
        group.throughput(Throughput::Elements(RECORDS as u64));
        group.bench_function("wire", |b| {
            b.iter(|| entry::stream_consume_owned_wire(black_box(&frame)).unwrap())
        });
        group.bench_function("hand", |b| {
            b.iter(|| entry::stream_consume_owned_hand(black_box(&frame)).unwrap())
        });
        group.bench_function("rabbitmq-stream-protocol", |b| {
            b.iter(|| peer_owned(black_box(&frame)).unwrap())
        });
        group.finish();
    }

    // With CRC verification; `crc32fast` alone over the same data section is the floor.
    let records = stream::records(RECORDS, 400);
    let frame = stream::deliver_frame(&records);
    let data = &frame[4 + 4 + 1 + 48..];
    let mut group = common::Group::new(c, format!("stream_deliver_crc_{RECORDS}x400"));
    group.throughput(Throughput::Elements(RECORDS as u64));
    group.bench_function("wire", |b| {
        b.iter(|| entry::stream_consume_crc_wire(black_box(&frame)).unwrap())
    });
    group.bench_function("hand", |b| {
        b.iter(|| entry::stream_consume_crc_hand(black_box(&frame)).unwrap())
    });
    group.bench_function("crc32fast", |b| b.iter(|| crc32fast::hash(black_box(data))));
    group.finish();
}

fn publish(c: &mut Criterion) {
    let bodies: Vec<Vec<u8>> = (0..RECORDS).map(|i| vec![(i % 251) as u8; 400]).collect();
    let records: Vec<Vec<u8>> = bodies.iter().map(|b| stream::amqp_data(b)).collect();
    let command = stream::publish(&records);
    let pairs: Vec<(u64, &[u8])> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (i as u64, &r[..]))
        .collect();
    let request: Request = PublishCommand::new(
        1,
        bodies
            .iter()
            .enumerate()
            .map(|(i, b)| {
                PublishedMessage::new(i as u64, Message::builder().body(b.clone()).build(), None)
            })
            .collect(),
        1,
    )
    .into();

    let mut wire_bytes = Vec::new();
    entry::stream_publish_wire(&command, &mut wire_bytes);
    let mut hand_bytes = Vec::new();
    entry::stream_publish_hand(&pairs, &mut hand_bytes);
    let mut peer_bytes = Vec::new();
    peer_publish(&request, &mut peer_bytes);
    assert_eq!(wire_bytes, hand_bytes, "hand and wire encoders disagree");
    assert_eq!(wire_bytes, peer_bytes, "the peer crate encodes other bytes");

    let out = std::cell::RefCell::new(Vec::with_capacity(wire_bytes.len()));
    let mut group = common::Group::new(c, format!("stream_publish_{RECORDS}x400"));
    group.throughput(Throughput::Elements(RECORDS as u64));
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::stream_publish_wire(black_box(&command), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::stream_publish_hand(black_box(&pairs), out)
    });
    common::encode_into(&mut group, "rabbitmq-stream-protocol", &out, |out| {
        peer_publish(black_box(&request), out)
    });
    group.finish();
}

criterion_group! { name = benches; config = common::config(); targets = consume, publish }

/// `criterion_main!`, with glibc's fastbins off first (`mallopt(M_MXFAST, 0)`): freed small
/// chunks then go to the tcache or are merged at once. With fastbins, `stream_deliver_owned_100x40`
/// (100 bodies of 40 bytes a frame, then a records `Vec` past 1 KiB, whose allocation merges
/// the fastbins) ran in a fast or a slow mode by the heap's history: wire/hand 1.64 one run,
/// 0.56 the next, the same code (see benches/README.md). Every implementation in this binary
/// runs under the same setting; no other bench binary changes it.
fn main() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: core::ffi::c_int, value: core::ffi::c_int) -> core::ffi::c_int;
        }
        const M_MXFAST: core::ffi::c_int = 1;
        // SAFETY: glibc's `mallopt`, called before anything is allocated by another thread
        // (criterion starts none before `benches`); it only changes allocator tuning.
        assert_eq!(unsafe { mallopt(M_MXFAST, 0) }, 1, "mallopt(M_MXFAST, 0)");
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

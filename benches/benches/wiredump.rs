//! wiredump's JSON output against serde_json's own serialization of the same decoded values:
//! a 4 MiB RabbitMQ Stream capture (Publish batches, confirms, Deliver chunks of 100 records of
//! 400 bytes, credits, heartbeats). Both decode every frame; `wire` is wiredump's dissector and
//! printer, `serde_json` is `stream::decode` plus `serde_json::to_writer` per frame.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::io;
use std::time::Duration;
use wire_benches::stream as fixtures;
use wire_protocols::stream::{self, Command, Credit, Heartbeat, PublishConfirm};
use wiredump::cli::{Format, Protocol, Side};
use wiredump::input::Stream;
use wiredump::output::Printer;
use wiredump::stats::Stats;

fn capture(megabytes: usize) -> Vec<u8> {
    let records = fixtures::records(100, 400);
    let mut round = fixtures::deliver_frame(&records);
    let mut publish = Vec::new();
    fixtures::wire_publish(&fixtures::publish(&records), &mut publish);
    round.extend(publish);
    for command in [
        Command::PublishConfirm(PublishConfirm {
            publisher_id: 1,
            publishing_ids: (0..100).collect(),
        }),
        Command::Credit(Credit {
            subscription_id: 1,
            credit: 1,
        }),
        Command::Heartbeat(Heartbeat),
    ] {
        round.extend(stream::encode(&command).unwrap());
    }
    round.repeat((megabytes << 20) / round.len() + 1)
}

#[inline(never)]
fn wiredump_json(stream: &Stream) -> bool {
    let mut printer = Printer::new(Format::Json, io::sink(), Stats::new(false));
    printer
        .stream_header(stream, Protocol::Stream, false)
        .unwrap();
    let summary = wiredump::protocol::dissect(Protocol::Stream, stream, &mut printer).unwrap();
    printer.finish().unwrap();
    summary.failed
}

#[inline(never)]
fn serde_json_alone(bytes: &[u8]) -> usize {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::sink());
    let mut at = 0;
    let mut frames = 0;
    while at < bytes.len() {
        let (command, used) = stream::decode_prefix(&bytes[at..]).unwrap();
        serde_json::to_writer(&mut out, &command).unwrap();
        at += used;
        frames += 1;
    }
    frames
}

fn json(c: &mut Criterion) {
    let bytes = capture(4);
    let stream = Stream::raw("bench".into(), bytes.clone(), Side::Client);
    assert!(!wiredump_json(&stream));
    let mut group = c.benchmark_group("wiredump_json_4mb");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("wire", |b| b.iter(|| wiredump_json(black_box(&stream))));
    group.bench_function("serde_json", |b| {
        b.iter(|| serde_json_alone(black_box(&bytes)))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20)
}

criterion_group! { name = benches; config = config(); targets = json }
criterion_main!(benches);

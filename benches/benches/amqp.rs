//! RabbitMQ Stream consumers reading AMQP 1.0 messages: a Deliver chunk of 100 records, each
//! a message with properties (message id, content type), three application properties and a
//! 400-byte data body; every record's message is parsed and its body, message id and
//! application properties read. `amqp_deliver_*`: `wire` (`wire_protocols::amqp`, borrowing)
//! against hand-written code (`hand`, one pass, the same checks), both borrowing;
//! `amqp_deliver_owned_*`: the same three copy each body into an owned `Vec`, the output
//! contract of `rabbitmq-stream-protocol` (which builds owned messages), timed only there.
//! Throughput is in records per second. What each implementation reads is compared before
//! timing.

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rabbitmq_stream_protocol::codec::Decoder;
use rabbitmq_stream_protocol::message::SimpleValue;
use rabbitmq_stream_protocol::{Response, ResponseKind};
use std::hint::black_box;
use wire_benches::amqp::{self, Fold, Owned, Prop, Read, Visit};

const RECORDS: usize = 100;
const BODY: usize = 400;

/// The peer's decode of the frame, visited as the others are.
#[inline(never)]
fn peer<V>(frame: &[u8], visit: &mut V) -> Option<()>
where
    for<'m> V: Visit<'m>,
{
    let (_, response) = Response::decode(frame).ok()?;
    let ResponseKind::Deliver(deliver) = response.kind() else {
        return None;
    };
    let first = deliver.chunk_first_offset;
    for (i, message) in deliver.messages.iter().enumerate() {
        if let Some(properties) = message.application_properties() {
            for (name, value) in properties.iter() {
                let value = match value {
                    SimpleValue::String(s) => Prop::Str(s),
                    SimpleValue::Int(n) => Prop::Int((*n).into()),
                    SimpleValue::Long(n) => Prop::Int(*n),
                    SimpleValue::Boolean(b) => Prop::Bool(*b),
                    _ => Prop::Other,
                };
                visit.property(name, value);
            }
        }
        let id = message
            .properties()
            .and_then(|p| p.message_id.as_ref())
            .and_then(|id| <&String>::try_from(id).ok())
            .map(String::as_str);
        visit.message(first + i as u64, id, message.data()?);
    }
    Some(())
}

#[inline(never)]
fn wire_fold(frame: &[u8]) -> Option<u64> {
    let mut fold = Fold::default();
    amqp::wire(frame, &mut fold)?;
    Some(fold.0)
}

#[inline(never)]
fn hand_fold(frame: &[u8]) -> Option<u64> {
    let mut fold = Fold::default();
    amqp::hand(frame, &mut fold)?;
    Some(fold.0)
}

#[inline(never)]
fn peer_fold(frame: &[u8]) -> Option<u64> {
    let mut fold = Fold::default();
    peer(frame, &mut fold)?;
    Some(fold.0)
}

#[inline(never)]
fn peer_owned(frame: &[u8]) -> Option<Owned> {
    let mut owned = Owned::default();
    peer(frame, &mut owned)?;
    Some(owned)
}

#[inline(never)]
fn wire_owned(frame: &[u8]) -> Option<Owned> {
    let mut owned = Owned::default();
    amqp::wire(frame, &mut owned)?;
    Some(owned)
}

#[inline(never)]
fn hand_owned(frame: &[u8]) -> Option<Owned> {
    let mut owned = Owned::default();
    amqp::hand(frame, &mut owned)?;
    Some(owned)
}

fn consume(c: &mut Criterion) {
    let frame = amqp::deliver_frame(RECORDS, BODY);

    // Same reads, before any timing.
    let mut read = Read::default();
    amqp::wire(&frame, &mut read).expect("wire reads the chunk");
    assert_eq!(read.messages.len(), RECORDS);
    assert_eq!(read.messages[7].1.as_deref(), Some("msg-00000007"));
    assert_eq!(read.messages[7].3.len(), 3);
    let mut by_hand = Read::default();
    amqp::hand(&frame, &mut by_hand).expect("hand reads the chunk");
    assert_eq!(by_hand, read, "hand reads something else");
    let mut by_peer = Read::default();
    peer(&frame, &mut by_peer).expect("the peer reads the chunk");
    assert_eq!(by_peer, read, "the peer reads something else");
    let folded = wire_fold(&frame).unwrap();
    assert_eq!(hand_fold(&frame), Some(folded));
    assert_eq!(peer_fold(&frame), Some(folded));
    let owned = wire_owned(&frame).unwrap();
    assert_eq!(owned.bodies.len(), RECORDS);
    assert_eq!(hand_owned(&frame).unwrap().bodies, owned.bodies);
    assert_eq!(peer_owned(&frame).unwrap().bodies, owned.bodies);

    let mut group = common::Group::new(c, format!("amqp_deliver_{RECORDS}x{BODY}"));
    group.throughput(Throughput::Elements(RECORDS as u64));
    group.bench_function("wire", |b| b.iter(|| wire_fold(black_box(&frame))));
    group.bench_function("hand", |b| b.iter(|| hand_fold(black_box(&frame))));
    group.finish();

    let mut group = common::Group::new(c, format!("amqp_deliver_owned_{RECORDS}x{BODY}"));
    group.throughput(Throughput::Elements(RECORDS as u64));
    group.bench_function("wire", |b| b.iter(|| wire_owned(black_box(&frame))));
    group.bench_function("hand", |b| b.iter(|| hand_owned(black_box(&frame))));
    group.bench_function("rabbitmq-stream-protocol", |b| {
        b.iter(|| peer_owned(black_box(&frame)))
    });
    group.finish();
}

criterion_group! { name = benches; config = common::config(); targets = consume }
criterion_main!(benches);

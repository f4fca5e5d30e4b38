//! Interop with a real broker: RabbitMQ with the stream plugin on 127.0.0.1, started by
//! `scripts/brokers/rabbitmq.sh` (which prints the `RABBITMQ_STREAM_ADDR=...` to export). Every
//! frame we send is encoded by wire and every frame the broker sends is decoded by wire, over
//! the `tokio_util` codec: a whole session (SASL, tuning, publishing 100,000 messages with
//! confirms, consuming them back chunk by chunk with CRC checks, offset tracking, metadata), and
//! consuming what an independent client (rstream from PyPI, `scripts/interop/rstream_peer.py`)
//! published; and AMQP 1.0 messages both ways with rstream, every field compared.

use std::time::{Duration, Instant};
use wire_protocols::amqp::{self, MessageId, Value};
use wire_protocols::stream::{
    self, Command, Credit, DeletePublisher, Entry, Metadata, OffsetSpec, Publish, PublishedMessage,
    QueryOffset, QueryPublisherSequence, ResponseCode, StoreOffset,
};
use wire_runtime::WireEncode;

/// The broker's address, or `None` (the test is skipped) when `RABBITMQ_STREAM_ADDR` is unset.
/// In CI (`CI` set) a missing broker is a failure, not a skip.
fn broker() -> Option<String> {
    match std::env::var("RABBITMQ_STREAM_ADDR") {
        Ok(addr) if !addr.is_empty() => Some(addr),
        _ if std::env::var_os("CI").is_some() => {
            panic!("RABBITMQ_STREAM_ADDR is not set in CI: .ci/run must start rabbitmq")
        }
        _ => {
            eprintln!(
                "skipping: RABBITMQ_STREAM_ADDR is not set; run `bash scripts/brokers/rabbitmq.sh` and export the line it prints"
            );
            None
        }
    }
}

/// A stream name no other run uses (the broker keeps streams until it restarts).
fn unique_stream(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("wire-{tag}-{}-{nanos}", std::process::id())
}

use bytes::Bytes;
use wire_examples::stream::Client;

/// Messages the full session publishes and consumes.
const COUNT: u64 = 100_000;
/// Messages per Publish frame.
const BATCH: u64 = 200;
/// Messages published but not yet confirmed, at most.
const WINDOW: u64 = 20_000;
/// Size of every message body.
const BODY_LEN: usize = 400;

/// Body of message `i`: `i` as 8 big-endian bytes, then 49 words of an xorshift sequence
/// seeded from `i`, so a corrupted, truncated or swapped message is caught.
fn write_body(i: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(&i.to_be_bytes());
    let mut x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for _ in 0..(BODY_LEN - 8) / 8 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(&x.to_be_bytes());
    }
}

#[tokio::test(flavor = "current_thread")]
async fn full_session_against_rabbitmq() {
    let Some(addr) = broker() else { return };
    let started = Instant::now();
    let stream_name = unique_stream("session");
    let stream = stream_name.as_str();
    let publisher_reference = "wire-publisher";
    let consumer_reference = "wire-consumer";
    let (publisher_id, subscription_id) = (7u8, 3u8);

    let mut client = Client::connect(&addr).await.expect("connect");

    client.create_stream(stream).await.unwrap();
    client
        .declare_publisher(publisher_id, publisher_reference, stream)
        .await
        .unwrap();

    // Publish message i with publishing id i + 1, keeping at most WINDOW unconfirmed; every id
    // must be confirmed exactly once.
    let publish_start = Instant::now();
    let mut confirmed = vec![false; COUNT as usize];
    let (mut sent, mut confirms, mut confirm_frames) = (0u64, 0u64, 0u32);
    let mut bodies = Vec::with_capacity(BATCH as usize * BODY_LEN);
    while confirms < COUNT {
        while sent < COUNT && sent - confirms < WINDOW {
            let batch = sent..(sent + BATCH).min(COUNT);
            bodies.clear();
            batch.clone().for_each(|i| write_body(i, &mut bodies));
            let messages = batch
                .zip(bodies.chunks_exact(BODY_LEN))
                .map(|(i, body)| PublishedMessage {
                    publishing_id: i + 1,
                    entry: Entry::simple(body),
                })
                .collect::<Vec<_>>();
            sent += messages.len() as u64;
            client
                .feed(&Command::Publish(Publish {
                    publisher_id,
                    messages,
                }))
                .await
                .unwrap();
        }
        client.flush().await.unwrap();
        let frame = client.recv().await.unwrap();
        match decode(&frame) {
            Command::PublishConfirm(confirm) => {
                assert_eq!(confirm.publisher_id, publisher_id);
                confirm_frames += 1;
                for id in confirm.publishing_ids {
                    assert!((1..=sent).contains(&id), "confirm of unsent id {id}");
                    assert!(
                        !std::mem::replace(&mut confirmed[id as usize - 1], true),
                        "publishing id {id} confirmed twice"
                    );
                    confirms += 1;
                }
            }
            Command::PublishError(error) => panic!("publish error: {error:?}"),
            other => panic!("unexpected while publishing: {other:?}"),
        }
    }
    let publish_secs = publish_start.elapsed().as_secs_f64();

    let frame = client
        .request(|correlation_id| {
            Command::QueryPublisherSequence(QueryPublisherSequence {
                correlation_id,
                publisher_reference,
                stream,
            })
        })
        .await
        .unwrap();
    let Command::QueryPublisherSequenceResponse(sequence) = decode(&frame) else {
        unreachable!()
    };
    assert_eq!(sequence.sequence, COUNT, "last publishing id");

    // Consume from the first offset, one more chunk of credit after each chunk.
    let consume_start = Instant::now();
    client
        .subscribe(subscription_id, stream, OffsetSpec::First, 10)
        .await
        .unwrap();
    let (mut next_offset, mut chunks, mut largest_frame) = (0u64, 0u32, 0usize);
    let mut expected = Vec::with_capacity(BODY_LEN);
    while next_offset < COUNT {
        let frame = client.recv().await.unwrap();
        let Command::Deliver(deliver) = decode(&frame) else {
            panic!("expected Deliver, got {:?}", decode(&frame))
        };
        assert_eq!(deliver.subscription_id, subscription_id);
        let chunk = deliver.chunk;
        chunk
            .verify_crc()
            .unwrap_or_else(|e| panic!("chunk at {}: {e}", chunk.chunk_first_offset));
        assert_eq!(chunk.kind(), stream::ChunkType::User);
        assert_eq!(chunk.chunk_first_offset, next_offset, "gap or repeat");
        for record in chunk.records() {
            let record = record.unwrap_or_else(|e| panic!("chunk at {next_offset}: {e}"));
            assert_eq!(record.offset, next_offset);
            expected.clear();
            write_body(record.offset, &mut expected);
            assert!(
                record.data == expected,
                "record {} differs from what was published",
                record.offset
            );
            next_offset += 1;
        }
        chunks += 1;
        largest_frame = largest_frame.max(frame.len());
        client
            .send(&Command::Credit(Credit {
                subscription_id,
                credit: 1,
            }))
            .await
            .unwrap();
    }
    assert_eq!(next_offset, COUNT, "a chunk ran past the last message");
    let consume_secs = consume_start.elapsed().as_secs_f64();

    // StoreOffset has no response and the server stores it asynchronously: poll QueryOffset.
    let last = COUNT - 1;
    client
        .send(&Command::StoreOffset(StoreOffset {
            reference: consumer_reference,
            stream,
            offset: last,
        }))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let frame = client
            .request_any_code(|correlation_id| {
                Command::QueryOffset(QueryOffset {
                    correlation_id,
                    reference: consumer_reference,
                    stream,
                })
            })
            .await
            .unwrap();
        let Command::QueryOffsetResponse(stored) = decode(&frame) else {
            unreachable!()
        };
        // NoOffset until the server has stored it.
        match stored.response_code {
            ResponseCode::Ok if stored.offset == last => break,
            ResponseCode::Ok | ResponseCode::NoOffset => {}
            other => panic!("QueryOffset failed: {other:?}"),
        }
        assert!(
            Instant::now() < deadline,
            "offset not stored after 5 s: {stored:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let frame = client
        .request(|correlation_id| {
            Command::Metadata(Metadata {
                correlation_id,
                streams: vec![stream],
            })
        })
        .await
        .unwrap();
    let Command::MetadataResponse(metadata) = decode(&frame) else {
        unreachable!()
    };
    let [ours] = &metadata.streams[..] else {
        panic!("{metadata:?}")
    };
    assert_eq!(
        (ours.stream, ours.response_code),
        (stream, ResponseCode::Ok)
    );
    let leader = metadata
        .brokers
        .iter()
        .find(|b| b.reference == ours.leader)
        .unwrap_or_else(|| {
            panic!(
                "leader {} is not among the brokers: {metadata:?}",
                ours.leader
            )
        });
    assert_eq!(format!("{}:{}", leader.host, leader.port), addr);

    client.unsubscribe(subscription_id).await.unwrap();
    client
        .request(|correlation_id| {
            Command::DeletePublisher(DeletePublisher {
                correlation_id,
                publisher_id,
            })
        })
        .await
        .unwrap();
    let (frame_max, heartbeats, heartbeat_secs) = (
        client.frame_max(),
        client.heartbeats(),
        client.heartbeat_secs(),
    );
    delete_stream(client, stream).await;

    eprintln!(
        "published {COUNT} messages of {BODY_LEN} bytes in {publish_secs:.2} s ({:.0} messages/s, \
         {confirm_frames} PublishConfirm frames); consumed them in {chunks} chunks (largest frame \
         {largest_frame} bytes, frame_max {}) in {consume_secs:.2} s ({:.0} records/s); whole \
         session {:.2} s, {} heartbeats (every {} s)",
        COUNT as f64 / publish_secs,
        frame_max,
        COUNT as f64 / consume_secs,
        started.elapsed().as_secs_f64(),
        heartbeats,
        heartbeat_secs,
    );
}

/// True when python3 can import rstream; otherwise `false` (skip) locally, a failure in CI.
fn rstream_available() -> bool {
    let importable = std::process::Command::new("python3")
        .args(["-c", "import rstream"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !importable {
        if std::env::var_os("CI").is_some() {
            panic!(
                "python3 cannot import rstream in CI: .ci/run must `pip install rstream==1.1.1`"
            );
        }
        eprintln!("skipping: python3 cannot import rstream; `pip install rstream==1.1.1`");
    }
    importable
}

/// Runs `scripts/interop/rstream_peer.py` with `args` against `stream` and returns the JSON
/// line it prints.
async fn rstream_peer(addr: &str, stream: &str, args: &[String]) -> serde_json::Value {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/interop/rstream_peer.py"
    );
    let mut command = tokio::process::Command::new("python3");
    command
        .arg(script)
        .args(args)
        .args(["--addr", addr, "--stream", stream]);
    let output = tokio::time::timeout(
        Duration::from_secs(90),
        command.stderr(std::process::Stdio::inherit()).output(),
    )
    .await
    .expect("rstream peer finished within 90 s")
    .unwrap_or_else(|e| panic!("cannot run python3 for the rstream peer: {e}"));
    assert!(output.status.success(), "the rstream peer failed");
    let stdout = String::from_utf8(output.stdout).unwrap();
    serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("rstream peer printed {stdout:?}: {e}"))
}

/// How the rstream peer batches what it publishes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Batching {
    /// Each message a simple entry.
    Simple,
    /// Ten messages per sub-batch entry, gzip-compressed or not: the broker writes the
    /// entries and computes the chunk CRCs over them, an independent source for both.
    SubEntries { gzip: bool },
}

#[tokio::test(flavor = "current_thread")]
async fn rstream_publishes_we_consume() {
    consume_from_rstream(Batching::Simple).await;
}

#[tokio::test(flavor = "current_thread")]
async fn rstream_sub_entries_we_consume() {
    consume_from_rstream(Batching::SubEntries { gzip: false }).await;
}

#[tokio::test(flavor = "current_thread")]
async fn rstream_gzip_sub_entries_we_consume() {
    consume_from_rstream(Batching::SubEntries { gzip: true }).await;
}

/// rstream creates a stream and publishes 1000 raw bodies b"rstream-%06d" % i, confirmed; we
/// subscribe from the first offset and check every chunk's CRC, every entry's shape and every
/// record, in order.
async fn consume_from_rstream(batching: Batching) {
    let Some(addr) = broker() else { return };
    if !rstream_available() {
        return;
    }
    const N: u64 = 1000;
    const PER_SUB_ENTRY: u64 = 10;
    let stream_name = unique_stream("rstream");
    let stream = stream_name.as_str();
    let subscription_id = 1u8;

    let mut args = vec!["publish".to_string(), "--count".into(), N.to_string()];
    if let Batching::SubEntries { gzip } = batching {
        args.extend(["--sub-entry".into(), PER_SUB_ENTRY.to_string()]);
        if gzip {
            args.push("--gzip".into());
        }
    }
    let report = rstream_peer(&addr, stream, &args).await;
    assert_eq!(report["published"], N, "{report}");
    assert_eq!(report["confirmed"], report["publishing_ids"], "{report}");

    let mut client = Client::connect(&addr).await.expect("connect");
    client
        .subscribe(subscription_id, stream, OffsetSpec::First, 10)
        .await
        .unwrap();
    let mut next_offset = 0u64;
    let mut sub_batches = 0u64;
    while next_offset < N {
        let frame = client.recv().await.unwrap();
        let Command::Deliver(deliver) = decode(&frame) else {
            panic!("expected Deliver, got {:?}", decode(&frame))
        };
        assert_eq!(deliver.subscription_id, subscription_id);
        let chunk = deliver.chunk;
        chunk
            .verify_crc()
            .unwrap_or_else(|e| panic!("chunk at {}: {e}", chunk.chunk_first_offset));
        assert_eq!(chunk.chunk_first_offset, next_offset, "gap or repeat");
        let mut check = |record: &[u8]| {
            let expected = format!("rstream-{next_offset:06}");
            assert_eq!(record, expected.as_bytes(), "record {next_offset}");
            next_offset += 1;
        };
        for entry in chunk.entries() {
            let entry =
                entry.unwrap_or_else(|e| panic!("chunk at {}: {e}", chunk.chunk_first_offset));
            match (entry, batching) {
                (Entry::Simple { data }, Batching::Simple) => check(data),
                (Entry::SubBatch(batch), Batching::SubEntries { gzip }) => {
                    sub_batches += 1;
                    let compression = if gzip {
                        stream::Compression::Gzip
                    } else {
                        stream::Compression::None
                    };
                    assert_eq!(batch.compression(), compression);
                    assert_eq!(u64::from(batch.record_count), PER_SUB_ENTRY);
                    let records = batch.decompress().expect("sub-batch decompresses");
                    assert_eq!(records.len(), batch.uncompressed_length as usize);
                    for record in stream::SubBatchRecords::new(&records, batch.record_count) {
                        check(record.expect("sub-batch record"));
                    }
                }
                (entry, batching) => {
                    panic!("{batching:?} published, the broker wrote {entry:?}")
                }
            }
        }
        client
            .send(&Command::Credit(Credit {
                subscription_id,
                credit: 1,
            }))
            .await
            .unwrap();
    }
    assert_eq!(next_offset, N, "a chunk ran past the last message");
    if batching != Batching::Simple {
        assert_eq!(sub_batches, N / PER_SUB_ENTRY);
    }

    client.unsubscribe(subscription_id).await.unwrap();
    delete_stream(client, stream).await;
}

/// Checks message `i` as `rstream_peer.py`'s `amqp_message(i)` builds it, field by field.
fn check_rstream_amqp_message(i: u64, message: &amqp::Message<'_>) {
    let properties = message.properties.expect("properties");
    let id = format!("msg-{i}");
    assert_eq!(properties.message_id, Some(MessageId::String(&id)));
    assert_eq!(properties.user_id, Some(&b"wire-user"[..]));
    assert_eq!(properties.reply_to, Some("replies"));
    assert_eq!(properties.correlation_id, Some(MessageId::Ulong(i)));
    assert_eq!(properties.content_type, Some("text/plain"));
    assert_eq!(
        properties.subject.map(str::to_owned),
        Some(format!("subject-{}", i % 7))
    );
    assert_eq!(properties.creation_time, Some(1_767_225_600_000 + i as i64));
    assert_eq!(properties.group_id, Some("group"));
    assert_eq!(properties.group_sequence, Some(i as u32));
    let (to, encoding) = (properties.to, properties.content_encoding);
    assert_eq!((to, encoding), (None, None));
    let name = format!("name-{i}");
    assert_eq!(
        message.application_properties().collect::<Vec<_>>(),
        [
            ("index", Value::Int(i as i32)),
            ("name", Value::String(&name)),
            ("even", Value::Bool(i % 2 == 0)),
            ("ratio", Value::Double(i as f64 / 4.0)),
        ]
    );
    let annotations = message.message_annotations.expect("message annotations");
    let tag = format!("tag-{i}");
    assert_eq!(
        annotations.get_symbol("x-opt-seq"),
        Some(Value::Int(i as i32))
    );
    assert_eq!(
        annotations.get_symbol("x-opt-tag"),
        Some(Value::String(&tag))
    );
    assert_eq!(annotations.len(), 2);
    assert_eq!(message.header, None);
    assert_eq!(message.footer, None);
    let body = format!("amqp-body-{i:06}");
    assert_eq!(message.body.first_data(), Some(body.as_bytes()));
}

/// rstream publishes AMQP 1.0 messages with properties, application properties and message
/// annotations; we consume them and decode every record's message, every field compared.
#[tokio::test(flavor = "current_thread")]
async fn rstream_amqp_messages_we_decode() {
    let Some(addr) = broker() else { return };
    if !rstream_available() {
        return;
    }
    const N: u64 = 300;
    let stream_name = unique_stream("amqp-in");
    let stream = stream_name.as_str();
    let args = ["publish", "--amqp", "--count", &N.to_string()].map(String::from);
    let report = rstream_peer(&addr, stream, &args).await;
    assert_eq!(report["confirmed"], N, "{report}");

    let mut client = Client::connect(&addr).await.expect("connect");
    let subscription_id = 2u8;
    client
        .subscribe(subscription_id, stream, OffsetSpec::First, 10)
        .await
        .unwrap();
    let mut next_offset = 0u64;
    while next_offset < N {
        let frame = client.recv().await.unwrap();
        let Command::Deliver(deliver) = decode(&frame) else {
            panic!("expected Deliver, got {:?}", decode(&frame))
        };
        for record in deliver.chunk.records() {
            let record = record.expect("record");
            assert_eq!(record.offset, next_offset);
            let message = record
                .message()
                .unwrap_or_else(|e| panic!("record {next_offset}: {e}"));
            check_rstream_amqp_message(next_offset, &message);
            next_offset += 1;
        }
        client
            .send(&Command::Credit(Credit {
                subscription_id,
                credit: 1,
            }))
            .await
            .unwrap();
    }
    client.unsubscribe(subscription_id).await.unwrap();
    delete_stream(client, stream).await;
}

/// Message `i` as we publish it for rstream to read back.
fn our_amqp_message(i: u64, id: &str, name: &str, body: &[u8]) -> Vec<u8> {
    amqp::Message::builder()
        .message_id(id)
        .correlation_id(i)
        .content_type("application/octet-stream")
        .subject("wire")
        .creation_time(1_767_225_600_000 + i as i64)
        .group_id("wire-group")
        .application_property("index", i as i64)
        .application_property("name", name)
        .application_property("flag", i % 3 == 0)
        .message_annotation("x-opt-wire", i as i32)
        .body(body)
        .encode_to_vec()
        .unwrap()
}

/// We publish AMQP 1.0 messages built with wire's builder; rstream consumes them with its
/// AMQP decoder and prints every field, which we compare.
#[tokio::test(flavor = "current_thread")]
async fn we_publish_amqp_messages_rstream_decodes() {
    let Some(addr) = broker() else { return };
    if !rstream_available() {
        return;
    }
    const N: u64 = 300;
    let stream_name = unique_stream("amqp-out");
    let stream = stream_name.as_str();
    let publisher_id = 4u8;
    let mut client = Client::connect(&addr).await.expect("connect");
    client.create_stream(stream).await.unwrap();
    client
        .declare_publisher(publisher_id, "", stream)
        .await
        .unwrap();
    let records: Vec<Vec<u8>> = (0..N)
        .map(|i| {
            let body = format!("wire-body-{i}").repeat(1 + i as usize % 5);
            our_amqp_message(i, &format!("wire-{i}"), &format!("n{i}"), body.as_bytes())
        })
        .collect();
    for (start, batch) in records.chunks(100).enumerate() {
        let messages = batch
            .iter()
            .enumerate()
            .map(|(j, record)| PublishedMessage {
                publishing_id: (start * 100 + j) as u64 + 1,
                entry: Entry::simple(record),
            })
            .collect();
        client
            .send(&Command::Publish(Publish {
                publisher_id,
                messages,
            }))
            .await
            .unwrap();
    }
    let mut confirmed = 0;
    while confirmed < N {
        let frame = client.recv().await.unwrap();
        match decode(&frame) {
            Command::PublishConfirm(confirm) => confirmed += confirm.publishing_ids.len() as u64,
            other => panic!("unexpected while publishing: {other:?}"),
        }
    }
    client
        .request(|correlation_id| {
            Command::DeletePublisher(DeletePublisher {
                correlation_id,
                publisher_id,
            })
        })
        .await
        .unwrap();

    let args = ["consume", "--amqp", "--count", &N.to_string()].map(String::from);
    let report = rstream_peer(&addr, stream, &args).await;
    let messages = report["messages"].as_array().expect("messages");
    assert_eq!(messages.len() as u64, N, "{report}");
    let hex = |text: &str| wire_protocols::hex::Hex(text.as_bytes()).to_string();
    for (i, m) in messages.iter().enumerate() {
        let i = i as u64;
        assert_eq!(m["offset"], i);
        let body = format!("wire-body-{i}").repeat(1 + i as usize % 5);
        assert_eq!(m["body"], hex(&body), "{m}");
        let p = &m["properties"];
        assert_eq!(p["message_id"], hex(&format!("wire-{i}")), "{m}");
        assert_eq!(p["correlation_id"], i, "{m}");
        assert_eq!(p["content_type"], hex("application/octet-stream"), "{m}");
        assert_eq!(p["subject"], hex("wire"), "{m}");
        assert_eq!(p["creation_time"], 1_767_225_600_000 + i, "{m}");
        assert_eq!(p["group_id"], hex("wire-group"), "{m}");
        for absent in [
            "user_id",
            "to",
            "reply_to",
            "content_encoding",
            "group_sequence",
        ] {
            assert!(p[absent].is_null(), "{absent}: {m}");
        }
        let a = &m["application_properties"];
        assert_eq!(a[hex("index")], i, "{m}");
        assert_eq!(a[hex("name")], hex(&format!("n{i}")), "{m}");
        assert_eq!(a[hex("flag")], i % 3 == 0, "{m}");
        assert_eq!(a.as_object().unwrap().len(), 3, "{m}");
        assert_eq!(m["message_annotations"][hex("x-opt-wire")], i, "{m}");
    }
    delete_stream(client, stream).await;
}

async fn delete_stream(mut client: Client, stream: &str) {
    client.delete_stream(stream).await.unwrap();
    close(client).await;
}

/// Closes the connection normally: every frame the broker sent was read.
async fn close(client: Client) {
    let unread = client.close().await.unwrap();
    assert!(unread.is_empty(), "left unread: {unread:?}");
}

/// Decodes a frame from the broker, or fails the test showing its first bytes.
fn decode(frame: &Bytes) -> Command<'_> {
    wire_examples::stream::decode(frame).unwrap_or_else(|e| {
        panic!(
            "decoding a {}-byte frame {:02x?}...: {e}",
            frame.len(),
            &frame[..frame.len().min(64)]
        )
    })
}

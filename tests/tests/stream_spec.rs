//! RabbitMQ Stream cases derived by hand from `rabbit_stream_core.erl` and PROTOCOL.adoc: each
//! command's bytes decode to the expected value and encode back; every truncation is
//! incomplete; hostile lengths and counts are errors, not allocations.

use wire_protocols::stream::{self, *};
use wire_runtime::DecodeErrorKind;

/// A frame: size, key, version, then the parts of the content.
fn frame(key: u16, version: u16, parts: &[&[u8]]) -> Vec<u8> {
    let content: Vec<u8> = parts.concat();
    let mut out = ((content.len() + 4) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&key.to_be_bytes());
    out.extend_from_slice(&version.to_be_bytes());
    out.extend_from_slice(&content);
    out
}

/// An `i16`-length string.
fn s(text: &str) -> Vec<u8> {
    let mut out = (text.len() as u16).to_be_bytes().to_vec();
    out.extend_from_slice(text.as_bytes());
    out
}

fn u16b(v: u16) -> [u8; 2] {
    v.to_be_bytes()
}
fn u32b(v: u32) -> [u8; 4] {
    v.to_be_bytes()
}
fn u64b(v: u64) -> [u8; 8] {
    v.to_be_bytes()
}

/// Decodes, compares, re-encodes, and checks every truncation is incomplete.
fn check(name: &str, bytes: &[u8], expected: &Command<'_>) {
    let decoded = stream::decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(&decoded, expected, "{name}");
    assert_eq!(stream::encode(expected).unwrap(), bytes, "{name}: encode");
    assert_eq!(stream::frame_encoded_len(expected), bytes.len(), "{name}");
    for cut in 0..bytes.len() {
        let err = stream::decode(&bytes[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "{name}: cut at {cut}: {err}");
    }
}

#[test]
fn connection_commands() {
    let props = Properties::from([("product", "wire"), ("version", "0.1")]);
    let props_bytes = [
        &u32b(2)[..],
        &s("product"),
        &s("wire"),
        &s("version"),
        &s("0.1"),
    ]
    .concat();
    check(
        "peer properties",
        &frame(0x11, 1, &[&u32b(1), &props_bytes]),
        &Command::PeerProperties(PeerProperties {
            correlation_id: 1,
            properties: props.clone(),
        }),
    );
    check(
        "peer properties response",
        &frame(0x8011, 1, &[&u32b(1), &u16b(1), &props_bytes]),
        &Command::PeerPropertiesResponse(PeerPropertiesResponse {
            correlation_id: 1,
            response_code: ResponseCode::Ok,
            properties: props,
        }),
    );
    check(
        "sasl handshake (no mechanism field)",
        &frame(0x12, 1, &[&u32b(2)]),
        &Command::SaslHandshake(SaslHandshake { correlation_id: 2 }),
    );
    check(
        "sasl handshake response",
        &frame(
            0x8012,
            1,
            &[&u32b(2), &u16b(1), &u32b(2), &s("AMQPLAIN"), &s("PLAIN")],
        ),
        &Command::SaslHandshakeResponse(SaslHandshakeResponse {
            correlation_id: 2,
            response_code: ResponseCode::Ok,
            mechanisms: vec!["AMQPLAIN", "PLAIN"],
        }),
    );
    check(
        "sasl authenticate PLAIN",
        &frame(
            0x13,
            1,
            &[&u32b(3), &s("PLAIN"), &u32b(12), b"\0guest\0guest"],
        ),
        &Command::SaslAuthenticate(SaslAuthenticate {
            correlation_id: 3,
            mechanism: "PLAIN",
            sasl_data: Some(b"\0guest\0guest"),
        }),
    );
    check(
        "sasl authenticate without data (-1)",
        &frame(0x13, 1, &[&u32b(3), &s("EXTERNAL"), &u32b(u32::MAX)]),
        &Command::SaslAuthenticate(SaslAuthenticate {
            correlation_id: 3,
            mechanism: "EXTERNAL",
            sasl_data: None,
        }),
    );
    check(
        "sasl authenticate response, no challenge",
        &frame(0x8013, 1, &[&u32b(3), &u16b(1)]),
        &Command::SaslAuthenticateResponse(SaslAuthenticateResponse {
            correlation_id: 3,
            response_code: ResponseCode::Ok,
            challenge: &[],
        }),
    );
    check(
        "sasl authenticate response, i16 challenge (server encoder)",
        &frame(0x8013, 1, &[&u32b(3), &u16b(10), &u16b(3), b"abc"]),
        &Command::SaslAuthenticateResponse(SaslAuthenticateResponse {
            correlation_id: 3,
            response_code: ResponseCode::SaslChallenge,
            challenge: b"abc",
        }),
    );
    check(
        "tune from the server",
        &frame(0x14, 1, &[&u32b(1_048_576), &u32b(60)]),
        &Command::Tune(Tune {
            frame_max: 1_048_576,
            heartbeat: 60,
        }),
    );
    check(
        "open",
        &frame(0x15, 1, &[&u32b(4), &s("/")]),
        &Command::Open(Open {
            correlation_id: 4,
            virtual_host: "/",
        }),
    );
    check(
        "open response without properties (server omits an empty map)",
        &frame(0x8015, 1, &[&u32b(4), &u16b(1)]),
        &Command::OpenResponse(OpenResponse {
            correlation_id: 4,
            response_code: ResponseCode::Ok,
            connection_properties: Properties::default(),
        }),
    );
    check(
        "open response with properties",
        &frame(
            0x8015,
            1,
            &[
                &u32b(4),
                &u16b(1),
                &u32b(1),
                &s("advertised_host"),
                &s("127.0.0.1"),
            ],
        ),
        &Command::OpenResponse(OpenResponse {
            correlation_id: 4,
            response_code: ResponseCode::Ok,
            connection_properties: Properties::from([("advertised_host", "127.0.0.1")]),
        }),
    );
    check(
        "close",
        &frame(0x16, 1, &[&u32b(5), &u16b(1), &s("bye")]),
        &Command::Close(Close {
            correlation_id: 5,
            closing_code: ResponseCode::Ok,
            closing_reason: "bye",
        }),
    );
    check(
        "close response",
        &frame(0x8016, 1, &[&u32b(5), &u16b(1)]),
        &Command::CloseResponse(Response {
            correlation_id: 5,
            response_code: ResponseCode::Ok,
        }),
    );
    check(
        "heartbeat",
        &frame(0x17, 1, &[]),
        &Command::Heartbeat(Heartbeat),
    );
    let versions = [
        &u32b(2)[..],
        &u16b(2),
        &u16b(1),
        &u16b(2),
        &u16b(8),
        &u16b(1),
        &u16b(2),
    ]
    .concat();
    let ranges = vec![
        CommandVersion {
            key: 2,
            min_version: 1,
            max_version: 2,
        },
        CommandVersion {
            key: 8,
            min_version: 1,
            max_version: 2,
        },
    ];
    check(
        "exchange command versions",
        &frame(0x1b, 1, &[&u32b(6), &versions]),
        &Command::ExchangeCommandVersions(ExchangeCommandVersions {
            correlation_id: 6,
            commands: ranges.clone(),
        }),
    );
    check(
        "exchange command versions response",
        &frame(0x801b, 1, &[&u32b(6), &u16b(1), &versions]),
        &Command::ExchangeCommandVersionsResponse(ExchangeCommandVersionsResponse {
            correlation_id: 6,
            response_code: ResponseCode::Ok,
            commands: ranges,
        }),
    );
}

#[test]
fn publishing_commands() {
    check(
        "declare publisher",
        &frame(0x01, 1, &[&u32b(7), &[3], &s("app-1"), &s("orders")]),
        &Command::DeclarePublisher(DeclarePublisher {
            correlation_id: 7,
            publisher_id: 3,
            publisher_reference: "app-1",
            stream: "orders",
        }),
    );
    check(
        "declare publisher response, unknown code kept",
        &frame(0x8001, 1, &[&u32b(7), &u16b(99)]),
        &Command::DeclarePublisherResponse(Response {
            correlation_id: 7,
            response_code: ResponseCode::Unknown(99),
        }),
    );
    let mut batch = Vec::new();
    let count = write_records([&b"r1"[..], b"r22"], &mut batch);
    check(
        "publish v1, simple entry and sub-batch",
        &frame(
            0x02,
            1,
            &[
                &[3],
                &u32b(2),
                &u64b(10),
                &u32b(5),
                b"hello",
                &u64b(11),
                &[0x80],
                &u16b(2),
                &u32b(13),
                &u32b(13),
                &u32b(2),
                b"r1",
                &u32b(3),
                b"r22",
            ],
        ),
        &Command::Publish(Publish {
            publisher_id: 3,
            messages: vec![
                PublishedMessage {
                    publishing_id: 10,
                    entry: Entry::simple(b"hello"),
                },
                PublishedMessage {
                    publishing_id: 11,
                    entry: Entry::SubBatch(SubBatch::uncompressed(count, &batch)),
                },
            ],
        }),
    );
    check(
        "publish v2 with a filter value and a null one",
        &frame(
            0x02,
            2,
            &[
                &[3],
                &u32b(2),
                &u64b(1),
                &s("eu"),
                &u32b(1),
                b"a",
                &u64b(2),
                &u16b(0xffff),
                &u32b(1),
                b"b",
            ],
        ),
        &Command::PublishV2(PublishV2 {
            publisher_id: 3,
            messages: vec![
                FilteredMessage {
                    publishing_id: 1,
                    filter_value: Some("eu"),
                    entry: Entry::simple(b"a"),
                },
                FilteredMessage {
                    publishing_id: 2,
                    filter_value: None,
                    entry: Entry::simple(b"b"),
                },
            ],
        }),
    );
    check(
        "publish confirm",
        &frame(0x03, 1, &[&[3], &u32b(2), &u64b(10), &u64b(11)]),
        &Command::PublishConfirm(PublishConfirm {
            publisher_id: 3,
            publishing_ids: vec![10, 11],
        }),
    );
    check(
        "publish error",
        &frame(0x04, 1, &[&[3], &u32b(1), &u64b(12), &u16b(18)]),
        &Command::PublishError(PublishError {
            publisher_id: 3,
            errors: vec![PublishingError {
                publishing_id: 12,
                code: ResponseCode::PublisherDoesNotExist,
            }],
        }),
    );
    check(
        "query publisher sequence",
        &frame(0x05, 1, &[&u32b(8), &s("app-1"), &s("orders")]),
        &Command::QueryPublisherSequence(QueryPublisherSequence {
            correlation_id: 8,
            publisher_reference: "app-1",
            stream: "orders",
        }),
    );
    check(
        "query publisher sequence response",
        &frame(0x8005, 1, &[&u32b(8), &u16b(1), &u64b(99_999)]),
        &Command::QueryPublisherSequenceResponse(QueryPublisherSequenceResponse {
            correlation_id: 8,
            response_code: ResponseCode::Ok,
            sequence: 99_999,
        }),
    );
    check(
        "delete publisher",
        &frame(0x06, 1, &[&u32b(9), &[3]]),
        &Command::DeletePublisher(DeletePublisher {
            correlation_id: 9,
            publisher_id: 3,
        }),
    );
}

#[test]
fn consuming_commands() {
    check(
        "subscribe from first, no properties",
        &frame(
            0x07,
            1,
            &[&u32b(10), &[1], &s("orders"), &u16b(1), &u16b(10)],
        ),
        &Command::Subscribe(Subscribe {
            correlation_id: 10,
            subscription_id: 1,
            stream: "orders",
            offset: OffsetSpec::First,
            credit: 10,
            properties: Properties::default(),
        }),
    );
    check(
        "subscribe at an offset, with properties",
        &frame(
            0x07,
            1,
            &[
                &u32b(10),
                &[1],
                &s("orders"),
                &u16b(4),
                &u64b(42),
                &u16b(1),
                &u32b(1),
                &s("name"),
                &s("c1"),
            ],
        ),
        &Command::Subscribe(Subscribe {
            correlation_id: 10,
            subscription_id: 1,
            stream: "orders",
            offset: OffsetSpec::Offset(42),
            credit: 1,
            properties: Properties::from([("name", "c1")]),
        }),
    );
    check(
        "subscribe at a timestamp",
        &frame(
            0x07,
            1,
            &[
                &u32b(10),
                &[1],
                &s("orders"),
                &u16b(5),
                &(-5i64).to_be_bytes(),
                &u16b(1),
            ],
        ),
        &Command::Subscribe(Subscribe {
            correlation_id: 10,
            subscription_id: 1,
            stream: "orders",
            offset: OffsetSpec::Timestamp(-5),
            credit: 1,
            properties: Properties::default(),
        }),
    );
    check(
        "credit",
        &frame(0x09, 1, &[&[1], &u16b(5)]),
        &Command::Credit(Credit {
            subscription_id: 1,
            credit: 5,
        }),
    );
    check(
        "credit response (no correlation id)",
        &frame(0x8009, 1, &[&u16b(4), &[1]]),
        &Command::CreditResponse(CreditResponse {
            response_code: ResponseCode::SubscriptionIdDoesNotExist,
            subscription_id: 1,
        }),
    );
    check(
        "store offset",
        &frame(0x0a, 1, &[&s("c1"), &s("orders"), &u64b(41)]),
        &Command::StoreOffset(StoreOffset {
            reference: "c1",
            stream: "orders",
            offset: 41,
        }),
    );
    check(
        "query offset response, no offset",
        &frame(0x800b, 1, &[&u32b(11), &u16b(19), &u64b(0)]),
        &Command::QueryOffsetResponse(QueryOffsetResponse {
            correlation_id: 11,
            response_code: ResponseCode::NoOffset,
            offset: 0,
        }),
    );
    check(
        "consumer update",
        &frame(0x1a, 1, &[&u32b(12), &[1], &[1]]),
        &Command::ConsumerUpdate(ConsumerUpdate {
            correlation_id: 12,
            subscription_id: 1,
            active: true,
        }),
    );
    check(
        "consumer update response",
        &frame(0x801a, 1, &[&u32b(12), &u16b(1), &u16b(3)]),
        &Command::ConsumerUpdateResponse(ConsumerUpdateResponse {
            correlation_id: 12,
            response_code: ResponseCode::Ok,
            offset: OffsetSpec::Next,
        }),
    );
    check(
        "resolve offset spec",
        &frame(0x1f, 1, &[&u32b(13), &s("orders"), &u16b(2)]),
        &Command::ResolveOffsetSpec(ResolveOffsetSpec {
            correlation_id: 13,
            stream: "orders",
            offset: OffsetSpec::Last,
            properties: Properties::default(),
        }),
    );
    check(
        "resolve offset spec response",
        &frame(0x801f, 1, &[&u32b(13), &u16b(1), &u16b(4), &u64b(77)]),
        &Command::ResolveOffsetSpecResponse(ResolveOffsetSpecResponse {
            correlation_id: 13,
            response_code: ResponseCode::Ok,
            offset_type: 4,
            offset: 77,
        }),
    );
}

#[test]
fn stream_management_commands() {
    check(
        "create",
        &frame(
            0x0d,
            1,
            &[
                &u32b(20),
                &s("orders"),
                &u32b(1),
                &s("max-length-bytes"),
                &s("1000"),
            ],
        ),
        &Command::Create(Create {
            correlation_id: 20,
            stream: "orders",
            arguments: Properties::from([("max-length-bytes", "1000")]),
        }),
    );
    check(
        "metadata",
        &frame(0x0f, 1, &[&u32b(21), &u32b(2), &s("a"), &s("b")]),
        &Command::Metadata(Metadata {
            correlation_id: 21,
            streams: vec!["a", "b"],
        }),
    );
    check(
        "metadata response: one broker, a stream and a missing one",
        &frame(
            0x800f,
            1,
            &[
                &u32b(21),
                &u32b(1),
                &u16b(0),
                &s("127.0.0.1"),
                &u32b(5552),
                &u32b(2),
                &s("a"),
                &u16b(1),
                &u16b(0),
                &u32b(1),
                &u16b(0),
                &s("b"),
                &u16b(2),
                &u16b(0xffff),
                &u32b(0),
            ],
        ),
        &Command::MetadataResponse(MetadataResponse {
            correlation_id: 21,
            brokers: vec![Broker {
                reference: 0,
                host: "127.0.0.1",
                port: 5552,
            }],
            streams: vec![
                StreamMetadata {
                    stream: "a",
                    response_code: ResponseCode::Ok,
                    leader: 0,
                    replicas: vec![0],
                },
                StreamMetadata {
                    stream: "b",
                    response_code: ResponseCode::StreamDoesNotExist,
                    leader: 0xffff,
                    replicas: vec![],
                },
            ],
        }),
    );
    check(
        "metadata update",
        &frame(0x10, 1, &[&u16b(6), &s("orders")]),
        &Command::MetadataUpdate(MetadataUpdate {
            code: ResponseCode::StreamNotAvailable,
            stream: "orders",
        }),
    );
    check(
        "route",
        &frame(0x18, 1, &[&u32b(22), &s("eu"), &s("invoices")]),
        &Command::Route(Route {
            correlation_id: 22,
            routing_key: "eu",
            super_stream: "invoices",
        }),
    );
    check(
        "partitions response",
        &frame(
            0x8019,
            1,
            &[
                &u32b(23),
                &u16b(1),
                &u32b(2),
                &s("invoices-0"),
                &s("invoices-1"),
            ],
        ),
        &Command::PartitionsResponse(StreamsResponse {
            correlation_id: 23,
            response_code: ResponseCode::Ok,
            streams: vec!["invoices-0", "invoices-1"],
        }),
    );
    check(
        "stream stats response",
        &frame(
            0x801c,
            1,
            &[
                &u32b(24),
                &u16b(1),
                &u32b(1),
                &s("first_chunk_id"),
                &(-1i64).to_be_bytes(),
            ],
        ),
        &Command::StreamStatsResponse(StreamStatsResponse {
            correlation_id: 24,
            response_code: ResponseCode::Ok,
            stats: vec![("first_chunk_id", -1)],
        }),
    );
    check(
        "create super stream",
        &frame(
            0x1d,
            1,
            &[
                &u32b(25),
                &s("inv"),
                &u32b(2),
                &s("inv-0"),
                &s("inv-1"),
                &u32b(2),
                &s("0"),
                &s("1"),
                &u32b(0),
            ],
        ),
        &Command::CreateSuperStream(CreateSuperStream {
            correlation_id: 25,
            name: "inv",
            partitions: vec!["inv-0", "inv-1"],
            binding_keys: vec!["0", "1"],
            arguments: Properties::default(),
        }),
    );
    check(
        "delete super stream response",
        &frame(0x801e, 1, &[&u32b(26), &u16b(16)]),
        &Command::DeleteSuperStreamResponse(Response {
            correlation_id: 26,
            response_code: ResponseCode::AccessRefused,
        }),
    );
}

/// A Deliver frame over `entries` (already encoded), with a correct CRC.
fn deliver(first_offset: u64, num_entries: u16, num_records: u32, data: &[u8]) -> Vec<u8> {
    let chunk = Chunk::new(
        data,
        num_entries,
        num_records,
        first_offset,
        1_700_000_000_000,
        3,
    );
    stream::encode(&Command::Deliver(Deliver {
        subscription_id: 7,
        chunk,
    }))
    .unwrap()
}

#[test]
fn deliver_chunks_flatten_sub_batches_with_absolute_offsets() {
    let mut data = Vec::new();
    let mut sub = Vec::new();
    let n = write_records([&b"b0"[..], b"b1", b"b2"], &mut sub);
    for entry in [
        Entry::simple(b"s0"),
        Entry::SubBatch(SubBatch::uncompressed(n, &sub)),
        Entry::simple(b"s1"),
    ] {
        wire_runtime::WireEncode::encode(&entry, &mut data).unwrap();
    }
    let bytes = deliver(1000, 3, 5, &data);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!("not a Deliver")
    };
    d.chunk.verify_crc().unwrap();
    assert_eq!(d.chunk.kind(), ChunkType::User);
    let records: Vec<_> = d
        .chunk
        .records()
        .map(|r| r.map(|r| (r.offset, r.data)))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        records,
        [
            (1000, &b"s0"[..]),
            (1001, b"b0"),
            (1002, b"b1"),
            (1003, b"b2"),
            (1004, b"s1")
        ]
    );
    // Zero-copy over `Bytes`: the record shares the frame's storage.
    let shared = bytes::Bytes::from(bytes.clone());
    let Command::Deliver(d) = stream::decode(&shared).unwrap() else {
        panic!()
    };
    let first = d.chunk.records().next().unwrap().unwrap().to_bytes(&shared);
    assert_eq!(first.as_ptr(), d.chunk.data[4..].as_ptr());
    for cut in 0..bytes.len() {
        assert!(
            stream::decode(&bytes[..cut]).unwrap_err().is_incomplete(),
            "cut {cut}"
        );
    }
}

#[test]
fn deliver_v2_carries_the_committed_chunk_id() {
    let mut data = Vec::new();
    wire_runtime::WireEncode::encode(&Entry::simple(b"x"), &mut data).unwrap();
    let chunk = Chunk::new(&data, 1, 1, 5, 0, 1);
    let command = Command::DeliverV2(DeliverV2 {
        subscription_id: 2,
        committed_chunk_id: 4,
        chunk,
    });
    let bytes = stream::encode(&command).unwrap();
    assert_eq!(&bytes[4..8], &[0, 8, 0, 2]);
    assert_eq!(&bytes[9..17], &u64b(4));
    assert_eq!(stream::decode(&bytes).unwrap(), command);
}

#[test]
fn chunk_errors_are_specific() {
    let mut data = Vec::new();
    wire_runtime::WireEncode::encode(&Entry::simple(b"abc"), &mut data).unwrap();
    // A flipped data byte: the CRC check names the field and both values.
    let mut bytes = deliver(0, 1, 1, &data);
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let err = stream::decode(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::ChecksumMismatch { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("chunk_crc"), "{err}");
    // Decoded without the check, the chunk can be verified later, with the same verdict.
    let Command::Deliver(d) = stream::decode_unverified(&bytes).unwrap() else {
        panic!()
    };
    let err = d.chunk.verify_crc().unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::ChecksumMismatch { .. }),
        "{err}"
    );
    // Counts that disagree with the data.
    let bytes = deliver(0, 1, 2, &data);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!()
    };
    let err = d.chunk.records().last().unwrap().unwrap_err();
    assert!(err.to_string().contains("num_records"), "{err}");
    let bytes = deliver(0, 2, 1, &data);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!()
    };
    assert!(d.chunk.records().any(|r| r.is_err()));
    // A wrong magic nibble.
    let mut bytes = deliver(0, 1, 1, &data);
    bytes[9] = 0x40;
    let err = stream::decode(&bytes).unwrap_err();
    assert!(
        !err.is_incomplete() && err.to_string().contains("magic"),
        "{err}"
    );
}

#[test]
fn compressed_sub_batches() {
    use std::io::Write;
    let mut plain = Vec::new();
    let n = write_records([&b"zipped-0"[..], b"zipped-1"], &mut plain);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).unwrap();
    let zipped = gz.finish().unwrap();
    let batch = SubBatch {
        header: SubBatchHeader {
            compression: Compression::Gzip,
        },
        record_count: n,
        uncompressed_length: plain.len() as u32,
        data: &zipped,
    };
    let entry = wire_runtime::WireEncode::encode_to_vec(&Entry::SubBatch(batch)).unwrap();
    assert_eq!(entry[0], 0x90, "marker bit and gzip");
    // Iterating the chunk reports the compression as unsupported in place...
    let bytes = deliver(0, 1, 2, &entry);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!()
    };
    let err = d.chunk.records().next().unwrap().unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::Unsupported(_)),
        "{err}"
    );
    // ...and the entry decompresses (feature `gzip`) into records.
    let Entry::SubBatch(batch) = d.chunk.entries().next().unwrap().unwrap() else {
        panic!()
    };
    let unzipped = batch.decompress().unwrap();
    let records: Vec<_> = SubBatchRecords::new(&unzipped, batch.record_count)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records, [&b"zipped-0"[..], b"zipped-1"]);
    // A lying uncompressed length is an error, whichever way it lies.
    for wrong in [plain.len() as u32 - 1, plain.len() as u32 + 1, u32::MAX] {
        let liar = SubBatch {
            uncompressed_length: wrong,
            ..batch
        };
        assert!(liar.decompress().is_err(), "uncompressed_length {wrong}");
    }
    for (code, name) in [(2u8, "snappy"), (3, "lz4"), (4, "zstd")] {
        let mut other = entry.clone();
        other[0] = 0x80 | code << 4;
        let Entry::SubBatch(b) = wire_runtime::decode::<Entry<'_>>(&other).unwrap() else {
            panic!()
        };
        let err = b.decompress().unwrap_err();
        assert!(err.to_string().contains(name), "{err}");
    }
    // Compression codes 5..7 do not exist; reserved low bits must be zero.
    assert!(wire_runtime::decode::<Entry<'_>>(&[&[0xd0u8][..], &entry[1..]].concat()).is_err());
    assert!(wire_runtime::decode::<Entry<'_>>(&[&[0x81u8][..], &entry[1..]].concat()).is_err());
}

#[test]
fn unknown_keys_and_versions_keep_their_bytes() {
    for (key, version) in [(0x0020, 1), (0x0007, 2), (0x8007, 9)] {
        let bytes = frame(key, version, &[b"\x01\x02\x03"]);
        let command = stream::decode(&bytes).unwrap();
        assert_eq!(
            command,
            Command::Unknown {
                key,
                version,
                content: &[1, 2, 3]
            }
        );
        assert_eq!(command.key_version(), (key, version));
        assert_eq!(stream::encode(&command).unwrap(), bytes);
    }
}

#[test]
fn frames_must_be_filled_exactly() {
    // A trailing byte after Open's virtual host (the server answers UNKNOWN_FRAME too).
    let err = stream::decode(&frame(0x15, 1, &[&u32b(4), &s("/"), b"!"])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::TrailingBytes(1)),
        "{err}"
    );
    // A bool byte other than 0/1 in ConsumerUpdate.
    let err = stream::decode(&frame(0x1a, 1, &[&u32b(1), &[1], &[2]])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::InvalidBool(2)),
        "{err}"
    );
    assert!(err.to_string().contains("active"), "{err}");
    // An offset type that does not exist.
    let err = stream::decode(&frame(
        0x07,
        1,
        &[&u32b(1), &[1], &s("s"), &u16b(9), &u16b(1)],
    ))
    .unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::InvalidTag(9)),
        "{err}"
    );
    // Invalid UTF-8 in a stream name.
    let err = stream::decode(&frame(0x0e, 1, &[&u32b(1), &u16b(2), &[0xc3, 0x28]])).unwrap_err();
    assert!(matches!(err.kind(), DecodeErrorKind::InvalidUtf8), "{err}");
    assert!(err.to_string().contains("stream"), "{err}");
}

#[test]
fn hostile_lengths_are_errors_not_allocations() {
    // A string claiming 32767 bytes in a frame of 10.
    let err = stream::decode(&frame(0x0e, 1, &[&u32b(1), &u16b(0x7fff), b"abcd"])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::LengthOutOfBounds { .. }),
        "{err}"
    );
    // A null (-1) where a string is required.
    let err = stream::decode(&frame(0x0e, 1, &[&u32b(1), &u16b(0xffff)])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::NegativeLength(-1)),
        "{err}"
    );
    // 2^31 - 1 publishing ids in a 20-byte frame: refused before any allocation.
    let err = stream::decode(&frame(0x03, 1, &[&[1], &u32b(0x7fff_ffff), &u64b(1)])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::LengthOutOfBounds { .. }),
        "{err}"
    );
    // A negative count.
    let err = stream::decode(&frame(0x0f, 1, &[&u32b(1), &u32b(0x8000_0000)])).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::NegativeLength(_)),
        "{err}"
    );
    // 4 billion messages in a Publish.
    let err = stream::decode(&frame(0x02, 1, &[&[1], &u32b(u32::MAX)])).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    // A chunk whose data length exceeds the frame.
    let mut data = Vec::new();
    wire_runtime::WireEncode::encode(&Entry::simple(b"abc"), &mut data).unwrap();
    let mut bytes = deliver(0, 1, 1, &data);
    bytes[9 + 36..9 + 40].copy_from_slice(&u32b(u32::MAX));
    let err = stream::decode(&bytes).unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    assert!(err.to_string().contains("data"), "{err}");
    // A frame size of 4 GiB with 10 bytes present: incomplete, and says how much is missing.
    let err = stream::decode(&[0xff, 0xff, 0xff, 0xff, 0, 0x17, 0, 1, 0, 0]).unwrap_err();
    assert!(
        err.is_incomplete() && err.needed().unwrap() > 1 << 31,
        "{err}"
    );
    assert!(stream::frame_len(&[0xff, 0xff, 0xff, 0xff], 1 << 20).is_err());
}

#[test]
fn records_of_mixed_entries_come_in_order_then_the_error() {
    // Simple entries (read by the iterator's inline path) around a sub-batch (its general
    // path), then an entry whose size runs past the data: every record in order, then one
    // error, then nothing.
    let mut data = Vec::new();
    wire_runtime::WireEncode::encode(&Entry::simple(b"one"), &mut data).unwrap();
    let mut batch = Vec::new();
    let n = write_records([&b"two"[..], b"three"], &mut batch);
    let sub = Entry::SubBatch(SubBatch::uncompressed(n, &batch));
    wire_runtime::WireEncode::encode(&sub, &mut data).unwrap();
    wire_runtime::WireEncode::encode(&Entry::simple(b""), &mut data).unwrap();
    wire_runtime::WireEncode::encode(&Entry::simple(b"four"), &mut data).unwrap();
    let whole = data.len();
    data.extend_from_slice(&[0, 0, 0, 9, b'x']);
    let bytes = deliver(10, 5, 6, &data);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!()
    };
    let mut records = d.chunk.records();
    let seen: Vec<(u64, &[u8])> = records
        .by_ref()
        .take(5)
        .map(|r| r.map(|r| (r.offset, r.data)).unwrap())
        .collect();
    assert_eq!(
        seen,
        [
            (10, &b"one"[..]),
            (11, b"two"),
            (12, b"three"),
            (13, b""),
            (14, b"four")
        ]
    );
    let err = records.next().unwrap().unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    assert!(err.to_string().contains("data"), "{err}");
    assert!(records.next().is_none());
    // Without the bad entry, and with num_records one short: the sixth record is an error.
    let bytes = deliver(10, 4, 4, &data[..whole]);
    let Command::Deliver(d) = stream::decode(&bytes).unwrap() else {
        panic!()
    };
    let results: Vec<_> = d.chunk.records().collect();
    assert_eq!(results.len(), 5);
    assert!(results[..4].iter().all(Result::is_ok));
    assert!(
        results[4]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("num_records")
    );
}

//! Round-trip properties for every RabbitMQ Stream command: encode, decode, compare; the
//! declared length is exact; every truncation is incomplete; bit flips never panic.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_protocols::stream::{self, *};
use wire_runtime::WireEncode;

/// Owned random material that a command borrows from.
#[derive(Debug, Clone)]
struct Seed {
    names: Vec<String>,
    blob: Vec<u8>,
    records: Vec<Vec<u8>>,
    pairs: Vec<(String, String)>,
    ids: Vec<u64>,
    n8: u8,
    n16: u16,
    n32: u32,
    n64: u64,
    signed: i64,
    flag: bool,
    /// Chunk data: the records as simple entries, then all of them again as one sub-batch.
    chunk_data: Vec<u8>,
    sub_batch: Vec<u8>,
}

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

fn seed() -> impl Strategy<Value = Seed> {
    (
        vec(text(), 4),
        vec(any::<u8>(), 0..64),
        vec(vec(any::<u8>(), 0..40), 1..6),
        vec((text(), text()), 0..4),
        vec(any::<u64>(), 0..6),
        (
            any::<u8>(),
            any::<u16>(),
            any::<u32>(),
            any::<u64>(),
            any::<i64>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(names, blob, records, pairs, ids, (n8, n16, n32, n64, signed, flag))| {
                let mut sub_batch = Vec::new();
                let count = write_records(records.iter().map(Vec::as_slice), &mut sub_batch);
                let mut chunk_data = Vec::new();
                for r in &records {
                    Entry::simple(r).encode(&mut chunk_data).unwrap();
                }
                Entry::SubBatch(SubBatch::uncompressed(count, &sub_batch))
                    .encode(&mut chunk_data)
                    .unwrap();
                Seed {
                    names,
                    blob,
                    records,
                    pairs,
                    ids,
                    n8,
                    n16,
                    n32,
                    n64,
                    signed,
                    flag,
                    chunk_data,
                    sub_batch,
                }
            },
        )
}

fn props(s: &Seed) -> Properties<'_> {
    Properties {
        entries: s
            .pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect(),
    }
}

fn offset(s: &Seed) -> OffsetSpec {
    match s.n8 % 6 {
        0 => OffsetSpec::None,
        1 => OffsetSpec::First,
        2 => OffsetSpec::Last,
        3 => OffsetSpec::Next,
        4 => OffsetSpec::Offset(s.n64),
        _ => OffsetSpec::Timestamp(s.signed),
    }
}

fn entry(s: &Seed, i: usize) -> Entry<'_> {
    if i % 2 == 0 {
        Entry::simple(&s.records[i % s.records.len()])
    } else {
        Entry::SubBatch(SubBatch::uncompressed(s.records.len() as u16, &s.sub_batch))
    }
}

fn chunk(s: &Seed) -> Chunk<'_> {
    let n = s.records.len();
    Chunk::new(
        &s.chunk_data,
        n as u16 + 1,
        2 * n as u32,
        s.n64,
        s.signed,
        s.ids.len() as u64,
    )
}

fn response(s: &Seed) -> Response {
    Response {
        correlation_id: s.n32,
        response_code: ResponseCode::from_code(s.n16),
    }
}

/// Number of command shapes [`command`] builds.
const SHAPES: usize = 62;

/// Command shape `i` built from the seed: every variant of [`Command`], some twice.
fn command(i: usize, s: &Seed) -> Command<'_> {
    let [a, b, c, d] = [0, 1, 2, 3].map(|k| s.names[k].as_str());
    let corr = s.n32;
    let code = ResponseCode::from_code(s.n16);
    let names: Vec<&str> = s.names.iter().map(String::as_str).collect();
    match i {
        0 => Command::DeclarePublisher(DeclarePublisher {
            correlation_id: corr,
            publisher_id: s.n8,
            publisher_reference: a,
            stream: b,
        }),
        1 => Command::DeclarePublisherResponse(response(s)),
        2 => Command::Publish(Publish {
            publisher_id: s.n8,
            messages: s
                .ids
                .iter()
                .enumerate()
                .map(|(k, id)| PublishedMessage {
                    publishing_id: *id,
                    entry: entry(s, k),
                })
                .collect(),
        }),
        3 => Command::PublishV2(PublishV2 {
            publisher_id: s.n8,
            messages: s
                .ids
                .iter()
                .enumerate()
                .map(|(k, id)| FilteredMessage {
                    publishing_id: *id,
                    filter_value: (k % 3 != 0).then_some(names[k % 4]),
                    entry: entry(s, k + 1),
                })
                .collect(),
        }),
        4 => Command::PublishConfirm(PublishConfirm {
            publisher_id: s.n8,
            publishing_ids: s.ids.clone(),
        }),
        5 => Command::PublishError(PublishError {
            publisher_id: s.n8,
            errors: s
                .ids
                .iter()
                .map(|id| PublishingError {
                    publishing_id: *id,
                    code,
                })
                .collect(),
        }),
        6 => Command::QueryPublisherSequence(QueryPublisherSequence {
            correlation_id: corr,
            publisher_reference: a,
            stream: b,
        }),
        7 => Command::QueryPublisherSequenceResponse(QueryPublisherSequenceResponse {
            correlation_id: corr,
            response_code: code,
            sequence: s.n64,
        }),
        8 => Command::DeletePublisher(DeletePublisher {
            correlation_id: corr,
            publisher_id: s.n8,
        }),
        9 => Command::DeletePublisherResponse(response(s)),
        10 => Command::Subscribe(Subscribe {
            correlation_id: corr,
            subscription_id: s.n8,
            stream: a,
            offset: offset(s),
            credit: s.n16,
            properties: props(s),
        }),
        11 => Command::SubscribeResponse(response(s)),
        12 => Command::Deliver(Deliver {
            subscription_id: s.n8,
            chunk: chunk(s),
        }),
        13 => Command::DeliverV2(DeliverV2 {
            subscription_id: s.n8,
            committed_chunk_id: s.n64 ^ 1,
            chunk: chunk(s),
        }),
        14 => Command::Credit(Credit {
            subscription_id: s.n8,
            credit: s.n16,
        }),
        15 => Command::CreditResponse(CreditResponse {
            response_code: code,
            subscription_id: s.n8,
        }),
        16 => Command::StoreOffset(StoreOffset {
            reference: a,
            stream: b,
            offset: s.n64,
        }),
        17 => Command::QueryOffset(QueryOffset {
            correlation_id: corr,
            reference: a,
            stream: b,
        }),
        18 => Command::QueryOffsetResponse(QueryOffsetResponse {
            correlation_id: corr,
            response_code: code,
            offset: s.n64,
        }),
        19 => Command::Unsubscribe(Unsubscribe {
            correlation_id: corr,
            subscription_id: s.n8,
        }),
        20 => Command::UnsubscribeResponse(response(s)),
        21 => Command::Create(Create {
            correlation_id: corr,
            stream: a,
            arguments: props(s),
        }),
        22 => Command::CreateResponse(response(s)),
        23 => Command::Delete(Delete {
            correlation_id: corr,
            stream: a,
        }),
        24 => Command::DeleteResponse(response(s)),
        25 => Command::Metadata(Metadata {
            correlation_id: corr,
            streams: names.clone(),
        }),
        26 => Command::MetadataResponse(MetadataResponse {
            correlation_id: corr,
            brokers: vec![
                Broker {
                    reference: 0,
                    host: a,
                    port: s.n32,
                },
                Broker {
                    reference: s.n16,
                    host: b,
                    port: 5552,
                },
            ],
            streams: vec![
                StreamMetadata {
                    stream: c,
                    response_code: code,
                    leader: s.n16,
                    replicas: s.ids.iter().map(|x| *x as u16).collect(),
                },
                StreamMetadata {
                    stream: d,
                    response_code: ResponseCode::StreamDoesNotExist,
                    leader: 0xffff,
                    replicas: vec![],
                },
            ],
        }),
        27 => Command::MetadataUpdate(MetadataUpdate { code, stream: a }),
        28 => Command::PeerProperties(PeerProperties {
            correlation_id: corr,
            properties: props(s),
        }),
        29 => Command::PeerPropertiesResponse(PeerPropertiesResponse {
            correlation_id: corr,
            response_code: code,
            properties: props(s),
        }),
        30 => Command::SaslHandshake(SaslHandshake {
            correlation_id: corr,
        }),
        31 => Command::SaslHandshakeResponse(SaslHandshakeResponse {
            correlation_id: corr,
            response_code: code,
            mechanisms: names.clone(),
        }),
        32 => Command::SaslAuthenticate(SaslAuthenticate {
            correlation_id: corr,
            mechanism: a,
            sasl_data: s.flag.then_some(&s.blob[..]),
        }),
        33 => Command::SaslAuthenticateResponse(SaslAuthenticateResponse {
            correlation_id: corr,
            response_code: code,
            challenge: &s.blob,
        }),
        34 => Command::Tune(Tune {
            frame_max: s.n32,
            heartbeat: s.n16.into(),
        }),
        35 => Command::TuneResponse(Tune {
            frame_max: s.n32,
            heartbeat: s.n16.into(),
        }),
        36 => Command::Open(Open {
            correlation_id: corr,
            virtual_host: a,
        }),
        37 => Command::OpenResponse(OpenResponse {
            correlation_id: corr,
            response_code: code,
            connection_properties: props(s),
        }),
        38 => Command::Close(Close {
            correlation_id: corr,
            closing_code: code,
            closing_reason: a,
        }),
        39 => Command::CloseResponse(response(s)),
        40 => Command::Heartbeat(Heartbeat),
        41 => Command::Route(Route {
            correlation_id: corr,
            routing_key: a,
            super_stream: b,
        }),
        42 => Command::RouteResponse(StreamsResponse {
            correlation_id: corr,
            response_code: code,
            streams: names.clone(),
        }),
        43 => Command::Partitions(Partitions {
            correlation_id: corr,
            super_stream: a,
        }),
        44 => Command::PartitionsResponse(StreamsResponse {
            correlation_id: corr,
            response_code: code,
            streams: names.clone(),
        }),
        45 => Command::ConsumerUpdate(ConsumerUpdate {
            correlation_id: corr,
            subscription_id: s.n8,
            active: s.flag,
        }),
        46 => Command::ConsumerUpdateResponse(ConsumerUpdateResponse {
            correlation_id: corr,
            response_code: code,
            offset: offset(s),
        }),
        47 => Command::ExchangeCommandVersions(ExchangeCommandVersions {
            correlation_id: corr,
            commands: s
                .ids
                .iter()
                .map(|x| CommandVersion {
                    key: *x as u16,
                    min_version: 1,
                    max_version: (*x >> 16) as u16,
                })
                .collect(),
        }),
        48 => Command::ExchangeCommandVersionsResponse(ExchangeCommandVersionsResponse {
            correlation_id: corr,
            response_code: code,
            commands: vec![CommandVersion {
                key: 2,
                min_version: 1,
                max_version: 2,
            }],
        }),
        49 => Command::StreamStats(StreamStats {
            correlation_id: corr,
            stream: a,
        }),
        50 => Command::StreamStatsResponse(StreamStatsResponse {
            correlation_id: corr,
            response_code: code,
            stats: names.iter().map(|n| (*n, s.signed)).collect(),
        }),
        51 => Command::CreateSuperStream(CreateSuperStream {
            correlation_id: corr,
            name: a,
            partitions: names[1..].to_vec(),
            binding_keys: names[..2].to_vec(),
            arguments: props(s),
        }),
        52 => Command::CreateSuperStreamResponse(response(s)),
        53 => Command::DeleteSuperStream(DeleteSuperStream {
            correlation_id: corr,
            name: a,
        }),
        54 => Command::DeleteSuperStreamResponse(response(s)),
        55 => Command::ResolveOffsetSpec(ResolveOffsetSpec {
            correlation_id: corr,
            stream: a,
            offset: offset(s),
            properties: props(s),
        }),
        56 => Command::ResolveOffsetSpecResponse(ResolveOffsetSpecResponse {
            correlation_id: corr,
            response_code: code,
            offset_type: s.n16,
            offset: s.n64,
        }),
        57 => Command::CloseResponse(Response {
            correlation_id: corr,
            response_code: ResponseCode::Ok,
        }),
        58 => Command::Unknown {
            key: 0x20 | (s.n16 & 0x7f00),
            version: 1,
            content: &s.blob,
        },
        59 => Command::Unknown {
            key: 0x0008,
            version: 3 + s.n16 % 100,
            content: &s.blob,
        },
        60 => Command::SubscribeResponse(Response {
            correlation_id: corr,
            response_code: ResponseCode::Unknown(100 + s.n16 % 1000),
        }),
        _ => Command::Publish(Publish {
            publisher_id: s.n8,
            messages: vec![],
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn every_command_round_trips(shape in 0..SHAPES, seed in seed()) {
        let command = command(shape, &seed);
        let bytes = stream::encode(&command).unwrap();
        prop_assert_eq!(bytes.len(), stream::frame_encoded_len(&command));
        let back = stream::decode(&bytes).unwrap();
        prop_assert_eq!(&back, &command);
        if let Command::Deliver(Deliver { chunk, .. }) | Command::DeliverV2(DeliverV2 { chunk, .. }) = &back {
            chunk.verify_crc().unwrap();
            let records: Vec<_> = chunk.records().collect::<Result<_, _>>().unwrap();
            prop_assert_eq!(records.len(), 2 * seed.records.len());
            for (k, r) in records.iter().enumerate() {
                prop_assert_eq!(r.offset, seed.n64.wrapping_add(k as u64));
                prop_assert_eq!(r.data, &seed.records[k % seed.records.len()][..]);
            }
        }
        // Streaming: every proper prefix asks for more.
        for cut in 0..bytes.len() {
            let err = stream::decode_prefix(&bytes[..cut]).unwrap_err();
            prop_assert!(err.is_incomplete(), "cut at {}: {}", cut, err);
        }
    }

    #[test]
    fn bit_flips_never_panic(shape in 0..SHAPES, seed in seed(), flip in any::<proptest::sample::Index>()) {
        let mut bytes = stream::encode(&command(shape, &seed)).unwrap();
        let bit = flip.index(bytes.len() * 8);
        bytes[bit / 8] ^= 1 << (bit % 8);
        if let Ok(value) = stream::decode(&bytes) {
            // Whatever decodes encodes again, to a canonical form that is a fixed point.
            let canonical = stream::encode(&value).unwrap();
            prop_assert_eq!(stream::decode(&canonical).unwrap(), value.clone());
            if let Command::Deliver(Deliver { chunk, .. }) = &value {
                let _ = chunk.verify_crc();
                let _ = chunk.records().count();
            }
        }
    }
}

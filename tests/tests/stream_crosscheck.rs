//! Cross-check of wire's RabbitMQ Stream codec against an independent implementation,
//! `rabbitmq-stream-protocol` 0.11 (the protocol crate of the official Rust client), for every
//! command both support.
//!
//! - **crate → wire** (requests): the crate encodes a command; wire decodes the whole frame to
//!   exactly the fields given to the crate (string maps compared in any order, since the crate
//!   keeps them in a `HashMap`), and wire's encoding of what it decoded is byte-for-byte the
//!   crate's frame.
//! - **wire → crate** (requests): wire encodes the command; the crate's `Request::decode` takes
//!   all of the frame and yields a request equal (`==`) to the one built with the crate's
//!   `XxxCommand::new(..)` from the same values (its fields are private).
//! - **wire → crate** (server frames): wire encodes responses, confirms, errors, Tune, Deliver
//!   v1, ...; the crate's `Response::decode` takes all of the frame and exposes the same fields.
//!
//! Message bodies are opaque bytes to wire; the crate only handles AMQP 1.0 messages, so
//! bodies here are what the crate's `Message` encodes to.
//!
//! # Exclusions (the crate's behaviour, not wire's)
//!
//! - Empty strings where the crate wants a `String`: it reads length 0 as `None` and unwraps it
//!   (panic), or drops the entry (map keys and values, string lists). Null (-1) strings and
//!   bytes: it takes the length as `usize::MAX` (panic). Only crate → wire uses empty strings.
//! - StreamStats (0x1c) and ResolveOffsetSpec (0x1f): not in the crate.
//! - Deliver v2: the crate has no committed chunk id and misreads the frame.
//! - Sub-batch entries (Publish and Deliver): the crate reads every entry as one AMQP message,
//!   and a sub-batch's size word (top bit set) overflows its allocation (panic).
//! - Publish v2 in the crate's decoder: it always decodes Publish as v1. Crate → wire is checked.
//! - `DeliverCommand::encode`: it writes `data_length` as `Σ(1 + len)`, not `Σ(4 + len)`, so
//!   Deliver goes wire → crate only.
//! - Response codes 20 and 21 (server only, not in PROTOCOL.adoc): the crate fails the whole
//!   frame with `UnknownResponseCode`.
//! - SaslAuthenticate responses with a challenge: the crate reads a generic response and leaves
//!   the challenge unread.
//!
//! # Differences of form (both accepted by the server)
//!
//! - Subscribe with no properties: the crate writes a count of 0, wire leaves the map out as the
//!   server's encoder does; the crate's decoder requires the count. The same holds for an Open
//!   response with no connection properties.
//! - Publish v2 with no filter value: the crate writes an empty string (length 0), which the
//!   server reads as the filter value `""`; wire writes null (-1), the server's "no filter".
//! - ConsumerUpdate response (0x801a): the crate can write it but its `Request::decode` clears
//!   the response bit and does not know key 0x1a, so it goes crate → wire only.

use proptest::prelude::*;
use rabbitmq_stream_protocol::{
    self as rsp, Request, RequestKind, Response, ResponseKind,
    codec::{Decoder, Encoder},
    commands::{
        close::{CloseRequest, CloseResponse},
        consumer_update::ConsumerUpdateCommand,
        consumer_update_request::ConsumerUpdateRequestCommand,
        create_stream::CreateStreamCommand,
        create_super_stream::CreateSuperStreamCommand,
        credit::CreditCommand,
        declare_publisher::DeclarePublisherCommand,
        delete::Delete as DeleteCommand,
        delete_publisher::DeletePublisherCommand,
        delete_super_stream::DeleteSuperStreamCommand,
        deliver::DeliverCommand,
        exchange_command_versions::{
            ExchangeCommandVersion, ExchangeCommandVersionsRequest, ExchangeCommandVersionsResponse,
        },
        generic::GenericResponse,
        heart_beat::HeartBeatCommand,
        metadata::{Broker as RspBroker, MetadataCommand, StreamMetadata as RspStreamMetadata},
        open::{OpenCommand, OpenResponse},
        peer_properties::{PeerPropertiesCommand, PeerPropertiesResponse},
        publish::PublishCommand,
        publish_confirm::PublishConfirm as RspPublishConfirm,
        publish_error::PublishErrorResponse,
        query_offset::{QueryOffsetRequest, QueryOffsetResponse},
        query_publisher_sequence::{QueryPublisherRequest, QueryPublisherResponse},
        sasl_authenticate::SaslAuthenticateCommand,
        sasl_handshake::SaslHandshakeCommand,
        store_offset::StoreOffset as StoreOffsetCommand,
        subscribe::{OffsetSpecification, SubscribeCommand},
        superstream_partitions::{SuperStreamPartitionsRequest, SuperStreamPartitionsResponse},
        superstream_route::{SuperStreamRouteRequest, SuperStreamRouteResponse},
        tune::TunesCommand,
        unsubscribe::UnSubscribeCommand,
    },
    error::DecodeError as RspDecodeError,
    message::Message,
    types::{PublishedMessage as RspPublishedMessage, PublishingError as RspPublishingError},
};
use std::collections::HashMap;
use wire_protocols::stream::{self, Command, OffsetSpec, ResponseCode};
use wire_runtime::WireEncode;

// ---------------------------------------------------------------------------------------------
// Helpers.

/// A request the crate can put in a frame.
trait RspCommand: Into<RequestKind> + rsp::commands::Command {}
impl<T: Into<RequestKind> + rsp::commands::Command> RspCommand for T {}

/// The crate's whole frame for `cmd`.
fn rsp_frame(cmd: impl RspCommand) -> Vec<u8> {
    let request = Request::from(cmd);
    let mut frame = Vec::new();
    request.encode(&mut frame).expect("crate encodes");
    assert_eq!(
        frame.len(),
        4 + request.encoded_size() as usize,
        "crate's size"
    );
    frame
}

/// Sorts the string maps of `cmd`: the crate writes its `HashMap`s in no particular order.
fn canonical(mut cmd: Command<'_>) -> Command<'_> {
    let map = match &mut cmd {
        Command::PeerProperties(c) => &mut c.properties,
        Command::PeerPropertiesResponse(c) => &mut c.properties,
        Command::OpenResponse(c) => &mut c.connection_properties,
        Command::Subscribe(c) => &mut c.properties,
        Command::Create(c) => &mut c.arguments,
        Command::CreateSuperStream(c) => &mut c.arguments,
        _ => return cmd,
    };
    map.entries.sort_unstable();
    cmd
}

/// Crate → wire: wire decodes the crate's frame for `cmd` to `expected` and re-encodes
/// exactly that frame.
fn rsp_to_ours(cmd: impl RspCommand, expected: &Command<'_>) {
    let frame = rsp_frame(cmd);
    let decoded = stream::decode(&frame)
        .unwrap_or_else(|e| panic!("wire cannot decode the crate's {expected:?}: {e}"));
    assert_eq!(
        canonical(decoded.clone()),
        canonical(expected.clone()),
        "crate → wire"
    );
    assert_eq!(
        stream::encode(&decoded).unwrap(),
        frame,
        "wire re-encodes the crate's frame for {expected:?}"
    );
}

/// Wire → crate: the crate's `Request::decode` reads all of wire's frame for `ours` as
/// `expected`.
fn ours_to_rsp(ours: &Command<'_>, expected: impl RspCommand) {
    let frame = stream::encode(ours).unwrap();
    let (rest, request) = Request::decode(&frame)
        .unwrap_or_else(|e| panic!("the crate cannot decode wire's {ours:?}: {e:?}"));
    assert!(rest.is_empty(), "{} bytes left after {ours:?}", rest.len());
    assert_eq!(request, Request::from(expected), "wire → crate");
}

/// Both directions for a request; `make` builds the crate's command (it is not `Clone`).
fn both_ways<C: RspCommand>(make: impl Fn() -> C, ours: Command<'_>) {
    rsp_to_ours(make(), &ours);
    ours_to_rsp(&ours, make());
}

/// Wire → crate for a server frame: `Response::decode` reads all of wire's frame for `ours`.
fn rsp_response(ours: &Command<'_>) -> ResponseKind {
    let frame = stream::encode(ours).unwrap();
    let (rest, response) = Response::decode(&frame)
        .unwrap_or_else(|e| panic!("the crate cannot decode wire's {ours:?}: {e:?}"));
    assert!(rest.is_empty(), "{} bytes left after {ours:?}", rest.len());
    assert_eq!(response.correlation_id(), ours.correlation_id(), "{ours:?}");
    response.kind()
}

fn map(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn props<'a>(pairs: &[(&'a str, &'a str)]) -> stream::Properties<'a> {
    stream::Properties {
        entries: pairs.to_vec(),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The response codes both sides know (1..=19).
fn codes() -> impl Iterator<Item = (ResponseCode, rsp::ResponseCode)> {
    (1..=19).map(|n| {
        (
            ResponseCode::from_code(n),
            rsp_code(ResponseCode::from_code(n)),
        )
    })
}

fn rsp_code(code: ResponseCode) -> rsp::ResponseCode {
    rsp::ResponseCode::try_from(code.code()).expect("a code the crate knows")
}

fn rsp_offset(offset: OffsetSpec) -> OffsetSpecification {
    match offset {
        OffsetSpec::First => OffsetSpecification::First,
        OffsetSpec::Last => OffsetSpecification::Last,
        OffsetSpec::Next => OffsetSpecification::Next,
        OffsetSpec::Offset(o) => OffsetSpecification::Offset(o),
        OffsetSpec::Timestamp(t) => OffsetSpecification::Timestamp(t),
        OffsetSpec::None => unreachable!("the crate has no offset type 0"),
    }
}

/// The AMQP 1.0 bytes the crate writes for `message`: what a record or entry holds.
fn amqp(message: &Message) -> Vec<u8> {
    let mut out = Vec::new();
    message.encode(&mut out).unwrap();
    out
}

/// A message with `body` as its only (data) section, as the crate's builder makes it.
fn message(body: &[u8]) -> Message {
    Message::builder().body(body.to_vec()).build()
}

/// A message with properties and application properties besides the body.
fn rich_message(body: &[u8]) -> Message {
    Message::builder()
        .properties()
        .message_id("id-1".to_string())
        .content_type("text/plain")
        .message_builder()
        .application_properties()
        .insert("k", "v")
        .message_builder()
        .body(body.to_vec())
        .build()
}

/// Wire's Deliver v1 frame with one simple entry per record; returns it with the chunk's CRC.
fn deliver_frame(
    subscription_id: u8,
    first_offset: u64,
    timestamp: i64,
    epoch: u64,
    records: &[Vec<u8>],
) -> (Vec<u8>, u32) {
    let mut data = Vec::new();
    for record in records {
        data.extend(stream::Entry::simple(record).encode_to_vec().unwrap());
    }
    let n = records.len();
    let chunk = stream::Chunk::new(&data, n as u16, n as u32, first_offset, timestamp, epoch);
    let crc = chunk.chunk_crc;
    let deliver = Command::Deliver(stream::Deliver {
        subscription_id,
        chunk,
    });
    (stream::encode(&deliver).unwrap(), crc)
}

// ---------------------------------------------------------------------------------------------
// Requests, both directions.

#[test]
fn peer_properties() {
    let cases: [&[(&str, &str)]; 3] = [
        &[
            ("product", "RabbitMQ Stream"),
            ("version", "0.11"),
            ("platform", "Rust"),
        ],
        &[],
        &[("connection_name", "é—ü ✓")],
    ];
    for (corr, pairs) in cases.into_iter().enumerate() {
        let corr = corr as u32 + 1;
        both_ways(
            || PeerPropertiesCommand::new(corr, map(pairs)),
            Command::PeerProperties(stream::PeerProperties {
                correlation_id: corr,
                properties: props(pairs),
            }),
        );
    }
}

#[test]
fn sasl_handshake_and_authenticate() {
    for corr in [0, 2, u32::MAX] {
        both_ways(
            || SaslHandshakeCommand::new(corr),
            Command::SaslHandshake(stream::SaslHandshake {
                correlation_id: corr,
            }),
        );
    }
    let cases: [(&str, &[u8]); 3] = [
        ("PLAIN", b"\0guest\0guest"),
        ("AMQPLAIN", &[0xff, 0, 1, 2]),
        ("EXTERNAL", b""),
    ];
    for (mechanism, data) in cases {
        both_ways(
            || SaslAuthenticateCommand::new(3, mechanism.into(), data.to_vec()),
            Command::SaslAuthenticate(stream::SaslAuthenticate {
                correlation_id: 3,
                mechanism,
                sasl_data: Some(data),
            }),
        );
    }
    // `sasl_data: None` (length -1, as the server's own client writes no data) is left out:
    // the crate's `Vec<u8>` decoder slices with the length as `usize::MAX` and panics.
}

#[test]
fn tune() {
    for (frame_max, heartbeat) in [(1_048_576, 60), (0, 0), (u32::MAX, u32::MAX)] {
        let ours = stream::Tune {
            frame_max,
            heartbeat,
        };
        both_ways(
            || TunesCommand::new(frame_max, heartbeat),
            Command::Tune(ours.clone()),
        );
        // The client's reply has the response bit (0x8014); the crate clears it on decode and
        // writes 0x0014 itself, which the server also accepts.
        ours_to_rsp(
            &Command::TuneResponse(ours),
            TunesCommand::new(frame_max, heartbeat),
        );
    }
}

#[test]
fn open_close_heartbeat() {
    for (corr, vhost) in [(1, "/"), (2, "my-vhost"), (3, "vhôst/ü")] {
        both_ways(
            || OpenCommand::new(corr, vhost.into()),
            Command::Open(stream::Open {
                correlation_id: corr,
                virtual_host: vhost,
            }),
        );
    }
    for (code, rsp_code) in codes() {
        both_ways(
            || CloseRequest::new(9, rsp_code.clone(), "shutting down".into()),
            Command::Close(stream::Close {
                correlation_id: 9,
                closing_code: code,
                closing_reason: "shutting down",
            }),
        );
    }
    // An empty reason: crate → wire only (the crate's decoder unwraps the empty string).
    rsp_to_ours(
        CloseRequest::new(1, rsp::ResponseCode::Ok, String::new()),
        &Command::Close(stream::Close {
            correlation_id: 1,
            closing_code: ResponseCode::Ok,
            closing_reason: "",
        }),
    );
    both_ways(
        HeartBeatCommand::default,
        Command::Heartbeat(stream::Heartbeat),
    );
}

#[test]
fn create_and_delete_stream() {
    let cases: [(&str, &[(&str, &str)]); 3] = [
        (
            "orders",
            &[
                ("max-length-bytes", "20000000000"),
                ("queue-leader-locator", "least-leaders"),
            ],
        ),
        ("s", &[]),
        ("flux-ü", &[("max-age", "PT1H")]),
    ];
    for (corr, (name, args)) in cases.into_iter().enumerate() {
        let corr = corr as u32;
        both_ways(
            || CreateStreamCommand::new(corr, name.into(), map(args)),
            Command::Create(stream::Create {
                correlation_id: corr,
                stream: name,
                arguments: props(args),
            }),
        );
        both_ways(
            || DeleteCommand::new(corr, name.into()),
            Command::Delete(stream::Delete {
                correlation_id: corr,
                stream: name,
            }),
        );
    }
}

/// Subscribe both ways. With no properties the two encoders differ in form (see the module
/// documentation); both are checked exactly.
fn check_subscribe(
    corr: u32,
    subscription_id: u8,
    name: &str,
    offset: OffsetSpec,
    credit: u16,
    pairs: &[(&str, &str)],
) {
    let make = || {
        SubscribeCommand::new(
            corr,
            subscription_id,
            name.into(),
            rsp_offset(offset),
            credit,
            map(pairs),
        )
    };
    let ours = Command::Subscribe(stream::Subscribe {
        correlation_id: corr,
        subscription_id,
        stream: name,
        offset,
        credit,
        properties: props(pairs),
    });
    if !pairs.is_empty() {
        both_ways(make, ours);
        return;
    }
    let long = rsp_frame(make());
    assert_eq!(stream::decode(&long).unwrap(), ours, "crate → wire");
    let short = stream::encode(&ours).unwrap();
    assert_eq!(long.len(), short.len() + 4);
    assert_eq!(
        long[long.len() - 4..],
        [0, 0, 0, 0],
        "the crate's empty count"
    );
    assert_eq!(long[4..long.len() - 4], short[4..], "same fields before it");
    assert_eq!(
        u32::from_be_bytes(short[..4].try_into().unwrap()) as usize,
        short.len() - 4
    );
    assert!(
        matches!(Request::decode(&short), Err(RspDecodeError::Incomplete(_))),
        "the crate's decoder requires the property count"
    );
}

#[test]
fn subscribe() {
    let offsets = [
        OffsetSpec::First,
        OffsetSpec::Last,
        OffsetSpec::Next,
        OffsetSpec::Offset(0),
        OffsetSpec::Offset(u64::MAX),
        OffsetSpec::Timestamp(1_700_000_000_000),
        OffsetSpec::Timestamp(-1),
    ];
    let property_sets: [&[(&str, &str)]; 3] = [
        &[],
        &[("single-active-consumer", "true"), ("name", "app-1")],
        &[
            ("filter.0", "emea"),
            ("filter.1", "apac"),
            ("match-unfiltered", "false"),
        ],
    ];
    for (i, offset) in offsets.into_iter().enumerate() {
        for pairs in property_sets {
            check_subscribe(i as u32, i as u8, "orders", offset, 10, pairs);
        }
    }
    check_subscribe(
        u32::MAX,
        255,
        "ströme",
        OffsetSpec::Next,
        u16::MAX,
        &[("é", "ü")],
    );
}

#[test]
fn credit_unsubscribe_store_and_query_offset() {
    for (subscription_id, credit) in [(0, 0), (1, 1), (255, u16::MAX)] {
        both_ways(
            || CreditCommand::new(subscription_id, credit),
            Command::Credit(stream::Credit {
                subscription_id,
                credit,
            }),
        );
        both_ways(
            || UnSubscribeCommand::new(7, subscription_id),
            Command::Unsubscribe(stream::Unsubscribe {
                correlation_id: 7,
                subscription_id,
            }),
        );
    }
    for (reference, name, offset) in [
        ("app-1", "orders", 0),
        ("r", "s", u64::MAX),
        ("référence", "flux", 42),
    ] {
        both_ways(
            || StoreOffsetCommand::new(reference.into(), name.into(), offset),
            Command::StoreOffset(stream::StoreOffset {
                reference,
                stream: name,
                offset,
            }),
        );
        both_ways(
            || QueryOffsetRequest::new(11, reference.into(), name.into()),
            Command::QueryOffset(stream::QueryOffset {
                correlation_id: 11,
                reference,
                stream: name,
            }),
        );
    }
    // References of 256 bytes or more: the crate refuses to encode them (MaxSizeError).
}

#[test]
fn metadata() {
    let cases: [&[&str]; 3] = [&["orders"], &["a", "b", "invoices-ü"], &[]];
    for (corr, names) in cases.into_iter().enumerate() {
        let corr = corr as u32;
        both_ways(
            || MetadataCommand::new(corr, strings(names)),
            Command::Metadata(stream::Metadata {
                correlation_id: corr,
                streams: names.to_vec(),
            }),
        );
    }
}

/// DeclarePublisher both ways; the crate's `None` reference is wire's empty one.
fn check_declare_publisher(corr: u32, publisher_id: u8, reference: &str, name: &str) {
    both_ways(
        || {
            let reference = (!reference.is_empty()).then(|| reference.to_string());
            DeclarePublisherCommand::new(corr, publisher_id, reference, name.into())
        },
        Command::DeclarePublisher(stream::DeclarePublisher {
            correlation_id: corr,
            publisher_id,
            publisher_reference: reference,
            stream: name,
        }),
    );
}

#[test]
fn publishers() {
    check_declare_publisher(1, 0, "", "orders");
    check_declare_publisher(2, 7, "app-1-producer", "orders");
    check_declare_publisher(u32::MAX, 255, "réf", "flux-ü");
    for publisher_id in [0, 9, 255] {
        both_ways(
            || DeletePublisherCommand::new(4, publisher_id),
            Command::DeletePublisher(stream::DeletePublisher {
                correlation_id: 4,
                publisher_id,
            }),
        );
    }
    for (reference, name) in [("app-1-producer", "orders"), ("r", "s")] {
        both_ways(
            || QueryPublisherRequest::new(5, reference.into(), name.into()),
            Command::QueryPublisherSequence(stream::QueryPublisherSequence {
                correlation_id: 5,
                publisher_reference: reference,
                stream: name,
            }),
        );
    }
}

/// Publish v1 both ways: each entry is a simple one holding the message's AMQP bytes.
fn check_publish(publisher_id: u8, messages: &[(u64, Message)]) {
    let bodies: Vec<Vec<u8>> = messages.iter().map(|(_, m)| amqp(m)).collect();
    let make = || {
        let published = messages
            .iter()
            .map(|(id, m)| RspPublishedMessage::new(*id, m.clone(), None))
            .collect();
        PublishCommand::new(publisher_id, published, 1)
    };
    let ours = Command::Publish(stream::Publish {
        publisher_id,
        messages: messages
            .iter()
            .zip(&bodies)
            .map(|((id, _), body)| stream::PublishedMessage {
                publishing_id: *id,
                entry: stream::Entry::simple(body),
            })
            .collect(),
    });
    both_ways(make, ours);
}

#[test]
fn publish() {
    check_publish(0, &[]);
    check_publish(1, &[(0, message(b"hello"))]);
    check_publish(
        5,
        &[
            (1, message(b"")),
            (2, message(&[0xab; 255])),
            (3, message(&[0xcd; 256])), // 32-bit AMQP binary length
            (u64::MAX, rich_message(b"with properties")),
        ],
    );
}

#[test]
fn publish_v2_from_the_crate() {
    // Crate → wire only: the crate decodes every Publish as v1. Its `None` filter value is an
    // empty string on the wire (length 0), so wire reads `Some("")`.
    let messages = [
        (10, message(b"emea order"), Some("emea")),
        (11, message(b"no filter"), None),
        (12, rich_message(b"apac order"), Some("apac-ü")),
    ];
    let bodies: Vec<Vec<u8>> = messages.iter().map(|(_, m, _)| amqp(m)).collect();
    let published = messages
        .iter()
        .map(|(id, m, f)| RspPublishedMessage::new(*id, m.clone(), f.map(String::from)))
        .collect();
    rsp_to_ours(
        PublishCommand::new(3, published, 2),
        &Command::PublishV2(stream::PublishV2 {
            publisher_id: 3,
            messages: messages
                .iter()
                .zip(&bodies)
                .map(|((id, _, filter), body)| stream::FilteredMessage {
                    publishing_id: *id,
                    filter_value: Some(filter.unwrap_or("")),
                    entry: stream::Entry::simple(body),
                })
                .collect(),
        }),
    );
}

#[test]
fn exchange_command_versions() {
    let ranges = [(1, 1, 1), (2, 1, 2), (8, 1, 2), (0x1f, 1, 1)];
    for n in [0, 1, ranges.len()] {
        both_ways(
            || {
                let versions = ranges[..n]
                    .iter()
                    .map(|&(k, min, max)| ExchangeCommandVersion::new(k, min, max))
                    .collect();
                ExchangeCommandVersionsRequest::new(8, versions)
            },
            Command::ExchangeCommandVersions(stream::ExchangeCommandVersions {
                correlation_id: 8,
                commands: ranges[..n]
                    .iter()
                    .map(|&(key, min_version, max_version)| stream::CommandVersion {
                        key,
                        min_version,
                        max_version,
                    })
                    .collect(),
            }),
        );
    }
}

#[test]
fn super_streams() {
    both_ways(
        || SuperStreamRouteRequest::new(1, "customer-42".into(), "invoices".into()),
        Command::Route(stream::Route {
            correlation_id: 1,
            routing_key: "customer-42",
            super_stream: "invoices",
        }),
    );
    both_ways(
        || SuperStreamPartitionsRequest::new(2, "invoices".into()),
        Command::Partitions(stream::Partitions {
            correlation_id: 2,
            super_stream: "invoices",
        }),
    );
    let partitions = ["invoices-0", "invoices-1", "invoices-2"];
    let keys = ["0", "1", "2"];
    for args in [&[][..], &[("max-length-bytes", "1000000")][..]] {
        both_ways(
            || {
                CreateSuperStreamCommand::new(
                    3,
                    "invoices".into(),
                    strings(&partitions),
                    strings(&keys),
                    map(args),
                )
            },
            Command::CreateSuperStream(stream::CreateSuperStream {
                correlation_id: 3,
                name: "invoices",
                partitions: partitions.to_vec(),
                binding_keys: keys.to_vec(),
                arguments: props(args),
            }),
        );
    }
    both_ways(
        || DeleteSuperStreamCommand::new(4, "invoices".into()),
        Command::DeleteSuperStream(stream::DeleteSuperStream {
            correlation_id: 4,
            name: "invoices",
        }),
    );
}

#[test]
fn consumer_update_response_from_the_crate() {
    let offsets = [
        OffsetSpec::First,
        OffsetSpec::Last,
        OffsetSpec::Next,
        OffsetSpec::Offset(99),
        OffsetSpec::Timestamp(1_700_000_000_000),
    ];
    for (i, offset) in offsets.into_iter().enumerate() {
        let expected = Command::ConsumerUpdateResponse(stream::ConsumerUpdateResponse {
            correlation_id: i as u32,
            response_code: ResponseCode::Ok,
            offset,
        });
        rsp_to_ours(
            ConsumerUpdateRequestCommand::new(i as u32, 1, rsp_offset(offset)),
            &expected,
        );
        // Wire → crate is not possible: the crate clears the response bit and has no request 0x1a.
        let frame = stream::encode(&expected).unwrap();
        assert!(matches!(
            Request::decode(&frame),
            Err(RspDecodeError::UnsupportedResponseType(0x1a))
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// Server frames, wire → crate.

#[test]
fn generic_responses() {
    type Make = fn(stream::Response) -> Command<'static>;
    let variants: [Make; 8] = [
        Command::DeclarePublisherResponse,
        Command::DeletePublisherResponse,
        Command::SubscribeResponse,
        Command::UnsubscribeResponse,
        Command::CreateResponse,
        Command::DeleteResponse,
        Command::CreateSuperStreamResponse,
        Command::DeleteSuperStreamResponse,
    ];
    for variant in variants {
        for (code, rsp_code) in codes() {
            let ours = variant(stream::Response {
                correlation_id: 77,
                response_code: code,
            });
            match rsp_response(&ours) {
                ResponseKind::Generic(g) => assert_eq!(g.code(), &rsp_code, "{ours:?}"),
                other => panic!("{ours:?} read as {other:?}"),
            }
        }
    }
    for (code, rsp_code) in codes() {
        let sasl = Command::SaslAuthenticateResponse(stream::SaslAuthenticateResponse {
            correlation_id: 5,
            response_code: code,
            challenge: &[],
        });
        let generic: GenericResponse = match rsp_response(&sasl) {
            ResponseKind::Generic(g) => g,
            other => panic!("{sasl:?} read as {other:?}"),
        };
        assert_eq!(generic.code(), &rsp_code);
        let close = Command::CloseResponse(stream::Response {
            correlation_id: 6,
            response_code: code,
        });
        assert_eq!(
            rsp_response(&close),
            ResponseKind::Close(CloseResponse::new(6, rsp_code))
        );
    }
    // Codes 20 and 21 (server only): the crate rejects the whole frame.
    for n in [20, 21] {
        let frame = stream::encode(&Command::SubscribeResponse(stream::Response {
            correlation_id: 1,
            response_code: ResponseCode::from_code(n),
        }))
        .unwrap();
        assert!(matches!(
            Response::decode(&frame),
            Err(RspDecodeError::UnknownResponseCode(m)) if m == n
        ));
    }
}

#[test]
fn connection_responses() {
    let server = [
        ("product", "RabbitMQ"),
        ("version", "4.1.0"),
        ("cluster_name", "rabbit@ü"),
    ];
    for (code, rsp_code) in codes() {
        let ours = Command::PeerPropertiesResponse(stream::PeerPropertiesResponse {
            correlation_id: 1,
            response_code: code,
            properties: props(&server),
        });
        assert_eq!(
            rsp_response(&ours),
            ResponseKind::PeerProperties(PeerPropertiesResponse::new(1, rsp_code, map(&server)))
        );
    }

    for mechanisms in [&["PLAIN", "AMQPLAIN"][..], &["PLAIN"][..], &[][..]] {
        let ours = Command::SaslHandshakeResponse(stream::SaslHandshakeResponse {
            correlation_id: 2,
            response_code: ResponseCode::Ok,
            mechanisms: mechanisms.to_vec(),
        });
        // The response code has no getter: compare the whole value's Debug form.
        let expected = format!(
            "SaslHandshake(SaslHandshakeResponse {{ correlation_id: 2, code: Ok, mechanisms: {:?} }})",
            strings(mechanisms)
        );
        assert_eq!(format!("{:?}", rsp_response(&ours)), expected);
    }

    let advertised = [("advertised_host", "rabbit-1"), ("advertised_port", "5552")];
    let ours = Command::OpenResponse(stream::OpenResponse {
        correlation_id: 3,
        response_code: ResponseCode::Ok,
        connection_properties: props(&advertised),
    });
    let open: OpenResponse = match rsp_response(&ours) {
        ResponseKind::Open(open) => open,
        other => panic!("read as {other:?}"),
    };
    assert!(open.is_ok());
    assert_eq!(open.connection_properties(), &map(&advertised));
    // A failed Open carries no properties; the crate reads none then.
    let ours = Command::OpenResponse(stream::OpenResponse {
        correlation_id: 4,
        response_code: ResponseCode::VirtualHostAccessFailure,
        connection_properties: stream::Properties::default(),
    });
    let open: OpenResponse = match rsp_response(&ours) {
        ResponseKind::Open(open) => open,
        other => panic!("read as {other:?}"),
    };
    assert_eq!(open.code(), &rsp::ResponseCode::VirtualHostAccessFailure);
    assert!(open.connection_properties().is_empty());
    // An OK Open with no properties (left out, as the server does): the crate wants the count.
    let frame = stream::encode(&Command::OpenResponse(stream::OpenResponse {
        correlation_id: 5,
        response_code: ResponseCode::Ok,
        connection_properties: stream::Properties::default(),
    }))
    .unwrap();
    assert!(matches!(
        Response::decode(&frame),
        Err(RspDecodeError::Incomplete(_))
    ));

    for (frame_max, heartbeat) in [(1_048_576, 60), (0, 0), (u32::MAX, u32::MAX)] {
        let ours = Command::Tune(stream::Tune {
            frame_max,
            heartbeat,
        });
        assert_eq!(
            rsp_response(&ours),
            ResponseKind::Tunes(TunesCommand::new(frame_max, heartbeat))
        );
    }
    assert!(matches!(
        rsp_response(&Command::Heartbeat(stream::Heartbeat)),
        ResponseKind::Heartbeat(_)
    ));

    let ranges = [(1, 1, 1), (2, 1, 2), (8, 1, 2)];
    let ours = Command::ExchangeCommandVersionsResponse(stream::ExchangeCommandVersionsResponse {
        correlation_id: 6,
        response_code: ResponseCode::Ok,
        commands: ranges
            .iter()
            .map(|&(key, min_version, max_version)| stream::CommandVersion {
                key,
                min_version,
                max_version,
            })
            .collect(),
    });
    let expected = ExchangeCommandVersionsResponse::new(
        6,
        rsp::ResponseCode::Ok,
        ranges
            .iter()
            .map(|&(k, min, max)| ExchangeCommandVersion::new(k, min, max))
            .collect(),
    );
    assert_eq!(
        rsp_response(&ours),
        ResponseKind::ExchangeCommandVersions(expected)
    );

    // A Close from the server: the crate reads it as a close *response* (correlation id and
    // code) and leaves the reason unread.
    let close = Command::Close(stream::Close {
        correlation_id: 7,
        closing_code: ResponseCode::InternalError,
        closing_reason: "bye",
    });
    let frame = stream::encode(&close).unwrap();
    let (rest, response) = Response::decode(&frame).unwrap();
    assert_eq!(rest, [0, 3, b'b', b'y', b'e']);
    assert_eq!(
        response.kind(),
        ResponseKind::Close(CloseResponse::new(7, rsp::ResponseCode::InternalError))
    );
}

#[test]
fn offset_and_sequence_responses() {
    for (code, rsp_code) in codes() {
        for value in [0, 1, u64::MAX] {
            let ours = Command::QueryOffsetResponse(stream::QueryOffsetResponse {
                correlation_id: 1,
                response_code: code,
                offset: value,
            });
            assert_eq!(
                rsp_response(&ours),
                ResponseKind::QueryOffset(QueryOffsetResponse::new(1, rsp_code.clone(), value))
            );
            let ours =
                Command::QueryPublisherSequenceResponse(stream::QueryPublisherSequenceResponse {
                    correlation_id: 2,
                    response_code: code,
                    sequence: value,
                });
            assert_eq!(
                rsp_response(&ours),
                ResponseKind::QueryPublisherSequence(QueryPublisherResponse::new(
                    2,
                    rsp_code.clone(),
                    value
                ))
            );
        }
    }
}

#[test]
fn metadata_responses() {
    let ours = Command::MetadataResponse(stream::MetadataResponse {
        correlation_id: 9,
        brokers: vec![
            stream::Broker {
                reference: 0,
                host: "rabbit-0",
                port: 5552,
            },
            stream::Broker {
                reference: 1,
                host: "rabbit-ü",
                port: u32::MAX,
            },
        ],
        streams: vec![
            stream::StreamMetadata {
                stream: "orders",
                response_code: ResponseCode::Ok,
                leader: 0,
                replicas: vec![1],
            },
            stream::StreamMetadata {
                stream: "gone",
                response_code: ResponseCode::StreamDoesNotExist,
                leader: 0xffff,
                replicas: vec![],
            },
        ],
    });
    let metadata = match rsp_response(&ours) {
        ResponseKind::Metadata(m) => m,
        other => panic!("read as {other:?}"),
    };
    assert_eq!(
        metadata.brokers,
        [
            RspBroker {
                reference: 0,
                host: "rabbit-0".into(),
                port: 5552
            },
            RspBroker {
                reference: 1,
                host: "rabbit-ü".into(),
                port: u32::MAX
            },
        ]
    );
    assert_eq!(
        metadata.stream_metadata,
        [
            RspStreamMetadata {
                stream_name: "orders".into(),
                code: rsp::ResponseCode::Ok,
                leader_reference: 0,
                replicas_references: vec![1],
            },
            RspStreamMetadata {
                stream_name: "gone".into(),
                code: rsp::ResponseCode::StreamDoesNotExist,
                leader_reference: 0xffff,
                replicas_references: vec![],
            },
        ]
    );

    for (code, name) in [
        (ResponseCode::StreamNotAvailable, "orders"),
        (ResponseCode::StreamDoesNotExist, "flux-ü"),
    ] {
        let ours = Command::MetadataUpdate(stream::MetadataUpdate { code, stream: name });
        // No getters: compare the whole value's Debug form.
        assert_eq!(
            format!("{:?}", rsp_response(&ours)),
            format!(
                "MetadataUpdate(MetadataUpdateCommand {{ code: {:?}, stream: {name:?} }})",
                rsp_code(code)
            )
        );
    }

    for (corr, streams) in [(1, &["invoices-0", "invoices-1"][..]), (2, &[][..])] {
        let route = Command::RouteResponse(stream::StreamsResponse {
            correlation_id: corr,
            response_code: ResponseCode::Ok,
            streams: streams.to_vec(),
        });
        assert_eq!(
            rsp_response(&route),
            ResponseKind::SuperStreamRoute(SuperStreamRouteResponse::new(
                corr,
                strings(streams),
                rsp::ResponseCode::Ok
            ))
        );
        let partitions = Command::PartitionsResponse(stream::StreamsResponse {
            correlation_id: corr,
            response_code: ResponseCode::StreamDoesNotExist,
            streams: streams.to_vec(),
        });
        assert_eq!(
            rsp_response(&partitions),
            ResponseKind::SuperStreamPartitions(SuperStreamPartitionsResponse::new(
                corr,
                strings(streams),
                rsp::ResponseCode::StreamDoesNotExist
            ))
        );
    }
}

#[test]
fn publish_confirms_and_errors() {
    for ids in [&[][..], &[0][..], &[1, 2, 3, u64::MAX][..]] {
        let ours = Command::PublishConfirm(stream::PublishConfirm {
            publisher_id: 4,
            publishing_ids: ids.to_vec(),
        });
        assert_eq!(
            rsp_response(&ours),
            ResponseKind::PublishConfirm(RspPublishConfirm::new(4, ids.to_vec()))
        );
    }
    let errors: Vec<(u64, ResponseCode)> =
        codes().map(|(c, _)| (c.code() as u64 * 1000, c)).collect();
    for n in [0, 1, errors.len()] {
        let ours = Command::PublishError(stream::PublishError {
            publisher_id: 255,
            errors: errors[..n]
                .iter()
                .map(|&(publishing_id, code)| stream::PublishingError {
                    publishing_id,
                    code,
                })
                .collect(),
        });
        let expected = PublishErrorResponse::new(
            255,
            errors[..n]
                .iter()
                .map(|&(id, code)| RspPublishingError::new(id, rsp_code(code)))
                .collect(),
        );
        assert_eq!(rsp_response(&ours), ResponseKind::PublishError(expected));
    }
}

#[test]
fn credit_and_consumer_update() {
    for (code, _) in codes() {
        let ours = Command::CreditResponse(stream::CreditResponse {
            response_code: code,
            subscription_id: 7,
        });
        // No getters or constructor: compare the whole value's Debug form.
        assert_eq!(
            format!("{:?}", rsp_response(&ours)),
            format!(
                "Credit(CreditResponse {{ code: {:?}, subscription_id: 7 }})",
                rsp_code(code)
            )
        );
    }
    for (corr, subscription_id, active) in [(1, 0, true), (2, 255, false)] {
        let ours = Command::ConsumerUpdate(stream::ConsumerUpdate {
            correlation_id: corr,
            subscription_id,
            active,
        });
        assert_eq!(
            rsp_response(&ours),
            ResponseKind::ConsumerUpdate(ConsumerUpdateCommand::new(
                corr,
                subscription_id,
                active as u8
            ))
        );
    }
}

/// Deliver v1 wire → crate: the chunk header fields and every message.
fn check_deliver(
    subscription_id: u8,
    first_offset: u64,
    timestamp: i64,
    epoch: u64,
    messages: &[Message],
) {
    let records: Vec<Vec<u8>> = messages.iter().map(amqp).collect();
    let (frame, crc) = deliver_frame(subscription_id, first_offset, timestamp, epoch, &records);
    let (rest, response) = Response::decode(&frame).expect("the crate decodes wire's Deliver");
    assert!(rest.is_empty());
    let deliver = match response.kind() {
        ResponseKind::Deliver(d) => d,
        other => panic!("read as {other:?}"),
    };
    let n = messages.len();
    let expected = DeliverCommand::new(
        subscription_id,
        0x50, // magic 5, version 0
        0,    // user chunk
        n as u16,
        timestamp as u64,
        epoch,
        first_offset,
        crc as i32,
        0, // trailer length
        0, // bloom size and reserved bytes
        messages.to_vec(),
    );
    assert_eq!(deliver, expected);
}

#[test]
fn deliver() {
    check_deliver(0, 0, 0, 0, &[]);
    check_deliver(3, 42, 1_700_000_000_000, 1, &[message(b"hello")]);
    check_deliver(
        255,
        u64::MAX - 3,
        i64::MAX,
        u64::MAX,
        &[
            message(b""),
            message(&[7; 300]),
            rich_message(b"with properties"),
            message("ü".as_bytes()),
        ],
    );
    // Deliver v2 and sub-batch entries are left out: see the module documentation.
}

// ---------------------------------------------------------------------------------------------
// Random cases for the busiest commands.

/// Non-empty names: ASCII, or any printable Unicode (several bytes per character).
fn name() -> impl Strategy<Value = String> {
    prop_oneof!["[a-zA-Z0-9._-]{1,24}", "\\PC{1,8}"]
}

fn offset_spec() -> impl Strategy<Value = OffsetSpec> {
    prop_oneof![
        Just(OffsetSpec::First),
        Just(OffsetSpec::Last),
        Just(OffsetSpec::Next),
        any::<u64>().prop_map(OffsetSpec::Offset),
        any::<i64>().prop_map(OffsetSpec::Timestamp),
    ]
}

fn published() -> impl Strategy<Value = Vec<(u64, Vec<u8>)>> {
    proptest::collection::vec(
        (any::<u64>(), proptest::collection::vec(any::<u8>(), 0..400)),
        0..5,
    )
}

proptest! {
    #[test]
    fn declare_publisher_random(
        corr: u32,
        publisher_id: u8,
        reference in prop_oneof![Just(String::new()), name()],
        stream_name in name(),
    ) {
        check_declare_publisher(corr, publisher_id, &reference, &stream_name);
    }

    #[test]
    fn subscribe_random(
        corr: u32,
        subscription_id: u8,
        stream_name in name(),
        offset in offset_spec(),
        credit: u16,
        properties in proptest::collection::btree_map(name(), name(), 0..4),
    ) {
        let pairs: Vec<(&str, &str)> =
            properties.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        check_subscribe(corr, subscription_id, &stream_name, offset, credit, &pairs);
    }

    #[test]
    fn publish_random(publisher_id: u8, bodies in published()) {
        let messages: Vec<(u64, Message)> =
            bodies.iter().map(|(id, body)| (*id, message(body))).collect();
        check_publish(publisher_id, &messages);
    }

    #[test]
    fn deliver_random(
        subscription_id: u8,
        first_offset: u64,
        timestamp: i64,
        epoch: u64,
        bodies in published(),
    ) {
        let messages: Vec<Message> = bodies.iter().map(|(_, body)| message(body)).collect();
        check_deliver(subscription_id, first_offset, timestamp, epoch, &messages);
    }
}

//! The Ignite 3 client protocol: envelopes, handshake, headers, error block, operations; round
//! trips, truncation, hostile lengths and allocation counts.

use proptest::prelude::*;
use wire_protocols::ignite::*;
use wire_runtime::msgpack::Value;
use wire_runtime::{DecodeErrorKind, WireEncode, decode};

fn uuid() -> impl Strategy<Value = Uuid> {
    (any::<u64>(), any::<u64>()).prop_map(|(msb, lsb)| Uuid::new(msb, lsb))
}

#[test]
fn a_heartbeat_request_is_an_envelope_and_two_values() {
    let message = Message {
        body: HeartbeatRequest {
            header: RequestHeader {
                op: ClientOp::Heartbeat,
                request_id: 0x1234,
            },
        },
    };
    let bytes = message.encode_to_vec().unwrap();
    assert_eq!(bytes, [0, 0, 0, 4, 0x01, 0xcd, 0x12, 0x34]);
    assert_eq!(
        decode::<Message<HeartbeatRequest>>(&bytes).unwrap(),
        message
    );
    assert_eq!(frame_len(&bytes, false).unwrap(), Some(8));
    assert_eq!(frame_len(&bytes[..5], false).unwrap(), None);
}

#[test]
fn the_first_message_carries_the_magic() {
    let handshake = First {
        body: HandshakeRequest {
            major: 3,
            minor: 0,
            patch: 0,
            client_type: 2,
            features: &[0b0000_0111],
            extensions: vec![Extension {
                key: "authn-type",
                value: Value::Str("basic"),
            }],
        },
    };
    let bytes = handshake.encode_to_vec().unwrap();
    assert_eq!(&bytes[..4], b"IGNI");
    assert_eq!(&bytes[8..12], &[3, 0, 0, 2]);
    assert_eq!(
        decode::<First<HandshakeRequest<'_>>>(&bytes).unwrap(),
        handshake
    );
    assert_eq!(frame_len(&bytes, true).unwrap(), Some(bytes.len()));
    // "BEEF" instead of "IGNI": malformed at once, even from two bytes.
    let mut wrong = bytes.clone();
    wrong[..4].copy_from_slice(b"BEEF");
    assert_eq!(
        decode::<First<HandshakeRequest<'_>>>(&wrong)
            .unwrap_err()
            .kind(),
        &DecodeErrorKind::MagicMismatch
    );
    assert!(frame_len(b"BE", true).is_err());
}

#[test]
fn a_handshake_response_has_details_or_an_error() {
    let ok = HandshakeResponse {
        major: 3,
        minor: 0,
        patch: 0,
        error: None,
        details: Some(HandshakeDetails {
            idle_timeout_ms: 30_000,
            node_id: Uuid::new(1, 2),
            node_name: "node-1",
            cluster_ids: vec![Uuid::new(3, 4)],
            cluster_name: "cluster",
            observable_timestamp: 1 << 45,
            version: ProductVersion {
                major: 3,
                minor: 0,
                maintenance: 0,
                patch: None,
                pre_release: Some("SNAPSHOT"),
            },
            features: &[1],
            extensions: vec![],
        }),
    };
    let bytes = ok.encode_to_vec().unwrap();
    assert_eq!(&bytes[..4], &[3, 0, 0, 0xc0]);
    assert_eq!(decode::<HandshakeResponse<'_>>(&bytes).unwrap(), ok);
    let failed = HandshakeResponse {
        error: Some(ErrorCore {
            trace_id: Uuid::new(9, 9),
            code: 0x0003_0003,
            class_name: "org.apache.ignite.lang.IgniteException",
            message: Some("Unsupported version: 4.0.0"),
            stack_trace: None,
            extensions: None,
        }),
        details: None,
        ..ok.clone()
    };
    let bytes = failed.encode_to_vec().unwrap();
    assert_eq!(decode::<HandshakeResponse<'_>>(&bytes).unwrap(), failed);
    let both = HandshakeResponse {
        details: ok.details.clone(),
        ..failed
    };
    assert!(both.encode_to_vec().is_err());
}

#[test]
fn responses_with_the_partition_flag_and_with_errors() {
    let header = ResponseHeader {
        request_id: 7,
        flags: 1,
        max_start_time: Some(99),
        observable_timestamp: 5,
    };
    let names: Vec<String> = (0..100).map(|i| format!("PUBLIC.TABLE_{i}")).collect();
    let tables = TablesGetResponse {
        tables: names
            .iter()
            .enumerate()
            .map(|(i, name)| Table { id: i as i32, name })
            .collect(),
    };
    let mut payload = Vec::new();
    tables.encode(&mut payload).unwrap();
    let response = Message {
        body: Response {
            header,
            error: None,
            payload: &payload,
        },
    };
    let bytes = response.encode_to_vec().unwrap();
    let back = decode::<Message<Response<'_>>>(&bytes).unwrap();
    assert_eq!(back, response);
    assert_eq!(
        decode::<TablesGetResponse<'_>>(back.body.payload).unwrap(),
        tables
    );

    let error = Response {
        header: ResponseHeader {
            request_id: 8,
            flags: 4,
            max_start_time: None,
            observable_timestamp: 6,
        },
        error: Some(ErrorCore {
            trace_id: Uuid::new(1, 1),
            code: 0x0002_0002,
            class_name: "org.apache.ignite.lang.TableNotFoundException",
            message: Some("Table does not exist"),
            stack_trace: Some("at ..."),
            extensions: Some(ErrorExtensions {
                list: vec![Extension {
                    key: "expected-schema-ver",
                    value: Value::UInt(3),
                }],
            }),
        }),
        payload: &[],
    };
    let bytes = error.encode_to_vec().unwrap();
    assert_eq!(decode::<Response<'_>>(&bytes).unwrap(), error);
}

#[test]
fn truncated_and_hostile_messages() {
    let request = Message {
        body: TableGetRequest {
            header: RequestHeader {
                op: ClientOp::TableGet,
                request_id: 1,
            },
            name: "PUBLIC.PERSON",
        },
    };
    let bytes = request.encode_to_vec().unwrap();
    for cut in 0..bytes.len() {
        assert!(
            decode::<Message<TableGetRequest<'_>>>(&bytes[..cut])
                .unwrap_err()
                .is_incomplete(),
            "cut {cut}"
        );
    }
    // A length of 2^31 - 1 in a 10-byte message: incomplete, nothing allocated for it.
    let hostile = [0x7f, 0xff, 0xff, 0xff, 0x04, 0x01, 0xa1, b'x', 0, 0];
    assert!(
        decode::<Message<TableGetRequest<'_>>>(&hostile)
            .unwrap_err()
            .is_incomplete()
    );
    // A negative length.
    assert!(matches!(
        decode::<Message<TableGetRequest<'_>>>(&[0xff, 0xff, 0xff, 0xff])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::NegativeLength(-1)
    ));
    // A TABLES_GET response claiming 2^31 tables in a few bytes.
    let err = decode::<TablesGetResponse<'_>>(&[0xd2, 0x7f, 0xff, 0xff, 0xff, 0x01]).unwrap_err();
    assert!(err.is_incomplete(), "{err}");
}

#[test]
fn every_operation_code_of_ignite_3_is_named() {
    // apache/ignite-3 ClientOp.java: 1, 3-5, 10-41 (not every one), 43-75; 42 is no longer used.
    let named: Vec<i32> = (0..=80)
        .filter(|&code| {
            let bytes = wire_runtime::msgpack::Value::UInt(code as u64)
                .encode_to_vec()
                .unwrap();
            let op = decode::<ClientOp>(&bytes).unwrap();
            assert_eq!(op.encode_to_vec().unwrap(), bytes, "code {code}");
            !matches!(op, ClientOp::Other(_))
        })
        .collect();
    let expected: Vec<i32> = [1, 3, 4, 5, 10, 12, 13, 15, 16, 18, 20, 22, 24, 26]
        .into_iter()
        .chain(28..=41)
        .chain(43..=75)
        .collect();
    assert_eq!(named, expected);
    assert_eq!(
        decode::<ClientOp>(&[0x2e]).unwrap(),
        ClientOp::JdbcSqlExecPsBatch
    );
    assert_eq!(
        decode::<ClientOp>(&[0x4a]).unwrap(),
        ClientOp::SqlCursorNextResultSet
    );
}

#[test]
fn unknown_operation_codes_stay_visible() {
    let bytes = [0xcd, 0x03, 0xe8, 0x05];
    let header = decode::<RequestHeader>(&bytes).unwrap();
    assert_eq!(header.op, ClientOp::Other(1000));
    assert_eq!(header.encode_to_vec().unwrap(), bytes);
}

/// Every tuple operation shares the request head.
fn tuple_op() -> impl Strategy<Value = ClientOp> {
    proptest::sample::select(vec![
        ClientOp::TupleGet,
        ClientOp::TupleUpsert,
        ClientOp::TupleInsert,
        ClientOp::TupleReplace,
        ClientOp::TupleDelete,
        ClientOp::TupleGetAndUpsert,
        ClientOp::TupleContainsKey,
    ])
}

fn tuple_request() -> impl Strategy<Value = (ClientOp, i64, i32, Option<i64>, i32, Vec<u8>, Vec<u8>)>
{
    (
        tuple_op(),
        any::<i64>(),
        any::<i32>(),
        proptest::option::of(any::<i64>()),
        any::<i32>(),
        proptest::collection::vec(any::<u8>(), 0..4),
        proptest::collection::vec(any::<u8>(), 0..200),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn tuple_requests_round_trip((op, request_id, table_id, tx, schema_id, bits, tuple) in tuple_request()) {
        let request = Message {
            body: TupleRequest {
                header: RequestHeader { op, request_id },
                table_id,
                tx,
                schema_id,
                no_value_set: BitSet { bits: wire_protocols::ignite::BitSetBytes { bytes: &bits } },
                tuple: &tuple,
            },
        };
        let bytes = request.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), request.encoded_len());
        prop_assert_eq!(decode::<Message<TupleRequest<'_>>>(&bytes).unwrap(), request);
    }

    #[test]
    fn sql_requests_round_trip(
        request_id: i64, tx in proptest::option::of(any::<i64>()), schema in proptest::option::of("[A-Z]{1,10}"),
        page_size in proptest::option::of(any::<i32>()), timeout in proptest::option::of(any::<i64>()),
        query in ".{0,100}", args in proptest::option::of((any::<i32>(), proptest::collection::vec(any::<u8>(), 0..50))),
        ts: i64, idle in proptest::option::of(any::<i64>()), property_count in 0i32..8, properties in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        let args = args.as_ref().map(|(count, tuple)| SqlArguments { count: *count, tuple });
        let request = SqlExecRequest {
            header: RequestHeader { op: ClientOp::SqlExec, request_id },
            tx,
            schema: schema.as_deref(),
            page_size,
            query_timeout_ms: timeout,
            idle_timeout_ms: idle,
            property_count,
            properties: &properties,
            query: &query,
            arguments: args,
            observable_timestamp: ts,
        };
        let bytes = request.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), request.encoded_len());
        prop_assert_eq!(decode::<SqlExecRequest<'_>>(&bytes).unwrap(), request);
    }

    #[test]
    fn response_headers_round_trip(request_id: i64, flags in 0i32..16, max: i64, ts: i64, id in uuid()) {
        let header = ResponseHeader { request_id, flags, max_start_time: (flags & 1 != 0).then_some(max), observable_timestamp: ts };
        let bytes = header.encode_to_vec().unwrap();
        prop_assert_eq!(decode::<ResponseHeader>(&bytes).unwrap(), header);
        let bytes = id.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), 18);
        prop_assert_eq!(decode::<Uuid>(&bytes).unwrap(), id);
    }
}

fn value() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Nil),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::UInt),
        (i64::MIN..0).prop_map(Value::Int),
        Just(Value::Str("basic")),
        Just(Value::Bin(&[1, 2, 3])),
    ]
}

fn extensions() -> impl Strategy<Value = Vec<(String, Value<'static>)>> {
    proptest::collection::vec(("[a-z-]{1,20}", value()), 0..4)
}

/// An owned error block: trace id, code, class, message, stack trace, extensions.
type ErrorSpec = (
    Uuid,
    i32,
    String,
    Option<String>,
    Option<String>,
    Option<Vec<(String, Value<'static>)>>,
);

fn error_core() -> impl Strategy<Value = ErrorSpec> {
    (
        uuid(),
        any::<i32>(),
        "[a-zA-Z.]{1,40}",
        proptest::option::of(".{0,60}"),
        proptest::option::of(".{0,60}"),
        proptest::option::of(extensions()),
    )
}

fn build_error<'a>(
    (trace_id, code, class_name, message, stack_trace, ext): &'a ErrorSpec,
) -> ErrorCore<'a> {
    ErrorCore {
        trace_id: *trace_id,
        code: *code,
        class_name,
        message: message.as_deref(),
        stack_trace: stack_trace.as_deref(),
        extensions: ext.as_ref().map(|list| ErrorExtensions {
            list: list
                .iter()
                .map(|(key, value)| Extension {
                    key,
                    value: value.clone(),
                })
                .collect(),
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn handshake_requests_round_trip(
        version: (i16, i16, i16), client_type: i32, features in proptest::collection::vec(any::<u8>(), 0..8), ext in extensions(),
    ) {
        let request = First {
            body: HandshakeRequest {
                major: version.0,
                minor: version.1,
                patch: version.2,
                client_type,
                features: &features,
                extensions: ext.iter().map(|(key, value)| Extension { key, value: value.clone() }).collect(),
            },
        };
        let bytes = request.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), request.encoded_len());
        prop_assert_eq!(decode::<First<HandshakeRequest<'_>>>(&bytes).unwrap(), request);
    }

    #[test]
    fn handshake_responses_round_trip(
        failed: bool, err in error_core(), timeout: i64, node in uuid(), clusters in proptest::collection::vec(uuid(), 1..4),
        names in ("[a-z0-9-]{1,20}", "[a-z0-9-]{1,20}"), ts: i64, version: (u8, u8, u8, Option<u8>), pre in proptest::option::of("[A-Z]{1,8}"),
        features in proptest::collection::vec(any::<u8>(), 0..8), ext in extensions(),
    ) {
        let details = HandshakeDetails {
            idle_timeout_ms: timeout,
            node_id: node,
            node_name: &names.0,
            cluster_ids: clusters,
            cluster_name: &names.1,
            observable_timestamp: ts,
            version: ProductVersion { major: version.0, minor: version.1, maintenance: version.2, patch: version.3, pre_release: pre.as_deref() },
            features: &features,
            extensions: ext.iter().map(|(key, value)| Extension { key, value: value.clone() }).collect(),
        };
        let response = HandshakeResponse {
            major: 3,
            minor: 0,
            patch: 0,
            error: failed.then(|| build_error(&err)),
            details: (!failed).then_some(details),
        };
        // The server's first message carries the magic too.
        let first = First { body: response };
        let bytes = first.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), first.encoded_len());
        prop_assert_eq!(&bytes[..4], b"IGNI");
        prop_assert_eq!(decode::<First<HandshakeResponse<'_>>>(&bytes).unwrap(), first);
    }

    #[test]
    fn responses_and_table_operations_round_trip(
        request_id: i64, flags in 0i32..16, max: i64, ts: i64, err in error_core(),
        tables in proptest::collection::vec((any::<i32>(), "[A-Z_.]{1,30}"), 0..50), name in "[A-Z_.]{1,30}", id in proptest::option::of(any::<i32>()),
    ) {
        let list = TablesGetResponse { tables: tables.iter().map(|(id, name)| Table { id: *id, name }).collect() };
        let payload = list.encode_to_vec().unwrap();
        let header = ResponseHeader { request_id, flags, max_start_time: (flags & 1 != 0).then_some(max), observable_timestamp: ts };
        let response = Message { body: Response { header, error: header.is_error().then(|| build_error(&err)), payload: &payload } };
        let bytes = response.encode_to_vec().unwrap();
        prop_assert_eq!(bytes.len(), response.encoded_len());
        let back = decode::<Message<Response<'_>>>(&bytes).unwrap();
        prop_assert_eq!(&back, &response);
        prop_assert_eq!(decode::<TablesGetResponse<'_>>(back.body.payload).unwrap(), list);
        for request in [
            Message { body: Request { header: RequestHeader { op: ClientOp::Heartbeat, request_id }, payload: &[] } },
            Message { body: Request { header: RequestHeader { op: ClientOp::TablesGet, request_id }, payload: &[] } },
        ] {
            let bytes = request.encode_to_vec().unwrap();
            prop_assert_eq!(decode::<Message<Request<'_>>>(&bytes).unwrap(), request);
        }
        let get = TableGetRequest { header: RequestHeader { op: ClientOp::TableGet, request_id }, name: &name };
        let get_bytes = get.encode_to_vec().unwrap();
        prop_assert_eq!(decode::<TableGetRequest<'_>>(&get_bytes).unwrap(), get);
        let found = TableGetResponse { id };
        prop_assert_eq!(decode::<TableGetResponse>(&found.encode_to_vec().unwrap()).unwrap(), found);
        let beat = HeartbeatRequest { header: RequestHeader { op: ClientOp::Heartbeat, request_id } };
        prop_assert_eq!(decode::<HeartbeatRequest>(&beat.encode_to_vec().unwrap()).unwrap(), beat);
        let all = Message { body: TablesGetRequest { header: RequestHeader { op: ClientOp::TablesGet, request_id } } };
        let all_bytes = all.encode_to_vec().unwrap();
        prop_assert_eq!(all_bytes.len(), all.encoded_len());
        prop_assert_eq!(decode::<Message<TablesGetRequest>>(&all_bytes).unwrap(), all);
    }
}

//! Interop with a real RocketMQ: the rocketmq-rust 1.0.0 name server and broker on 127.0.0.1,
//! started by `scripts/brokers/rocketmq.sh` (which prints the `ROCKETMQ_NAMESRV_ADDR=...` and
//! `ROCKETMQ_BROKER_ADDR=...` lines to export). Every frame we send is encoded by wire and
//! every frame the servers send is decoded by wire, over the `tokio_util` codec, with
//! responses matched to requests by opaque (the server answers pipelined requests out of
//! order): KV config, cluster info, topic creation and routes, 10,000 messages sent with
//! properties and keys and pulled back with their CRCs checked, and requests with the binary
//! header.

use bytes::Bytes;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};
use wire_protocols::rocketmq::{
    CreateTopicRequestHeader, GetKvConfigRequestHeader, GetKvConfigResponseHeader,
    GetMaxOffsetRequestHeader, GetMaxOffsetResponseHeader, GetRouteInfoRequestHeader, InFlight,
    LanguageCode, MessageExt, PropertiesBuf, PullMessageResponseHeader, PutKvConfigRequestHeader,
    RemotingCommand, RequestCode, ResponseCode, SendMessageRequestHeader,
    SendMessageRequestHeaderV2, SendMessageResponseHeader, SerializeType, decode_messages,
};

/// The name server's and the broker's addresses, or `None` (the test is skipped) when the
/// variables are unset. In CI (`CI` set) missing servers are a failure, not a skip.
fn servers() -> Option<(String, String)> {
    let namesrv = std::env::var("ROCKETMQ_NAMESRV_ADDR").unwrap_or_default();
    let broker = std::env::var("ROCKETMQ_BROKER_ADDR").unwrap_or_default();
    if !namesrv.is_empty() && !broker.is_empty() {
        return Some((namesrv, broker));
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "ROCKETMQ_NAMESRV_ADDR / ROCKETMQ_BROKER_ADDR are not set in CI: .ci/run must start rocketmq"
        );
    }
    eprintln!(
        "skipping: ROCKETMQ_NAMESRV_ADDR / ROCKETMQ_BROKER_ADDR are not set; run `bash scripts/brokers/rocketmq.sh` and export the lines it prints"
    );
    None
}

/// Something no other run uses (the servers keep topics and KV entries until they restart).
fn unique(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("wire-{tag}-{}-{nanos}", std::process::id())
}

use wire_examples::rocketmq::{Client, pull_request};

/// Decodes a frame from a server, or fails the test showing its first bytes.
fn decode(frame: &Bytes) -> RemotingCommand<'_> {
    wire_examples::rocketmq::decode(frame).unwrap_or_else(|e| {
        panic!(
            "decoding a {}-byte frame {:02x?}...: {e}",
            frame.len(),
            &frame[..frame.len().min(96)]
        )
    })
}

fn json_body(frame: &Bytes) -> Value {
    let response = decode(frame);
    serde_json::from_slice(response.body()).unwrap_or_else(|e| {
        panic!(
            "body is not JSON ({e}): {}",
            String::from_utf8_lossy(response.body())
        )
    })
}

/// How long a whole test may take: a server that keeps answering "busy" or "not found" fails
/// the test instead of holding up the run (each takes a few seconds when the servers work).
const TEST_TIMEOUT: Duration = Duration::from_secs(300);

/// How long the broker may keep refusing messages (busy, flow control, "not available")
/// before a test gives up: it refuses every write while its store's file system is 90% full.
const REFUSING_FOR: Duration = Duration::from_secs(60);

/// Runs a test's body on a current-thread runtime, failing it after [`TEST_TIMEOUT`].
fn run(test: impl std::future::Future<Output = ()>) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(TEST_TIMEOUT, test)
                .await
                .unwrap_or_else(|_| panic!("the test did not finish within {TEST_TIMEOUT:?}"))
        })
}

/// Whether the broker refused to store a message for now (Java's producer sends it again).
fn is_refusal(response: &RemotingCommand<'_>) -> bool {
    matches!(
        response.response_code(),
        ResponseCode::SystemBusy | ResponseCode::ServiceNotAvailable | ResponseCode::FlowControl
    )
}

/// Fails the test once the broker has refused messages for longer than [`REFUSING_FOR`].
fn check_refusals(first_refusal: &mut Option<Instant>, response: &RemotingCommand<'_>) {
    let first = *first_refusal.get_or_insert_with(Instant::now);
    assert!(
        first.elapsed() < REFUSING_FOR,
        "the broker refused messages for {REFUSING_FOR:?} (is its store's file system 90% full? \
         see target/brokers/rocketmq-broker/broker.log): {response:?}"
    );
}

#[test]
fn name_server_kv_config_and_cluster_info() {
    let Some((namesrv, _)) = servers() else {
        return;
    };
    run(async {
        let mut ns = Client::connect(&namesrv).await.expect("connect");
        let key = unique("key");
        for (serialize_type, value) in [
            (SerializeType::Json, "v-json \"quoted\" \u{1}"),
            (SerializeType::RocketMq, "v-binary é"),
        ] {
            let put = RemotingCommand::request(RequestCode::PutKvConfig, 0).with_header(
                &PutKvConfigRequestHeader {
                    namespace: "wire".into(),
                    key: key.as_str().into(),
                    value: value.into(),
                },
            );
            let frame = ns.call(put, serialize_type).await.expect("a response");
            assert_eq!(decode(&frame).response_code(), ResponseCode::Success);

            let get = RemotingCommand::request(RequestCode::GetKvConfig, 0).with_header(
                &GetKvConfigRequestHeader {
                    namespace: "wire".into(),
                    key: key.as_str().into(),
                },
            );
            let frame = ns.call(get, serialize_type).await.expect("a response");
            let response = decode(&frame);
            assert_eq!(
                response.response_code(),
                ResponseCode::Success,
                "{response:?}"
            );
            assert_eq!(response.language(), LanguageCode::Rust);
            let header: GetKvConfigResponseHeader<'_> = response.custom_header().unwrap();
            assert_eq!(header.value.as_deref(), Some(value), "{serialize_type:?}");
        }

        let missing = RemotingCommand::request(RequestCode::GetKvConfig, 0).with_header(
            &GetKvConfigRequestHeader {
                namespace: "wire".into(),
                key: unique("absent").into(),
            },
        );
        let frame = ns
            .call(missing, SerializeType::Json)
            .await
            .expect("a response");
        let response = decode(&frame);
        assert_eq!(
            response.response_code(),
            ResponseCode::QueryNotFound,
            "{response:?}"
        );
        assert!(response.remark().is_some(), "{response:?}");

        let frame = ns
            .call_ok(RemotingCommand::request(
                RequestCode::GetBrokerClusterInfo,
                0,
            ))
            .await
            .unwrap();
        let info = json_body(&frame);
        let addrs = &info["brokerAddrTable"]["broker-wire"]["brokerAddrs"];
        assert!(addrs["0"].is_string(), "{info}");
        assert_eq!(
            info["clusterAddrTable"]["WireCluster"][0], "broker-wire",
            "{info}"
        );
        eprintln!(
            "name server: {:?} JSON and binary-header responses",
            ns.responses_by_serialization()
        );
    });
}

/// Messages sent and pulled back.
const MESSAGES: usize = 10_000;
/// Queues of the topic.
const QUEUES: i32 = 4;
/// Requests in flight while sending.
const WINDOW: usize = 256;

/// The body of message `i`: its number and a deterministic filler of varying length.
fn body(run: &str, i: usize) -> Vec<u8> {
    let mut body = format!("{run}/{i:05}/").into_bytes();
    body.extend((0..(i * 37) % 300).map(|j| b'a' + ((i + j) % 26) as u8));
    body
}

fn properties(i: usize) -> PropertiesBuf {
    PropertiesBuf::new()
        .with("KEYS", &format!("key-{i} order-{}", i / 10))
        .with("TAGS", if i % 2 == 0 { "TagA" } else { "TagB" })
        .with("seq", &i.to_string())
}

/// Creates `topic` on the broker and waits for its route at the name server; checks the
/// route points at the broker.
async fn create_topic(broker: &mut Client, namesrv: &str, broker_addr: &str, topic: &str) {
    let create = RemotingCommand::request(RequestCode::UpdateAndCreateTopic, 0).with_header(
        &CreateTopicRequestHeader {
            topic: topic.into(),
            default_topic: "TBW102".into(),
            read_queue_nums: QUEUES,
            write_queue_nums: QUEUES,
            perm: 6,
            topic_filter_type: "SINGLE_TAG".into(),
            order: false,
            ..Default::default()
        },
    );
    broker.call_ok(create).await.unwrap();

    let mut ns = Client::connect(namesrv).await.expect("connect");
    let deadline = Instant::now() + Duration::from_secs(30);
    let route = loop {
        let get = RemotingCommand::request(RequestCode::GetRouteinfoByTopic, 0).with_header(
            &GetRouteInfoRequestHeader {
                topic: topic.into(),
                accept_standard_json_only: Some(true),
            },
        );
        let frame = ns.call(get, SerializeType::Json).await.expect("a response");
        let response = decode(&frame);
        match response.response_code() {
            ResponseCode::Success => break json_body(&frame),
            ResponseCode::TopicNotExist if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(200)).await
            }
            _ => panic!("route of {topic}: {response:?}"),
        }
    };
    let queue = &route["queueDatas"][0];
    assert_eq!(queue["brokerName"], "broker-wire", "{route}");
    assert_eq!(queue["writeQueueNums"], QUEUES, "{route}");
    assert_eq!(
        route["brokerDatas"][0]["brokerAddrs"]["0"], broker_addr,
        "{route}"
    );
}

async fn max_offset(broker: &mut Client, topic: &str, queue_id: i32, st: SerializeType) -> i64 {
    let request = RemotingCommand::request(RequestCode::GetMaxOffset, 0).with_header(
        &GetMaxOffsetRequestHeader {
            topic: topic.into(),
            queue_id,
            committed: Some(true),
        },
    );
    let frame = broker.call(request, st).await.expect("a response");
    let response = decode(&frame);
    assert_eq!(
        response.response_code(),
        ResponseCode::Success,
        "{response:?}"
    );
    let header: GetMaxOffsetResponseHeader = response.custom_header().unwrap();
    header.offset
}

/// The max offset of every queue, once they add up to `total`: the broker acknowledges a send
/// when the message is in the commit log, and dispatches it to its consume queue a little
/// later (so right after the last send the sum can still be short).
async fn max_offsets(broker: &mut Client, topic: &str, total: i64, st: SerializeType) -> Vec<i64> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut offsets = Vec::new();
        for queue_id in 0..QUEUES {
            offsets.push(max_offset(broker, topic, queue_id, st).await);
        }
        let sum: i64 = offsets.iter().sum();
        assert!(sum <= total, "more messages than sent: {offsets:?}");
        if sum == total {
            return offsets;
        }
        assert!(
            Instant::now() < deadline,
            "max offsets {offsets:?} never reached {total}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What a pull gave back: message number → (queue, offset).
type Pulled = HashMap<usize, (i32, i64)>;

/// Pulls every message of every queue, checking each record's CRC, topic, queue, offset
/// sequence, body and properties against what message `seq` was sent with.
async fn pull_all(
    broker: &mut Client,
    topic: &str,
    run: &str,
    max_offsets: &[i64],
    serialize_type: SerializeType,
) -> (Pulled, usize) {
    let mut pulled = Pulled::new();
    let mut pulls = 0;
    let mut first_refusal = None;
    for (queue_id, &max) in (0..QUEUES).zip(max_offsets) {
        let mut offset = 0i64;
        while offset < max {
            let request = pull_request("wire-consumers", topic, queue_id, offset, 32, 0);
            let frame = broker
                .call(request, serialize_type)
                .await
                .expect("a response");
            pulls += 1;
            let response = decode(&frame);
            match response.response_code() {
                ResponseCode::Success => {}
                ResponseCode::PullRetryImmediately | ResponseCode::PullNotFound => {
                    check_refusals(&mut first_refusal, &response);
                    continue;
                }
                _ => panic!("pull {topic}/{queue_id}@{offset}: {response:?}"),
            }
            first_refusal = None;
            let header: PullMessageResponseHeader = response.custom_header().unwrap();
            let mut count = 0;
            for record in decode_messages(response.body()).check_crc(true) {
                let m: MessageExt<'_> = record.unwrap_or_else(|e| panic!("record: {e}"));
                assert_eq!(m.topic.as_str(), topic);
                assert_eq!(m.queue_id, queue_id);
                assert_eq!(m.queue_offset, offset, "offsets of a queue are consecutive");
                let seq: usize = m
                    .properties
                    .get("seq")
                    .expect("seq property")
                    .parse()
                    .unwrap();
                assert_eq!(m.body, body(run, seq), "body of message {seq}");
                let sent = properties(seq);
                for (name, value) in sent.as_properties().iter() {
                    assert_eq!(m.properties.get(name), Some(value), "{name} of {seq}");
                }
                assert_eq!(
                    m.properties.keys().collect::<Vec<_>>(),
                    [format!("key-{seq}"), format!("order-{}", seq / 10)],
                );
                assert!(
                    pulled.insert(seq, (queue_id, m.queue_offset)).is_none(),
                    "message {seq} pulled twice"
                );
                offset += 1;
                count += 1;
            }
            assert!(count > 0, "a FOUND pull with no messages");
            assert_eq!(header.next_begin_offset, offset, "{response:?}");
        }
        assert_eq!(offset, max, "queue {queue_id}");
    }
    (pulled, pulls)
}

#[test]
fn broker_sends_and_pulls_ten_thousand_messages() {
    let Some((namesrv, broker_addr)) = servers() else {
        return;
    };
    run(async {
        let topic = unique("topic");
        let run = unique("run");
        let mut broker = Client::connect(&broker_addr).await.expect("connect");
        create_topic(&mut broker, &namesrv, &broker_addr, &topic).await;

        // SEND_MESSAGE, pipelined: up to WINDOW requests in flight, answered in any order.
        let bodies: Vec<Vec<u8>> = (0..MESSAGES).map(|i| body(&run, i)).collect();
        let props: Vec<PropertiesBuf> = (0..MESSAGES).map(properties).collect();
        let mut in_flight = InFlight::new();
        let mut sent: Vec<Option<(i32, i64)>> = vec![None; MESSAGES];
        let mut out_of_order = 0;
        let mut last_opaque = 0;
        // Messages to send, in order; one the broker answers busy goes to the back.
        let mut to_send: VecDeque<usize> = (0..MESSAGES).collect();
        let mut busy = 0;
        let mut first_refusal = None;
        let start = Instant::now();
        while !to_send.is_empty() || !in_flight.is_empty() {
            while in_flight.len() < WINDOW {
                let Some(next) = to_send.pop_front() else {
                    break;
                };
                let opaque = in_flight.start(next);
                let header = SendMessageRequestHeader {
                    producer_group: "wire-producers".into(),
                    topic: topic.as_str().into(),
                    default_topic: "TBW102".into(),
                    default_topic_queue_nums: QUEUES,
                    queue_id: next as i32 % QUEUES,
                    sys_flag: 0,
                    born_timestamp: 1_767_225_600_000 + next as i64,
                    flag: 0,
                    properties: Some(props[next].as_str().into()),
                    reconsume_times: Some(0),
                    unit_mode: Some(false),
                    batch: Some(false),
                    max_reconsume_times: None,
                };
                let request = RemotingCommand::request(RequestCode::SendMessage, opaque)
                    .with_header(&header)
                    .with_body(&bodies[next]);
                broker
                    .feed(&request, SerializeType::Json)
                    .await
                    .expect("send");
            }
            broker.flush().await.expect("flush");
            let frame = broker.recv().await.expect("a response");
            let response = decode(&frame);
            if response.opaque() < last_opaque {
                out_of_order += 1;
            }
            last_opaque = response.opaque();
            let i = in_flight
                .complete(&response)
                .unwrap_or_else(|| panic!("a response to nothing in flight: {response:?}"));
            // Busy answers store nothing (Java's producer retries them too).
            if is_refusal(&response) {
                check_refusals(&mut first_refusal, &response);
                busy += 1;
                to_send.push_back(i);
                continue;
            }
            assert_eq!(
                response.response_code(),
                ResponseCode::Success,
                "send {i}: {response:?}"
            );
            first_refusal = None;
            let header: SendMessageResponseHeader<'_> = response.custom_header().unwrap();
            assert_eq!(header.queue_id, i as i32 % QUEUES);
            assert_eq!(header.msg_id.len(), 32, "offset msg id: {}", header.msg_id);
            assert!(
                sent[i]
                    .replace((header.queue_id, header.queue_offset))
                    .is_none()
            );
        }
        let send_time = start.elapsed();

        let max_offsets =
            max_offsets(&mut broker, &topic, MESSAGES as i64, SerializeType::Json).await;

        let start = Instant::now();
        let (pulled, pulls) =
            pull_all(&mut broker, &topic, &run, &max_offsets, SerializeType::Json).await;
        let pull_time = start.elapsed();

        // Nothing lost, nothing duplicated, each where its send response said.
        assert_eq!(pulled.len(), MESSAGES);
        for (i, sent) in sent.iter().enumerate() {
            assert_eq!(Some(&sent.unwrap()), pulled.get(&i), "message {i}");
        }
        eprintln!(
            "{MESSAGES} messages: sent in {send_time:?} ({out_of_order} responses out of order, {busy} busy and sent again), \
             pulled in {pull_time:?} with {pulls} PULL_MESSAGE requests; CRC, body and properties checked"
        );
    });
}

#[test]
fn binary_header_requests() {
    let Some((namesrv, broker_addr)) = servers() else {
        return;
    };
    run(async {
        let topic = unique("binary");
        let run = unique("run-binary");
        let mut broker = Client::connect(&broker_addr).await.expect("connect");
        create_topic(&mut broker, &namesrv, &broker_addr, &topic).await;

        // SEND_MESSAGE_V2 with the binary header, one at a time.
        let count = 200;
        for i in 0..count {
            let props = properties(i);
            let body = body(&run, i);
            let header = SendMessageRequestHeaderV2 {
                producer_group: "wire-producers".into(),
                topic: topic.as_str().into(),
                default_topic: "TBW102".into(),
                default_topic_queue_nums: QUEUES,
                queue_id: i as i32 % QUEUES,
                born_timestamp: 1_767_225_600_000,
                properties: Some(props.as_str().into()),
                ..Default::default()
            };
            let request = RemotingCommand::request(RequestCode::SendMessageV2, 0)
                .with_header(&header)
                .with_body(&body);
            let mut first_refusal = None;
            let frame = loop {
                let frame = broker
                    .call(request.clone(), SerializeType::RocketMq)
                    .await
                    .expect("a response");
                let response = decode(&frame);
                if !is_refusal(&response) {
                    break frame;
                }
                check_refusals(&mut first_refusal, &response);
            };
            let response = decode(&frame);
            assert_eq!(
                response.response_code(),
                ResponseCode::Success,
                "{response:?}"
            );
            let sent: SendMessageResponseHeader<'_> = response.custom_header().unwrap();
            assert_eq!(sent.queue_id, i as i32 % QUEUES);
        }

        let max_offsets =
            max_offsets(&mut broker, &topic, count as i64, SerializeType::RocketMq).await;
        let (pulled, _) = pull_all(
            &mut broker,
            &topic,
            &run,
            &max_offsets,
            SerializeType::RocketMq,
        )
        .await;
        assert_eq!(pulled.len(), count);
        eprintln!(
            "binary-header requests: {:?} JSON and binary-header responses decoded",
            broker.responses_by_serialization()
        );
    });
}

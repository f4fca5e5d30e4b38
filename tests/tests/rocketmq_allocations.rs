//! Allocation counts of the RocketMQ codecs, measured with a counting global allocator:
//! decoding a frame borrows (binary header: zero allocations; JSON header: zero unless a
//! string the caller reads has escapes), iterating message records allocates nothing,
//! encoding into a reused buffer allocates nothing, hostile lengths allocate nothing close to
//! what they claim.

use wire_protocols::rocketmq::{
    self, CustomHeader, HostAddr, MessageExt, PropertiesBuf, RemotingCommand, RequestCode,
    SendMessageRequestHeaderV2, SerializeType, Topic, decode_messages,
};
use wire_runtime::WireEncode;
use wire_tests::alloc_count::{Counting, measure};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A SEND_MESSAGE_V2 request with the usual extFields and a 256-byte body.
fn send_v2(properties: &str, body: &'static [u8]) -> RemotingCommand<'static> {
    let header = SendMessageRequestHeaderV2 {
        producer_group: "please_rename_unique_group_name".into(),
        topic: "TopicTest".into(),
        default_topic: "TBW102".into(),
        default_topic_queue_nums: 4,
        queue_id: 0,
        sys_flag: 0,
        born_timestamp: 1_767_225_600_123,
        flag: 0,
        properties: Some(properties.to_owned().into()),
        reconsume_times: Some(0),
        unit_mode: Some(false),
        max_reconsume_times: None,
        batch: Some(false),
        broker_name: Some("broker-a".into()),
    };
    RemotingCommand::request(RequestCode::SendMessageV2, 42)
        .with_header(&header)
        .with_body(body)
}

static BODY: [u8; 256] = [0x42; 256];

/// Reads every field of a decoded command, and every extFields entry.
fn touch(c: &RemotingCommand<'_>) -> usize {
    let ext = c.ext_fields().unwrap();
    ext.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
        + c.body().len()
        + c.remark().map_or(0, str::len)
}

#[test]
fn decoding_a_binary_header_frame_does_not_allocate() {
    let frame = send_v2("KEYS\u{1}k1\u{2}TAGS\u{1}TagA\u{2}", &BODY)
        .to_vec(SerializeType::RocketMq)
        .unwrap();
    let (command, count, _) = measure(|| rocketmq::decode(&frame).unwrap());
    assert_eq!(count, 0);
    let (len, count, _) = measure(|| touch(&command));
    assert_eq!(count, 0, "iterating extFields borrows");
    assert!(len > 256);
    let (header, count, _) =
        measure(|| SendMessageRequestHeaderV2::from_ext_fields(command.ext_fields().unwrap()));
    assert_eq!(count, 0, "a typed header borrows its strings");
    assert_eq!(header.unwrap().topic, "TopicTest");
}

#[test]
fn decoding_a_json_header_frame_allocates_only_for_escapes_read() {
    // Without escapes (the Go seed's kind of header): nothing.
    let frame = send_v2("KEYS=k1;TAGS=TagA", &BODY)
        .to_vec(SerializeType::Json)
        .unwrap();
    let (command, count, _) = measure(|| rocketmq::decode(&frame).unwrap());
    assert_eq!(count, 0);
    let (_, count, _) = measure(|| touch(&command));
    assert_eq!(count, 0);

    // Properties as Java writes them, escaped (\u0001, \u0002): decoding still borrows;
    // reading the escaped value decodes it into one `String`.
    let frame = send_v2("KEYS\u{1}k1\u{2}TAGS\u{1}TagA\u{2}", &BODY)
        .to_vec(SerializeType::Json)
        .unwrap();
    let (command, count, _) = measure(|| rocketmq::decode(&frame).unwrap());
    assert_eq!(count, 0);
    let (_, count, _) = measure(|| touch(&command));
    assert_eq!(count, 1, "the one escaped value, when read");
    let (value, count, _) = measure(|| command.ext("b").unwrap().len());
    assert_eq!((value, count), (9, 0));

    // An escaped remark is decoded when the header is.
    let frame = RemotingCommand::request(10, 1)
        .with_remark("a \"quoted\" remark")
        .to_vec(SerializeType::Json)
        .unwrap();
    let (_, count, _) = measure(|| rocketmq::decode(&frame).unwrap());
    assert_eq!(count, 1);
}

#[test]
fn encoding_into_a_reused_buffer_does_not_allocate() {
    let command = send_v2("KEYS\u{1}k1\u{2}", &BODY);
    let mut out = Vec::with_capacity(4096);
    for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
        out.clear();
        let (_, count, _) = measure(|| command.encode_as(serialize_type, &mut out).unwrap());
        assert_eq!(count, 0, "{serialize_type:?}");
        assert_eq!(out.len(), command.encoded_len_as(serialize_type));
        // Re-encoding a decoded command copies its validated sections as they are.
        let frame = out.clone();
        let decoded = rocketmq::decode(&frame).unwrap();
        out.clear();
        let (_, count, _) = measure(|| decoded.encode_as(serialize_type, &mut out).unwrap());
        assert_eq!(count, 0, "{serialize_type:?} re-encoded");
        assert_eq!(out, frame);
    }
}

#[test]
fn iterating_a_pull_body_allocates_nothing_per_record() {
    let props = PropertiesBuf::new().with("KEYS", "k").with("TAGS", "TagA");
    let mut body = Vec::new();
    for i in 0..32 {
        let mut m = MessageExt {
            queue_offset: i,
            born_host: HostAddr::V4 {
                ip: [10, 0, 0, 1],
                port: 4000,
            },
            body: &BODY,
            topic: Topic::new("TopicTest"),
            properties: props.as_properties(),
            ..MessageExt::default()
        };
        m.set_body_crc();
        m.encode(&mut body).unwrap();
    }
    let (sum, count, _) = measure(|| {
        decode_messages(&body)
            .check_crc(true)
            .map(|m| {
                let m = m.unwrap();
                m.body.len() + m.properties.iter().count() + m.topic.as_str().len()
            })
            .sum::<usize>()
    });
    assert_eq!(count, 0);
    assert_eq!(sum, 32 * (256 + 2 + 9));
}

#[test]
fn hostile_lengths_allocate_nothing_close_to_their_claims() {
    let mut frame20 = vec![0, 0, 0, 16, 0, 0xff, 0xff, 0xff];
    frame20.extend([0; 12]);
    let mut huge_frame = frame20.clone();
    huge_frame[..4].copy_from_slice(&i32::MAX.to_be_bytes());
    let mut huge_remark = vec![
        0, 0, 0, 25, 1, 0, 0, 21, 0, 10, 9, 1, 0x3d, 0, 0, 0, 7, 0, 0, 0, 0,
    ];
    huge_remark.extend(i32::MAX.to_be_bytes());
    huge_remark.extend([0; 4]);
    for frame in [&frame20, &huge_frame, &huge_remark] {
        let (result, count, bytes) = measure(|| rocketmq::decode(frame).map(drop));
        assert!(result.is_err());
        // A failing whole-frame decode decodes again with the derived decoder for its
        // error: two errors' worth of allocations, each a few bytes.
        assert!(
            count <= 4 && bytes < 1024,
            "{count} allocations, {bytes} bytes"
        );
    }
}

/// A JSON header shaped like the rocketmq-client-go seed's benchmark frame: 10 extFields of
/// lowercase keys and values, `"remark":""`, a 1-byte body.
fn go_shaped_frame() -> Vec<u8> {
    let mut header = String::from(
        r#"{"code":501,"language":"GO","version":317,"opaque":4,"flag":0,"remark":"","extFields":{"#,
    );
    for i in 0..10 {
        if i > 0 {
            header.push(',');
        }
        let key: String = (0..(i * 7) % 20)
            .map(|j| (b'a' + (i + j) as u8 % 26) as char)
            .collect();
        let value: String = (0..(i * 11) % 20)
            .map(|j| (b'z' - (i + j) as u8 % 26) as char)
            .collect();
        header.push_str(&format!(r#""{key}{i}":"{value}""#));
    }
    header.push_str("}}");
    let mut frame = Vec::new();
    frame.extend(((4 + header.len() + 1) as i32).to_be_bytes());
    frame.extend((header.len() as u32).to_be_bytes());
    frame.extend(header.as_bytes());
    frame.push(b'x');
    frame
}

#[test]
fn the_go_seed_frame_decodes_and_reads_without_allocating() {
    let frame = go_shaped_frame();
    let (command, count, _) = measure(|| rocketmq::decode(&frame).unwrap());
    assert_eq!(count, 0);
    assert_eq!(command.ext_fields().unwrap().len(), 10);
    let (_, count, _) = measure(|| touch(&command));
    assert_eq!(count, 0, "reading every entry borrows");
    // What the caller asks to own is one allocation per string it asks for.
    let (owned, count, _) = measure(|| command.remark().map(str::to_owned));
    assert_eq!(
        (owned.as_deref(), count),
        (Some(""), 0),
        "an empty String does not allocate"
    );
}

/// rocketmq-protocol's allocations for the same frames, printed for comparison (what it does
/// is its business; ours are asserted above).
#[test]
fn peer_allocations_for_comparison() {
    use bytes::BytesMut;
    use rocketmq_protocol::RemotingCommand as Peer;
    let binary = send_v2("KEYS\u{1}k1\u{2}TAGS\u{1}TagA\u{2}", &BODY)
        .to_vec(SerializeType::RocketMq)
        .unwrap();
    let json = send_v2("KEYS\u{1}k1\u{2}TAGS\u{1}TagA\u{2}", &BODY)
        .to_vec(SerializeType::Json)
        .unwrap();
    for (name, frame) in [
        ("binary SEND_MESSAGE_V2", &binary),
        ("JSON SEND_MESSAGE_V2", &json),
    ] {
        let mut buf = BytesMut::from(&frame[..]);
        let (peer, peer_count, peer_bytes) = measure(|| Peer::decode(&mut buf).unwrap().unwrap());
        let (_, map_count, map_bytes) = measure(|| peer.ext_fields().map(|m| m.len()));
        let (ours, count, _) = measure(|| rocketmq::decode(frame).unwrap());
        assert_eq!(count, 0);
        assert_eq!(ours.code(), peer.code());
        eprintln!(
            "{name}: wire 0 allocations; rocketmq-protocol {peer_count} ({peer_bytes} B) to decode, \
             {map_count} more ({map_bytes} B) for its extFields map"
        );
    }
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

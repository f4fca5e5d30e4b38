//! Cross-check against an independent implementation in the same run: the `rocketmq-protocol`
//! crate (rocketmq-rust 1.0, formerly `rocketmq-remoting`). Frames we encode decode to the
//! same fields in the peer and frames the peer encodes decode to the same fields in ours, both
//! directions, both header encodings; message records likewise.
//!
//! The peer keeps extFields in a `HashMap`, so they are compared as maps (commands with
//! repeated keys are left out), and it cannot hold a language byte it does not know.

use bytes::{Bytes, BytesMut};
use cheetah_string::CheetahString;
use proptest::collection::vec;
use proptest::prelude::*;
use rocketmq_protocol::protocol::LanguageCode as PeerLanguage;
use rocketmq_protocol::protocol::SerializeType as PeerSerializeType;
use rocketmq_protocol::protocol::body::message_codec;
use rocketmq_protocol::{EncodedFrame, RemotingCommand as PeerCommand};
use std::collections::HashMap;
use wire_protocols::rocketmq::{
    self, Flags, HostAddr, LanguageCode, MessageExt, Properties, RemotingCommand, SerializeType,
    SysFlag, Topic,
};
use wire_runtime::{WireEncode, decode};

#[derive(Debug, Clone)]
struct Seed {
    code: i16,
    language: u8,
    version: i16,
    opaque: i32,
    flag: i32,
    remark: Option<String>,
    ext: Vec<(String, String)>,
    body: Vec<u8>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "(?s).{1,12}",
        "[a-zA-Z0-9_]{1,10}",
        "[\\x01-\\x1f\"\\\\]{1,4}"
    ]
}

fn seed() -> impl Strategy<Value = Seed> {
    (
        any::<i16>(),
        0u8..14,
        any::<i16>(),
        any::<i32>(),
        0i32..4,
        proptest::option::of(text()),
        vec((text(), text()), 0..6),
        vec(any::<u8>(), 0..40),
    )
        .prop_map(
            |(code, language, version, opaque, flag, remark, ext, body)| {
                // One value per key: the peer's map keeps only one.
                let mut seen = std::collections::HashSet::new();
                let ext = ext
                    .into_iter()
                    .filter(|(k, _)| seen.insert(k.clone()))
                    .collect();
                Seed {
                    code,
                    language,
                    version,
                    opaque,
                    flag,
                    remark,
                    ext,
                    body,
                }
            },
        )
}

fn ours(s: &Seed) -> RemotingCommand<'_> {
    let mut c = RemotingCommand::request(s.code, s.opaque)
        .with_language(LanguageCode::from_code(s.language))
        .with_version(s.version.into())
        .with_flag(Flags(s.flag))
        .with_ext_fields((!s.ext.is_empty()).then(|| {
            s.ext
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect()
        }))
        .with_body(&s.body);
    if let Some(remark) = &s.remark {
        c = c.with_remark(remark.as_str());
    }
    c
}

fn peer(s: &Seed, serialize_type: PeerSerializeType) -> PeerCommand {
    let ext: HashMap<CheetahString, CheetahString> = s
        .ext
        .iter()
        .map(|(k, v)| {
            (
                CheetahString::from(k.as_str()),
                CheetahString::from(v.as_str()),
            )
        })
        .collect();
    let mut command = PeerCommand::with_resolved_defaults(s.version.into(), serialize_type)
        .set_code(i32::from(s.code))
        .set_language(PeerLanguage::value_of(s.language).unwrap())
        .set_opaque(s.opaque)
        .set_flag(s.flag)
        .set_remark_option(s.remark.clone());
    if !ext.is_empty() {
        command = command.set_ext_fields(ext);
    }
    if !s.body.is_empty() {
        command = command.set_body(Bytes::from(s.body.clone()));
    }
    command
}

/// The fields both implementations hold, in comparable form.
#[derive(Debug, PartialEq)]
struct Fields {
    code: i32,
    language: u8,
    version: i32,
    opaque: i32,
    flag: i32,
    remark: Option<String>,
    ext: HashMap<String, String>,
    body: Vec<u8>,
}

fn fields_of_ours(c: &RemotingCommand<'_>) -> Fields {
    Fields {
        code: c.code(),
        language: c.language().code(),
        version: c.version(),
        opaque: c.opaque(),
        flag: c.flag().bits(),
        remark: c.remark().map(str::to_owned),
        ext: c
            .ext_fields()
            .into_iter()
            .flat_map(|e| e.iter())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect(),
        body: c.body().to_vec(),
    }
}

fn fields_of_peer(c: &PeerCommand) -> Fields {
    Fields {
        code: c.code(),
        language: c.language().get_code(),
        version: c.version(),
        opaque: c.opaque(),
        flag: c.flag(),
        remark: c.remark().map(|r| r.as_str().to_owned()),
        ext: c
            .ext_fields()
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.as_str().to_owned(), v.as_str().to_owned()))
            .collect(),
        body: c.body().map_or_else(Vec::new, |b| b.to_vec()),
    }
}

/// What a binary header keeps of the seed's fields: an empty remark is none.
fn normalized(mut f: Fields, binary: bool) -> Fields {
    if binary && f.remark.as_deref() == Some("") {
        f.remark = None;
    }
    f
}

fn peer_decode(frame: &[u8]) -> PeerCommand {
    let mut buf = BytesMut::from(frame);
    let command = PeerCommand::decode(&mut buf)
        .unwrap_or_else(|e| panic!("the peer rejects our frame: {e}"))
        .expect("a whole frame");
    assert!(buf.is_empty(), "the peer left bytes");
    command
}

const ENCODINGS: [(SerializeType, PeerSerializeType); 2] = [
    (SerializeType::Json, PeerSerializeType::JSON),
    (SerializeType::RocketMq, PeerSerializeType::ROCKETMQ),
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_peer_decodes_our_frames(s in seed()) {
        let command = ours(&s);
        for (ours_type, peer_type) in ENCODINGS {
            let frame = command.to_vec(ours_type).unwrap();
            let decoded = peer_decode(&frame);
            prop_assert_eq!(decoded.serialize_type(), peer_type);
            let binary = ours_type == SerializeType::RocketMq;
            prop_assert_eq!(
                normalized(fields_of_peer(&decoded), binary),
                normalized(fields_of_ours(&command), binary)
            );
        }
    }

    #[test]
    fn we_decode_the_peers_frames(s in seed()) {
        for (ours_type, peer_type) in ENCODINGS {
            let expected = peer(&s, peer_type);
            let frame = EncodedFrame::from_command(expected.clone()).unwrap().into_bytes();
            let decoded = rocketmq::decode(&frame).unwrap();
            prop_assert_eq!(decoded.serialize_type(), ours_type);
            let binary = ours_type == SerializeType::RocketMq;
            prop_assert_eq!(
                normalized(fields_of_ours(&decoded), binary),
                normalized(fields_of_peer(&expected), binary)
            );
            // And what we re-encode, the peer reads back the same.
            let again = decoded.to_vec(ours_type).unwrap();
            prop_assert_eq!(
                normalized(fields_of_peer(&peer_decode(&again)), binary),
                normalized(fields_of_peer(&expected), binary)
            );
        }
    }

    #[test]
    fn message_records_agree(
        ints in any::<(i32, i32, i64, i64, i64, i64, i32, i64)>(),
        v6 in any::<(bool, bool)>(),
        body in vec(any::<u8>(), 0..48),
        topic in "[a-zA-Z0-9_%-]{1,300}",
        props in vec(("[A-Za-z]{1,8}", "[ -~]{1,8}"), 0..4),
    ) {
        let properties: String = props.iter().map(|(k, v)| format!("{k}\u{1}{v}\u{2}")).collect();
        let host = |v6: bool, last: u8| if v6 {
            HostAddr::V6 { ip: [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, last], port: 10911 }
        } else {
            HostAddr::V4 { ip: [127, 0, 0, last], port: 10911 }
        };
        let (queue_id, flag, queue_offset, physic_offset, born, stored, reconsume, prepared) = ints;
        let mut m = MessageExt {
            queue_id, flag, queue_offset, physic_offset,
            born_timestamp: born, store_timestamp: stored,
            reconsume_times: reconsume, prepared_transaction_offset: prepared,
            born_host: host(v6.0, 1), store_host: host(v6.1, 2),
            sys_flag: SysFlag { multi_tags: true, ..SysFlag::default() },
            body: &body, topic: Topic::new(&topic), properties: Properties::new(&properties),
            ..MessageExt::default()
        };
        m.set_body_crc();
        let bytes = m.encode_to_vec().unwrap();
        let frame = message_codec::decode_message_frame(&mut Bytes::from(bytes.clone()))
            .unwrap_or_else(|e| panic!("the peer rejects our record: {e}"));
        prop_assert_eq!(frame.store_size as usize, bytes.len());
        prop_assert_eq!(frame.magic_code as u32, m.topic.version().wire_tag());
        prop_assert_eq!(frame.body_crc as i32, m.body_crc);
        prop_assert_eq!((frame.queue_id, frame.flag, frame.queue_offset), (queue_id, flag, queue_offset));
        prop_assert_eq!(frame.commit_log_offset, physic_offset);
        let sys_flag = i32::from_be_bytes(m.sys_flag.encode_to_vec().unwrap().try_into().unwrap());
        prop_assert_eq!(frame.sys_flag, sys_flag);
        prop_assert_eq!((frame.born_timestamp, frame.store_timestamp), (born, stored));
        prop_assert_eq!(frame.born_host, m.born_host.socket_addr().unwrap());
        prop_assert_eq!(frame.store_host, m.store_host.socket_addr().unwrap());
        prop_assert_eq!((frame.reconsume_times, frame.prepared_transaction_offset), (reconsume, prepared));
        prop_assert_eq!(&frame.body[..], &body[..]);
        prop_assert_eq!(frame.topic.as_str(), topic.as_str());
        let peer_props: HashMap<&str, &str> =
            frame.properties.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let our_props: HashMap<&str, &str> = m.properties.iter().collect();
        prop_assert_eq!(peer_props, our_props);

        // The peer's own encoder, read by us. It always writes a V1 record, whose topic length
        // is a `u8`: longer topics come out corrupt (`topic_len as u8`), so they stop here.
        if topic.len() > 255 || body.is_empty() {
            // (An empty body is "message body is required" to it.)
            return Ok(());
        }
        let mut peer_message = rocketmq_protocol::common::message::message_decoder::decode(
            &mut Bytes::from(bytes.clone()), true, false, false, false, true,
        ).expect("the peer decodes with CRC");
        peer_message.store_size = 0;
        let peer_bytes = rocketmq_protocol::common::message::message_decoder::encode(&peer_message, false).unwrap();
        let back: MessageExt<'_> = decode(&peer_bytes).unwrap_or_else(|e| panic!("{e}"));
        back.verify_body_crc().unwrap();
        prop_assert_eq!((back.queue_id, back.queue_offset, back.physic_offset), (queue_id, queue_offset, physic_offset));
        prop_assert_eq!(back.body, &body[..]);
        prop_assert_eq!(back.topic.as_str(), topic.as_str());
        prop_assert_eq!(back.born_host, m.born_host);
        prop_assert_eq!(back.store_host, m.store_host);
        let back_props: HashMap<&str, &str> = back.properties.iter().collect();
        prop_assert_eq!(back_props, m.properties.iter().collect::<HashMap<_, _>>());
    }
}

#[test]
fn a_oneway_request_with_escapes_reads_the_same_in_the_peer() {
    let command = RemotingCommand::request(31, i32::MAX)
        .with_language(LanguageCode::Java)
        .with_version(323)
        .with_flag(Flags(2))
        .with_remark("r\u{e9}mark \"\u{1}\"")
        .with_ext([("queueId", "8"), ("topic", "Topic\u{2}B")])
        .with_body(b"\xffR");
    for (ours_type, _) in ENCODINGS {
        let peer = peer_decode(&command.to_vec(ours_type).unwrap());
        assert!(peer.is_oneway_rpc() && !peer.is_response_type());
        assert_eq!(
            fields_of_peer(&peer),
            fields_of_ours(&command),
            "{ours_type:?}"
        );
    }
}

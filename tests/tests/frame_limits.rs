//! Frame limits mean one thing for every protocol: the largest whole frame accepted, in bytes.
//! Splitters and codecs built with `default()` take the protocol's default, which accepts real
//! traffic; an explicit limit accepts a frame of exactly that size and rejects one byte more;
//! a limit of 0 rejects every frame (it does not mean "no limit").

use bytes::BytesMut;
use tokio_util::codec::{Decoder, Encoder};
use wire_protocols::{mqtt, rocketmq, stream};
use wire_runtime::{framing::FrameSplitter, framing::Framing};

/// A frame of `total` bytes in each protocol's framing (its contents are not decoded).
trait Frames: Framing {
    fn frame(total: usize) -> Vec<u8>;
}

impl Frames for mqtt::MqttFrames {
    fn frame(total: usize) -> Vec<u8> {
        // Fixed header, then the remaining length as a Variable Byte Integer.
        let vbi_len = |n: usize| match n {
            0..=127 => 1,
            128..=16_383 => 2,
            16_384..=2_097_151 => 3,
            _ => 4,
        };
        let mut remaining = total - 2;
        while 1 + vbi_len(remaining) + remaining != total {
            remaining -= 1;
        }
        let mut out = vec![0x30];
        let mut n = remaining;
        loop {
            let byte = (n % 128) as u8;
            n /= 128;
            out.push(if n > 0 { byte | 0x80 } else { byte });
            if n == 0 {
                break;
            }
        }
        out.resize(total, 0);
        out
    }
}

impl Frames for stream::StreamFrames {
    fn frame(total: usize) -> Vec<u8> {
        let mut out = ((total - 4) as u32).to_be_bytes().to_vec();
        out.resize(total, 0);
        out
    }
}

impl Frames for rocketmq::RemotingFrames {
    fn frame(total: usize) -> Vec<u8> {
        let mut out = ((total - 4) as i32).to_be_bytes().to_vec();
        out.resize(total, 0);
        out
    }
}

/// What the splitter makes of `frame` under `max_len`: the frame's length, or an error.
fn split<F: Framing>(max_len: usize, frame: &[u8]) -> Result<usize, wire_runtime::DecodeError> {
    let mut splitter = FrameSplitter::<F>::new(max_len);
    splitter.extend(frame);
    Ok(splitter
        .next_frame()?
        .expect("the whole frame is there")
        .len())
}

fn limits_hold<F: Frames>(real_traffic: usize) {
    // The default accepts what real peers send.
    let big = F::frame(real_traffic);
    let mut splitter = FrameSplitter::<F>::default();
    splitter.extend(&big);
    assert_eq!(splitter.next_frame().unwrap().unwrap().len(), real_traffic);
    assert!(F::DEFAULT_MAX_LEN >= real_traffic);

    // An explicit limit is inclusive, and counts the whole frame.
    for total in [8, 300, 70_000] {
        let frame = F::frame(total);
        assert_eq!(split::<F>(total, &frame).unwrap(), total);
        assert!(
            split::<F>(total - 1, &frame).is_err(),
            "{total} bytes under a limit of {}",
            total - 1
        );
    }
    // 0 is a limit like any other.
    assert!(split::<F>(0, &F::frame(8)).is_err());
}

#[test]
fn mqtt_limits() {
    // A 1 MiB PUBLISH, well under the 256 MiB the protocol allows.
    limits_hold::<mqtt::MqttFrames>(1 << 20);
    assert_eq!(mqtt::MqttFrames::DEFAULT_MAX_LEN, mqtt::MAX_PACKET_LEN);
    // The largest packet the remaining length can announce is accepted by the default.
    let header = [0x30, 0xff, 0xff, 0xff, 0x7f];
    assert_eq!(
        mqtt::frame_len(&header, mqtt::MAX_PACKET_LEN).unwrap(),
        None
    );
    assert!(mqtt::frame_len(&header, mqtt::MAX_PACKET_LEN - 1).is_err());
}

#[test]
fn stream_limits() {
    // RabbitMQ sends a chunk whole in one Deliver frame whatever frame_max says: 3.3 MB were
    // seen on a connection tuned to 1 MiB.
    limits_hold::<stream::StreamFrames>(3_300_000);
    assert_eq!(
        stream::StreamFrames::DEFAULT_MAX_LEN,
        stream::DEFAULT_MAX_FRAME
    );
}

#[test]
fn rocketmq_limits() {
    // A 4 MiB message body, as Java's default maxMessageSize allows.
    limits_hold::<rocketmq::RemotingFrames>(4 << 20);
    assert_eq!(
        rocketmq::RemotingFrames::DEFAULT_MAX_LEN,
        rocketmq::DEFAULT_MAX_FRAME
    );
}

#[test]
fn codecs_take_the_same_limits() {
    let mqtt = mqtt::MqttCodec::new(mqtt::Version::V5);
    assert_eq!(mqtt.max_len(), mqtt::MAX_PACKET_LEN);
    assert_eq!(
        stream::StreamCodec::default().max_len(),
        stream::DEFAULT_MAX_FRAME
    );
    assert_eq!(
        rocketmq::RemotingCodec::default().max_len(),
        rocketmq::DEFAULT_MAX_FRAME
    );

    let frame = <stream::StreamFrames as Frames>::frame(100);
    let mut codec = stream::StreamCodec::default().with_max_len(99);
    let err = codec.decode(&mut BytesMut::from(&frame[..])).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    let mut codec = codec.with_max_len(100);
    assert_eq!(
        codec
            .decode(&mut BytesMut::from(&frame[..]))
            .unwrap()
            .unwrap()
            .len(),
        100
    );
}

#[test]
fn codecs_write_whole_frames() {
    let mut buf = BytesMut::new();
    let mut codec = mqtt::MqttCodec::new(mqtt::Version::V311);
    let ping = mqtt::Packet::PingReq {
        header: Default::default(),
        body: mqtt::Empty,
    };
    codec.encode(&ping, &mut buf).unwrap();
    assert_eq!(&buf[..], [0xc0, 0x00]);
    let frame = codec.decode(&mut buf).unwrap().unwrap();
    assert_eq!(mqtt::decode(&frame, mqtt::Version::V311).unwrap().0, ping);

    let mut codec = stream::StreamCodec::default();
    let heartbeat = stream::Command::Heartbeat(Default::default());
    codec.encode(&heartbeat, &mut buf).unwrap();
    let frame = codec.decode(&mut buf).unwrap().unwrap();
    assert_eq!(stream::decode(&frame).unwrap(), heartbeat);

    let mut codec = rocketmq::RemotingCodec::default();
    let request = rocketmq::RemotingCommand::request(rocketmq::RequestCode::GetRouteinfoByTopic, 9);
    for serialize_type in [
        rocketmq::SerializeType::Json,
        rocketmq::SerializeType::RocketMq,
    ] {
        let request = request.with_serialize_type(serialize_type).unwrap();
        codec.encode(&request, &mut buf).unwrap();
        let frame = codec.decode(&mut buf).unwrap().unwrap();
        let decoded = rocketmq::decode(&frame).unwrap();
        assert_eq!(decoded.serialize_type(), serialize_type);
        assert_eq!(decoded, request);
    }
    assert!(buf.is_empty());
}

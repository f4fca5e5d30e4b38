use super::*;
use std::cell::RefCell;
use std::rc::Rc;
use wire_runtime::DecodeError;

// ---------------------------------------------------------------------------------------------
// Cases

/// mqttbytes' 3.1.1 PUBLISH frame with this payload.
pub(crate) fn mqtt311_frame(payload: &[u8], frame_len: usize) -> BytesMut {
    let mut frame = BytesMut::new();
    mqttbytes_v4(payload).write(&mut frame).unwrap();
    assert_eq!(frame.len(), frame_len);
    frame
}

pub(crate) fn mqtt311_decode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = vec![0x42u8; payload_len];
    let frame = mqtt311_frame(&payload, frame_len);
    let want = expected(&payload, mqtt_publish::Version::V311);
    check_decoders(&frame, mqtt_publish::Version::V311, &want);
    check_same_validation(&frame, mqtt_publish::Version::V311);
    check_owned(&frame, mqtt_publish::Version::V311, &want);

    let mut group = ours(
        c,
        case,
        &frame,
        entry::mqtt311_publish_decode_wire,
        entry::mqtt311_publish_decode_hand,
    );
    group.bench_function("mqttbytes", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v4_decode_mqttbytes(s);
            let mqttbytes::v4::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
        })
    });
    group.bench_function("rumqttc", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v4_decode_rumqttc(s);
            let rumqttc::mqttbytes::v4::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
        })
    });
    group.finish();
}

/// The `_slice` and `_framed` groups of a PUBLISH decode case (wire and hand), and the `_owned`
/// group with wire and hand timed in it, returned for the caller to add the peers.
fn ours<'c, 'a, W, H>(
    c: &'c mut Criterion,
    case: &str,
    frame: &'a [u8],
    wire: W,
    hand: H,
) -> common::Group<'c, 'a>
where
    W: Fn(&[u8]) -> Result<(Packet<'_>, usize), DecodeError> + Copy + 'a,
    H: Fn(&[u8]) -> Option<(mqtt_publish::Publish<'_>, usize)> + Copy + 'a,
{
    let frames = batch(frame);
    let mut group = common::Group::new(c, format!("{case}_slice"));
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = wire(input);
            let Ok((Packet::Publish { flags, publish }, used)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
            used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = hand(input);
            let (publish, used) = decoded.as_ref().unwrap();
            consume_hand(publish);
            *used
        })
    });
    group.finish();

    let mut group = common::Group::new(c, format!("{case}_framed"));
    group.bench_function("wire", |b| {
        bench_stream(b, frame, |s| {
            let packet = next_packet(s);
            let decoded = wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_publish(flags, &publish);
        })
    });
    group.bench_function("hand", |b| {
        bench_stream(b, frame, |s| {
            let packet = next_packet(s);
            let decoded = hand(&packet);
            consume_hand(&decoded.as_ref().unwrap().0);
        })
    });
    group.finish();

    let mut group = common::Group::new(c, format!("{case}_owned"));
    group.bench_function("wire", move |b| {
        bench_stream(b, frame, |s| {
            let packet = next_packet(s);
            let decoded = wire(&packet);
            let Ok((Packet::Publish { flags, publish }, _)) = decoded else {
                unreachable!("not a PUBLISH")
            };
            consume_owned(&owned_wire(&packet, flags, &publish));
        })
    });
    group.bench_function("hand", move |b| {
        bench_stream(b, frame, |s| {
            let packet = next_packet(s);
            let decoded = hand(&packet);
            consume_owned(&owned_hand(&packet, &decoded.as_ref().unwrap().0));
        })
    });
    group
}

/// `wire` and `hand` through the framed path into owned packets: the peers' field values.
pub(crate) fn check_owned(frame: &[u8], version: mqtt_publish::Version, want: &Fields) {
    let mut s = stream(frame, 2);
    let packet = next_packet(&mut s);
    let (decoded, _) =
        wire_protocols::mqtt::decode(&packet, wire_version(version)).expect("wire decodes");
    let Packet::Publish { flags, publish } = decoded else {
        panic!("not a PUBLISH")
    };
    assert_eq!(
        &owned_wire(&packet, flags, &publish).fields(),
        want,
        "wire, owned"
    );
    let packet = next_packet(&mut s);
    let (hand, _) = mqtt_publish::decode(&packet, version).expect("hand decodes");
    assert_eq!(&owned_hand(&packet, &hand).fields(), want, "hand, owned");
}

pub(crate) fn mqtt311_publish_64_decode(c: &mut Criterion) {
    mqtt311_decode(c, "mqtt311_publish_64_decode", 64, 95);
}

/// The 64 B PUBLISH read through a reference (see the timing loops' comment).
pub(crate) fn mqtt311_publish_64_decode_by_ref(c: &mut Criterion) {
    let frame = mqtt311_frame(&[0x42; 64], 95);
    let frames = batch(&frame);
    let mut group = common::Group::new(c, "mqtt311_publish_64_decode_slice_by_ref");
    group.bench_function("wire", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_wire(input);
            let (packet, used) = decoded.as_ref().unwrap();
            consume_wire_by_ref(packet);
            *used
        })
    });
    group.bench_function("hand", |b| {
        bench_slice(b, &frames, |input| {
            let decoded = entry::mqtt311_publish_decode_hand(input);
            let (publish, used) = decoded.as_ref().unwrap();
            consume_hand(publish);
            *used
        })
    });
    group.finish();
}

pub(crate) fn mqtt311_publish_4096_decode(c: &mut Criterion) {
    mqtt311_decode(c, "mqtt311_publish_4096_decode", 4096, 4128);
}

pub(crate) fn mqtt311_publish_64_encode(c: &mut Criterion) {
    let payload = Bytes::from(vec![0x42u8; 64]);
    let mut mqttbytes = mqttbytes_v4(&payload);
    let mut rumqttc = rumqttc_v4(&payload);
    // Every implementation copies the payload from the same memory (see `EncodeGroup`).
    (mqttbytes.payload, rumqttc.payload) = (payload.clone(), payload.clone());
    let wire = mqtt_publish::sample_wire(&payload, mqtt_publish::Version::V311);
    let hand = mqtt_publish::sample(&payload, mqtt_publish::Version::V311);
    EncodeGroup::new(c, "mqtt311_publish_64_encode", 95)
        .bench("wire", |out| {
            entry::mqtt311_publish_encode_wire(black_box(&wire), out)
        })
        .bench("hand", |out| {
            entry::mqtt311_publish_encode_hand(black_box(&hand), out)
        })
        .bench("mqttbytes", |out| {
            peers::v4_encode_mqttbytes(black_box(&mqttbytes), out)
        })
        .bench("rumqttc", |out| {
            peers::v4_encode_rumqttc(black_box(&rumqttc), out)
        })
        .finish();
}

/// A group of encoders of one packet (the PUBLISH cases here, CONNECT in `connect`), all
/// writing into the same buffer, each checked to
/// write the same `frame_len` bytes as the first before it is timed.
///
/// One buffer, a `BytesMut` (what the peers write into, and what a tokio codec hands out),
/// and one payload that every fixture shares, so that no implementation is timed on memory
/// laid out better than another's or on a cheaper buffer type. With a buffer and a payload
/// copy of their own, wire's 4 KiB PUBLISH took 48 ns in a run of its group and 66 ns in
/// full runs; written into a `Vec` instead, its 5.0 PUBLISH with properties took 23 ns where
/// a `BytesMut` takes 28-31 ns.
pub(crate) struct EncodeGroup<'c, 'a> {
    group: common::Group<'c, 'a>,
    buf: Rc<RefCell<BytesMut>>,
    frame_len: usize,
    reference: Option<BytesMut>,
}

impl<'c, 'a> EncodeGroup<'c, 'a> {
    pub(crate) fn new(c: &'c mut Criterion, case: &str, frame_len: usize) -> Self {
        EncodeGroup {
            group: common::Group::new(c, case),
            buf: Rc::new(RefCell::new(BytesMut::with_capacity(frame_len))),
            frame_len,
            reference: None,
        }
    }

    pub(crate) fn bench(mut self, name: &str, mut encode: impl FnMut(&mut BytesMut) + 'a) -> Self {
        let mut buf = self.buf.borrow_mut();
        buf.clear();
        encode(&mut buf);
        match &self.reference {
            None => assert_eq!(buf.len(), self.frame_len, "{name}: frame length"),
            Some(want) => assert_eq!(&*buf, want, "{name} encodes other bytes"),
        }
        self.reference.get_or_insert_with(|| buf.clone());
        drop(buf);
        common::encode_into_bytes(&mut self.group, name, self.buf.clone(), encode);
        self
    }

    pub(crate) fn finish(self) {
        self.group.finish();
    }
}

pub(crate) fn mqtt5_decode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = vec![0x42u8; payload_len];
    let mut frame = BytesMut::new();
    mqttbytes_v5(&payload).write(&mut frame).unwrap();
    assert_eq!(frame.len(), frame_len);
    let want = expected(&payload, mqtt_publish::Version::V5);
    check_decoders(&frame, mqtt_publish::Version::V5, &want);
    check_same_validation(&frame, mqtt_publish::Version::V5);
    check_owned(&frame, mqtt_publish::Version::V5, &want);

    let mut group = ours(
        c,
        case,
        &frame,
        entry::mqtt5_publish_decode_wire,
        entry::mqtt5_publish_decode_hand,
    );
    group.bench_function("mqttbytes", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_mqttbytes(s);
            let mqttbytes::v5::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            consume_peer!(p, p.topic.as_str());
            consume_peer_props!(p.properties);
        })
    });
    group.bench_function("rumqttc", |b| {
        bench_stream(b, &frame, |s| {
            let decoded = peers::v5_decode_rumqttc(s);
            let rumqttc::v5::mqttbytes::v5::Packet::Publish(p) = decoded.as_ref().unwrap() else {
                unreachable!()
            };
            // rumqttc's v5 keeps the topic as unvalidated `Bytes`.
            consume_peer!(p, &p.topic[..]);
            consume_peer_props!(p.properties);
        })
    });
    group.finish();
}

pub(crate) fn mqtt5_encode(c: &mut Criterion, case: &str, payload_len: usize, frame_len: usize) {
    let payload = Bytes::from(vec![0x42u8; payload_len]);
    let mut mqttbytes = mqttbytes_v5(&payload);
    let mut rumqttc = rumqttc_v5(&payload);
    (mqttbytes.payload, rumqttc.payload) = (payload.clone(), payload.clone());
    let wire = mqtt_publish::sample_wire(&payload, mqtt_publish::Version::V5);
    let hand = mqtt_publish::sample(&payload, mqtt_publish::Version::V5);
    EncodeGroup::new(c, case, frame_len)
        .bench("wire", |out| {
            entry::mqtt5_publish_encode_wire(black_box(&wire), out)
        })
        .bench("hand", |out| {
            entry::mqtt5_publish_encode_hand(black_box(&hand), out)
        })
        .bench("mqttbytes", |out| {
            peers::v5_encode_mqttbytes(black_box(&mqttbytes), out)
        })
        .bench("rumqttc", |out| {
            peers::v5_encode_rumqttc(black_box(&rumqttc), out)
        })
        .finish();
}

pub(crate) fn mqtt5_publish_props_decode(c: &mut Criterion) {
    mqtt5_decode(c, "mqtt5_publish_props_decode", 64, 150);
}

pub(crate) fn mqtt5_publish_props_encode(c: &mut Criterion) {
    mqtt5_encode(c, "mqtt5_publish_props_encode", 64, 150);
}

pub(crate) fn mqtt5_publish_4096_decode(c: &mut Criterion) {
    mqtt5_decode(c, "mqtt5_publish_4096_decode", 4096, 4182);
}

pub(crate) fn mqtt5_publish_4096_encode(c: &mut Criterion) {
    mqtt5_encode(c, "mqtt5_publish_4096_encode", 4096, 4182);
}

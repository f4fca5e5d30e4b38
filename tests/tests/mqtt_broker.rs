//! Interop with a real broker: mosquitto on 127.0.0.1, started by
//! `scripts/brokers/mosquitto.sh` (which prints the `MQTT_ADDR=...` to export). Every packet
//! we send is encoded by wire and every packet the broker sends is decoded by wire, over the
//! `tokio_util` codec, in both protocol versions.

use std::time::Duration;
use wire_examples::mqtt::{self as mqtt_client, Client};
use wire_protocols::mqtt::{
    self, ConnectFlags, FixedHeader, Packet, Properties, Property, PubAck, PubRel, PublishFlags,
    QoS, ReasonCode, SubscriptionOptions, Version,
};

/// The broker's address, or `None` (the test is skipped) when `MQTT_ADDR` is unset. In CI
/// (`CI` set) a missing broker is a failure, not a skip.
fn broker() -> Option<String> {
    match std::env::var("MQTT_ADDR") {
        Ok(addr) if !addr.is_empty() => Some(addr),
        _ if std::env::var_os("CI").is_some() => {
            panic!("MQTT_ADDR is not set in CI: .ci/run must start mosquitto")
        }
        _ => {
            eprintln!(
                "skipping: MQTT_ADDR is not set; run `bash scripts/brokers/mosquitto.sh` and export the line it prints"
            );
            None
        }
    }
}

/// The example client (`wire_examples::mqtt`): connection, CONNACK check, framing.
type Conn = Client;

async fn send(conn: &mut Conn, packet: Packet<'_>) {
    conn.send(&packet).await.expect("send");
}

/// Receives the next frame and hands its decoded packet to `check`.
async fn recv<T>(conn: &mut Conn, version: Version, check: impl FnOnce(Packet<'_>) -> T) -> T {
    let frame = conn.recv().await.expect("a packet from the broker");
    let (packet, used) =
        mqtt::decode(&frame, version).unwrap_or_else(|e| panic!("decoding {frame:02x?}: {e}"));
    assert_eq!(used, frame.len());
    check(packet)
}

async fn connect(addr: &str, version: Version, client_id: &str) -> Conn {
    let properties = Properties::from_list(vec![
        Property::SessionExpiryInterval(0),
        Property::ReceiveMaximum { max: 10 },
    ]);
    let conn = Client::connect_with(addr, client_id, version, Some(properties))
        .await
        .expect("the broker accepts the connection");
    assert!(!conn.session_present());
    conn
}

async fn session(addr: String, version: Version) {
    let tag = if version == Version::V5 { "v5" } else { "v311" };
    let topic = format!("wire/test/{tag}/{}", std::process::id());
    let mut conn = connect(&addr, version, &format!("wire-{tag}")).await;

    // Subscribe with QoS 2.
    let properties = (version == Version::V5).then(|| {
        Properties::from_list(vec![Property::UserProperty(
            "k".try_into().unwrap(),
            "v".try_into().unwrap(),
        )])
    });
    send(
        &mut conn,
        Packet::Subscribe {
            header: FixedHeader,
            subscribe: mqtt::Subscribe {
                packet_id: 1,
                properties,
                filters: vec![(
                    topic.as_str().try_into().unwrap(),
                    SubscriptionOptions {
                        qos: QoS::ExactlyOnce,
                        ..Default::default()
                    },
                )],
            },
        },
    )
    .await;
    recv(&mut conn, version, |p| match p {
        Packet::SubAck { suback, .. } => {
            assert_eq!(suback.packet_id, 1);
            assert_eq!(suback.codes, [ReasonCode::GrantedQoS2]);
        }
        other => panic!("expected SUBACK, got {other:?}"),
    })
    .await;

    // QoS 0, 1 and 2 publications to ourselves; each comes back.
    for (qos, packet_id) in [
        (QoS::AtMostOnce, None),
        (QoS::AtLeastOnce, Some(2)),
        (QoS::ExactlyOnce, Some(3)),
    ] {
        let payload = format!("payload at {qos:?}").into_bytes();
        let properties = (version == Version::V5).then(|| {
            Properties::from_list(vec![
                Property::MessageExpiryInterval(3600),
                Property::ContentType("text/plain".try_into().unwrap()),
                Property::UserProperty("trace".try_into().unwrap(), "1".try_into().unwrap()),
            ])
        });
        send(
            &mut conn,
            Packet::Publish {
                flags: PublishFlags {
                    dup: false,
                    qos,
                    retain: false,
                },
                publish: mqtt::Publish {
                    topic: topic.as_str().try_into().unwrap(),
                    packet_id,
                    properties,
                    payload: &payload,
                },
            },
        )
        .await;
        // The broker acknowledges (QoS 1: PUBACK; QoS 2: PUBREC, PUBREL, PUBCOMP) and delivers;
        // the order of the two streams is the broker's choice.
        let mut delivered = false;
        let mut acknowledged = qos == QoS::AtMostOnce;
        while !(delivered && acknowledged) {
            let action =
                recv(&mut conn, version, |p| match p {
                    Packet::Publish { flags, publish } => {
                        assert_eq!(publish.topic.as_str(), topic);
                        assert_eq!(publish.payload, &payload[..]);
                        assert_eq!(flags.qos, qos);
                        if version == Version::V5 {
                            let props = publish.properties.as_ref().expect("5.0 properties");
                            assert!(
                                props.iter().any(|p| p
                                    == Property::ContentType("text/plain".try_into().unwrap())),
                                "{props:?}"
                            );
                            assert!(props.iter().any(|p| p
                                == Property::UserProperty(
                                    "trace".try_into().unwrap(),
                                    "1".try_into().unwrap()
                                )));
                        }
                        Action::Delivered(flags.qos, publish.packet_id)
                    }
                    Packet::PubAck { ack, .. } => Action::Acked(ack.packet_id),
                    Packet::PubRec { ack, .. } => Action::Received(ack.packet_id),
                    Packet::PubComp { ack, .. } => Action::Acked(ack.packet_id),
                    Packet::PubRel { ack, .. } => Action::Release(ack.packet_id),
                    other => panic!("unexpected {other:?}"),
                })
                .await;
            match action {
                Action::Delivered(QoS::AtMostOnce, _) => delivered = true,
                Action::Delivered(QoS::AtLeastOnce, Some(id)) => {
                    send(
                        &mut conn,
                        Packet::PubAck {
                            header: FixedHeader,
                            ack: PubAck {
                                packet_id: id,
                                ..Default::default()
                            },
                        },
                    )
                    .await;
                    delivered = true;
                }
                Action::Delivered(QoS::ExactlyOnce, Some(id)) => {
                    send(
                        &mut conn,
                        Packet::PubRec {
                            header: FixedHeader,
                            ack: mqtt::PubRec {
                                packet_id: id,
                                ..Default::default()
                            },
                        },
                    )
                    .await;
                }
                Action::Release(id) => {
                    send(
                        &mut conn,
                        Packet::PubComp {
                            header: FixedHeader,
                            ack: mqtt::PubComp {
                                packet_id: id,
                                ..Default::default()
                            },
                        },
                    )
                    .await;
                    delivered = true;
                }
                Action::Received(id) => {
                    assert_eq!(Some(id), packet_id);
                    send(
                        &mut conn,
                        Packet::PubRel {
                            header: FixedHeader,
                            ack: PubRel {
                                packet_id: id,
                                ..Default::default()
                            },
                        },
                    )
                    .await;
                }
                Action::Acked(id) => {
                    assert_eq!(Some(id), packet_id);
                    acknowledged = true;
                }
                Action::Delivered(..) => panic!("delivery without a packet id"),
            }
        }
    }

    // Keep-alive, unsubscribe, disconnect.
    send(
        &mut conn,
        Packet::PingReq {
            header: FixedHeader,
            body: mqtt::Empty,
        },
    )
    .await;
    recv(&mut conn, version, |p| {
        assert!(matches!(p, Packet::PingResp { .. }), "{p:?}")
    })
    .await;
    send(
        &mut conn,
        Packet::Unsubscribe {
            header: FixedHeader,
            unsubscribe: mqtt::Unsubscribe {
                packet_id: 4,
                properties: (version == Version::V5).then(Properties::new),
                filters: vec![topic.as_str().try_into().unwrap()],
            },
        },
    )
    .await;
    recv(&mut conn, version, |p| match p {
        Packet::UnsubAck { unsuback, .. } => {
            assert_eq!(unsuback.packet_id, 4);
            if version == Version::V5 {
                assert_eq!(unsuback.codes, [ReasonCode::Success]);
            }
        }
        other => panic!("expected UNSUBACK, got {other:?}"),
    })
    .await;
    send(
        &mut conn,
        Packet::Disconnect {
            header: FixedHeader,
            disconnect: Default::default(),
        },
    )
    .await;
    // The broker closes the connection after DISCONNECT.
    let end = conn.recv().await;
    assert!(
        matches!(end, Err(mqtt_client::Error::Disconnected)),
        "{end:?}"
    );
}

/// Payload of message `i`: `i` as 4 big-endian bytes, then 60 bytes that depend on `i` (so a
/// corrupted or swapped payload is caught). The paho peer script builds the same.
fn payload(i: u32) -> Vec<u8> {
    let mut p = i.to_be_bytes().to_vec();
    p.extend((0..60u32).map(|j| ((i.wrapping_mul(31) + j * 7) % 256) as u8));
    p
}

/// Checks a received payload and returns its sequence number.
fn check_payload(p: &[u8]) -> u32 {
    let i = u32::from_be_bytes(p[..4].try_into().expect("4-byte sequence number"));
    assert_eq!(p, payload(i), "message {i} corrupted");
    i
}

/// A blocking connection for the high-volume test: two OS threads, one per client, each
/// reading with `FrameSplitter` and writing with `EncodeWith`.
struct Blocking {
    stream: std::net::TcpStream,
    splitter: mqtt::FrameSplitter,
    version: Version,
    out: Vec<u8>,
}

impl Blocking {
    fn connect(addr: &str, version: Version, client_id: &str) -> Blocking {
        let stream = std::net::TcpStream::connect(addr).expect("connect to the broker");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream.set_nodelay(true).unwrap();
        let mut conn = Blocking {
            stream,
            splitter: mqtt::FrameSplitter::new(1 << 20),
            version,
            out: Vec::new(),
        };
        conn.send(&Packet::Connect {
            header: FixedHeader,
            connect: Box::new(mqtt::Connect {
                version,
                flags: ConnectFlags {
                    clean_start: true,
                    ..Default::default()
                },
                keep_alive: 60,
                properties: (version == Version::V5).then(Properties::new),
                client_id: client_id.try_into().unwrap(),
                will: None,
                username: None,
                password: None,
            }),
        });
        let frame = conn.recv();
        assert!(matches!(
            mqtt::decode(&frame, version).unwrap().0,
            Packet::ConnAck { .. }
        ));
        conn
    }

    fn send(&mut self, packet: &Packet<'_>) {
        use std::io::Write;
        use wire_runtime::EncodeWith;
        self.out.clear();
        packet
            .encode_with(&mut self.out, self.version)
            .expect("encode");
        self.stream.write_all(&self.out).expect("write");
    }

    fn recv(&mut self) -> bytes::Bytes {
        use std::io::Read;
        loop {
            if let Some(frame) = self.splitter.next_frame().expect("framing") {
                return frame;
            }
            let mut buf = [0u8; 4096];
            let n = self
                .stream
                .read(&mut buf)
                .expect("broker answered within 10 s");
            assert!(n > 0, "broker closed the connection");
            self.splitter.extend(&buf[..n]);
        }
    }
}

/// Publishes `count` messages at `qos` on one connection and receives them on another; every
/// message must arrive once, intact.
///
/// The publisher keeps at most `WINDOW` publications unacknowledged and stays within `AHEAD`
/// messages of the subscriber: the broker acknowledges a publication once it has queued it, and
/// mosquitto drops QoS 1 and 2 messages past its per-client queue limit
/// (`max_queued_messages`, 1000), so an unbounded publisher would lose messages by design of
/// the broker, not of the codec.
fn stream_messages(addr: &str, version: Version, qos: QoS, count: u32) {
    use std::sync::atomic::{AtomicU32, Ordering};
    const WINDOW: u32 = 10;
    const AHEAD: u32 = 200;
    let topic = format!("wire/stress/{qos:?}/{}", std::process::id());
    let mut sub = Blocking::connect(addr, version, &format!("wire-sub-{qos:?}"));
    sub.send(&Packet::Subscribe {
        header: FixedHeader,
        subscribe: mqtt::Subscribe {
            packet_id: 1,
            properties: (version == Version::V5).then(Properties::new),
            filters: vec![(
                topic.as_str().try_into().unwrap(),
                SubscriptionOptions {
                    qos,
                    ..Default::default()
                },
            )],
        },
    });
    let frame = sub.recv();
    assert!(matches!(
        mqtt::decode(&frame, version).unwrap().0,
        Packet::SubAck { .. }
    ));
    let delivered = std::sync::Arc::new(AtomicU32::new(0));

    let receiver = {
        let delivered = delivered.clone();
        std::thread::spawn(move || {
            let mut seen = vec![false; count as usize];
            let mut received = 0;
            while received < count {
                let frame = sub.recv();
                let reply = match mqtt::decode(&frame, version).unwrap().0 {
                    Packet::Publish { flags, publish } => {
                        let seq = check_payload(publish.payload);
                        assert!(
                            !std::mem::replace(&mut seen[seq as usize], true),
                            "message {seq} delivered twice"
                        );
                        received += 1;
                        delivered.store(received, Ordering::Release);
                        let packet_id = publish.packet_id.expect("QoS > 0");
                        match flags.qos {
                            QoS::ExactlyOnce => Packet::PubRec {
                                header: FixedHeader,
                                ack: mqtt::PubRec {
                                    packet_id,
                                    ..Default::default()
                                },
                            },
                            _ => Packet::PubAck {
                                header: FixedHeader,
                                ack: PubAck {
                                    packet_id,
                                    ..Default::default()
                                },
                            },
                        }
                    }
                    Packet::PubRel { ack, .. } => Packet::PubComp {
                        header: FixedHeader,
                        ack: mqtt::PubComp {
                            packet_id: ack.packet_id,
                            ..Default::default()
                        },
                    },
                    other => panic!("subscriber got {other:?}"),
                };
                sub.send(&reply);
            }
        })
    };

    let mut publisher = Blocking::connect(addr, version, &format!("wire-pub-{qos:?}"));
    let (mut next, mut done) = (0u32, 0u32);
    while done < count {
        while next < count
            && next - done < WINDOW
            && next < delivered.load(Ordering::Acquire) + AHEAD
        {
            let body = payload(next);
            publisher.send(&Packet::Publish {
                flags: PublishFlags {
                    dup: false,
                    qos,
                    retain: false,
                },
                publish: mqtt::Publish {
                    topic: topic.as_str().try_into().unwrap(),
                    packet_id: Some((next % 60_000 + 1) as u16),
                    properties: (version == Version::V5).then(Properties::new),
                    payload: &body,
                },
            });
            next += 1;
        }
        if next - done == 0 {
            // Everything sent so far is acknowledged; wait for the subscriber to catch up.
            std::thread::sleep(Duration::from_millis(1));
            continue;
        }
        let frame = publisher.recv();
        match mqtt::decode(&frame, version).unwrap().0 {
            Packet::PubAck { .. } | Packet::PubComp { .. } => done += 1,
            Packet::PubRec { ack, .. } => publisher.send(&Packet::PubRel {
                header: FixedHeader,
                ack: PubRel {
                    packet_id: ack.packet_id,
                    ..Default::default()
                },
            }),
            other => panic!("publisher got {other:?}"),
        }
    }
    receiver.join().expect("every message arrived once, intact");
}

enum Action {
    Delivered(QoS, Option<u16>),
    Received(u16),
    Release(u16),
    Acked(u16),
}

#[tokio::test(flavor = "current_thread")]
async fn mosquitto_v311_session() {
    let Some(addr) = broker() else { return };
    session(addr, Version::V311).await;
}

#[tokio::test(flavor = "current_thread")]
async fn mosquitto_v5_session() {
    let Some(addr) = broker() else { return };
    session(addr, Version::V5).await;
}

#[tokio::test(flavor = "current_thread")]
async fn mosquitto_rejects_what_we_call_malformed() {
    // A PUBREL with flags 0000 is malformed by the spec: our decoder rejects it, and the broker
    // closes the connection on it.
    let Some(addr) = broker() else { return };
    let mut conn = connect(&addr, Version::V311, "wire-malformed").await;
    let bad = [0x60u8, 0x02, 0x00, 0x01];
    assert!(mqtt::decode(&bad, Version::V311).is_err());
    use tokio::io::AsyncWriteExt;
    conn.get_mut().write_all(&bad).await.unwrap();
    let end = conn.recv().await;
    assert!(
        matches!(
            end,
            Err(mqtt_client::Error::Disconnected | mqtt_client::Error::Io(_))
        ),
        "{end:?}"
    );
}

#[test]
fn mosquitto_ten_thousand_qos1_and_qos2_messages() {
    let Some(addr) = broker() else { return };
    stream_messages(&addr, Version::V311, QoS::AtLeastOnce, 10_000);
    stream_messages(&addr, Version::V5, QoS::ExactlyOnce, 10_000);
}

#[tokio::test(flavor = "current_thread")]
async fn exchange_with_paho_python_client() {
    let Some(addr) = broker() else { return };
    let run = format!("{}", std::process::id());
    let count = 100u32;
    let mut conn = connect(&addr, Version::V5, "wire-paho-peer").await;
    conn.subscribe(&format!("wire/interop/{run}/from-paho"), QoS::AtLeastOnce)
        .await
        .expect("the broker grants the subscription");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/interop/paho_peer.py"
    );
    let mut peer = match tokio::process::Command::new("python3")
        .args([script, &addr, &run, &count.to_string()])
        .spawn()
    {
        Ok(child) => child,
        Err(e) => panic!("cannot run python3 for the paho peer: {e}"),
    };
    // paho publishes only after its own subscription is acknowledged, so once its messages
    // arrive, ours have somewhere to go.
    let mut seen = vec![false; count as usize];
    for _ in 0..count {
        let (seq, id) = recv(&mut conn, Version::V5, |p| match p {
            Packet::Publish { publish, .. } => (
                check_payload(publish.payload),
                publish.packet_id.expect("QoS 1"),
            ),
            other => panic!("got {other:?}"),
        })
        .await;
        assert!(
            !std::mem::replace(&mut seen[seq as usize], true),
            "message {seq} twice"
        );
        send(
            &mut conn,
            Packet::PubAck {
                header: FixedHeader,
                ack: PubAck {
                    packet_id: id,
                    ..Default::default()
                },
            },
        )
        .await;
    }
    let topic = format!("wire/interop/{run}/to-paho");
    for i in 0..count {
        let body = payload(i);
        send(
            &mut conn,
            Packet::Publish {
                flags: PublishFlags {
                    dup: false,
                    qos: QoS::AtLeastOnce,
                    retain: false,
                },
                publish: mqtt::Publish {
                    topic: topic.as_str().try_into().unwrap(),
                    packet_id: Some(i as u16 + 1),
                    properties: Some(Properties::new()),
                    payload: &body,
                },
            },
        )
        .await;
        recv(&mut conn, Version::V5, |p| {
            assert!(matches!(p, Packet::PubAck { .. }), "{p:?}")
        })
        .await;
    }
    let status = tokio::time::timeout(Duration::from_secs(30), peer.wait())
        .await
        .expect("paho peer finished")
        .unwrap();
    assert!(status.success(), "the paho peer reported a failure");
}

//! Interop with a real broker: mosquitto on 127.0.0.1, started by
//! `scripts/brokers/mosquitto.sh` (which prints the `MQTT_ADDR=...` to export). Every packet
//! we send is encoded by wire and every packet the broker sends is decoded by wire, over the
//! `tokio_util` codec, in both protocol versions.

use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::mqtt::{
    self, ConnectFlags, FixedHeader, MqttCodec, Packet, Properties, Property, PubAck, PubRel,
    PublishFlags, QoS, ReasonCode, SubscriptionOptions, Version,
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

type Conn = Framed<TcpStream, MqttCodec>;

async fn send(conn: &mut Conn, packet: Packet<'_>) {
    conn.send(&packet).await.expect("send");
}

/// Receives the next frame and hands its decoded packet to `check`.
async fn recv<T>(conn: &mut Conn, version: Version, check: impl FnOnce(Packet<'_>) -> T) -> T {
    let frame = tokio::time::timeout(Duration::from_secs(5), conn.next())
        .await
        .expect("broker answered within 5 s")
        .expect("connection open")
        .expect("frame");
    let (packet, used) =
        mqtt::decode(&frame, version).unwrap_or_else(|e| panic!("decoding {frame:02x?}: {e}"));
    assert_eq!(used, frame.len());
    check(packet)
}

async fn connect(addr: &str, version: Version, client_id: &str) -> Conn {
    let stream = TcpStream::connect(addr)
        .await
        .expect("connect to the broker");
    let mut conn = Framed::new(
        stream,
        MqttCodec {
            version,
            max_len: 1 << 20,
        },
    );
    let properties = (version == Version::V5).then(|| {
        Properties::from_list(vec![
            Property::SessionExpiryInterval(0),
            Property::ReceiveMaximum { max: 10 },
        ])
    });
    send(
        &mut conn,
        Packet::Connect {
            header: FixedHeader,
            connect: mqtt::Connect {
                version,
                flags: ConnectFlags {
                    clean_start: true,
                    ..Default::default()
                },
                keep_alive: 30,
                properties,
                client_id: client_id.into(),
                will: None,
                username: None,
                password: None,
            },
        },
    )
    .await;
    recv(&mut conn, version, |p| match p {
        Packet::ConnAck { connack, .. } => {
            assert!(!connack.flags.session_present);
            match version {
                Version::V311 => {
                    assert_eq!(connack.return_code, Some(mqtt::ConnectReturnCode::Accepted))
                }
                Version::V5 => assert_eq!(connack.reason, Some(ReasonCode::Success)),
            }
        }
        other => panic!("expected CONNACK, got {other:?}"),
    })
    .await;
    conn
}

async fn session(addr: String, version: Version) {
    let tag = if version == Version::V5 { "v5" } else { "v311" };
    let topic = format!("wire/test/{tag}/{}", std::process::id());
    let mut conn = connect(&addr, version, &format!("wire-{tag}")).await;

    // Subscribe with QoS 2.
    let properties = (version == Version::V5)
        .then(|| Properties::from_list(vec![Property::UserProperty("k".into(), "v".into())]));
    send(
        &mut conn,
        Packet::Subscribe {
            header: FixedHeader,
            subscribe: mqtt::Subscribe {
                packet_id: 1,
                properties,
                filters: vec![(
                    topic.as_str().into(),
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
                Property::ContentType("text/plain".into()),
                Property::UserProperty("trace".into(), "1".into()),
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
                    topic: topic.as_str().into(),
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
            let action = recv(&mut conn, version, |p| match p {
                Packet::Publish { flags, publish } => {
                    assert_eq!(publish.topic.as_str(), topic);
                    assert_eq!(publish.payload, &payload[..]);
                    assert_eq!(flags.qos, qos);
                    if version == Version::V5 {
                        let props = publish.properties.as_ref().expect("5.0 properties");
                        assert!(
                            props
                                .iter()
                                .any(|p| *p == Property::ContentType("text/plain".into())),
                            "{props:?}"
                        );
                        assert!(
                            props
                                .iter()
                                .any(|p| *p == Property::UserProperty("trace".into(), "1".into()))
                        );
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
                filters: vec![topic.as_str().into()],
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
    let end = tokio::time::timeout(Duration::from_secs(5), conn.next())
        .await
        .expect("closed within 5 s");
    assert!(end.is_none(), "{end:?}");
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
    let end = tokio::time::timeout(Duration::from_secs(5), conn.next())
        .await
        .expect("closed within 5 s");
    assert!(matches!(end, None | Some(Err(_))), "{end:?}");
}

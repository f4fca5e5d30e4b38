//! A minimal RabbitMQ Stream client: wire's codec over a tokio TCP connection, responses
//! matched to requests by correlation id.

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::stream::{
    self, Close, Command, Create, DeclarePublisher, OffsetSpec, Open, PeerProperties, Properties,
    ResponseCode, SaslAuthenticate, SaslHandshake, StreamCodec, Subscribe, Unsubscribe,
};

/// The largest frame we accept from the broker. Not the negotiated `frame_max`: RabbitMQ sends
/// each osiris chunk whole in one Deliver frame, whatever `frame_max` says (3.3 MB chunks with a
/// 1 MiB `frame_max` in this test), so a consumer must allow for the largest chunk.
pub const MAX_INCOMING_FRAME: usize = 64 << 20;

/// How long any single frame from the broker may take.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(15);

/// A minimal stream client: wire's codec over a tokio TCP connection, responses matched to
/// requests by correlation id.
#[allow(missing_debug_implementations)]
pub struct Client {
    pub conn: Framed<TcpStream, StreamCodec>,
    pub next_correlation_id: u32,
    /// Frames that arrived while a request waited for its response, in order.
    pub pending: VecDeque<Bytes>,
    /// The negotiated maximum frame size, which our frames respect.
    pub frame_max: u32,
    /// The negotiated heartbeat period.
    pub heartbeat_secs: u32,
    pub heartbeats: u32,
    /// MetadataUpdate frames seen (code, stream), kept for error messages.
    pub metadata_updates: Vec<(ResponseCode, String)>,
}

/// Decodes a frame from the broker, or fails the test showing its first bytes.
pub fn decode(frame: &Bytes) -> Command<'_> {
    stream::decode(frame).unwrap_or_else(|e| {
        panic!(
            "decoding a {}-byte frame {:02x?}...: {e}",
            frame.len(),
            &frame[..frame.len().min(64)]
        )
    })
}

/// The response code of a response, for the responses that have one.
pub fn response_code(response: &Command<'_>) -> Option<ResponseCode> {
    use Command::*;
    Some(match response {
        DeclarePublisherResponse(r)
        | DeletePublisherResponse(r)
        | SubscribeResponse(r)
        | UnsubscribeResponse(r)
        | CreateResponse(r)
        | DeleteResponse(r)
        | CloseResponse(r) => r.response_code,
        PeerPropertiesResponse(r) => r.response_code,
        SaslHandshakeResponse(r) => r.response_code,
        SaslAuthenticateResponse(r) => r.response_code,
        OpenResponse(r) => r.response_code,
        QueryOffsetResponse(r) => r.response_code,
        QueryPublisherSequenceResponse(r) => r.response_code,
        _ => return None,
    })
}

impl Client {
    /// Connects and runs the handshake: PeerProperties, SASL PLAIN as guest, Tune, Open `/`.
    pub async fn connect(addr: &str) -> Client {
        let tcp = TcpStream::connect(addr)
            .await
            .expect("connect to the broker");
        tcp.set_nodelay(true).unwrap();
        let mut client = Client {
            conn: Framed::new(tcp, StreamCodec::default().with_max_len(MAX_INCOMING_FRAME)),
            next_correlation_id: 1,
            pending: VecDeque::new(),
            frame_max: 0,
            heartbeat_secs: 0,
            heartbeats: 0,
            metadata_updates: Vec::new(),
        };

        let frame = client
            .request(|correlation_id| {
                Command::PeerProperties(PeerProperties {
                    correlation_id,
                    properties: Properties::from([
                        ("product", "wire"),
                        ("connection_name", "wire-tests"),
                    ]),
                })
            })
            .await;
        let Command::PeerPropertiesResponse(peer) = decode(&frame) else {
            unreachable!()
        };
        assert_eq!(peer.properties.get("product"), Some("RabbitMQ"), "{peer:?}");

        let frame = client
            .request(|correlation_id| Command::SaslHandshake(SaslHandshake { correlation_id }))
            .await;
        let Command::SaslHandshakeResponse(sasl) = decode(&frame) else {
            unreachable!()
        };
        assert!(sasl.mechanisms.contains(&"PLAIN"), "{sasl:?}");

        client
            .request(|correlation_id| {
                Command::SaslAuthenticate(SaslAuthenticate {
                    correlation_id,
                    mechanism: "PLAIN",
                    sasl_data: Some(b"\0guest\0guest"),
                })
            })
            .await;

        // The server proposes its limits right after authentication; we accept them.
        let frame = client.recv().await;
        let Command::Tune(tune) = decode(&frame) else {
            panic!("expected Tune, got {:?}", decode(&frame))
        };
        assert!(tune.frame_max >= 64 * 1024, "{tune:?}");
        client.frame_max = tune.frame_max;
        client.heartbeat_secs = tune.heartbeat;
        client.send(&Command::TuneResponse(tune)).await;

        let frame = client
            .request(|correlation_id| {
                Command::Open(Open {
                    correlation_id,
                    virtual_host: "/",
                })
            })
            .await;
        let Command::OpenResponse(open) = decode(&frame) else {
            unreachable!()
        };
        assert_eq!(
            open.connection_properties.get("advertised_host"),
            Some("127.0.0.1"),
            "{open:?}"
        );
        client
    }

    /// Queues a frame without flushing.
    pub async fn feed(&mut self, command: &Command<'_>) {
        let len = stream::frame_encoded_len(command);
        assert!(
            len <= self.frame_max as usize || self.frame_max == 0,
            "{} frame of {len} bytes exceeds frame_max {}",
            command.name(),
            self.frame_max
        );
        self.conn.feed(command).await.expect("send");
    }

    pub async fn flush(&mut self) {
        self.conn.flush().await.expect("flush");
    }

    pub async fn send(&mut self, command: &Command<'_>) {
        self.feed(command).await;
        self.flush().await;
    }

    /// The next frame from the broker, skipping heartbeats and noting metadata updates. A Close
    /// from the broker fails the test with its reason.
    pub async fn recv(&mut self) -> Bytes {
        if let Some(frame) = self.pending.pop_front() {
            return frame;
        }
        loop {
            let frame = tokio::time::timeout(RECV_TIMEOUT, self.conn.next())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "no frame from the broker within {RECV_TIMEOUT:?} (metadata updates: {:?})",
                        self.metadata_updates
                    )
                })
                .expect("connection open")
                .expect("framing");
            match decode(&frame) {
                Command::Heartbeat(_) => self.heartbeats += 1,
                Command::MetadataUpdate(update) => {
                    eprintln!("MetadataUpdate: {update:?}");
                    self.metadata_updates
                        .push((update.code, update.stream.to_owned()));
                }
                Command::Close(close) => panic!(
                    "the broker closed the connection: {:?} {:?}",
                    close.closing_code, close.closing_reason
                ),
                _ => return frame,
            }
        }
    }

    /// Sends the request `build` makes with a fresh correlation id and returns the frame of
    /// its response, which must be the request's `...Response` with code Ok (when it has a
    /// code). Other frames that arrive meanwhile stay queued for [`Client::recv`].
    pub async fn request<'a>(&mut self, build: impl FnOnce(u32) -> Command<'a>) -> Bytes {
        let frame = self.request_any_code(build).await;
        let response = decode(&frame);
        if let Some(code) = response_code(&response) {
            assert_eq!(code, ResponseCode::Ok, "{response:?}");
        }
        frame
    }

    /// As [`Client::request`], whatever the response code.
    pub async fn request_any_code<'a>(&mut self, build: impl FnOnce(u32) -> Command<'a>) -> Bytes {
        let id = self.next_correlation_id;
        self.next_correlation_id += 1;
        let request = build(id);
        assert_eq!(request.correlation_id(), Some(id));
        self.send(&request).await;
        let mut skipped = VecDeque::new();
        let frame = loop {
            let frame = match self.pending.pop_front() {
                Some(frame) => frame,
                None => self.recv().await,
            };
            let response = decode(&frame);
            if response.is_response() && response.correlation_id() == Some(id) {
                break frame;
            }
            skipped.push_back(frame);
        };
        skipped.append(&mut self.pending);
        self.pending = skipped;

        let response = decode(&frame);
        assert_eq!(
            response.name(),
            format!("{}Response", request.name()),
            "{response:?}"
        );
        frame
    }
}

/// Closes the connection normally; the broker answers and hangs up.
impl Client {
    /// Subscribes to `stream` from its first offset with 10 chunks of credit.
    pub async fn subscribe_first(&mut self, stream: &str, subscription_id: u8) {
        self.request(|correlation_id| {
            Command::Subscribe(Subscribe {
                correlation_id,
                subscription_id,
                stream,
                offset: OffsetSpec::First,
                credit: 10,
                properties: Properties::default(),
            })
        })
        .await;
    }

    pub async fn unsubscribe(&mut self, subscription_id: u8) {
        self.request(|correlation_id| {
            Command::Unsubscribe(Unsubscribe {
                correlation_id,
                subscription_id,
            })
        })
        .await;
    }

    /// Creates `stream` and declares a publisher on it.
    pub async fn create_with_publisher(&mut self, stream: &str, publisher_id: u8, reference: &str) {
        self.request(|correlation_id| {
            Command::Create(Create {
                correlation_id,
                stream,
                arguments: Properties::default(),
            })
        })
        .await;
        self.request(|correlation_id| {
            Command::DeclarePublisher(DeclarePublisher {
                correlation_id,
                publisher_id,
                publisher_reference: reference,
                stream,
            })
        })
        .await;
    }
}

pub async fn close(client: &mut Client) {
    client
        .request(|correlation_id| {
            Command::Close(Close {
                correlation_id,
                closing_code: ResponseCode::Ok,
                closing_reason: "done",
            })
        })
        .await;
    assert!(
        client.pending.is_empty(),
        "left unread: {:?}",
        client.pending
    );
    let end = tokio::time::timeout(Duration::from_secs(5), client.conn.next())
        .await
        .expect("closed within 5 s");
    assert!(end.is_none(), "after CloseResponse: {end:?}");
}

//! A minimal RabbitMQ Stream client: wire's codec over a tokio TCP connection, responses
//! matched to requests by correlation id.
//!
//! ```no_run
//! use wire_examples::stream::Client;
//! use wire_protocols::stream::OffsetSpec;
//!
//! # async fn run() -> Result<(), wire_examples::stream::Error> {
//! let mut client = Client::connect("127.0.0.1:5552").await?;
//! client.create_stream("events").await?;
//! client.subscribe(1, "events", OffsetSpec::First, 10).await?;
//! let frame = client.recv().await?; // a Deliver, most likely
//! client.close().await?;
//! # Ok(()) }
//! ```

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::stream::{
    self, Close, Command, Create, Credit, DeclarePublisher, Delete, DeletePublisher, OffsetSpec,
    Open, PeerProperties, Properties, ResponseCode, SaslAuthenticate, SaslHandshake, StreamCodec,
    Subscribe, Unsubscribe,
};

/// The largest frame we accept from the broker. Not the negotiated `frame_max`: RabbitMQ sends
/// each osiris chunk whole in one Deliver frame, whatever `frame_max` says (3.3 MB chunks with a
/// 1 MiB `frame_max` were seen), so a consumer must allow for the largest chunk.
pub const MAX_INCOMING_FRAME: usize = 64 << 20;

/// How long any single frame from the broker may take.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(15);

/// What went wrong talking to the broker, with its response codes.
pub type Error = crate::Error<ResponseCode>;

/// A result of talking to the broker.
pub type Result<T> = std::result::Result<T, Error>;

/// A connection to a RabbitMQ Stream broker, authenticated and open on the vhost `/`.
pub struct Client {
    conn: Framed<TcpStream, StreamCodec>,
    next_correlation_id: u32,
    /// Frames that arrived while a request waited for its response, in order.
    pending: VecDeque<Bytes>,
    /// The negotiated maximum frame size, which our frames respect.
    frame_max: u32,
    /// The negotiated heartbeat period.
    heartbeat_secs: u32,
    heartbeats: u32,
    /// MetadataUpdate frames seen (code, stream).
    metadata_updates: Vec<(ResponseCode, String)>,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("peer", &self.conn.get_ref().peer_addr().ok())
            .field("frame_max", &self.frame_max)
            .field("pending", &self.pending.len())
            .finish_non_exhaustive()
    }
}

/// Decodes a frame from the broker.
pub fn decode(frame: &Bytes) -> Result<Command<'_>> {
    Ok(stream::decode(frame)?)
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

fn unexpected(what: &str, frame: &Bytes) -> Error {
    match stream::decode(frame) {
        Ok(command) => Error::Unexpected(format!("{what}: {command:?}")),
        Err(e) => Error::Decode(e),
    }
}

impl Client {
    /// Connects and runs the handshake: PeerProperties, SASL PLAIN as guest, Tune (the
    /// server's limits accepted), Open `/`.
    pub async fn connect(addr: &str) -> Result<Client> {
        let tcp = TcpStream::connect(addr).await?;
        tcp.set_nodelay(true)?;
        let mut client = Client {
            conn: Framed::new(tcp, StreamCodec::default().with_max_len(MAX_INCOMING_FRAME)),
            next_correlation_id: 1,
            pending: VecDeque::new(),
            frame_max: 0,
            heartbeat_secs: 0,
            heartbeats: 0,
            metadata_updates: Vec::new(),
        };
        client
            .request(|correlation_id| {
                Command::PeerProperties(PeerProperties {
                    correlation_id,
                    properties: Properties::from([
                        ("product", "wire"),
                        ("connection_name", "wire-examples"),
                    ]),
                })
            })
            .await?;
        let frame = client
            .request(|correlation_id| Command::SaslHandshake(SaslHandshake { correlation_id }))
            .await?;
        if let Command::SaslHandshakeResponse(sasl) = decode(&frame)?
            && !sasl.mechanisms.contains(&"PLAIN")
        {
            return Err(Error::Unexpected(format!("no PLAIN mechanism: {sasl:?}")));
        }
        client
            .request(|correlation_id| {
                Command::SaslAuthenticate(SaslAuthenticate {
                    correlation_id,
                    mechanism: "PLAIN",
                    sasl_data: Some(b"\0guest\0guest"),
                })
            })
            .await?;
        // The server proposes its limits right after authentication; we accept them.
        let frame = client.recv().await?;
        let Command::Tune(tune) = decode(&frame)? else {
            return Err(unexpected("instead of Tune", &frame));
        };
        client.frame_max = tune.frame_max;
        client.heartbeat_secs = tune.heartbeat;
        client.send(&Command::TuneResponse(tune)).await?;
        client
            .request(|correlation_id| {
                Command::Open(Open {
                    correlation_id,
                    virtual_host: "/",
                })
            })
            .await?;
        Ok(client)
    }

    /// The negotiated maximum frame size.
    pub fn frame_max(&self) -> u32 {
        self.frame_max
    }

    /// The negotiated heartbeat period, in seconds.
    pub fn heartbeat_secs(&self) -> u32 {
        self.heartbeat_secs
    }

    /// Heartbeats received so far.
    pub fn heartbeats(&self) -> u32 {
        self.heartbeats
    }

    /// The MetadataUpdate frames received so far: code and stream.
    pub fn metadata_updates(&self) -> &[(ResponseCode, String)] {
        &self.metadata_updates
    }

    /// Queues a frame without flushing. A frame larger than the negotiated `frame_max` is
    /// refused before it is sent.
    pub async fn feed(&mut self, command: &Command<'_>) -> Result<()> {
        let len = stream::frame_encoded_len(command);
        if self.frame_max != 0 && len > self.frame_max as usize {
            return Err(Error::Unexpected(format!(
                "a {} frame of {len} bytes exceeds frame_max {}",
                command.name(),
                self.frame_max
            )));
        }
        Ok(self.conn.feed(command).await?)
    }

    /// Sends the frames queued.
    pub async fn flush(&mut self) -> Result<()> {
        Ok(self.conn.flush().await?)
    }

    /// Sends one frame.
    pub async fn send(&mut self, command: &Command<'_>) -> Result<()> {
        self.feed(command).await?;
        self.flush().await
    }

    /// The next frame from the broker, skipping heartbeats and noting metadata updates. A
    /// Close from the broker is an error with its reason.
    pub async fn recv(&mut self) -> Result<Bytes> {
        if let Some(frame) = self.pending.pop_front() {
            return Ok(frame);
        }
        loop {
            let frame = tokio::time::timeout(RECV_TIMEOUT, self.conn.next())
                .await
                .map_err(|_| Error::Timeout(RECV_TIMEOUT))?
                .ok_or(Error::Disconnected)??;
            match decode(&frame)? {
                Command::Heartbeat(_) => self.heartbeats += 1,
                Command::MetadataUpdate(update) => self
                    .metadata_updates
                    .push((update.code, update.stream.to_owned())),
                Command::Close(close) => {
                    return Err(Error::ClosedByBroker {
                        code: close.closing_code,
                        reason: close.closing_reason.to_owned(),
                    });
                }
                _ => return Ok(frame),
            }
        }
    }

    /// Sends the request `build` makes with a fresh correlation id and returns the frame of
    /// its response, which must have code Ok (when it has a code). Other frames that arrive
    /// meanwhile stay queued for [`Client::recv`].
    pub async fn request<'a>(&mut self, build: impl FnOnce(u32) -> Command<'a>) -> Result<Bytes> {
        let mut name = "";
        let frame = self
            .request_any_code(|id| {
                let request = build(id);
                name = request.name();
                request
            })
            .await?;
        match response_code(&decode(&frame)?) {
            Some(code) if code != ResponseCode::Ok => Err(Error::Refused {
                request: name.to_owned(),
                code,
                remark: None,
            }),
            _ => Ok(frame),
        }
    }

    /// As [`Client::request`], whatever the response code.
    pub async fn request_any_code<'a>(
        &mut self,
        build: impl FnOnce(u32) -> Command<'a>,
    ) -> Result<Bytes> {
        let id = self.next_correlation_id;
        self.next_correlation_id += 1;
        let request = build(id);
        self.send(&request).await?;
        let mut skipped = VecDeque::new();
        let frame = loop {
            let frame = match self.pending.pop_front() {
                Some(frame) => frame,
                None => self.recv().await?,
            };
            let response = decode(&frame)?;
            if response.is_response() && response.correlation_id() == Some(id) {
                break frame;
            }
            skipped.push_back(frame);
        };
        skipped.append(&mut self.pending);
        self.pending = skipped;
        let response = decode(&frame)?;
        if response.name().strip_suffix("Response") != Some(request.name()) {
            return Err(unexpected(
                &format!("in answer to {}", request.name()),
                &frame,
            ));
        }
        Ok(frame)
    }

    /// Creates `stream`.
    pub async fn create_stream(&mut self, stream: &str) -> Result<()> {
        self.request(|correlation_id| {
            Command::Create(Create {
                correlation_id,
                stream,
                arguments: Properties::default(),
            })
        })
        .await
        .map(drop)
    }

    /// Deletes `stream`.
    pub async fn delete_stream(&mut self, stream: &str) -> Result<()> {
        self.request(|correlation_id| {
            Command::Delete(Delete {
                correlation_id,
                stream,
            })
        })
        .await
        .map(drop)
    }

    /// Declares publisher `publisher_id` on `stream` (`reference` may be empty: no
    /// deduplication).
    pub async fn declare_publisher(
        &mut self,
        publisher_id: u8,
        reference: &str,
        stream: &str,
    ) -> Result<()> {
        self.request(|correlation_id| {
            Command::DeclarePublisher(DeclarePublisher {
                correlation_id,
                publisher_id,
                publisher_reference: reference,
                stream,
            })
        })
        .await
        .map(drop)
    }

    /// Deletes publisher `publisher_id`.
    pub async fn delete_publisher(&mut self, publisher_id: u8) -> Result<()> {
        self.request(|correlation_id| {
            Command::DeletePublisher(DeletePublisher {
                correlation_id,
                publisher_id,
            })
        })
        .await
        .map(drop)
    }

    /// Subscribes to `stream` from `offset` with `credit` chunks of credit.
    pub async fn subscribe(
        &mut self,
        subscription_id: u8,
        stream: &str,
        offset: OffsetSpec,
        credit: u16,
    ) -> Result<()> {
        self.request(|correlation_id| {
            Command::Subscribe(Subscribe {
                correlation_id,
                subscription_id,
                stream,
                offset,
                credit,
                properties: Properties::default(),
            })
        })
        .await
        .map(drop)
    }

    /// Grants `credit` more chunks to subscription `subscription_id` (queued, not flushed).
    pub async fn credit(&mut self, subscription_id: u8, credit: u16) -> Result<()> {
        self.feed(&Command::Credit(Credit {
            subscription_id,
            credit,
        }))
        .await
    }

    /// Ends subscription `subscription_id`.
    pub async fn unsubscribe(&mut self, subscription_id: u8) -> Result<()> {
        self.request(|correlation_id| {
            Command::Unsubscribe(Unsubscribe {
                correlation_id,
                subscription_id,
            })
        })
        .await
        .map(drop)
    }

    /// Closes the connection normally: the broker answers and hangs up. Returns the frames
    /// that arrived but were never read.
    pub async fn close(mut self) -> Result<Vec<Bytes>> {
        self.request(|correlation_id| {
            Command::Close(Close {
                correlation_id,
                closing_code: ResponseCode::Ok,
                closing_reason: "done",
            })
        })
        .await?;
        match tokio::time::timeout(Duration::from_secs(5), self.conn.next()).await {
            Ok(None) => Ok(self.pending.into()),
            Ok(Some(frame)) => Err(unexpected("after CloseResponse", &frame?)),
            Err(_) => Err(Error::Timeout(Duration::from_secs(5))),
        }
    }
}

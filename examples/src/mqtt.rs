//! A minimal MQTT client (5.0, or 3.1.1): wire's codec over a tokio TCP connection.
//!
//! ```no_run
//! use wire_examples::mqtt::Client;
//! use wire_protocols::mqtt::QoS;
//!
//! # async fn run() -> Result<(), wire_examples::mqtt::Error> {
//! let mut client = Client::connect("127.0.0.1:1883", "sensor-7").await?;
//! client.subscribe("sensors/+/temperature", QoS::AtLeastOnce).await?;
//! let frame = client.recv().await?; // decode with wire_protocols::mqtt::decode
//! client.disconnect().await?;
//! # Ok(()) }
//! ```

use bytes::Bytes;
use futures_util::{FutureExt, SinkExt, StreamExt};
use std::fmt;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::mqtt::{
    self, ConnectFlags, ConnectReturnCode, FixedHeader, MqttCodec, Packet, Properties, Property,
    QoS, ReasonCode, SubscriptionOptions, Version,
};

/// How long any single packet from the broker may take.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(15);

/// The largest packet accepted from the broker.
pub const MAX_INCOMING_PACKET: usize = 1 << 20;

/// What went wrong talking to the broker, with its reason codes.
pub type Error = crate::Error<ReasonCode>;

/// A result of talking to the broker.
pub type Result<T> = std::result::Result<T, Error>;

/// The error for a request the broker answered with `code`.
pub fn refused(request: &str, code: ReasonCode) -> Error {
    Error::Refused {
        request: request.to_owned(),
        code,
        remark: None,
    }
}

/// A connected MQTT session (clean start, no session kept), 5.0 unless made with
/// [`Client::connect_with`].
pub struct Client {
    conn: Framed<TcpStream, MqttCodec>,
    version: Version,
    session_present: bool,
    /// The broker's Receive Maximum: QoS 1 and 2 publications it accepts unacknowledged.
    receive_maximum: u16,
    next_packet_id: u16,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("peer", &self.conn.get_ref().peer_addr().ok())
            .field("receive_maximum", &self.receive_maximum)
            .finish_non_exhaustive()
    }
}

/// Decodes a 5.0 packet from the broker (see [`Client::decode`] for a client's version).
pub fn decode(frame: &Bytes) -> Result<Packet<'_>> {
    Ok(mqtt::decode(frame, Version::V5)?.0)
}

impl Client {
    /// Connects as `client_id` with MQTT 5.0 and waits for the CONNACK.
    pub async fn connect(addr: &str, client_id: &str) -> Result<Client> {
        Client::connect_with(addr, client_id, Version::V5, Some(Properties::new())).await
    }

    /// Connects as `client_id` with `version` (and, in 5.0, these CONNECT `properties`) and
    /// waits for the CONNACK, which must accept the connection.
    pub async fn connect_with<'a>(
        addr: &str,
        client_id: &'a str,
        version: Version,
        properties: Option<Properties<'a>>,
    ) -> Result<Client> {
        let tcp = TcpStream::connect(addr).await?;
        tcp.set_nodelay(true)?;
        let codec = MqttCodec::new(version).with_max_len(MAX_INCOMING_PACKET);
        let mut client = Client {
            conn: Framed::new(tcp, codec),
            version,
            session_present: false,
            receive_maximum: u16::MAX,
            next_packet_id: 1,
        };
        let client_id = client_id
            .try_into()
            .map_err(|e| Error::Unexpected(format!("client id: {e}")))?;
        client
            .send(&Packet::Connect {
                header: FixedHeader,
                connect: Box::new(mqtt::Connect {
                    version,
                    flags: ConnectFlags {
                        clean_start: true,
                        ..Default::default()
                    },
                    keep_alive: 60,
                    properties: properties.filter(|_| version == Version::V5),
                    client_id,
                    will: None,
                    username: None,
                    password: None,
                }),
            })
            .await?;
        let frame = client.recv().await?;
        let Packet::ConnAck { connack, .. } = client.decode(&frame)? else {
            return Err(Error::Unexpected(format!(
                "instead of CONNACK: {frame:02x?}"
            )));
        };
        match (connack.reason, connack.return_code) {
            (Some(ReasonCode::Success), _) | (_, Some(ConnectReturnCode::Accepted)) => {}
            (Some(code), _) => return Err(refused("CONNECT", code)),
            (_, code) => return Err(Error::Unexpected(format!("CONNACK {code:?}"))),
        }
        client.session_present = connack.flags.session_present;
        for property in connack.properties.iter().flat_map(|p| p.iter()) {
            if let Property::ReceiveMaximum { max } = property {
                client.receive_maximum = max;
            }
        }
        Ok(client)
    }

    /// The protocol version of the session.
    pub fn version(&self) -> Version {
        self.version
    }

    /// Whether the broker said it kept a session for this client (it must not, after a clean
    /// start).
    pub fn session_present(&self) -> bool {
        self.session_present
    }

    /// Decodes a packet of this session's version from the broker.
    pub fn decode<'f>(&self, frame: &'f Bytes) -> Result<Packet<'f>> {
        Ok(mqtt::decode(frame, self.version)?.0)
    }

    /// The connection, to write bytes that are not packets (a test of the broker, say).
    pub fn get_mut(&mut self) -> &mut TcpStream {
        self.conn.get_mut()
    }

    /// The broker's Receive Maximum (65,535 when it sets none).
    pub fn receive_maximum(&self) -> u16 {
        self.receive_maximum
    }

    /// A packet id for the next QoS 1 or 2 packet: 1 to 65,535, then round again.
    pub fn next_packet_id(&mut self) -> u16 {
        let id = self.next_packet_id;
        self.next_packet_id = id.checked_add(1).unwrap_or(1);
        id
    }

    /// Queues a packet without flushing.
    pub async fn feed(&mut self, packet: &Packet<'_>) -> Result<()> {
        Ok(self.conn.feed(packet).await?)
    }

    /// Sends the packets queued.
    pub async fn flush(&mut self) -> Result<()> {
        Ok(self.conn.flush().await?)
    }

    /// Sends one packet.
    pub async fn send(&mut self, packet: &Packet<'_>) -> Result<()> {
        self.feed(packet).await?;
        self.flush().await
    }

    /// The next packet's frame from the broker (decode it with [`decode`]). Packets queued
    /// with [`Client::feed`] are sent before waiting: the broker may be waiting for them (a
    /// PUBACK frees a place in its window of unacknowledged publications).
    pub async fn recv(&mut self) -> Result<Bytes> {
        if let Some(next) = self.conn.next().now_or_never() {
            return Ok(next.ok_or(Error::Disconnected)??);
        }
        self.flush().await?;
        Ok(tokio::time::timeout(RECV_TIMEOUT, self.conn.next())
            .await
            .map_err(|_| Error::Timeout(RECV_TIMEOUT))?
            .ok_or(Error::Disconnected)??)
    }

    /// The next packet's frame if one has arrived already, without waiting or sending.
    pub fn try_recv(&mut self) -> Result<Option<Bytes>> {
        match self.conn.next().now_or_never() {
            None => Ok(None),
            Some(next) => Ok(Some(next.ok_or(Error::Disconnected)??)),
        }
    }

    /// Subscribes to `filter` at `qos` and waits for the SUBACK, which must grant it.
    pub async fn subscribe(&mut self, filter: &str, qos: QoS) -> Result<()> {
        let packet_id = self.next_packet_id();
        let filter = filter
            .try_into()
            .map_err(|e| Error::Unexpected(format!("topic filter: {e}")))?;
        self.send(&Packet::Subscribe {
            header: FixedHeader,
            subscribe: mqtt::Subscribe {
                packet_id,
                properties: (self.version == Version::V5).then(Properties::new),
                filters: vec![(
                    filter,
                    SubscriptionOptions {
                        qos,
                        ..Default::default()
                    },
                )],
            },
        })
        .await?;
        let frame = self.recv().await?;
        let Packet::SubAck { suback, .. } = self.decode(&frame)? else {
            return Err(Error::Unexpected(format!(
                "instead of SUBACK: {frame:02x?}"
            )));
        };
        match suback.codes[..] {
            [ReasonCode::Success | ReasonCode::GrantedQoS1 | ReasonCode::GrantedQoS2] => Ok(()),
            [code] => Err(refused("SUBSCRIBE", code)),
            _ => Err(Error::Unexpected(format!("{suback:?}"))),
        }
    }

    /// Acknowledges a QoS 1 publication (queued, not flushed).
    pub async fn puback(&mut self, packet_id: u16) -> Result<()> {
        self.feed(&Packet::PubAck {
            header: FixedHeader,
            ack: mqtt::PubAck {
                packet_id,
                ..Default::default()
            },
        })
        .await
    }

    /// Sends DISCONNECT (normal) and closes the connection.
    pub async fn disconnect(mut self) -> Result<()> {
        self.send(&Packet::Disconnect {
            header: FixedHeader,
            disconnect: mqtt::Disconnect::default(),
        })
        .await?;
        Ok(self.conn.close().await?)
    }
}

//! A minimal RocketMQ remoting client: wire's codec over a tokio TCP connection, responses
//! matched to requests by opaque.

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::rocketmq::{self, RemotingCodec, RemotingCommand, ResponseCode, SerializeType};

/// How long any single response may take.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(20);

/// Decodes a frame from a server, or fails the test showing its first bytes.
pub fn decode(frame: &Bytes) -> RemotingCommand<'_> {
    rocketmq::decode(frame).unwrap_or_else(|e| {
        panic!(
            "decoding a {}-byte frame {:02x?}...: {e}",
            frame.len(),
            &frame[..frame.len().min(96)]
        )
    })
}

/// A minimal remoting client: wire's codec over a tokio TCP connection; responses are matched
/// to requests by opaque, and ones that arrive for another request wait in `early`.
#[allow(missing_debug_implementations)]
pub struct Client {
    pub conn: Framed<TcpStream, RemotingCodec>,
    pub next_opaque: i32,
    pub early: HashMap<i32, Bytes>,
    /// Serialize types of the responses seen, by header.
    pub json_responses: usize,
    pub binary_responses: usize,
}

impl Client {
    pub async fn connect(addr: &str) -> Client {
        let tcp = TcpStream::connect(addr).await.expect("connect");
        tcp.set_nodelay(true).unwrap();
        Client {
            conn: Framed::new(tcp, RemotingCodec::default()),
            next_opaque: 1,
            early: HashMap::new(),
            json_responses: 0,
            binary_responses: 0,
        }
    }

    pub fn opaque(&mut self) -> i32 {
        let opaque = self.next_opaque;
        self.next_opaque += 1;
        opaque
    }

    pub async fn feed(&mut self, request: &RemotingCommand<'_>, serialize_type: SerializeType) {
        let request = request
            .with_serialize_type(serialize_type)
            .expect("the request fits the serialization");
        self.conn.feed(&request).await.expect("send");
    }

    /// The next frame from the server (which must be a response).
    pub async fn recv(&mut self) -> Bytes {
        let frame = tokio::time::timeout(RECV_TIMEOUT, self.conn.next())
            .await
            .unwrap_or_else(|_| panic!("no response within {RECV_TIMEOUT:?}"))
            .expect("the server closed the connection")
            .expect("framing");
        match decode(&frame).serialize_type() {
            SerializeType::Json => self.json_responses += 1,
            SerializeType::RocketMq => self.binary_responses += 1,
        }
        let response = decode(&frame);
        assert!(response.is_response(), "{response:?}");
        frame
    }

    /// Sends `request` (with a fresh opaque) and returns its response's frame.
    pub async fn call(
        &mut self,
        request: RemotingCommand<'_>,
        serialize_type: SerializeType,
    ) -> Bytes {
        let opaque = self.opaque();
        let request = request.with_opaque(opaque);
        self.feed(&request, serialize_type).await;
        self.conn.flush().await.expect("flush");
        if let Some(frame) = self.early.remove(&opaque) {
            return frame;
        }
        loop {
            let frame = self.recv().await;
            let got = decode(&frame).opaque();
            if got == opaque {
                return frame;
            }
            self.early.insert(got, frame);
        }
    }

    /// As [`Client::call`], with a JSON header, expecting `SUCCESS`.
    pub async fn call_ok(&mut self, request: RemotingCommand<'_>) -> Bytes {
        let what = format!("{:?}", request.request_code());
        let frame = self.call(request, SerializeType::Json).await;
        let response = decode(&frame);
        assert_eq!(
            response.response_code(),
            ResponseCode::Success,
            "{what}: {response:?}"
        );
        frame
    }
}

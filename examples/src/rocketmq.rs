//! A minimal RocketMQ remoting client: wire's codec over a tokio TCP connection, responses
//! matched to requests by opaque.

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::fmt;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_util::codec::Framed;
use wire_protocols::rocketmq::{
    self, GetRouteInfoRequestHeader, PullMessageRequestHeader, RemotingCodec, RemotingCommand,
    RequestCode, ResponseCode, SerializeType,
};

/// How long any single response may take.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(20);

/// What went wrong talking to a server, with its response codes.
pub type Error = crate::Error<ResponseCode>;

/// A result of talking to a server.
pub type Result<T> = std::result::Result<T, Error>;

/// Decodes a frame from a server.
pub fn decode(frame: &Bytes) -> Result<RemotingCommand<'_>> {
    Ok(rocketmq::decode(frame)?)
}

/// A connection to a name server or a broker. Requests may be pipelined: responses are
/// matched to requests by opaque, and ones that arrive for another request wait until asked
/// for (servers answer out of order).
pub struct Client {
    conn: Framed<TcpStream, RemotingCodec>,
    next_opaque: i32,
    early: HashMap<i32, Bytes>,
    /// Responses seen with a JSON header and with a binary one.
    json_responses: usize,
    binary_responses: usize,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("peer", &self.conn.get_ref().peer_addr().ok())
            .field("early", &self.early.len())
            .finish_non_exhaustive()
    }
}

impl Client {
    /// Connects to a name server or a broker.
    pub async fn connect(addr: &str) -> Result<Client> {
        let tcp = TcpStream::connect(addr).await?;
        tcp.set_nodelay(true)?;
        Ok(Client {
            conn: Framed::new(tcp, RemotingCodec::default()),
            next_opaque: 1,
            early: HashMap::new(),
            json_responses: 0,
            binary_responses: 0,
        })
    }

    /// A fresh opaque for the next request.
    pub fn opaque(&mut self) -> i32 {
        let opaque = self.next_opaque;
        self.next_opaque = opaque.wrapping_add(1);
        opaque
    }

    /// How many responses came with a JSON header, and how many with a binary one.
    pub fn responses_by_serialization(&self) -> (usize, usize) {
        (self.json_responses, self.binary_responses)
    }

    /// Queues `request` with its header serialized as `serialize_type`, without flushing.
    pub async fn feed(
        &mut self,
        request: &RemotingCommand<'_>,
        serialize_type: SerializeType,
    ) -> Result<()> {
        let request = request
            .with_serialize_type(serialize_type)
            .map_err(|e| Error::Unexpected(format!("the request does not serialize: {e}")))?;
        Ok(self.conn.feed(&request).await?)
    }

    /// Sends the requests queued.
    pub async fn flush(&mut self) -> Result<()> {
        Ok(self.conn.flush().await?)
    }

    /// The next frame from the server, which must be a response.
    pub async fn recv(&mut self) -> Result<Bytes> {
        let frame = tokio::time::timeout(RECV_TIMEOUT, self.conn.next())
            .await
            .map_err(|_| Error::Timeout(RECV_TIMEOUT))?
            .ok_or(Error::Disconnected)??;
        let response = decode(&frame)?;
        match response.serialize_type() {
            SerializeType::Json => self.json_responses += 1,
            SerializeType::RocketMq => self.binary_responses += 1,
        }
        if !response.is_response() {
            return Err(Error::Unexpected(format!(
                "a request from the server: {response:?}"
            )));
        }
        Ok(frame)
    }

    /// Sends `request` (with a fresh opaque) and returns its response's frame, whatever its
    /// code.
    pub async fn call(
        &mut self,
        request: RemotingCommand<'_>,
        serialize_type: SerializeType,
    ) -> Result<Bytes> {
        let opaque = self.opaque();
        let request = request.with_opaque(opaque);
        self.feed(&request, serialize_type).await?;
        self.flush().await?;
        self.response(opaque).await
    }

    /// The response to the request sent with `opaque` (others that arrive first are kept).
    pub async fn response(&mut self, opaque: i32) -> Result<Bytes> {
        if let Some(frame) = self.early.remove(&opaque) {
            return Ok(frame);
        }
        loop {
            let frame = self.recv().await?;
            let got = decode(&frame)?.opaque();
            if got == opaque {
                return Ok(frame);
            }
            self.early.insert(got, frame);
        }
    }

    /// As [`Client::call`], with a JSON header; a response other than SUCCESS is an error.
    pub async fn call_ok(&mut self, request: RemotingCommand<'_>) -> Result<Bytes> {
        let what = format!("{:?}", request.request_code());
        let frame = self.call(request, SerializeType::Json).await?;
        let response = decode(&frame)?;
        if response.response_code() != ResponseCode::Success {
            return Err(Error::Refused {
                request: what,
                code: response.response_code(),
                remark: response.remark().map(str::to_owned),
            });
        }
        Ok(frame)
    }
}

/// Where a topic lives: the master broker of its first queue data, and its queue counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The broker's address.
    pub broker: String,
    /// Queues messages are sent to.
    pub write_queues: i32,
    /// Queues messages are pulled from.
    pub read_queues: i32,
}

/// The route of `topic` from the name server `namesrv`, or `None` while it has none.
pub async fn route(namesrv: &mut Client, topic: &str) -> Result<Option<Route>> {
    let request = RemotingCommand::request(RequestCode::GetRouteinfoByTopic, 0).with_header(
        &GetRouteInfoRequestHeader {
            topic: topic.into(),
            accept_standard_json_only: Some(true),
        },
    );
    let frame = namesrv.call(request, SerializeType::Json).await?;
    let response = decode(&frame)?;
    match response.response_code() {
        ResponseCode::Success => {}
        ResponseCode::TopicNotExist => return Ok(None),
        code => {
            return Err(Error::Refused {
                request: "GET_ROUTEINFO_BY_TOPIC".into(),
                code,
                remark: response.remark().map(str::to_owned),
            });
        }
    }
    let body: serde_json::Value = serde_json::from_slice(response.body())
        .map_err(|e| Error::Unexpected(format!("a route that is not JSON: {e}")))?;
    let queues = &body["queueDatas"][0];
    let broker = body["brokerDatas"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|b| b["brokerName"] == queues["brokerName"])
        .and_then(|b| b["brokerAddrs"]["0"].as_str());
    match (
        broker,
        queues["writeQueueNums"].as_i64(),
        queues["readQueueNums"].as_i64(),
    ) {
        (Some(broker), Some(write), Some(read)) => Ok(Some(Route {
            broker: broker.to_owned(),
            write_queues: write as i32,
            read_queues: read as i32,
        })),
        _ => Err(Error::Unexpected(format!(
            "a route without a master broker: {body}"
        ))),
    }
}

/// The master brokers of the cluster the name server `namesrv` knows, by address.
pub async fn brokers(namesrv: &mut Client) -> Result<Vec<String>> {
    let frame = namesrv
        .call_ok(RemotingCommand::request(
            RequestCode::GetBrokerClusterInfo,
            0,
        ))
        .await?;
    let body: serde_json::Value = serde_json::from_slice(decode(&frame)?.body())
        .map_err(|e| Error::Unexpected(format!("cluster info that is not JSON: {e}")))?;
    Ok(body["brokerAddrTable"]
        .as_object()
        .into_iter()
        .flat_map(|table| table.values())
        .filter_map(|b| b["brokerAddrs"]["0"].as_str().map(str::to_owned))
        .collect())
}

/// PULL_MESSAGE, as request `opaque` of consumer group `group`: up to `max` messages of every
/// tag from `topic`'s queue `queue_id`, starting at `offset`; nothing is committed and the
/// broker does not hold the request when the queue is empty.
///
/// ```
/// let request = wire_examples::rocketmq::pull_request("group", "demo", 2, 100, 32, 7);
/// assert_eq!(request.opaque(), 7);
/// ```
pub fn pull_request<'a>(
    group: &'a str,
    topic: &'a str,
    queue_id: i32,
    offset: i64,
    max: i32,
    opaque: i32,
) -> RemotingCommand<'a> {
    RemotingCommand::request(RequestCode::PullMessage, opaque).with_header(
        &PullMessageRequestHeader {
            consumer_group: group.into(),
            topic: topic.into(),
            queue_id,
            queue_offset: offset,
            max_msg_nums: max,
            sys_flag: 4, // the subscription is in the request
            commit_offset: 0,
            suspend_timeout_millis: 0,
            sub_version: 0,
            subscription: Some("*".into()),
            expression_type: Some("TAG".into()),
            ..Default::default()
        },
    )
}

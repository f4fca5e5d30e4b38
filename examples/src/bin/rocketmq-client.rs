//! A RocketMQ producer (SEND_MESSAGE_V2) and pull consumer written with wire's codecs only.
//!
//! ```text
//! bash scripts/brokers/rocketmq.sh     # prints the name server's address
//! cargo run --release -p wire-examples --bin rocketmq-client -- --namesrv 127.0.0.1:19876 create demo
//! cargo run --release -p wire-examples --bin rocketmq-client -- --namesrv 127.0.0.1:19876 send demo
//! cargo run --release -p wire-examples --bin rocketmq-client -- --namesrv 127.0.0.1:19876 pull demo
//! ```

use clap::Parser;
use std::collections::VecDeque;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use wire_examples::cli::{
    RocketMqCli, RocketMqCommand, RocketMqCreateArgs, RocketMqPullArgs, RocketMqSendArgs, exit,
    report,
};
use wire_examples::payload;
use wire_examples::rocketmq::{self, Client, Error, Result, Route, decode, pull_request};
use wire_protocols::rocketmq::{
    CreateTopicRequestHeader, InFlight, MessageExt, PullMessageResponseHeader, RemotingCommand,
    RequestCode, ResponseCode, SendMessageRequestHeaderV2, SerializeType, decode_messages,
};

/// How long a route, or a message sent, may take to appear.
const SETTLE: Duration = Duration::from_secs(30);

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = RocketMqCli::parse();
    let result = match &cli.command {
        RocketMqCommand::Create(args) => create(&cli.namesrv, args).await,
        RocketMqCommand::Send(args) => send(&cli.namesrv, args).await,
        RocketMqCommand::Pull(args) => pull(&cli.namesrv, args).await,
    };
    exit("rocketmq-client", result)
}

/// The topic's route, waiting up to [`SETTLE`] for the name server to learn it.
async fn wait_for_route(namesrv: &str, topic: &str) -> Result<Route> {
    let mut ns = Client::connect(namesrv).await?;
    let deadline = Instant::now() + SETTLE;
    loop {
        if let Some(route) = rocketmq::route(&mut ns, topic).await? {
            return Ok(route);
        }
        if Instant::now() > deadline {
            return Err(Error::Unexpected(format!(
                "no route to {topic} after {SETTLE:?}"
            )));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn create(namesrv: &str, args: &RocketMqCreateArgs) -> Result<String> {
    let mut ns = Client::connect(namesrv).await?;
    let broker = rocketmq::brokers(&mut ns).await?.into_iter().next();
    let broker = broker.ok_or_else(|| Error::Unexpected("the cluster has no broker".into()))?;
    let request = RemotingCommand::request(RequestCode::UpdateAndCreateTopic, 0).with_header(
        &CreateTopicRequestHeader {
            topic: args.topic.as_str().into(),
            default_topic: "TBW102".into(),
            read_queue_nums: args.queues,
            write_queue_nums: args.queues,
            perm: 6,
            topic_filter_type: "SINGLE_TAG".into(),
            order: false,
            ..Default::default()
        },
    );
    Client::connect(&broker).await?.call_ok(request).await?;
    let route = wait_for_route(namesrv, &args.topic).await?;
    Ok(format!("created {} on {} ({route:?})", args.topic, broker))
}

/// Sends every message, pipelined; each must be answered SUCCESS once. A message refused as
/// busy goes to the back of the queue, for up to [`SETTLE`] of refusals in a row.
async fn send(namesrv: &str, args: &RocketMqSendArgs) -> Result<String> {
    let route = wait_for_route(namesrv, &args.topic).await?;
    let mut broker = Client::connect(&route.broker).await?;
    let born = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let started = Instant::now();
    let mut to_send: VecDeque<u64> = (0..args.count).collect();
    let mut in_flight = InFlight::new();
    let mut body = Vec::with_capacity(args.size as usize);
    let mut refused_since: Option<Instant> = None;
    while !to_send.is_empty() || !in_flight.is_empty() {
        while in_flight.len() < args.window {
            let Some(i) = to_send.pop_front() else { break };
            body.clear();
            payload::write(i, args.size as usize, &mut body);
            let header = SendMessageRequestHeaderV2 {
                producer_group: "wire-examples".into(),
                topic: args.topic.as_str().into(),
                default_topic: "TBW102".into(),
                default_topic_queue_nums: route.write_queues,
                queue_id: (i % route.write_queues as u64) as i32,
                sys_flag: 0,
                born_timestamp: born,
                flag: 0,
                ..Default::default()
            };
            let opaque = in_flight.start(i);
            let request = RemotingCommand::request(RequestCode::SendMessageV2, opaque)
                .with_header(&header)
                .with_body(&body);
            broker.feed(&request, SerializeType::Json).await?;
        }
        broker.flush().await?;
        let frame = broker.recv().await?;
        let response = decode(&frame)?;
        let Some(i) = in_flight.complete(&response) else {
            return Err(Error::Unexpected(format!(
                "a response to nothing: {response:?}"
            )));
        };
        match response.response_code() {
            ResponseCode::Success => refused_since = None,
            ResponseCode::SystemBusy | ResponseCode::ServiceNotAvailable
                if refused_since.is_none_or(|t| t.elapsed() < SETTLE) =>
            {
                refused_since.get_or_insert_with(Instant::now);
                to_send.push_back(i);
            }
            code => {
                return Err(Error::Refused {
                    request: format!("SEND_MESSAGE_V2 of message {i}"),
                    code,
                    remark: response.remark().map(str::to_owned),
                });
            }
        }
    }
    Ok(report("sent", args.count, started.elapsed().as_secs_f64()))
}

/// Pulls every read queue from offset 0 until `count` messages came back, each a message
/// `send` sent, none twice. One pull per queue is in flight: a queue that returned messages is
/// asked again at once; one that had none waits until every queue has answered, and all are
/// asked again after a pause.
async fn pull(namesrv: &str, args: &RocketMqPullArgs) -> Result<String> {
    let route = wait_for_route(namesrv, &args.topic).await?;
    let mut broker = Client::connect(&route.broker).await?;
    let started = Instant::now();
    let mut seen = vec![false; args.count as usize];
    let mut offsets = vec![0i64; route.read_queues as usize];
    // The opaque of each queue's pull in flight.
    let mut in_flight: Vec<Option<i32>> = vec![None; offsets.len()];
    let (mut pulled, mut idle_since) = (0u64, None::<Instant>);
    while pulled < args.count {
        if in_flight.iter().all(Option::is_none) {
            if let Some(idle) = idle_since {
                if idle.elapsed() > SETTLE {
                    return Err(Error::Unexpected(format!(
                        "{pulled} of {} messages after {SETTLE:?} without new ones",
                        args.count
                    )));
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            for (queue_id, (offset, slot)) in (0..).zip(offsets.iter().zip(&mut in_flight)) {
                let opaque = broker.opaque();
                broker
                    .feed(
                        &pull_request(
                            "wire-examples",
                            &args.topic,
                            queue_id,
                            *offset,
                            args.batch,
                            opaque,
                        ),
                        SerializeType::Json,
                    )
                    .await?;
                *slot = Some(opaque);
            }
            broker.flush().await?;
        }
        let frame = broker.recv().await?;
        let response = decode(&frame)?;
        let queue = in_flight
            .iter()
            .position(|&opaque| opaque == Some(response.opaque()))
            .ok_or_else(|| Error::Unexpected(format!("a response to nothing: {response:?}")))?;
        in_flight[queue] = None;
        match response.response_code() {
            ResponseCode::Success => idle_since = None,
            ResponseCode::PullNotFound
            | ResponseCode::PullRetryImmediately
            | ResponseCode::PullOffsetMoved => {
                idle_since.get_or_insert_with(Instant::now);
                continue;
            }
            code => {
                return Err(Error::Refused {
                    request: format!("PULL_MESSAGE of queue {queue} at {}", offsets[queue]),
                    code,
                    remark: response.remark().map(str::to_owned),
                });
            }
        }
        let header: PullMessageResponseHeader = response.custom_header()?;
        for record in decode_messages(response.body()) {
            let message: MessageExt<'_> = record?;
            let i = message
                .body
                .first_chunk::<8>()
                .map(|index| u64::from_be_bytes(*index))
                .filter(|&i| payload::matches(i, message.body))
                .ok_or_else(|| Error::Unexpected("a message `send` did not send".into()))?;
            let slot = seen
                .get_mut(i as usize)
                .ok_or_else(|| Error::Unexpected(format!("message {i}, beyond --count")))?;
            if std::mem::replace(slot, true) {
                return Err(Error::Unexpected(format!("message {i} pulled twice")));
            }
            pulled += 1;
        }
        offsets[queue] = header.next_begin_offset;
        if pulled < args.count {
            let opaque = broker.opaque();
            let request = pull_request(
                "wire-examples",
                &args.topic,
                queue as i32,
                offsets[queue],
                args.batch,
                opaque,
            );
            broker.feed(&request, SerializeType::Json).await?;
            broker.flush().await?;
            in_flight[queue] = Some(opaque);
        }
    }
    Ok(report(
        "pulled",
        args.count,
        started.elapsed().as_secs_f64(),
    ))
}

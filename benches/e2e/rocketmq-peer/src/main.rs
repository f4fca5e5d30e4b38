//! `rocketmq-client`'s twin written with `rocketmq-client-rust` (the rocketmq-rust project's
//! client): the same command line (`wire_examples::cli`), the same messages
//! (`wire_examples::payload`, message i to write queue i mod the queue count), the same window
//! of requests in flight, the same checks of every message pulled. Topics are created with
//! `rocketmq-client create`: creating one is not what is measured.
//!
//! ```text
//! cargo build --release --manifest-path benches/e2e/rocketmq-peer/Cargo.toml --target-dir target
//! target/release/rocketmq-peer --namesrv 127.0.0.1:19876 send demo --count 100000
//! target/release/rocketmq-peer --namesrv 127.0.0.1:19876 pull demo --count 100000
//! ```

use clap::Parser;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
// Classic pull, deprecated in favour of the lite pull consumer (which pulls in the background
// and commits offsets): the same PULL_MESSAGE requests `rocketmq-client pull` sends.
#[allow(deprecated)]
use rocketmq_client_rust::DefaultMQPullConsumer;
use rocketmq_client_rust::{ClientRuntime, ClientRuntimeConfig, DefaultMQProducer, PullStatus};
use rocketmq_model::common::message::message_queue::MessageQueue;
use rocketmq_model::common::message::message_single::Message;
use rocketmq_runtime::{RuntimeConfig, RuntimeOwner};
use std::error::Error;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use wire_examples::cli::{
    RocketMqCli, RocketMqCommand, RocketMqPullArgs, RocketMqSendArgs, exit, report,
};
use wire_examples::payload;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// How long a queue may stay empty before the pull gives up (as `rocketmq-client`).
const SETTLE: Duration = Duration::from_secs(30);

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = RocketMqCli::parse();
    let result = async {
        let owner = RuntimeOwner::plan(RuntimeConfig {
            thread_name: "rocketmq-peer".into(),
            ..Default::default()
        })?
        .build()?;
        let telemetry = rocketmq_observability::install_global(&Default::default())?;
        let runtime = ClientRuntime::try_new(
            owner.root_context().component("client"),
            ClientRuntimeConfig::default(),
            telemetry.handle(),
        )?;
        let line = match &cli.command {
            RocketMqCommand::Send(args) => send(&runtime, &cli.namesrv, args).await,
            RocketMqCommand::Pull(args) => pull(&runtime, &cli.namesrv, args).await,
            RocketMqCommand::Create(_) => Err("create topics with rocketmq-client".into()),
        };
        runtime.shutdown().await;
        owner.shutdown_tasks().await;
        owner.shutdown_background();
        line
    }
    .await;
    exit("rocketmq-peer", result)
}

/// Sends every message, at most `window` in flight, and waits for each result.
async fn send(
    runtime: &Arc<ClientRuntime>,
    namesrv: &str,
    args: &RocketMqSendArgs,
) -> Result<String> {
    let mut producer = DefaultMQProducer::builder(runtime.clone())
        .producer_group("wire-e2e-peer".to_string())
        .name_server_addr(namesrv.to_string())
        .build();
    producer.start().await?;
    let queues = producer.fetch_publish_message_queues(&args.topic).await?;
    if queues.is_empty() {
        return Err(format!("{} has no write queue", args.topic).into());
    }
    let started = Instant::now();
    let producer = &producer;
    let send_one = |i: u64, queue: MessageQueue| async move {
        let mut body = Vec::with_capacity(args.size as usize);
        payload::write(i, args.size as usize, &mut body);
        let message = Message::builder()
            .topic(args.topic.as_str())
            .body(body)
            .build()?;
        match producer.send_to_queue(message, queue).await? {
            Some(_) => Ok::<(), Box<dyn Error>>(()),
            None => Err(format!("no send result for message {i}").into()),
        }
    };
    let mut in_flight = FuturesUnordered::new();
    for i in 0..args.count {
        if in_flight.len() >= args.window {
            in_flight.next().await.expect("the window is not empty")?;
        }
        let queue = queues[(i % queues.len() as u64) as usize].clone();
        in_flight.push(send_one(i, queue));
    }
    while let Some(sent) = in_flight.next().await {
        sent?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    Ok(report("sent", args.count, elapsed))
}

/// Pulls every read queue from offset 0 until `count` messages came back, each a message
/// `send` sent, none twice.
async fn pull(
    runtime: &Arc<ClientRuntime>,
    namesrv: &str,
    args: &RocketMqPullArgs,
) -> Result<String> {
    #[allow(deprecated)]
    let consumer = DefaultMQPullConsumer::builder(runtime.clone())
        .consumer_group("wire-e2e-peer")
        .name_server_addr(namesrv)
        .build()?;
    consumer.start().await?;
    let queues = consumer.fetch_subscribe_message_queues(&args.topic).await?;
    let started = Instant::now();
    let mut seen = vec![false; args.count as usize];
    let mut offsets = vec![0i64; queues.len()];
    // One pull per queue in flight, as `rocketmq-client pull`: a queue that returned messages
    // is asked again at once; one that had none waits until every queue has answered, and all
    // are asked again after a pause.
    let pull_queue = |queue: usize, offset: i64| {
        let consumer = &consumer;
        let message_queue = &queues[queue];
        async move {
            let result = consumer.pull(message_queue, "*", offset, args.batch).await;
            (queue, result)
        }
    };
    let mut in_flight = FuturesUnordered::new();
    let (mut pulled, mut idle_since) = (0u64, None::<Instant>);
    while pulled < args.count {
        if in_flight.is_empty() {
            if let Some(idle) = idle_since {
                if idle.elapsed() > SETTLE {
                    return Err(format!(
                        "{pulled} of {} messages after {SETTLE:?} without new ones",
                        args.count
                    )
                    .into());
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            in_flight.extend(offsets.iter().enumerate().map(|(q, &o)| pull_queue(q, o)));
        }
        let (queue, result) = in_flight.next().await.expect("a pull is in flight");
        let result = result?;
        if *result.pull_status() != PullStatus::Found {
            idle_since.get_or_insert_with(Instant::now);
            continue;
        }
        idle_since = None;
        for message in result.msg_found_list().unwrap_or_default() {
            let body = message.body().unwrap_or_default();
            let i = body
                .first_chunk::<8>()
                .map(|index| u64::from_be_bytes(*index))
                .filter(|&i| payload::matches(i, &body))
                .ok_or("a message `send` did not send")?;
            let slot = seen
                .get_mut(i as usize)
                .ok_or_else(|| format!("message {i}, beyond --count"))?;
            if std::mem::replace(slot, true) {
                return Err(format!("message {i} pulled twice").into());
            }
            pulled += 1;
        }
        offsets[queue] = result.next_begin_offset() as i64;
        if pulled < args.count {
            in_flight.push(pull_queue(queue, offsets[queue]));
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    // No `consumer.shutdown()`: it waits about 20 s for something here, and the offsets it
    // would persist are not used (every pull starts at 0).
    Ok(report("pulled", args.count, elapsed))
}

//! The command line the Stream example client and its peer-client twin (`benches/e2e`) share,
//! so that the comparison harness drives both the same way.

use clap::{Args, Parser, Subcommand};

/// Publishes or consumes messages on a RabbitMQ Stream broker, printing messages/s.
#[derive(Debug, Parser)]
#[command(version)]
pub struct StreamCli {
    /// The broker's stream port.
    #[arg(long, default_value = "127.0.0.1:5552", global = true)]
    pub addr: String,
    /// What to do.
    #[command(subcommand)]
    pub command: StreamCommand,
}

/// Publish or consume.
#[derive(Debug, Subcommand)]
pub enum StreamCommand {
    /// Creates the stream and publishes `count` AMQP 1.0 messages to it, each a data body of
    /// `size` bytes (`wire_examples::payload`), waiting for every confirm.
    Publish(PublishArgs),
    /// Reads `count` messages from the stream's first offset, checking each one's offset and
    /// body against what `publish` sends; deletes the stream with `--delete`.
    Consume(ConsumeArgs),
}

/// `publish`.
#[derive(Debug, Args)]
pub struct PublishArgs {
    /// The stream (created, or reused if it exists).
    pub stream: String,
    /// How many messages.
    #[arg(long, default_value_t = 1_000_000)]
    pub count: u64,
    /// Body size in bytes (at least 8).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(8..))]
    pub size: u32,
    /// Messages per Publish frame.
    #[arg(long, default_value_t = 100)]
    pub batch: u32,
    /// Messages sent but not yet confirmed, at most.
    #[arg(long, default_value_t = 10_000)]
    pub window: u64,
}

/// `consume`.
#[derive(Debug, Args)]
pub struct ConsumeArgs {
    /// The stream.
    pub stream: String,
    /// How many messages.
    #[arg(long, default_value_t = 1_000_000)]
    pub count: u64,
    /// Chunks of credit granted at subscription (one more after each chunk).
    #[arg(long, default_value_t = 10)]
    pub credit: u16,
    /// Checks every chunk's CRC-32.
    #[arg(long)]
    pub crc: bool,
    /// Deletes the stream afterwards.
    #[arg(long)]
    pub delete: bool,
}

/// The line both clients print when done: what they did, how many messages, how fast.
pub fn report(what: &str, count: u64, secs: f64) -> String {
    format!(
        "{what} {count} messages in {secs:.3} s: {:.0} messages/s",
        count as f64 / secs
    )
}

/// Publishes or receives MQTT 5.0 messages, printing messages/s.
#[derive(Debug, Parser)]
#[command(version)]
pub struct MqttCli {
    /// The broker.
    #[arg(long, default_value = "127.0.0.1:1883", global = true)]
    pub addr: String,
    /// What to do.
    #[command(subcommand)]
    pub command: MqttCommand,
}

/// Publish or subscribe.
#[derive(Debug, Subcommand)]
pub enum MqttCommand {
    /// Publishes `count` messages of `size` bytes (`wire_examples::payload`) to the topic; at
    /// QoS 1 at most `inflight` unacknowledged (and no more than the broker's Receive Maximum),
    /// waiting for every PUBACK.
    Publish(MqttPublishArgs),
    /// Subscribes to the topic, prints `ready`, then receives `count` messages, checking each
    /// one's order and body, acknowledging each at QoS 1.
    Subscribe(MqttSubscribeArgs),
}

/// `publish`.
#[derive(Debug, Args)]
pub struct MqttPublishArgs {
    /// The topic.
    pub topic: String,
    /// How many messages.
    #[arg(long, default_value_t = 200_000)]
    pub count: u64,
    /// Payload size in bytes (at least 8).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(8..))]
    pub size: u32,
    /// Quality of service: 0 or 1.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub qos: u8,
    /// QoS 1 publications unacknowledged, at most.
    #[arg(long, default_value_t = 20)]
    pub inflight: u16,
}

/// `subscribe`.
#[derive(Debug, Args)]
pub struct MqttSubscribeArgs {
    /// The topic (or a filter matching it).
    pub topic: String,
    /// How many messages.
    #[arg(long, default_value_t = 200_000)]
    pub count: u64,
    /// Quality of service of the subscription: 0 or 1.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub qos: u8,
}

/// Creates a topic, sends messages to it, or pulls them back from a RocketMQ cluster, printing
/// messages/s.
#[derive(Debug, Parser)]
#[command(version)]
pub struct RocketMqCli {
    /// The name server.
    #[arg(long, default_value = "127.0.0.1:9876", global = true)]
    pub namesrv: String,
    /// What to do.
    #[command(subcommand)]
    pub command: RocketMqCommand,
}

/// Create, send or pull.
#[derive(Debug, Subcommand)]
pub enum RocketMqCommand {
    /// Creates the topic on the cluster's first broker and waits until the name server has
    /// its route.
    Create(RocketMqCreateArgs),
    /// Sends `count` messages of `size` bytes (`wire_examples::payload`) with SEND_MESSAGE_V2,
    /// message i to queue i mod the topic's write queues, at most `window` requests in flight;
    /// a message the broker is too busy for is sent again.
    Send(RocketMqSendArgs),
    /// Pulls `count` messages from every read queue of the topic (PULL_MESSAGE), checking that
    /// each is a message `send` sent, intact, and that none is missing or repeated.
    Pull(RocketMqPullArgs),
}

/// `create`.
#[derive(Debug, Args)]
pub struct RocketMqCreateArgs {
    /// The topic.
    pub topic: String,
    /// Read and write queues.
    #[arg(long, default_value_t = 4)]
    pub queues: i32,
}

/// `send`.
#[derive(Debug, Args)]
pub struct RocketMqSendArgs {
    /// The topic (created before).
    pub topic: String,
    /// How many messages.
    #[arg(long, default_value_t = 100_000)]
    pub count: u64,
    /// Body size in bytes (at least 8).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(8..))]
    pub size: u32,
    /// Requests in flight, at most.
    #[arg(long, default_value_t = 256)]
    pub window: usize,
}

/// `pull`.
#[derive(Debug, Args)]
pub struct RocketMqPullArgs {
    /// The topic.
    pub topic: String,
    /// How many messages.
    #[arg(long, default_value_t = 100_000)]
    pub count: u64,
    /// Messages asked for per PULL_MESSAGE.
    #[arg(long, default_value_t = 32)]
    pub batch: i32,
}

/// How a client program ends: its report line on stdout and success, or `program: error` on
/// stderr and failure.
pub fn exit(
    program: &str,
    result: Result<String, impl std::fmt::Display>,
) -> std::process::ExitCode {
    match result {
        Ok(line) => {
            println!("{line}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{program}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

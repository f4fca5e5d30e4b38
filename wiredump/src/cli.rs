//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Dissects MQTT, RabbitMQ Stream, RocketMQ, msgpack and Ignite 3 traffic; with no arguments,
/// the sample captures bundled with wiredump.
#[derive(Debug, Parser)]
#[command(name = "wiredump", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; `decode` when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The `decode` arguments, when the subcommand is left out.
    #[command(flatten)]
    pub decode: DecodeArgs,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Dissect frames (the default).
    Decode(DecodeArgs),
    /// Read the JSON of one frame (as `decode --format json` prints it) on stdin; write the
    /// frame as hex on stdout.
    Encode(EncodeArgs),
}

/// Arguments of `decode`.
#[derive(Debug, Args, Default)]
pub struct DecodeArgs {
    /// The protocol; taken from the ports of a pcap capture when left out.
    #[arg(short, long, value_enum)]
    pub protocol: Option<Protocol>,
    /// In a pcap capture, the protocol served on PORT (like Wireshark's "Decode As"); may be
    /// repeated, and wins over the well-known ports.
    #[arg(long = "port", value_name = "PORT=PROTOCOL", value_parser = parse_port_protocol)]
    pub ports: Vec<(u16, Protocol)>,
    /// Bytes as hex (spaces and colons allowed) instead of a file.
    #[arg(long, conflicts_with = "file")]
    pub hex: Option<String>,
    /// A raw byte stream (frames back to back) or a pcap/pcapng capture; `-` or nothing with
    /// `--hex` absent reads stdin, where a capture is dissected as it arrives
    /// (`tcpdump -U -w - | wiredump -`).
    pub file: Option<PathBuf>,
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Which side sent a raw stream (Ignite requests and responses differ).
    #[arg(long, value_enum, default_value_t = Side::Client)]
    pub from: Side,
    /// Print frames per type and throughput on stderr at the end.
    #[arg(long)]
    pub stats: bool,
    /// Do not verify checksums (RabbitMQ Stream chunk CRCs, RocketMQ message body CRCs); a
    /// mismatch is otherwise a frame error of kind `checksum`.
    #[arg(long)]
    pub no_verify: bool,
}

impl DecodeArgs {
    /// True when no argument but the format was given.
    pub fn is_empty(&self) -> bool {
        self.protocol.is_none()
            && self.hex.is_none()
            && self.file.is_none()
            && !self.stats
            && !self.no_verify
            && self.ports.is_empty()
    }
}

/// `PORT=PROTOCOL`, as `--port` takes it.
fn parse_port_protocol(arg: &str) -> Result<(u16, Protocol), String> {
    let (port, name) = arg
        .split_once('=')
        .ok_or("expected PORT=PROTOCOL, such as 10911=rocketmq")?;
    let port = port
        .trim()
        .parse()
        .map_err(|_| format!("`{port}` is not a port number (0 to 65535)"))?;
    let protocol = Protocol::from_str(name.trim(), true).map_err(|_| {
        let names: Vec<&str> = Protocol::value_variants()
            .iter()
            .map(|p| p.name())
            .collect();
        format!(
            "no protocol is called `{name}`; one of: {}",
            names.join(", ")
        )
    })?;
    Ok((port, protocol))
}

/// Which protocol is served on which port: the `--port` choices first, then the well-known
/// ports.
#[derive(Debug, Clone, Default)]
pub struct Ports(pub Vec<(u16, Protocol)>);

impl Ports {
    /// The protocol served on `port`, if any.
    pub fn protocol(&self, port: u16) -> Option<Protocol> {
        self.0
            .iter()
            .find(|(p, _)| *p == port)
            .map(|(_, protocol)| *protocol)
            .or_else(|| Protocol::from_port(port))
    }
}

/// Arguments of `encode`.
#[derive(Debug, Args)]
pub struct EncodeArgs {
    /// The protocol of the frame.
    #[arg(short, long, value_enum)]
    pub protocol: Protocol,
    /// Which side sends the frame (Ignite requests and responses differ).
    #[arg(long, value_enum, default_value_t = Side::Client)]
    pub from: Side,
}

/// The protocols, named as the `variant`s of the shared golden vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum Protocol {
    /// RocketMQ remoting frames.
    Rocketmq,
    /// RocketMQ MessageExt records back to back (a PULL_MESSAGE body).
    RocketmqMessage,
    /// A RocketMQ SEND_BATCH_MESSAGE body.
    RocketmqBatch,
    /// RabbitMQ Stream frames.
    Stream,
    /// MQTT 3.1.1.
    Mqtt,
    /// MQTT 5.0.
    Mqtt5,
    /// msgpack values back to back.
    Msgpack,
    /// Ignite 3 client messages (the `IGNI` magic accepted at the start).
    Ignite,
}

impl Protocol {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Rocketmq => "rocketmq",
            Protocol::RocketmqMessage => "rocketmq-message",
            Protocol::RocketmqBatch => "rocketmq-batch",
            Protocol::Stream => "stream",
            Protocol::Mqtt => "mqtt",
            Protocol::Mqtt5 => "mqtt5",
            Protocol::Msgpack => "msgpack",
            Protocol::Ignite => "ignite",
        }
    }

    /// The protocol served on a well-known port.
    pub fn from_port(port: u16) -> Option<Protocol> {
        match port {
            1883 => Some(Protocol::Mqtt5),
            5552 => Some(Protocol::Stream),
            9876 | 10911 => Some(Protocol::Rocketmq),
            10800 => Some(Protocol::Ignite),
            _ => None,
        }
    }
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Indented fields, payloads abbreviated.
    #[default]
    Text,
    /// One JSON object per frame and line.
    Json,
    /// One line per frame: offset, direction, message kind and its key members.
    Summary,
    /// Each frame's bytes, a row per field with the field's name beside it.
    Hexdump,
}

/// Which end of a connection sent the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Side {
    /// The client.
    #[default]
    Client,
    /// The server.
    Server,
}

//! `wiredump`: shows what is on the wire for MQTT, RabbitMQ Stream, RocketMQ, msgpack and
//! Ignite 3, frame by frame, as text or JSON; and turns the JSON of a frame back into bytes.
//!
//! ```text
//! wiredump                                   # dissect the bundled sample captures
//! wiredump --protocol mqtt5 --hex 300d...    # one frame from hex (decode is the default)
//! wiredump decode -p stream capture.pcap --format json
//! wiredump --port 20911=rocketmq capture.pcap --format summary
//! wiredump decode -p mqtt5 --hex ... --format json | wiredump encode -p mqtt5
//! ```

use clap::Parser;
use std::process::ExitCode;
use wiredump::{cli, encode, samples};

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let result = match cli.command {
        Some(cli::Command::Encode(args)) => encode::run(&args),
        Some(cli::Command::Decode(args)) => wiredump::decode(&args),
        None if cli.decode.is_empty() => samples::run(cli.decode.format),
        None => wiredump::decode(&cli.decode),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("wiredump: {message}");
            ExitCode::from(2)
        }
    }
}

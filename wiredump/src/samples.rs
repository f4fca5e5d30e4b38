//! The sample captures bundled with wiredump (recorded against real brokers, see
//! `samples/README.md`), dissected when it runs without arguments.

use crate::cli::{Format, Protocol, Side};
use crate::input::Stream;
use crate::output::Printer;
use crate::stats::Stats;
use std::process::ExitCode;

/// One recorded connection: what the client sent and what the server sent.
struct Sample {
    protocol: Protocol,
    client: &'static [u8],
    server: &'static [u8],
    source: &'static str,
}

const SAMPLES: &[Sample] = &[
    Sample {
        protocol: Protocol::Mqtt,
        client: include_bytes!("../samples/mqtt.client.bin"),
        server: include_bytes!("../samples/mqtt.server.bin"),
        source: "mosquitto 2.0.11, paho-mqtt 2.2.0 (MQTT 3.1.1)",
    },
    Sample {
        protocol: Protocol::Mqtt5,
        client: include_bytes!("../samples/mqtt5.client.bin"),
        server: include_bytes!("../samples/mqtt5.server.bin"),
        source: "mosquitto 2.0.11, paho-mqtt 2.2.0 (MQTT 5.0)",
    },
    Sample {
        protocol: Protocol::Stream,
        client: include_bytes!("../samples/stream.client.bin"),
        server: include_bytes!("../samples/stream.server.bin"),
        source: "RabbitMQ 3.10.8 stream plugin",
    },
    Sample {
        protocol: Protocol::Rocketmq,
        client: include_bytes!("../samples/rocketmq.client.bin"),
        server: include_bytes!("../samples/rocketmq.server.bin"),
        source: "rocketmq-rust 1.0.0 broker, JSON and binary headers",
    },
];

/// A pcap of a real MQTT 5.0 connection (dissected by `wiredump -p mqtt5 samples/mqtt5.pcap`).
pub const MQTT5_PCAP: &[u8] = include_bytes!("../samples/mqtt5.pcap");

/// Dissects every bundled sample on stdout, in `format`.
pub fn run(format: Format) -> Result<ExitCode, String> {
    let mut printer = Printer::new(format, std::io::stdout().lock(), Stats::new(false));
    let mut failed = false;
    for sample in SAMPLES {
        for (side, bytes) in [(Side::Client, sample.client), (Side::Server, sample.server)] {
            let who = if side == Side::Client {
                "client"
            } else {
                "server"
            };
            let label = format!(
                "{} sample, {who} to {} ({})",
                sample.protocol.name(),
                if side == Side::Client {
                    "server"
                } else {
                    "client"
                },
                sample.source
            );
            let stream = Stream::raw(label, bytes.to_vec(), side);
            failed |= crate::dissect_all(
                std::slice::from_ref(&stream),
                Some(sample.protocol),
                &crate::cli::Ports::default(),
                &mut printer,
            )?;
        }
    }
    printer
        .finish()
        .map_err(|e| format!("writing output: {e}"))?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

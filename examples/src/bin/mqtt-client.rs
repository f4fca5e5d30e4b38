//! An MQTT 5.0 publisher and subscriber written with wire's codecs only.
//!
//! ```text
//! bash scripts/brokers/mosquitto.sh
//! cargo run --release -p wire-examples --bin mqtt-client -- subscribe demo --count 100000 &
//! cargo run --release -p wire-examples --bin mqtt-client -- publish demo --count 100000
//! ```

use clap::Parser;
use std::collections::VecDeque;
use std::process::ExitCode;
use std::time::Instant;
use wire_examples::cli::{MqttCli, MqttCommand, MqttPublishArgs, MqttSubscribeArgs, exit, report};
use wire_examples::mqtt::{Client, Error, Result, decode, refused};
use wire_examples::payload;
use wire_protocols::mqtt::{self, Packet, Properties, PublishFlags, QoS, TopicName};

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = MqttCli::parse();
    let result = match &cli.command {
        MqttCommand::Publish(args) => publish(&cli.addr, args).await,
        MqttCommand::Subscribe(args) => subscribe(&cli.addr, args).await,
    };
    exit("mqtt-client", result)
}

fn qos(level: u8) -> QoS {
    if level == 0 {
        QoS::AtMostOnce
    } else {
        QoS::AtLeastOnce
    }
}

/// Publishes `count` messages; at QoS 1 keeps at most `inflight` unacknowledged, and every
/// PUBACK must answer the oldest one outstanding.
async fn publish(addr: &str, args: &MqttPublishArgs) -> Result<String> {
    let mut client = Client::connect(addr, &format!("wire-pub-{}", std::process::id())).await?;
    let topic = TopicName::try_from(args.topic.as_str())
        .map_err(|e| Error::Unexpected(format!("topic: {e}")))?;
    let qos = qos(args.qos);
    let window = usize::from(args.inflight.min(client.receive_maximum()).max(1));
    let started = Instant::now();
    let mut body = Vec::with_capacity(args.size as usize);
    let mut outstanding = VecDeque::with_capacity(window);
    let mut next = 0u64;
    while next < args.count || !outstanding.is_empty() {
        while next < args.count && outstanding.len() < window {
            body.clear();
            payload::write(next, args.size as usize, &mut body);
            let packet_id = (qos != QoS::AtMostOnce).then(|| client.next_packet_id());
            client
                .feed(&Packet::Publish {
                    flags: PublishFlags {
                        dup: false,
                        qos,
                        retain: false,
                    },
                    publish: mqtt::Publish {
                        topic,
                        packet_id,
                        properties: Some(Properties::new()),
                        payload: &body,
                    },
                })
                .await?;
            next += 1;
            if let Some(id) = packet_id {
                outstanding.push_back(id);
            }
        }
        client.flush().await?;
        if outstanding.is_empty() {
            continue;
        }
        // Wait for one acknowledgement, then take every one that has arrived with it before
        // refilling the window: one write for many publications.
        let mut frame = client.recv().await?;
        loop {
            match decode(&frame)? {
                Packet::PubAck { ack, .. }
                    if Some(ack.packet_id) == outstanding.front().copied() =>
                {
                    // 0x10 (no matching subscribers) is a success too.
                    if ack.reason.value() >= 0x80 {
                        return Err(refused("PUBLISH", ack.reason));
                    }
                    outstanding.pop_front();
                }
                other => return Err(Error::Unexpected(format!("while publishing: {other:?}"))),
            }
            match client.try_recv()? {
                Some(next) => frame = next,
                None => break,
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    client.disconnect().await?;
    Ok(report("published", args.count, secs))
}

/// Receives `count` messages in order, each the one `publish` sent, acknowledging each at QoS
/// 1; timed from the first message to the last.
async fn subscribe(addr: &str, args: &MqttSubscribeArgs) -> Result<String> {
    let mut client = Client::connect(addr, &format!("wire-sub-{}", std::process::id())).await?;
    client.subscribe(&args.topic, qos(args.qos)).await?;
    println!("ready");
    let mut started = None;
    let mut next = 0u64;
    while next < args.count {
        let frame = client.recv().await?;
        let Packet::Publish { publish, .. } = decode(&frame)? else {
            return Err(Error::Unexpected(format!(
                "instead of PUBLISH: {frame:02x?}"
            )));
        };
        started.get_or_insert_with(Instant::now);
        if !payload::matches(next, publish.payload) {
            return Err(Error::Unexpected(format!(
                "message {next} is not the one published"
            )));
        }
        if let Some(id) = publish.packet_id {
            client.puback(id).await?;
        }
        next += 1;
    }
    client.flush().await?;
    let secs = started.map_or(0.0, |t| t.elapsed().as_secs_f64());
    client.disconnect().await?;
    Ok(report("received", args.count, secs))
}

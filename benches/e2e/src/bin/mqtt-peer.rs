//! `mqtt-client`'s twin written with `rumqttc` (its MQTT 5.0 client): the same command line
//! (`wire_examples::cli`), the same payloads (`wire_examples::payload`), the same window of
//! unacknowledged QoS 1 publications, the same checks of every message received.

use clap::Parser;
use rumqttc::Outgoing;
use rumqttc::v5::mqttbytes::QoS;
use rumqttc::v5::mqttbytes::v5::{Packet, SubscribeReasonCode};
use rumqttc::v5::{AsyncClient, Event, EventLoop, MqttOptions};
use std::error::Error;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use wire_examples::cli::{MqttCli, MqttCommand, MqttPublishArgs, MqttSubscribeArgs, exit, report};
use wire_examples::payload;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = MqttCli::parse();
    let result = match &cli.command {
        MqttCommand::Publish(args) => publish(&cli.addr, args).await,
        MqttCommand::Subscribe(args) => subscribe(&cli.addr, args).await,
    };
    exit("mqtt-peer", result)
}

fn qos(level: u8) -> QoS {
    if level == 0 {
        QoS::AtMostOnce
    } else {
        QoS::AtLeastOnce
    }
}

/// Connects as `id` and waits for the CONNACK.
async fn connect(addr: &str, id: &str, inflight: u16) -> Result<(AsyncClient, EventLoop)> {
    let (host, port) = addr.rsplit_once(':').ok_or("--addr is host:port")?;
    let mut options = MqttOptions::new(id, host, port.parse()?);
    options
        .set_keep_alive(Duration::from_secs(60))
        .set_clean_start(true)
        .set_outgoing_inflight_upper_limit(inflight);
    let (client, mut eventloop) = AsyncClient::new(options, 1000);
    loop {
        if let Event::Incoming(Packet::ConnAck(_)) = eventloop.poll().await? {
            return Ok((client, eventloop));
        }
    }
}

/// Sends DISCONNECT and runs the event loop until it has gone out.
async fn disconnect(client: AsyncClient, mut eventloop: EventLoop) -> Result<()> {
    client.disconnect().await?;
    loop {
        match eventloop.poll().await {
            Ok(Event::Outgoing(Outgoing::Disconnect)) | Err(_) => return Ok(()),
            Ok(_) => {}
        }
    }
}

/// Publishes `count` messages from a task while the event loop runs here; done when every
/// PUBACK (QoS 1) or every PUBLISH written (QoS 0) has been seen.
async fn publish(addr: &str, args: &MqttPublishArgs) -> Result<String> {
    let id = format!("peer-pub-{}", std::process::id());
    let (client, mut eventloop) = connect(addr, &id, args.inflight).await?;
    let started = Instant::now();
    let (count, size, qos) = (args.count, args.size as usize, qos(args.qos));
    let publisher = {
        let (client, topic) = (client.clone(), args.topic.clone());
        tokio::spawn(async move {
            for i in 0..count {
                let mut body = Vec::with_capacity(size);
                payload::write(i, size, &mut body);
                client.publish(topic.as_str(), qos, false, body).await?;
            }
            Ok::<(), rumqttc::v5::ClientError>(())
        })
    };
    let mut done = 0u64;
    while done < count {
        match (eventloop.poll().await?, qos) {
            (Event::Incoming(Packet::PubAck(ack)), QoS::AtLeastOnce) => {
                if ack.reason as u8 >= 0x80 {
                    return Err(format!("PUBACK {ack:?}").into());
                }
                done += 1;
            }
            (Event::Outgoing(Outgoing::Publish(_)), QoS::AtMostOnce) => done += 1,
            _ => {}
        }
    }
    let secs = started.elapsed().as_secs_f64();
    publisher.await??;
    disconnect(client, eventloop).await?;
    Ok(report("published", count, secs))
}

/// Receives `count` messages in order, each the one `publish` sent (rumqttc acknowledges QoS
/// 1 itself); timed from the first message to the last.
async fn subscribe(addr: &str, args: &MqttSubscribeArgs) -> Result<String> {
    let id = format!("peer-sub-{}", std::process::id());
    let (client, mut eventloop) = connect(addr, &id, 20).await?;
    client.subscribe(args.topic.as_str(), qos(args.qos)).await?;
    loop {
        if let Event::Incoming(Packet::SubAck(ack)) = eventloop.poll().await? {
            if !ack
                .return_codes
                .iter()
                .all(|c| matches!(c, SubscribeReasonCode::Success(_)))
            {
                return Err(format!("SUBACK {ack:?}").into());
            }
            break;
        }
    }
    println!("ready");
    let mut started = None;
    let mut next = 0u64;
    while next < args.count {
        if let Event::Incoming(Packet::Publish(publish)) = eventloop.poll().await? {
            started.get_or_insert_with(Instant::now);
            if !payload::matches(next, &publish.payload) {
                return Err(format!("message {next} is not the one published").into());
            }
            next += 1;
        }
    }
    let secs = started.map_or(0.0, |t| t.elapsed().as_secs_f64());
    disconnect(client, eventloop).await?;
    Ok(report("received", args.count, secs))
}

//! A RabbitMQ Stream publisher and consumer written with wire's codecs only.
//!
//! ```text
//! bash scripts/brokers/rabbitmq.sh
//! cargo run --release -p wire-examples --bin stream-client -- publish demo --count 100000
//! cargo run --release -p wire-examples --bin stream-client -- consume demo --count 100000 --crc
//! ```

use clap::Parser;
use std::process::ExitCode;
use std::time::Instant;
use wire_examples::cli::{ConsumeArgs, PublishArgs, StreamCli, StreamCommand, exit, report};
use wire_examples::payload;
use wire_examples::stream::{Client, Error, Result, decode};
use wire_protocols::amqp::Message;
use wire_protocols::stream::{Command, Entry, OffsetSpec, Publish, PublishedMessage, ResponseCode};
use wire_runtime::WireEncode;

const PUBLISHER: u8 = 1;
const SUBSCRIPTION: u8 = 1;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = StreamCli::parse();
    let result = match &cli.command {
        StreamCommand::Publish(args) => publish(&cli.addr, args).await,
        StreamCommand::Consume(args) => consume(&cli.addr, args).await,
    };
    exit("stream-client", result)
}

/// Publishes `count` messages in frames of `batch`, at most `window` unconfirmed; every
/// publishing id must be confirmed exactly once.
async fn publish(addr: &str, args: &PublishArgs) -> Result<String> {
    let mut client = Client::connect(addr).await?;
    match client.create_stream(&args.stream).await {
        Ok(()) => {}
        Err(Error::Refused {
            code: ResponseCode::StreamAlreadyExists,
            ..
        }) => {}
        Err(e) => return Err(e),
    }
    client
        .declare_publisher(PUBLISHER, "", &args.stream)
        .await?;
    let started = Instant::now();
    let (count, size) = (args.count, args.size as usize);
    let mut confirmed = vec![false; count as usize];
    let (mut sent, mut confirms) = (0u64, 0u64);
    // A batch's messages, encoded one after another into one buffer; `ends` marks each end.
    let (mut encoded, mut ends) = (Vec::new(), Vec::with_capacity(args.batch as usize));
    let mut body = Vec::with_capacity(size);
    while confirms < count {
        while sent < count && sent - confirms < args.window {
            let batch = sent..(sent + u64::from(args.batch)).min(count);
            encoded.clear();
            ends.clear();
            for i in batch.clone() {
                body.clear();
                payload::write(i, size, &mut body);
                Message::builder()
                    .body(&body)
                    .encode(&mut encoded)
                    .map_err(|e| Error::Unexpected(format!("message {i} does not encode: {e}")))?;
                ends.push(encoded.len());
            }
            let starts = core::iter::once(0).chain(ends.iter().copied());
            let messages = batch
                .zip(starts.zip(&ends))
                .map(|(i, (start, &end))| PublishedMessage {
                    publishing_id: i + 1,
                    entry: Entry::simple(&encoded[start..end]),
                })
                .collect::<Vec<_>>();
            sent += messages.len() as u64;
            client
                .feed(&Command::Publish(Publish {
                    publisher_id: PUBLISHER,
                    messages,
                }))
                .await?;
        }
        client.flush().await?;
        let frame = client.recv().await?;
        match decode(&frame)? {
            Command::PublishConfirm(confirm) => {
                for id in confirm.publishing_ids {
                    let slot = id
                        .checked_sub(1)
                        .and_then(|i| confirmed.get_mut(i as usize))
                        .filter(|_| id <= sent)
                        .ok_or_else(|| Error::Unexpected(format!("confirm of unsent id {id}")))?;
                    if std::mem::replace(slot, true) {
                        return Err(Error::Unexpected(format!("id {id} confirmed twice")));
                    }
                    confirms += 1;
                }
            }
            Command::PublishError(error) => {
                return Err(Error::Unexpected(format!("publish error: {error:?}")));
            }
            other => return Err(Error::Unexpected(format!("while publishing: {other:?}"))),
        }
    }
    let secs = started.elapsed().as_secs_f64();
    client.delete_publisher(PUBLISHER).await?;
    client.close().await?;
    Ok(report("published", count, secs))
}

/// Reads `count` messages from the first offset, one more chunk of credit after each chunk;
/// each record must be the next offset and hold the AMQP message `publish` sent for it.
async fn consume(addr: &str, args: &ConsumeArgs) -> Result<String> {
    let mut client = Client::connect(addr).await?;
    let started = Instant::now();
    client
        .subscribe(SUBSCRIPTION, &args.stream, OffsetSpec::First, args.credit)
        .await?;
    let mut next = 0u64;
    while next < args.count {
        let frame = client.recv().await?;
        let Command::Deliver(deliver) = decode(&frame)? else {
            return Err(Error::Unexpected(format!(
                "instead of Deliver: {:?}",
                decode(&frame)?
            )));
        };
        let chunk = deliver.chunk;
        if args.crc {
            chunk.verify_crc()?;
        }
        for record in chunk.records() {
            let record = record?;
            if record.offset != next {
                return Err(Error::Unexpected(format!(
                    "offset {} where {next} was due",
                    record.offset
                )));
            }
            let body = record.message()?.body.first_data();
            if !body.is_some_and(|body| payload::matches(next, body)) {
                return Err(Error::Unexpected(format!(
                    "message {next} is not the one published"
                )));
            }
            next += 1;
        }
        client.credit(SUBSCRIPTION, 1).await?;
        client.flush().await?;
    }
    let secs = started.elapsed().as_secs_f64();
    if next != args.count {
        return Err(Error::Unexpected(format!(
            "{next} messages where {} were asked for",
            args.count
        )));
    }
    client.unsubscribe(SUBSCRIPTION).await?;
    if args.delete {
        client.delete_stream(&args.stream).await?;
    }
    client.close().await?;
    Ok(report("consumed", args.count, secs))
}

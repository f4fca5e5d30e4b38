//! `stream-client`'s twin written with `rabbitmq-stream-client`: the same command line
//! (`wire_examples::cli`), the same messages (AMQP 1.0, one data body from
//! `wire_examples::payload`), the same window of unconfirmed messages, the same checks of every
//! message consumed. No CRC check: the client has none, so the harness runs both without.

use clap::Parser;
use futures_util::StreamExt;
use rabbitmq_stream_client::Environment;
use rabbitmq_stream_client::error::StreamCreateError;
use rabbitmq_stream_client::types::{Message, OffsetSpecification, ResponseCode};
use std::error::Error;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tokio::sync::Notify;
use wire_examples::cli::{ConsumeArgs, PublishArgs, StreamCli, StreamCommand, exit, report};
use wire_examples::payload;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = StreamCli::parse();
    let result = async {
        let (host, port) = cli.addr.rsplit_once(':').ok_or("--addr is host:port")?;
        let environment = Environment::builder()
            .host(host)
            .port(port.parse()?)
            .build()
            .await?;
        match &cli.command {
            StreamCommand::Publish(args) => publish(&environment, args).await,
            StreamCommand::Consume(args) => consume(&environment, args).await,
        }
    }
    .await;
    exit("stream-peer", result)
}

/// Publishes `count` messages in batches of `batch`, at most `window` unconfirmed, and waits
/// for every confirm.
async fn publish(environment: &Environment, args: &PublishArgs) -> Result<String> {
    match environment.stream_creator().create(&args.stream).await {
        Ok(()) => {}
        Err(StreamCreateError::Create {
            status: ResponseCode::StreamAlreadyExists,
            ..
        }) => {}
        Err(e) => return Err(e.into()),
    }
    let producer = environment.producer().build(&args.stream).await?;
    let started = Instant::now();
    let (count, size) = (args.count, args.size as usize);
    let confirmed = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let progress = Arc::new(Notify::new());
    let mut sent = 0u64;
    while sent < count {
        while sent - confirmed.load(Ordering::Acquire) >= args.window {
            progress.notified().await;
        }
        let batch = sent..(sent + u64::from(args.batch)).min(count);
        let messages = batch
            .clone()
            .map(|i| {
                let mut body = Vec::with_capacity(size);
                payload::write(i, size, &mut body);
                Message::builder().body(body).build()
            })
            .collect();
        let (confirmed, failed, progress) = (confirmed.clone(), failed.clone(), progress.clone());
        producer
            .batch_send(messages, move |status| {
                let ok = status.is_ok_and(|s| s.confirmed());
                let (confirmed, failed, progress) =
                    (confirmed.clone(), failed.clone(), progress.clone());
                async move {
                    if !ok {
                        failed.fetch_add(1, Ordering::AcqRel);
                    }
                    confirmed.fetch_add(1, Ordering::AcqRel);
                    progress.notify_one();
                }
            })
            .await?;
        sent = batch.end;
    }
    while confirmed.load(Ordering::Acquire) < count {
        progress.notified().await;
    }
    let secs = started.elapsed().as_secs_f64();
    producer.close().await?;
    match failed.load(Ordering::Acquire) {
        0 => Ok(report("published", count, secs)),
        n => Err(format!("{n} messages not confirmed").into()),
    }
}

/// Reads `count` messages from the first offset; each must be the next offset and hold the
/// body `publish` sent for it.
async fn consume(environment: &Environment, args: &ConsumeArgs) -> Result<String> {
    let started = Instant::now();
    let mut consumer = environment
        .consumer()
        .offset(OffsetSpecification::First)
        .build(&args.stream)
        .await?;
    let mut next = 0u64;
    while next < args.count {
        let delivery = consumer.next().await.ok_or("the consumer ended")??;
        if delivery.offset() != next {
            return Err(format!("offset {} where {next} was due", delivery.offset()).into());
        }
        if !delivery
            .message()
            .data()
            .is_some_and(|body| payload::matches(next, body))
        {
            return Err(format!("message {next} is not the one published").into());
        }
        next += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    consumer.handle().close().await?;
    if args.delete {
        environment.delete_stream(&args.stream).await?;
    }
    Ok(report("consumed", args.count, secs))
}

//! Writes a raw RabbitMQ Stream capture of about `MB` megabytes (default 100) to `PATH`, for
//! measuring dissection throughput:
//!
//! ```text
//! cargo run --release -p wiredump --example gen_capture -- /tmp/stream-100mb.bin 100
//! time target/release/wiredump -p stream /tmp/stream-100mb.bin --format json > /dev/null
//! ```
//!
//! The mix per round: a Publish batch of 100 messages of 400 bytes, its PublishConfirm, a
//! Deliver chunk of 100 records of 400 bytes, a Credit and a Heartbeat.

use std::io::Write;
use wire_protocols::stream::{
    self, Chunk, Command, Credit, Deliver, Entry, Heartbeat, Publish, PublishConfirm,
    PublishedMessage,
};
use wire_runtime::WireEncode;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: gen_capture PATH [MB]");
    let megabytes: usize = args
        .next()
        .map_or(100, |n| n.parse().expect("a number of megabytes"));
    let records: Vec<Vec<u8>> = (0..100u32)
        .map(|i| {
            (0..400u32)
                .map(|j| (i.wrapping_mul(31).wrapping_add(j)) as u8)
                .collect()
        })
        .collect();
    let mut data = Vec::new();
    for r in &records {
        Entry::simple(r).encode(&mut data).unwrap();
    }
    let mut round = Vec::new();
    let publish = Command::Publish(Publish {
        publisher_id: 1,
        messages: records
            .iter()
            .enumerate()
            .map(|(i, r)| PublishedMessage {
                publishing_id: i as u64,
                entry: Entry::simple(r),
            })
            .collect(),
    });
    let confirm = Command::PublishConfirm(PublishConfirm {
        publisher_id: 1,
        publishing_ids: (0..100).collect(),
    });
    let deliver = Command::Deliver(Deliver {
        subscription_id: 1,
        chunk: Chunk::new(&data, 100, 100, 0, 1_700_000_000_000, 1),
    });
    for command in [
        publish,
        confirm,
        deliver,
        Command::Credit(Credit {
            subscription_id: 1,
            credit: 1,
        }),
        Command::Heartbeat(Heartbeat),
    ] {
        round.extend(stream::encode(&command).unwrap());
    }
    let mut out =
        std::io::BufWriter::new(std::fs::File::create(&path).expect("create the output file"));
    let rounds = (megabytes << 20) / round.len() + 1;
    for _ in 0..rounds {
        out.write_all(&round).unwrap();
    }
    out.flush().unwrap();
    eprintln!(
        "{path}: {} bytes, {} frames",
        rounds * round.len(),
        rounds * 5
    );
}

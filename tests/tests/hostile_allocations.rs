//! Allocation bounds on hostile input, measured with a counting global allocator: whatever a
//! peer sends, the memory a decoder holds at its peak, and even the sum of every allocation
//! and reallocation it makes (each counted in full, nothing subtracted for what is freed),
//! stay within a small constant times the input length. Checked for random inputs to every decoder (proptest) and for crafted inputs whose
//! length prefixes and counts claim far more than they hold: 2^31-byte lengths, 2^32-1
//! element counts, and sections nested inside others that claim more than their parent.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_protocols::ignite::{
    ErrorCore, First, HandshakeRequest, HandshakeResponse, Message, Request, Response,
    SqlExecRequest, TablesGetResponse,
};
use wire_protocols::stream::Command;
use wire_protocols::{mqtt, rocketmq, stream};
use wire_runtime::decode;
use wire_runtime::msgpack::Value;
use wire_tests::alloc_count::{Counting, measure_all};
use wire_tests::everything::{Borrowed, Counted, Frame};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bound on the memory held at the peak of decoding `n` input bytes: 96 times `n`, plus
/// 64 KiB for the fixed costs of a decode (an error box, small first allocations). The worst
/// case is a decoded element per input byte (a msgpack nil in a `Value` array: one byte in, a
/// 32-byte `Value` out) in a vector with up to twice the capacity it needs, as it doubles while
/// elements arrive (64 times `n`), plus what sequences nested inside one another reserve
/// before their elements arrive (under 6 times `n` in all at the default depth limit).
fn peak_bound(n: usize) -> usize {
    96 * n + 64 * 1024
}

/// The bound on every byte allocated or reallocated: a doubling vector allocates its final
/// size once more in all the smaller sizes before it.
fn total_bound(n: usize) -> usize {
    2 * peak_bound(n)
}

/// Every decoder, run to completion on `input` (records and entries iterated, extFields
/// looked up); returns the peak of the memory it held and the sum of what it allocated.
fn allocated_by(decoder: &str, input: &[u8]) -> (usize, usize) {
    let ((), allocated) = measure_all(|| match decoder {
        "mqtt 3.1.1" => drop(mqtt::decode(input, mqtt::Version::V311)),
        "mqtt 5.0" => drop(mqtt::decode(input, mqtt::Version::V5)),
        "stream frame" => {
            if let Ok(Command::Deliver(deliver)) = stream::decode(input) {
                deliver.chunk.records().for_each(drop);
                deliver.chunk.entries().for_each(drop);
            }
        }
        "stream chunk" => {
            if let Ok(chunk) = decode::<stream::Chunk<'_>>(input) {
                chunk.records().for_each(drop);
                chunk.entries().for_each(drop);
            }
        }
        "msgpack value" => drop(decode::<Value<'_>>(input)),
        "ignite" => {
            drop(decode::<Message<Request<'_>>>(input));
            drop(decode::<Message<Response<'_>>>(input));
            drop(decode::<Message<TablesGetResponse<'_>>>(input));
            drop(decode::<Message<SqlExecRequest<'_>>>(input));
            drop(decode::<Message<ErrorCore<'_>>>(input));
            drop(decode::<First<HandshakeRequest<'_>>>(input));
            drop(decode::<First<HandshakeResponse<'_>>>(input));
        }
        "rocketmq frame" => {
            if let Ok(command) = rocketmq::decode(input) {
                drop(command.ext("topic"));
            }
        }
        "rocketmq messages" => {
            rocketmq::decode_messages(input).for_each(drop);
            rocketmq::decode_batch(input).for_each(drop);
        }
        "every attribute" => {
            drop(decode::<Frame>(input));
            drop(decode::<Borrowed<'_>>(input));
            drop(decode::<Counted>(input));
        }
        other => panic!("no decoder {other}"),
    });
    (allocated.peak, allocated.bytes)
}

const DECODERS: [&str; 9] = [
    "mqtt 3.1.1",
    "mqtt 5.0",
    "stream frame",
    "stream chunk",
    "msgpack value",
    "ignite",
    "rocketmq frame",
    "rocketmq messages",
    "every attribute",
];

fn check(decoder: &str, name: &str, input: &[u8]) {
    let (peak, total) = allocated_by(decoder, input);
    assert!(
        peak <= peak_bound(input.len()) && total <= total_bound(input.len()),
        "{decoder}, {name}: {peak} bytes held at the peak, {total} allocated in all, for {} \
         input bytes",
        input.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_input_allocates_within_the_bound(bytes in vec(any::<u8>(), 0..2048)) {
        for decoder in DECODERS {
            check(decoder, "random", &bytes);
        }
    }

    /// Random input behind a valid-looking envelope, so that decoding gets past the first
    /// length check.
    #[test]
    fn random_bodies_allocate_within_the_bound(body in vec(any::<u8>(), 0..2048), first in any::<u8>()) {
        let n = body.len() as u32;
        let mut mqtt_frame = vec![first];
        let mut rl = n;
        loop {
            let byte = (rl & 0x7f) as u8;
            rl >>= 7;
            mqtt_frame.push(if rl > 0 { byte | 0x80 } else { byte });
            if rl == 0 { break; }
        }
        mqtt_frame.extend_from_slice(&body);
        check("mqtt 3.1.1", "framed", &mqtt_frame);
        check("mqtt 5.0", "framed", &mqtt_frame);
        let framed = [&n.to_be_bytes()[..], &body].concat();
        for decoder in ["stream frame", "ignite", "rocketmq frame", "rocketmq messages"] {
            check(decoder, "framed", &framed);
        }
    }
}

/// What decoding input that claims more than it holds may allocate: the error and its field
/// path (184 bytes here, a little more once the path grows), and nothing for the claim.
const REJECTED: usize = 512;

/// `head`, then `n` zero bytes.
fn padded(head: &[u8], n: usize) -> Vec<u8> {
    let mut input = head.to_vec();
    input.resize(head.len() + n, 0);
    input
}

#[test]
fn crafted_length_prefixes_and_counts_allocate_within_the_bound() {
    let cases: Vec<(&str, &str, Vec<u8>)> = vec![
        // MQTT: the largest remaining length over 4 bytes; a 5.0 property length of 2^28-1
        // inside a 10-byte SUBSCRIBE; a user property string of 65535 bytes in a short
        // CONNECT property list; 1000 one-byte filters in a SUBSCRIBE.
        (
            "mqtt 5.0",
            "remaining length 2^28-1",
            padded(&[0x30, 0xff, 0xff, 0xff, 0x7f], 8),
        ),
        (
            "mqtt 5.0",
            "property length 2^28-1 in a 10-byte packet",
            vec![0x82, 0x08, 0, 1, 0xff, 0xff, 0xff, 0x7f, 0, 0],
        ),
        (
            "mqtt 5.0",
            "user property of 65535 bytes in 5",
            [
                &[
                    0x10, 0x14, 0, 4, b'M', b'Q', b'T', b'T', 5, 2, 0, 60, 0x05, 0x26,
                ][..],
                &[0xff, 0xff, 0, 0, 0, 0, 1, b'x'],
            ]
            .concat(),
        ),
        ("mqtt 3.1.1", "1000 filters", {
            let mut p = vec![0x82, 0xa2, 0x1f, 0, 1];
            for _ in 0..1000 {
                p.extend_from_slice(&[0, 1, b'a', 0]);
            }
            p
        }),
        // RabbitMQ Stream: counts of 2^31-1 and 2^32-1, a string of 32767 bytes, a chunk whose
        // data section claims 2^32-1 bytes inside a 64-byte frame, a sub-batch claiming 2^31
        // bytes inside its chunk, a chunk claiming 2^32-1 records and 65535 entries.
        (
            "stream frame",
            "PublishConfirm of 2^31-1 ids",
            vec![
                0, 0, 0, 17, 0, 3, 0, 1, 1, 0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 1,
            ],
        ),
        (
            "stream frame",
            "Publish of 2^32-1 messages",
            vec![0, 0, 0, 9, 0, 2, 0, 1, 1, 0xff, 0xff, 0xff, 0xff],
        ),
        (
            "stream frame",
            "PeerProperties of 2^31-1 entries",
            vec![
                0, 0, 0, 12, 0, 0x11, 0, 1, 0, 0, 0, 1, 0x7f, 0xff, 0xff, 0xff,
            ],
        ),
        (
            "stream frame",
            "Open with a 32767-byte vhost",
            vec![0, 0, 0, 10, 0, 0x15, 0, 1, 0, 0, 0, 1, 0x7f, 0xff],
        ),
        ("stream frame", "Deliver chunk of 2^32-1 bytes in 64", {
            let mut f = vec![0, 0, 0, 60, 0, 8, 0, 1, 1, 0x50, 0, 0, 1, 0, 0, 0, 1];
            f.resize(4 + 5 + 36, 0);
            f.extend_from_slice(&[0xff, 0xff, 0xff, 0xff]);
            f.resize(64, 0);
            f
        }),
        ("stream chunk", "sub-batch of 2^31 bytes, 2^32-1 records", {
            let mut c = vec![0x50, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
            c.resize(36, 0);
            c.extend_from_slice(&16u32.to_be_bytes());
            c.resize(48, 0);
            c.extend_from_slice(&[0x80, 0xff, 0xff, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0]);
            c
        }),
        // msgpack: array 32 and map 32 of 2^32-1, str 32 of 2^31, bin 32 and ext 32 of
        // 2^32-1; arrays nested 128 deep, each claiming every byte after it; a million nils.
        (
            "msgpack value",
            "array of 2^32-1",
            padded(&[0xdd, 0xff, 0xff, 0xff, 0xff], 16),
        ),
        (
            "msgpack value",
            "map of 2^32-1",
            padded(&[0xdf, 0xff, 0xff, 0xff, 0xff], 16),
        ),
        (
            "msgpack value",
            "str of 2^31",
            padded(&[0xdb, 0x80, 0, 0, 0], 16),
        ),
        (
            "msgpack value",
            "bin of 2^32-1",
            padded(&[0xc6, 0xff, 0xff, 0xff, 0xff], 16),
        ),
        (
            "msgpack value",
            "ext of 2^32-1",
            padded(&[0xc9, 0xff, 0xff, 0xff, 0xff, 1], 16),
        ),
        (
            "msgpack value",
            "nested claims",
            nested_claims(128, 100_000),
        ),
        ("msgpack value", "a million nils", {
            let mut a = vec![0xdd, 0, 0x0f, 0x42, 0x40];
            a.resize(5 + 1_000_000, 0xc0);
            a
        }),
        // Ignite: an envelope of 2^31-1 bytes; a handshake with 2^31 extensions claimed; a
        // TABLES_GET response with 2^32-1 tables claimed.
        (
            "ignite",
            "envelope of 2^31-1",
            padded(&[0x7f, 0xff, 0xff, 0xff], 16),
        ),
        (
            "ignite",
            "2^31 extensions",
            [
                &b"IGNI"[..],
                &[0, 0, 0, 10, 3, 0, 0, 2, 0xc4, 0, 0xce, 0x80, 0, 0, 0],
            ]
            .concat(),
        ),
        (
            "ignite",
            "2^32-1 tables",
            vec![0, 0, 0, 5, 0xce, 0xff, 0xff, 0xff, 0xff],
        ),
        // RocketMQ: a frame of 2^31-1 bytes; a header length of 2^24-1 inside a 16-byte frame;
        // a binary header whose extFields claim 2^31 bytes; a record whose store size claims
        // 2^31-1; a batch message whose body claims 2^31-1.
        (
            "rocketmq frame",
            "frame of 2^31-1",
            padded(&[0x7f, 0xff, 0xff, 0xff, 1, 0, 0, 0], 8),
        ),
        (
            "rocketmq frame",
            "header of 2^24-1 in 16",
            padded(&[0, 0, 0, 12, 1, 0xff, 0xff, 0xff], 8),
        ),
        ("rocketmq frame", "extFields of 2^31", {
            let mut h = vec![0, 0x0a, 0, 0, 1, 0x3d, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0];
            h.extend_from_slice(&[0x80, 0, 0, 0]);
            let mut f = ((4 + h.len()) as u32).to_be_bytes().to_vec();
            f.extend_from_slice(&(0x0100_0000 | h.len() as u32).to_be_bytes());
            f.extend_from_slice(&h);
            f
        }),
        (
            "rocketmq messages",
            "record of 2^31-1",
            padded(&[0x7f, 0xff, 0xff, 0xff], 64),
        ),
        ("rocketmq messages", "batch body of 2^31-1", {
            let mut b = vec![0, 0, 0, 40];
            b.resize(16, 0);
            b.extend_from_slice(&[0x7f, 0xff, 0xff, 0xff]);
            b.resize(40, 0);
            b
        }),
        // Every attribute: the counts and lengths of `Counted`, and a section claiming more
        // than its parent.
        (
            "every attribute",
            "count 2^32-1 of u64",
            padded(&[0xff, 0xff, 0xff, 0xff], 6),
        ),
        (
            "every attribute",
            "count 2^31 of strings",
            padded(&[0, 0, 0, 0, 0x80, 0, 0, 0], 6),
        ),
        (
            "every attribute",
            "nested section claiming 2^31 in 6",
            vec![0, 0, 0, 6, b'W', b'R', 0x80, 0, 0, 0],
        ),
    ];
    for (decoder, name, input) in &cases {
        check(decoder, name, input);
        // Tighter than the general bound: a claim the input cannot hold must cost nothing
        // but the error it gets.
        let (peak, total) = allocated_by(decoder, input);
        let bound = match *name {
            // 1000 filters of 24 bytes each, in a vector reserved for the 1000 the count
            // allows (one 24 KiB allocation; the rest is the error-free decode's own).
            "1000 filters" => 32 * 1024,
            // Each of the 128 levels reserves for what its parent has left; under 70 bytes
            // per input byte in all.
            "nested claims" => 70 * input.len(),
            // One 32-byte `Value` per nil, in an array reserved at its exact count.
            "a million nils" => 32 * 1_000_000 + REJECTED,
            _ => REJECTED,
        };
        // Some entries run several decoders one after the other (see `allocated_by`).
        let runs = match *decoder {
            "ignite" => 7,
            "every attribute" => 3,
            "rocketmq messages" | "stream frame" | "stream chunk" => 2,
            _ => 1,
        };
        assert!(
            peak <= bound && total <= 2 * runs * bound,
            "{decoder}, {name}: {peak} bytes held at the peak ({total} in all), bound {bound}"
        );
    }
}

/// `depth` msgpack arrays, each claiming every byte after its header as its count, around
/// `nils` nils: each level may reserve room for what remains, but never more than the bound
/// allows in all.
fn nested_claims(depth: usize, nils: usize) -> Vec<u8> {
    let total = depth * 5 + nils;
    let mut input = Vec::with_capacity(total);
    for level in 0..depth {
        let after = (total - (level + 1) * 5) as u32;
        input.push(0xdd);
        input.extend_from_slice(&after.to_be_bytes());
    }
    input.resize(total, 0xc0);
    input
}

#[test]
fn nested_claims_are_bounded_at_every_depth() {
    for depth in [1, 2, 16, 64, 127, 128] {
        for nils in [0, 16, 1000, 100_000] {
            let input = nested_claims(depth, nils);
            // Only the innermost array holds what it claims.
            assert_eq!(decode::<Value<'_>>(&input).is_ok(), depth == 1);
            check(
                "msgpack value",
                &format!("depth {depth}, {nils} nils"),
                &input,
            );
        }
    }
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

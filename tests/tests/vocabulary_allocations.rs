//! Allocation bounds for the vocabulary of issues 15, 16 and 23, measured with a counting global allocator
//! as in `hostile_allocations.rs`: a prefix or count of a new kind (24-bit, biased, a temp
//! count, a checked length) that claims far more than the input holds allocates nothing for
//! the claim, and random input stays within the same per-byte bound as every other decoder.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_runtime::decode;
use wire_tests::alloc_count::{Counting, measure_all};
use wire_tests::delimited::*;
use wire_tests::user_layouts::*;
use wire_tests::vocabulary::*;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What rejecting a claim may allocate: the error and its field path, nothing for the claim.
const REJECTED: usize = 512;

/// Runs every vocabulary decoder on `input`; returns how many failed.
fn decode_all(input: &[u8]) -> usize {
    [
        decode::<OddFrame>(input).is_err(),
        decode::<H2Frame>(input).is_err(),
        decode::<AmqpMethodFrame>(input).is_err(),
        decode::<DnsLike>(input).is_err(),
        decode::<Computed>(input).is_err(),
        decode::<KafkaCompact>(input).is_err(),
        decode::<BitPolicies>(input).is_err(),
        decode::<AmqpFrame>(input).is_err(),
        decode::<TwoLines>(input).is_err(),
        decode::<Bounded>(input).is_err(),
        decode::<TextRow<'_>>(input).is_err(),
        decode::<CountedByUser>(input).is_err(),
        decode::<WordOption>(input).is_err(),
        decode::<CqlValues<'_>>(input).is_err(),
        decode::<PgFrontend<'_>>(input).is_err(),
        decode::<XdrFile<'_>>(input).is_err(),
        decode::<DnsName<'_>>(input).is_err(),
        decode::<Groups>(input).is_err(),
        decode::<UstarHeader<'_>>(input).is_err(),
    ]
    .into_iter()
    .filter(|failed| *failed)
    .count()
}

/// A decoder run on crafted input, true when it rejects it.
type Rejects = fn(&[u8]) -> bool;

#[test]
fn claims_beyond_the_input_allocate_nothing_for_the_claim() {
    let cases: [(&str, Vec<u8>, Rejects); 11] = [
        // A sequence that never ends: its elements are the bytes present, no more.
        ("unended sequence", vec![0x80; 64], |b| {
            decode::<Groups>(b).is_err()
        }),
        // PostgreSQL Parse claiming 65535 parameter types after a short query.
        (
            "terminated then counted",
            vec![b'P', 0, 0, 0, 12, 0, b'x', 0, 0xff, 0xff, 0, 0],
            |b| decode::<PgFrontend<'_>>(b).is_err(),
        ),
        // A user prefix (MySQL's 8-byte form) claiming 2^56 elements, one byte after it.
        ("user count", vec![0xfe, 0, 0, 0, 0, 0, 0, 0, 1, 7], |b| {
            decode::<CountedByUser>(b).is_err()
        }),
        // A user prefix claiming a 2^40-byte blob after two NULL columns.
        (
            "user length",
            vec![0xfb, 0xfb, 0xfe, 0, 0, 0, 0, 1, 0, 0, 0, 9],
            |b| decode::<TextRow<'_>>(b).is_err(),
        ),
        // A length field of a user type: 255 words (1020 bytes) announced, 2 present.
        ("user length field", vec![1, 0xff, 1, 2], |b| {
            decode::<WordOption>(b).is_err()
        }),
        // A 24-bit length of 16 MiB in a 9-byte frame.
        (
            "u24 length",
            vec![1, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0],
            |b| decode::<OddFrame>(b).is_err(),
        ),
        // HTTP/2: 16 MiB announced, a header and nothing more.
        (
            "u24 frame length",
            vec![0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 1],
            |b| decode::<H2Frame>(b).is_err(),
        ),
        // Kafka: a compact array of 2^32 - 1 strings (varint 2^32), one byte after it.
        (
            "biased count",
            vec![1, 0, 0x80, 0x80, 0x80, 0x80, 0x10, 1],
            |b| decode::<KafkaCompact>(b).is_err(),
        ),
        // Kafka: a compact string of 2^35 bytes.
        (
            "biased length",
            vec![0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
            |b| decode::<KafkaCompact>(b).is_err(),
        ),
        // DNS: 65535 questions in a temp count, header only.
        ("temp count", vec![0, 1, 0, 0, 0xff, 0xff, 0, 0], |b| {
            decode::<DnsLike>(b).is_err()
        }),
        // A 4 GiB length refused by its field check before the body is looked for.
        ("checked length", vec![2, 0xff, 0xff, 0xff, 0xff], |b| {
            decode::<Bounded>(b).is_err()
        }),
    ];
    for (name, input, rejects) in cases {
        let (rejected, allocated) = measure_all(|| rejects(&input));
        assert!(rejected, "{name}: decoded");
        assert!(
            allocated.bytes <= REJECTED,
            "{name}: {} bytes allocated for a {}-byte input",
            allocated.bytes,
            input.len()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// The same bound as every other decoder: 96 bytes held per input byte, plus 64 KiB.
    #[test]
    fn random_input_stays_within_the_per_byte_bound(input in vec(any::<u8>(), 0..300)) {
        let (_, allocated) = measure_all(|| decode_all(&input));
        prop_assert!(allocated.peak <= 96 * input.len() + 64 * 1024, "peak {}", allocated.peak);
    }
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

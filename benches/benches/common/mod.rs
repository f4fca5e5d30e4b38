//! Timing helpers shared by the bench files (each bench binary uses only some of them).
#![allow(dead_code)]

use bytes::BytesMut;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use std::hint::black_box;
use std::time::Duration;

/// The settings of every bench binary: 1 s warm-up, 3 s of 50 samples per case (a reviewer's
/// `--warm-up-time`/`--measurement-time` on the command line override them).
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50)
}

/// Times `f` appending to `out`, a reused buffer cleared before each op. Generic, so the call
/// to the (out-of-line) timed function is inlined into criterion's loop as in the other benches.
///
/// The output is observed as `black_box(&*out)` (its address: the bytes may be read, so they
/// must be written), not `black_box(out.as_slice())`: for that, the loop loaded the `Vec`'s
/// pointer and length as one 16-byte load right after the timed function's 8-byte store of the
/// length, a store-forwarding stall that added about 3.5 ns to every op here (UUID `hand`:
/// 5.0 ns in criterion against 1.6 ns in a plain loop).
pub fn encode_into<F: FnMut(&mut Vec<u8>)>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    out: &mut Vec<u8>,
    mut f: F,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            out.clear();
            f(out);
            black_box(&*out);
        })
    });
}

/// As [`encode_into`], for encoders that write into a `BytesMut` (the peer crates).
pub fn encode_into_bytes<F: FnMut(&mut BytesMut)>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    buf: &mut BytesMut,
    mut f: F,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            buf.clear();
            f(buf);
            black_box(&buf[..]);
        })
    });
}

//! Timing helpers shared by the bench files (each bench binary uses only some of them).
#![allow(dead_code)]

mod group;
mod paired;

#[allow(unused_imports)] // the MQTT harness names it; the other binaries need not
pub use group::{Bencher, Group};

use bytes::BytesMut;
use criterion::Criterion;
use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;
use std::time::Duration;

/// The settings of every bench binary: 1 s warm-up, 3 s of 50 samples per case (a reviewer's
/// `--warm-up-time`/`--measurement-time` on the command line override them).
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(paired::MEASUREMENT)
        .sample_size(50)
}

/// Times `f` appending to `out`, a reused buffer cleared before each op (shared by the
/// implementations of a case, so that none writes to memory placed better than another's).
/// Generic, so the call to the (out-of-line) timed function is inlined into criterion's loop as
/// in the other benches.
///
/// The output is observed as `black_box(&*out)` (its address: the bytes may be read, so they
/// must be written), not `black_box(out.as_slice())`: for that, the loop loaded the `Vec`'s
/// pointer and length as one 16-byte load right after the timed function's 8-byte store of the
/// length, a store-forwarding stall that added about 3.5 ns to every op here (UUID `hand`:
/// 5.0 ns in criterion against 1.6 ns in a plain loop).
pub fn encode_into<'a, F: FnMut(&mut Vec<u8>) + 'a>(
    group: &mut Group<'_, 'a>,
    name: &str,
    out: &'a RefCell<Vec<u8>>,
    mut f: F,
) {
    group.bench_function(name, move |b| {
        let out = &mut *out.borrow_mut();
        b.iter(|| {
            out.clear();
            f(out);
            black_box(&*out);
        })
    });
}

/// As [`encode_into`], for encoders that write into a `BytesMut` (the peer crates); the buffer
/// is shared through an `Rc`, so that a helper owning it can add implementations.
pub fn encode_into_bytes<'a, F: FnMut(&mut BytesMut) + 'a>(
    group: &mut Group<'_, 'a>,
    name: &str,
    buf: Rc<RefCell<BytesMut>>,
    mut f: F,
) {
    group.bench_function(name, move |b| {
        let buf = &mut *buf.borrow_mut();
        b.iter(|| {
            buf.clear();
            f(buf);
            black_box(&buf[..]);
        })
    });
}

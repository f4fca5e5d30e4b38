use super::*;

// ---------------------------------------------------------------------------------------------
// Timing loops
//
// Results are read in place, never copied out of their `Result`/`Option` (`as_ref`): such a
// copy's wide loads of the callee's narrow stores wait for those stores to retire (a
// store-forwarding stall), which measures the harness's copy, not the decoder, and costs each
// layout differently. `wire`'s PUBLISH is destructured by value in place (`let Ok((Packet::
// Publish { flags, publish }, used)) = decoded`), as a read loop matches a packet, so what is
// dropped is the PUBLISH body; the hand-written `Publish` is `Copy` and has nothing to drop.
// The `mqtt311_publish_64_decode_by_ref` case reads `wire`'s packet through a reference and
// drops it whole, for comparison: that drop is the out-of-line one of the fifteen-kind
// `Packet`.

/// `wire` / `hand`: `decode_one` at each frame of `frames` in turn (`BATCH` per timing); it
/// returns the frame's length.
pub(crate) fn bench_slice(
    b: &mut common::Bencher<'_, '_>,
    frames: &[u8],
    mut decode_one: impl FnMut(&[u8]) -> usize,
) {
    b.iter_custom(|iters| {
        let mut total = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            let n = left.min(BATCH as u64);
            let mut rest = frames;
            let start = Instant::now();
            for _ in 0..n {
                let used = decode_one(black_box(rest));
                rest = &rest[used..];
            }
            total += start.elapsed();
            left -= n;
        }
        total
    })
}

/// Peers: `read_one` on a `BytesMut` of `BATCH` frames (refilled outside the timed region).
pub(crate) fn bench_stream(
    b: &mut common::Bencher<'_, '_>,
    frame: &[u8],
    mut read_one: impl FnMut(&mut BytesMut),
) {
    b.iter_custom(|iters| {
        let mut total = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            let n = left.min(BATCH as u64);
            let mut s = stream(frame, n as usize);
            let start = Instant::now();
            for _ in 0..n {
                read_one(&mut s);
            }
            total += start.elapsed();
            left -= n;
            drop(s);
        }
        total
    })
}

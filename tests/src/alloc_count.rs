//! A counting global allocator for the allocation tests. A test binary installs it with
//! `#[global_allocator] static GLOBAL: Counting = Counting;` and measures a closure with
//! [`measure`]. Counts are per thread, so tests running in parallel do not see each other's
//! allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards every call to the system allocator, counting on the calling thread.
#[derive(Debug)]
pub struct Counting;

thread_local! {
    /// Allocations and reallocations so far.
    static COUNT: Cell<usize> = const { Cell::new(0) };
    /// Every byte allocated or reallocated so far (nothing subtracted for what is freed).
    static BYTES: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated and not yet freed, and the most there were since the last reset.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn record(allocations: usize, size: usize, freed: usize) {
    // `try_with`: the allocator may run while thread-locals are being torn down.
    let _ = COUNT.try_with(|c| c.set(c.get() + allocations));
    let _ = BYTES.try_with(|b| b.set(b.get() + size));
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + size as isize - freed as isize);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting has no effect on
// the memory returned.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(1, layout.size(), 0);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(1, layout.size(), 0);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(1, new_size, layout.size());
        // SAFETY: `ptr` was allocated by `System` with `layout`, as our caller guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        record(0, 0, layout.size());
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// What a closure allocated on this thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allocated {
    /// Allocations and reallocations.
    pub count: usize,
    /// Bytes allocated or reallocated, each counted in full.
    pub bytes: usize,
    /// The most bytes held at once beyond what was held before.
    pub peak: usize,
    /// Bytes still held when it returned, beyond what was held before (negative if it freed
    /// more than it allocated).
    pub retained: isize,
}

/// Runs `f` and reports its allocations (count, bytes) on this thread; the counts are only
/// meaningful with [`Counting`] installed as the global allocator.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let (out, allocated) = measure_all(f);
    (out, allocated.count, allocated.bytes)
}

/// Runs `f` and reports everything it allocated on this thread, peak included.
pub fn measure_all<T>(f: impl FnOnce() -> T) -> (T, Allocated) {
    let (count, bytes, live) = (
        COUNT.with(Cell::get),
        BYTES.with(Cell::get),
        LIVE.with(Cell::get),
    );
    PEAK.with(|peak| peak.set(live));
    let out = f();
    let allocated = Allocated {
        count: COUNT.with(Cell::get) - count,
        bytes: BYTES.with(Cell::get) - bytes,
        peak: (PEAK.with(Cell::get) - live) as usize,
        retained: LIVE.with(Cell::get) - live,
    };
    (out, allocated)
}

/// A positive control for a test binary's allocation counts: panics unless [`Counting`] is this
/// binary's global allocator, so that a count of 0 elsewhere in it means no allocation, not no
/// counting.
pub fn assert_counting_is_installed() {
    let (held, count, bytes) = measure(|| std::hint::black_box(vec![7u8; 64]));
    assert_eq!(held.len(), 64);
    assert_eq!(
        count, 1,
        "Counting is not the global allocator of this test binary"
    );
    assert!(
        bytes >= 64,
        "{bytes} bytes counted for a 64-byte allocation"
    );
}

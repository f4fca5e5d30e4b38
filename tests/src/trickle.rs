//! A buffer that hands out its room a few bytes at a time.

use bytes::BufMut;
use bytes::buf::UninitSlice;

/// A `BufMut` over a `Vec` whose chunks hold at most `step` bytes, so that a run of values
/// written through one capacity check (`wire_runtime::write::write_in_window`) does not fit and is
/// written value by value instead: encoding into it takes the other path than encoding into
/// a `Vec` of the exact size, and must write the same bytes.
///
/// ```
/// use bytes::BufMut;
/// use wire_tests::trickle::Trickle;
///
/// let mut buf = Trickle::new(3);
/// buf.put_u64(0x0102_0304_0506_0708);
/// assert_eq!(buf.chunk_mut().len(), 3);
/// assert_eq!(buf.into_inner(), [1, 2, 3, 4, 5, 6, 7, 8]);
/// ```
#[derive(Debug)]
pub struct Trickle {
    out: Vec<u8>,
    step: usize,
}

impl Trickle {
    /// An empty buffer with chunks of `step` bytes (at least 1).
    pub fn new(step: usize) -> Trickle {
        Trickle {
            out: Vec::new(),
            step: step.max(1),
        }
    }

    /// The bytes written.
    pub fn into_inner(self) -> Vec<u8> {
        self.out
    }
}

// SAFETY: `chunk_mut` hands out the front of the `Vec`'s spare capacity, and `advance_mut`
// passes the count on to the `Vec`, whose own `advance_mut` checks it against that capacity.
unsafe impl BufMut for Trickle {
    fn remaining_mut(&self) -> usize {
        isize::MAX as usize - self.out.len()
    }

    unsafe fn advance_mut(&mut self, cnt: usize) {
        // SAFETY: the caller wrote `cnt` bytes of the chunk handed out last, the front of the
        // `Vec`'s spare capacity.
        unsafe { self.out.advance_mut(cnt) }
    }

    fn chunk_mut(&mut self) -> &mut UninitSlice {
        self.out.reserve(self.step);
        let spare = self.out.spare_capacity_mut();
        let room = spare.len().min(self.step);
        UninitSlice::uninit(&mut spare[..room])
    }
}

//! The bodies the example clients publish and check: message `i` is `i` as 8 big-endian bytes,
//! then an xorshift sequence seeded from `i`, so a corrupted, truncated, swapped or reordered
//! message is caught when the consumer compares it with what it expects.
//!
//! ```
//! use wire_examples::payload;
//!
//! let mut body = Vec::new();
//! payload::write(7, 400, &mut body);
//! assert_eq!(body.len(), 400);
//! assert!(payload::matches(7, &body));
//! assert!(!payload::matches(8, &body));
//! ```

/// Appends the `len`-byte body of message `i` to `out` (`len` at least 8).
pub fn write(i: u64, len: usize, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(&i.to_be_bytes());
    let mut x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while out.len() - start < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let room = (len - (out.len() - start)).min(8);
        out.extend_from_slice(&x.to_be_bytes()[..room]);
    }
    out.truncate(start + len.max(8));
}

/// True when `body` is the body of message `i` (of its length).
pub fn matches(i: u64, body: &[u8]) -> bool {
    let Some((index, rest)) = body.split_first_chunk::<8>() else {
        return false;
    };
    if u64::from_be_bytes(*index) != i {
        return false;
    }
    let mut x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    rest.chunks(8).all(|word| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        word == &x.to_be_bytes()[..word.len()]
    })
}

//! Checksum fields (`#[wire(checksum = Crc32, over = data)]`): the algorithms, and the writer
//! that checksums bytes as encode writes them.

use crate::error::{DecodeError, ErrorKind};
use bytes::BufMut;
use bytes::buf::UninitSlice;

/// A checksum algorithm: fed the covered bytes in order, then finished into the field's value.
/// The covered bytes are the fields' bytes as encoded, a length prefix of their own included.
/// `Crc32` (feature `crc32`, on by default) and [`InternetChecksum`] are built in; implement it
/// for your own.
///
/// ```
/// use wire_runtime::{Checksum, WireDecode, WireEncode, decode};
///
/// /// Adler-32 (RFC 1950, section 8).
/// #[derive(Default)]
/// struct Adler32 { a: u32, b: u32, started: bool }
///
/// impl Checksum for Adler32 {
///     type Output = u32;
///     fn update(&mut self, bytes: &[u8]) {
///         if !self.started { (self.a, self.started) = (1, true); }
///         for byte in bytes {
///             self.a = (self.a + u32::from(*byte)) % 65521;
///             self.b = (self.b + self.a) % 65521;
///         }
///     }
///     fn finish(self) -> u32 {
///         let a = if self.started { self.a } else { 1 };
///         self.b << 16 | a
///     }
/// }
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Block<'a> {
///     length: u16,
///     #[wire(len = length)]
///     data: &'a [u8],
///     #[wire(checksum = Adler32, over = data)]
///     adler: u32,
/// }
///
/// // "Wikipedia" has the Adler-32 0x11E60398; length prefix 9, data, then the sum.
/// let block = Block { length: 0, data: b"Wikipedia", adler: 0 };
/// let bytes = block.encode_to_vec().unwrap();
/// assert_eq!(bytes[11..], [0x11, 0xe6, 0x03, 0x98]);
/// assert_eq!(decode::<Block<'_>>(&bytes)?.adler, 0x11e6_0398);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a checksum algorithm",
    label = "`checksum = ...` takes a type implementing `wire_runtime::Checksum`",
    note = "implement `wire_runtime::Checksum` for `{Self}` (`update` and `finish`, and `Default`), or use `Crc32` or `InternetChecksum`"
)]
pub trait Checksum: Default {
    /// The value the checksum field holds.
    type Output: ChecksumValue;

    /// Feeds the next covered bytes.
    fn update(&mut self, bytes: &[u8]);

    /// The checksum of everything fed.
    fn finish(self) -> Self::Output;

    /// The checksum of `parts`, in order.
    fn of(parts: &[&[u8]]) -> Self::Output {
        let mut sum = Self::default();
        for part in parts {
            sum.update(part);
        }
        sum.finish()
    }
}

/// A checksum field's type: an integer, compared as stored and reported as its bits.
pub trait ChecksumValue: Copy + PartialEq {
    /// The value's bits, for error reports.
    fn bits(self) -> u64;
}

macro_rules! checksum_value {
    ($($ty:ty => $unsigned:ty),*) => {$(
        impl ChecksumValue for $ty {
            #[inline(always)]
            fn bits(self) -> u64 {
                u64::from(self as $unsigned)
            }
        }
    )*};
}

checksum_value!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, i8 => u8, i16 => u16, i32 => u32, i64 => u64);

/// CRC-32 (ISO-HDLC, as zlib, PNG, RabbitMQ Stream chunks), computed by crc32fast.
#[cfg(feature = "crc32")]
#[cfg_attr(docsrs, doc(cfg(feature = "crc32")))]
#[derive(Default, Clone, Debug)]
pub struct Crc32(crc32fast::Hasher);

#[cfg(feature = "crc32")]
impl Checksum for Crc32 {
    type Output = u32;

    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    #[inline]
    fn finish(self) -> u32 {
        self.0.finalize()
    }
}

/// The Internet checksum (RFC 1071): the one's complement of the one's complement sum of the
/// bytes as big-endian 16-bit words, as IPv4, ICMP, UDP and TCP headers carry it. Declared
/// `over = ..` on its field, it covers the whole value with the field taken as zero.
#[derive(Default, Clone, Debug)]
pub struct InternetChecksum {
    sum: u64,
    /// A byte left over from an odd-length part: the high half of the next word.
    odd: Option<u8>,
}

impl InternetChecksum {
    /// Adds `word` to the sum with an end-around carry, which keeps it the one's complement
    /// sum (2^64 is 1 modulo 2^16 - 1) however many bytes are summed.
    #[inline(always)]
    fn add(&mut self, word: u64) {
        let (sum, carry) = self.sum.overflowing_add(word);
        self.sum = sum + u64::from(carry);
    }
}

impl Checksum for InternetChecksum {
    type Output = u16;

    /// Sums eight bytes at a time, as two big-endian 32-bit words: RFC 1071 section 2(B), the
    /// sum of wider words folds to the same 16-bit one's complement sum (2^16 is 1 modulo
    /// 2^16 - 1), in a quarter of the additions.
    #[inline]
    fn update(&mut self, mut bytes: &[u8]) {
        if let (Some(high), Some((low, rest))) = (self.odd, bytes.split_first()) {
            self.add(u64::from(u16::from_be_bytes([high, *low])));
            self.odd = None;
            bytes = rest;
        }
        let mut blocks = bytes.chunks_exact(8);
        for block in &mut blocks {
            let block = u64::from_be_bytes(block.try_into().expect("eight bytes"));
            self.add((block >> 32) + (block & 0xffff_ffff));
        }
        let mut words = blocks.remainder().chunks_exact(2);
        for word in &mut words {
            self.add(u64::from(u16::from_be_bytes([word[0], word[1]])));
        }
        if let [last] = words.remainder() {
            self.odd = Some(*last);
        }
    }

    #[inline]
    fn finish(mut self) -> u16 {
        if let Some(high) = self.odd {
            self.add(u64::from(high) << 8);
        }
        // Folds 64 bits to 32, then 16, each with its end-around carry: no loop, and the
        // same value a fold-until-16-bits loop gives (0 only for a zero sum). After a carry
        // the wrapped sum is at most 2^32 - 2 (2^16 - 2), so adding it back cannot overflow.
        let (sum, carry) = ((self.sum >> 32) as u32).overflowing_add(self.sum as u32);
        let sum = sum + u32::from(carry);
        let (sum, carry) = ((sum >> 16) as u16).overflowing_add(sum as u16);
        !(sum + u16::from(carry))
    }
}

/// Names, at the checksum field's type, a field whose type is not the algorithm's output.
#[inline(always)]
pub fn checksum_output<C: Checksum<Output = T>, T>() {}

/// Checks a checksum field on decode: `covered` are the bytes it covers, with `hole` (start
/// and length within `covered`) read as zeros when the field lies inside them.
#[inline]
pub fn verify_checksum<C: Checksum>(
    covered: &[u8],
    hole: Option<(usize, usize)>,
    found: C::Output,
    at: usize,
) -> Result<(), DecodeError> {
    let expected = match hole {
        None => C::of(&[covered]),
        Some((start, len)) => {
            let mut sum = C::default();
            sum.update(&covered[..start]);
            feed_zeros(&mut sum, len);
            sum.update(&covered[start + len..]);
            sum.finish()
        }
    };
    if expected == found {
        Ok(())
    } else {
        Err(mismatch(found.bits(), expected.bits(), at))
    }
}

#[cold]
fn mismatch(declared: u64, computed: u64, at: usize) -> DecodeError {
    DecodeError::new(
        ErrorKind::ChecksumMismatch {
            expected: declared,
            actual: computed,
        },
        at,
    )
}

fn feed_zeros<C: Checksum>(sum: &mut C, mut len: usize) {
    const ZEROS: [u8; 64] = [0; 64];
    while len > 0 {
        let n = len.min(ZEROS.len());
        sum.update(&ZEROS[..n]);
        len -= n;
    }
}

/// A `BufMut` that checksums what is written through it, in one pass: encode writes the
/// covered fields through it when the checksum field comes after them.
#[derive(Debug)]
pub struct ChecksumWriter<'b, B: ?Sized, C> {
    inner: &'b mut B,
    sum: C,
    /// The start of the chunk `chunk_mut` last handed out, which `advance_mut` reads back.
    chunk: *mut u8,
}

impl<'b, B: BufMut + ?Sized, C: Checksum> ChecksumWriter<'b, B, C> {
    /// A writer into `inner`, checksumming what goes through it.
    #[inline]
    pub fn new(inner: &'b mut B) -> Self {
        ChecksumWriter {
            inner,
            sum: C::default(),
            chunk: core::ptr::null_mut(),
        }
    }

    /// Feeds `len` zero bytes (the checksum field itself, where it is covered) without
    /// writing them.
    #[inline]
    pub fn skip_zeros(&mut self, len: usize) {
        feed_zeros(&mut self.sum, len);
    }

    /// Feeds bytes written elsewhere (covered fields written after the checksum field).
    #[inline]
    pub fn feed(&mut self, bytes: &[u8]) {
        self.sum.update(bytes);
    }

    /// The checksum of everything written and fed.
    #[inline]
    pub fn finish(self) -> C::Output {
        self.sum.finish()
    }
}

// SAFETY: every method forwards to `inner`, which upholds `BufMut`'s contract; `advance_mut`
// only reads back bytes the caller initialized before advancing past them.
unsafe impl<B: BufMut + ?Sized, C: Checksum> BufMut for ChecksumWriter<'_, B, C> {
    #[inline]
    fn remaining_mut(&self) -> usize {
        self.inner.remaining_mut()
    }

    #[inline]
    unsafe fn advance_mut(&mut self, cnt: usize) {
        if cnt > 0 {
            // SAFETY: `advance_mut`'s contract: the caller initialized the first `cnt` bytes of
            // the chunk `chunk_mut` returned last (whose start `self.chunk` holds), and they
            // stay valid until `inner` advances below.
            let written = unsafe { core::slice::from_raw_parts(self.chunk, cnt) };
            self.sum.update(written);
            self.chunk = self.chunk.wrapping_add(cnt);
        }
        // SAFETY: forwarded with the caller's guarantee.
        unsafe { self.inner.advance_mut(cnt) }
    }

    #[inline]
    fn chunk_mut(&mut self) -> &mut UninitSlice {
        let chunk = self.inner.chunk_mut();
        self.chunk = chunk.as_mut_ptr();
        chunk
    }

    #[inline]
    fn put_slice(&mut self, src: &[u8]) {
        self.sum.update(src);
        self.inner.put_slice(src);
    }

    #[inline]
    fn put_bytes(&mut self, val: u8, cnt: usize) {
        let block = [val; 64];
        let mut left = cnt;
        while left > 0 {
            let n = left.min(block.len());
            self.sum.update(&block[..n]);
            left -= n;
        }
        self.inner.put_bytes(val, cnt);
    }
}

/// A `BufMut` that holds nothing: the inner buffer of a [`ChecksumWriter`] that is only fed.
#[derive(Debug, Clone, Copy)]
pub struct Sink;

// SAFETY: it has no room: `remaining_mut` is 0, `chunk_mut` is empty, and advancing by
// anything but 0 is refused.
unsafe impl BufMut for Sink {
    #[inline]
    fn remaining_mut(&self) -> usize {
        0
    }

    #[inline]
    unsafe fn advance_mut(&mut self, cnt: usize) {
        assert_eq!(cnt, 0, "a Sink has no room");
    }

    #[inline]
    fn chunk_mut(&mut self) -> &mut UninitSlice {
        UninitSlice::new(&mut [])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `finish`'s two folds against folding 16 bits at a time until nothing is left above
    /// them, at the sums where carries happen.
    #[test]
    fn finish_folds_any_sum_as_a_fold_loop_does() {
        let by_loop = |mut sum: u64| {
            while sum >> 16 != 0 {
                sum = (sum & 0xffff) + (sum >> 16);
            }
            !(sum as u16)
        };
        let edges = [
            0,
            1,
            0xffff,
            0x1_0000,
            0x1_fffe,
            0xffff_ffff,
            0x1_0000_0000,
            0xffff_0000_ffff,
            0x8000_0000_8000_0000,
            u64::MAX - 1,
            u64::MAX,
        ];
        let walk = (0..64).flat_map(|shift| [1u64 << shift, (1u64 << shift) - 1, !(1u64 << shift)]);
        for sum in edges.into_iter().chain(walk) {
            let checksum = InternetChecksum { sum, odd: None };
            assert_eq!(checksum.finish(), by_loop(sum), "sum {sum:#x}");
        }
    }
}

//! Checksum fields (`#[wire(checksum = Crc32, over = data)]`): the algorithms. What the
//! generated code calls to check and write them is in `checksum_hooks.rs`.

/// A checksum algorithm: fed the covered bytes in order, then finished into the field's value.
/// The covered bytes are the fields' bytes as encoded, a length prefix of their own included.
/// `Crc32` (feature `crc32`, on by default) and [`InternetChecksum`] are built in; implement it
/// for your own.
///
/// ```
/// use wire_runtime::{checksum::Checksum, WireDecode, WireEncode, decode};
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
    label = "`checksum = ...` takes a type implementing `wire_runtime::checksum::Checksum`",
    note = "implement `wire_runtime::checksum::Checksum` for `{Self}` (`update` and `finish`, and `Default`), or use `Crc32` or `InternetChecksum`"
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

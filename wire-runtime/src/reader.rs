//! [`Reader`]: a cursor over borrowed input, with length-delimited sections.

use crate::error::{DecodeError, DecodeErrorKind};
use bytes::Bytes;

/// A cursor over `&'de [u8]` that decoders read from.
///
/// A reader either spans the rest of the input (reading past its end is
/// [`DecodeErrorKind::Incomplete`]: more bytes may arrive) or a length-delimited *section* of it
/// (reading past its end is [`DecodeErrorKind::SectionOverrun`]: the declared length was wrong).
/// Offsets in errors always count from the start of the whole input.
///
/// ```
/// use wire_runtime::Reader;
///
/// let mut r = Reader::new(&[0, 3, b'a', b'b', b'c', 0xff]);
/// let n = r.read::<u16>()? as usize;
/// let mut section = r.section(n)?;
/// assert_eq!(section.take(3)?, b"abc");
/// section.expect_end()?;
/// assert_eq!(r.remaining(), 1);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'de> {
    rest: &'de [u8],
    /// Address of the first byte of the whole input; offsets are computed from it on demand.
    origin: usize,
    /// Inside a length-delimited section: running out is malformed, not incomplete.
    bounded: bool,
    /// The `Bytes` the input borrows from, so that `Bytes` fields can be zero-copy slices.
    source: Option<&'de Bytes>,
    /// Boxes entered so far, and how many are allowed: recursive types cannot exhaust the stack.
    depth: u16,
    max_depth: u16,
    /// Reading again what was decoded before: see [`Reader::new_validated`].
    validated: bool,
    /// Checksum fields are verified (see [`Reader::without_checksums`]).
    checksums: bool,
}

/// How deeply boxed values may nest by default (see [`Reader::with_max_depth`]).
pub const DEFAULT_MAX_DEPTH: u16 = 128;

impl<'de> Reader<'de> {
    /// A reader over a whole input.
    #[inline]
    pub fn new(input: &'de [u8]) -> Self {
        Reader {
            rest: input,
            origin: input.as_ptr() as usize,
            bounded: false,
            source: None,
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            validated: false,
            checksums: true,
        }
    }

    /// A reader over input that is complete by declaration, such as a length-delimited section
    /// taken out earlier: running out of it is malformed, never incomplete.
    ///
    /// ```
    /// use wire_runtime::Reader;
    ///
    /// let err = Reader::new_section(&[0, 1]).read::<u32>().unwrap_err();
    /// assert!(!err.is_incomplete());
    /// ```
    #[inline]
    pub fn new_section(input: &'de [u8]) -> Self {
        Reader {
            bounded: true,
            ..Reader::new(input)
        }
    }

    /// A section reader over bytes that were decoded before, successfully, as the very values
    /// about to be read from them, from the same first byte: decoders may skip the checks that
    /// passed then ([`Reader::is_validated`]). A lazily decoded list uses it to read its
    /// items again without validating their strings a second time.
    ///
    /// # Safety
    ///
    /// Decoders rely on it for soundness: a string decoder may build a `&str` from these bytes
    /// without checking that they are UTF-8. The caller must have decoded exactly these bytes,
    /// with the same types in the same order, without error.
    #[inline]
    pub unsafe fn new_validated(input: &'de [u8]) -> Self {
        Reader {
            validated: true,
            ..Reader::new_section(input)
        }
    }

    /// True for a reader made by [`Reader::new_validated`] (and its sections).
    #[inline]
    pub fn is_validated(&self) -> bool {
        self.validated
    }

    /// A reader over a `Bytes` buffer: `Bytes` fields decoded from it share its storage.
    #[inline]
    pub fn from_bytes(input: &'de Bytes) -> Self {
        Reader {
            source: Some(input),
            ..Reader::new(input.as_ref())
        }
    }

    /// Limits how deeply boxed values (`Box<T>`, the way recursive types nest) may nest;
    /// deeper input is [`DecodeErrorKind::TooDeep`]. The default is [`DEFAULT_MAX_DEPTH`].
    #[inline]
    pub fn with_max_depth(self, max_depth: u16) -> Self {
        Reader { max_depth, ..self }
    }

    /// Leaves checksum fields (`#[wire(checksum = ...)]`) unverified, for callers who verify
    /// elsewhere or trust the source; they are still decoded as they are.
    ///
    /// ```
    /// use wire_runtime::{checksum::Checksum, checksum::Crc32, Reader, WireDecode, WireEncode};
    ///
    /// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    /// struct Framed<'a> {
    ///     #[wire(len = u8)]
    ///     data: &'a [u8],
    ///     #[wire(checksum = Crc32, over = data)]
    ///     crc: u32,
    /// }
    ///
    /// let corrupt = [1, b'x', 0, 0, 0, 0];
    /// assert!(Framed::decode(&mut Reader::new(&corrupt)).is_err());
    /// let unchecked = Framed::decode(&mut Reader::new(&corrupt).without_checksums())?;
    /// assert_eq!(unchecked.crc, 0);
    /// # Ok::<(), wire_runtime::DecodeError>(())
    /// ```
    #[inline]
    pub fn without_checksums(self) -> Self {
        Reader {
            checksums: false,
            ..self
        }
    }

    /// False for a reader made [`without_checksums`](Reader::without_checksums).
    #[inline]
    pub fn verifies_checksums(&self) -> bool {
        self.checksums
    }

    /// Decodes one nesting level deeper, failing past the depth limit.
    #[inline]
    pub fn nested<T>(
        &mut self,
        decode: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        if self.depth >= self.max_depth {
            return Err(self.error(DecodeErrorKind::TooDeep(self.max_depth)));
        }
        self.depth += 1;
        let result = decode(self);
        self.depth -= 1;
        result
    }

    /// How many nesting levels deep this reader is (see [`Reader::nested`]).
    #[inline]
    pub(crate) fn depth(&self) -> u16 {
        self.depth
    }

    /// Bytes left in this reader (in this section, for a section).
    #[inline]
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// True when nothing is left to read.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// The unread bytes, without consuming them.
    #[inline]
    pub fn peek_rest(&self) -> &'de [u8] {
        self.rest
    }

    /// Byte offset of the next read from the start of the whole input.
    #[inline]
    pub fn offset(&self) -> usize {
        self.rest.as_ptr() as usize - self.origin
    }

    /// True inside a length-delimited section.
    #[inline]
    pub fn is_section(&self) -> bool {
        self.bounded
    }

    /// Consumes `n` bytes.
    #[inline]
    pub fn take(&mut self, n: usize) -> Result<&'de [u8], DecodeError> {
        if n > self.rest.len() {
            return Err(self.short(n));
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    /// Consumes `N` bytes as an array reference: one bounds check for a run of fixed-size fields.
    #[inline(always)]
    pub fn take_array<const N: usize>(&mut self) -> Result<&'de [u8; N], DecodeError> {
        match self.rest.split_first_chunk::<N>() {
            Some((head, tail)) => {
                self.rest = tail;
                Ok(head)
            }
            None => Err(self.short(N)),
        }
    }

    /// Consumes everything left in this reader.
    #[inline]
    pub fn take_rest(&mut self) -> &'de [u8] {
        // Split rather than `mem::take`: the empty rest must keep pointing into the input,
        // since offsets are computed from its address.
        let (all, end) = self.rest.split_at(self.rest.len());
        self.rest = end;
        all
    }

    /// The next byte, not consumed.
    #[inline]
    pub fn peek_u8(&self) -> Result<u8, DecodeError> {
        match self.rest.first() {
            Some(&b) => Ok(b),
            None => Err(self.short(1)),
        }
    }

    /// Decodes one `T`.
    #[inline]
    pub fn read<T: crate::WireDecode<'de>>(&mut self) -> Result<T, DecodeError> {
        T::decode(self)
    }

    /// Splits off the next `len` bytes as a section and advances past them.
    ///
    /// A section longer than what is left is incomplete input at the top level and
    /// [`DecodeErrorKind::LengthOutOfBounds`] inside another section.
    #[inline]
    pub fn section(&mut self, len: usize) -> Result<Reader<'de>, DecodeError> {
        if len > self.rest.len() {
            return Err(self.length_out_of_bounds(len as u64));
        }
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Ok(Reader {
            rest: head,
            bounded: true,
            ..*self
        })
    }

    /// Fails with [`DecodeErrorKind::TrailingBytes`] unless everything was consumed.
    #[inline]
    pub fn expect_end(&self) -> Result<(), DecodeError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(self.error(DecodeErrorKind::TrailingBytes(self.rest.len())))
        }
    }

    /// `value`, read from this reader, if that used it up; otherwise
    /// [`DecodeErrorKind::TrailingBytes`], as [`Reader::expect_end`], and `value` is dropped.
    ///
    /// What a decoder returns after checking its end: with `expect_end()?` between reading a
    /// value and returning it, the value is dropped on the error path by a call given its
    /// address, so it is kept in memory on every path and copied out, each wide load of the
    /// copy waiting on the narrow stores that built it. Here it is moved to a cold function.
    ///
    /// ```
    /// use wire_runtime::{DecodeErrorKind, Reader};
    ///
    /// let mut r = Reader::new(&[0, 1, 2]);
    /// let n: u16 = r.read()?;
    /// assert_eq!(r.end_with(n).unwrap_err().kind(), &DecodeErrorKind::TrailingBytes(1));
    /// r.take(1)?;
    /// assert_eq!(r.end_with(n)?, 1);
    /// # Ok::<(), wire_runtime::DecodeError>(())
    /// ```
    #[inline(always)]
    pub fn end_with<T>(&self, value: T) -> Result<T, DecodeError> {
        if self.rest.is_empty() {
            Ok(value)
        } else {
            discard(value);
            Err(self.error(DecodeErrorKind::TrailingBytes(self.rest.len())))
        }
    }

    /// Checks that a count of elements, each at least `min_size` bytes, can fit in what is left,
    /// before anything is allocated for it. Returns the count as a `usize`.
    #[inline]
    pub fn check_count(&self, count: u64, min_size: usize) -> Result<usize, DecodeError> {
        let need = count.saturating_mul(min_size.max(1) as u64);
        if need > self.rest.len() as u64 {
            return Err(self.length_out_of_bounds(need));
        }
        Ok(count as usize)
    }

    /// Consumes the constant bytes `expected`, or fails with [`DecodeErrorKind::MagicMismatch`].
    #[inline]
    pub fn expect_magic(&mut self, expected: &[u8]) -> Result<(), DecodeError> {
        // All there: one comparison of a length known where the magic is a constant.
        if let Some((head, tail)) = self.rest.split_at_checked(expected.len()) {
            if head != expected {
                return Err(DecodeError::new(
                    DecodeErrorKind::MagicMismatch,
                    self.offset(),
                ));
            }
            self.rest = tail;
            return Ok(());
        }
        self.short_magic(expected)
    }

    /// [`Reader::expect_magic`] with fewer bytes left than the magic has.
    #[cold]
    #[inline(never)]
    fn short_magic(&mut self, expected: &[u8]) -> Result<(), DecodeError> {
        // Bytes that are there and differ make the input malformed, however short it is.
        let available = self.rest.len();
        if self.rest != &expected[..available] {
            return Err(DecodeError::new(
                DecodeErrorKind::MagicMismatch,
                self.offset(),
            ));
        }
        Err(self.short(expected.len()))
    }

    /// A `Bytes` for a slice taken from this reader: shared with the source `Bytes` when the
    /// reader was built by [`Reader::from_bytes`], copied otherwise.
    #[inline]
    pub(crate) fn bytes_of(&self, slice: &'de [u8]) -> Bytes {
        match self.source {
            Some(source) if !slice.is_empty() => source.slice_ref(slice),
            _ => Bytes::copy_from_slice(slice),
        }
    }

    /// An error of `kind` at the current offset.
    #[inline(always)]
    pub fn error(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::new(kind, self.offset())
    }

    /// The error for wanting `wanted` bytes when fewer are left.
    #[inline(always)]
    pub fn short(&self, wanted: usize) -> DecodeError {
        // Only scalars cross into the cold function, so the reader can stay in registers.
        short_error(self.rest.len(), self.offset(), self.bounded, wanted)
    }

    /// The error for a length prefix of `len` bytes (or elements) that cannot fit.
    #[inline(always)]
    pub fn length_out_of_bounds(&self, len: u64) -> DecodeError {
        length_error(self.rest.len(), self.offset(), self.bounded, len)
    }
}

#[cold]
#[inline(never)]
fn short_error(available: usize, offset: usize, bounded: bool, wanted: usize) -> DecodeError {
    let kind = if bounded {
        DecodeErrorKind::SectionOverrun { wanted, available }
    } else {
        DecodeErrorKind::Incomplete { wanted, available }
    };
    DecodeError::new(kind, offset)
}

#[cold]
#[inline(never)]
fn length_error(available: usize, offset: usize, bounded: bool, len: u64) -> DecodeError {
    let kind = if bounded {
        DecodeErrorKind::LengthOutOfBounds { len, available }
    } else {
        DecodeErrorKind::Incomplete {
            wanted: usize::try_from(len).unwrap_or(usize::MAX),
            available,
        }
    };
    DecodeError::new(kind, offset)
}

/// Drops `value` in a cold function of its own: moved there, it is copied out of the place it
/// was built in, which then has no use that takes its address (an in-place drop does), so it
/// can live in registers.
#[inline(always)]
fn discard<T>(value: T) {
    if core::mem::needs_drop::<T>() {
        drop_cold(value);
    }
}

#[cold]
#[inline(never)]
fn drop_cold<T>(value: T) {
    drop(value);
}

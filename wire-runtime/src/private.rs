//! Helpers for the code `wire-derive` generates. Not a public API: names and signatures may
//! change in any release.

pub use crate::bits::BitField;
pub use crate::checksum::Checksum;
pub use crate::checksum_hooks::{ChecksumWriter, Sink, checksum_output, verify_checksum};
pub use crate::error::{DecodeError, DecodeErrorKind as ErrorKind, EncodeError, EncodeErrorKind};
pub use crate::len_value::LenValue;
pub use crate::msgpack;
pub use crate::prefix::{
    Biased, ByteOrder, LenPrefix, Markers, len_size, marker_size, read_len, read_marked_len,
    write_len, write_marker,
};
pub use crate::reader::Reader;
pub use crate::spans::{NoSpans, SpanSink, Spans};
pub use crate::terminated::{write_padded, write_terminated};
pub use crate::text::utf8;
pub use crate::traits::{DecodeWith, EncodeWith, WireDecode, WireEncode};
pub use crate::tristate::Tristate;
pub use crate::uint::{U24, U40, U48, U56, uint_from_be, uint_from_le, uint_to_be, uint_to_le};
pub use crate::varint::{VarInt, Vbi};
pub use crate::window::write_in_window;
pub use alloc::collections::BTreeMap;
pub use alloc::vec::Vec;
pub use bytes::BufMut;
pub use core::ops::FnOnce;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use core::{default::Default, primitive, stringify};

pub(crate) use crate::impls::bool_from_byte as bool_at;

/// Implemented by nothing: the bound of the `encoded_len` a context-taking type gets, so that
/// calling it says what to call instead.
#[diagnostic::on_unimplemented(
    message = "this type takes context from its parent: its length is `encoded_len_with(ctx)`",
    label = "`encoded_len()` needs the context: call `encoded_len_with(ctx)` (trait `EncodeWith`)",
    note = "a type declared with `#[wire(ctx(...))]` implements `EncodeWith<Ctx>`, not `WireEncode`"
)]
pub trait EncodedLenNeedsContext {}

/// Runs the decoding of one field and adds the field to the error path on failure.
#[inline(always)]
pub fn field<T>(
    ty: &'static str,
    name: &'static str,
    decode: impl FnOnce() -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    match decode() {
        Ok(value) => Ok(value),
        Err(e) => Err(e.in_field(ty, name)),
    }
}

/// Runs the encoding of one field and adds the field to the error path on failure.
#[inline(always)]
pub fn encode_field(
    ty: &'static str,
    name: &'static str,
    encode: impl FnOnce() -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    match encode() {
        Ok(()) => Ok(()),
        Err(e) => Err(e.in_field(ty, name)),
    }
}

/// Calls through the context value, so that its own type picks the impl and a mismatch reads
/// "`T` cannot be decoded with context `C`" (a free function would let the compiler infer `C`
/// from the only impl, `()`, and report a confusing type mismatch instead).
pub trait Ctx: Sized {
    /// Decodes a `T` with this context.
    #[inline(always)]
    fn decode_as<'de, T: DecodeWith<'de, Self>>(
        self,
        r: &mut Reader<'de>,
    ) -> Result<T, DecodeError> {
        T::decode_with(r, self)
    }

    /// Decodes a `T` with this context, its fields' spans into `spans`.
    #[inline(always)]
    fn decode_as_sink<'de, T: DecodeWith<'de, Self>, S: SpanSink>(
        self,
        r: &mut Reader<'de>,
        spans: &mut S,
    ) -> Result<T, DecodeError> {
        T::__decode_with_sink(r, self, spans, |value, _| value)
    }

    /// Encodes `value` with this context.
    #[inline(always)]
    fn encode_as<T: EncodeWith<Self> + ?Sized, B: BufMut + ?Sized>(
        self,
        value: &T,
        buf: &mut B,
    ) -> Result<(), EncodeError> {
        value.encode_with(buf, self)
    }

    /// The encoded length of `value` with this context.
    #[inline(always)]
    fn encoded_len_as<T: EncodeWith<Self> + ?Sized>(self, value: &T) -> usize {
        value.encoded_len_with(self)
    }
}

impl<C> Ctx for C {}

/// `LEN` bytes at `AT` of a run that was bounds-checked once.
#[inline(always)]
pub fn chunk<const AT: usize, const LEN: usize, const N: usize>(run: &[u8; N]) -> [u8; LEN] {
    const { assert!(AT + LEN <= N) };
    let mut out = [0; LEN];
    out.copy_from_slice(&run[AT..AT + LEN]);
    out
}

/// Writes `bytes` at `AT` of a run that is then written in one piece.
#[inline(always)]
pub fn put_chunk<const AT: usize, const LEN: usize, const N: usize>(
    run: &mut [u8; N],
    bytes: [u8; LEN],
) {
    const { assert!(AT + LEN <= N) };
    run[AT..AT + LEN].copy_from_slice(&bytes);
}

/// A `bool` from its byte at `offset`: 0 or 1, anything else is an error.
#[inline(always)]
pub fn bool_from_byte(byte: u8, offset: usize) -> Result<bool, DecodeError> {
    bool_at(byte, offset)
}

/// Decodes an element that must consume at least one byte, so a loop "until the end of the
/// section" always terminates.
#[inline]
pub fn decode_progressing<'de, T>(
    r: &mut Reader<'de>,
    decode: impl FnOnce(&mut Reader<'de>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let before = r.remaining();
    let value = decode(r)?;
    if r.remaining() == before {
        return Err(r.error(ErrorKind::InvalidValue("element consumed no bytes")));
    }
    Ok(value)
}

/// The fixed size of a sequence of parts, if every part has one.
pub const fn sum_fixed(parts: &[Option<usize>]) -> Option<usize> {
    let mut total = 0;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(size) => total += size,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The fewest bytes one element of type `T` can occupy, for bounding counts before allocating.
#[inline(always)]
pub const fn min_size<'de, T: WireDecode<'de>>() -> usize {
    match T::FIXED_SIZE {
        Some(size) if size > 0 => size,
        _ => 1,
    }
}

/// Capacity to reserve for `count` elements of `T`: never more memory than the bytes left in
/// the input (the vector grows past that as elements actually arrive), so a hostile count
/// cannot make a large allocation. Sequences nested inside one another share those bytes: at
/// depth `d` a sequence reserves at most a `1 / (d + 1)` share, so a chain of nested
/// sequences each claiming every byte after it reserves a harmonic sum of the input (under
/// six times it at the default depth limit), not the input once per level.
#[inline(always)]
pub fn capacity_for_count<T>(count: usize, r: &Reader<'_>) -> usize {
    let share = r.remaining().max(16) / (usize::from(r.depth()) + 1);
    count.min(share / size_of::<T>().max(1))
}

/// Capacity to reserve for elements that run to the end of the section: what the bytes left
/// could hold, but at most 16 (the vector grows past that as elements arrive).
#[inline(always)]
pub fn capacity_for_rest(r: &Reader<'_>, min_size: usize) -> usize {
    (r.remaining() / min_size.max(1)).min(16)
}

/// `max = N` on decode: a length or count above `max` is an error at the reader's offset, before
/// any byte of its section is looked at.
#[inline(always)]
pub fn check_max(len: usize, max: usize, r: &Reader<'_>) -> Result<(), DecodeError> {
    if len > max {
        Err(above_max(len, max, r))
    } else {
        Ok(())
    }
}

#[cold]
#[inline(never)]
fn above_max(len: usize, max: usize, r: &Reader<'_>) -> DecodeError {
    r.error(ErrorKind::LengthAboveMax {
        len: len as u64,
        max: max as u64,
    })
}

/// `max = N` on encode: a length or count above `max` is an error before anything is written.
#[inline(always)]
pub fn check_max_len(len: usize, max: usize) -> Result<(), EncodeError> {
    if len > max {
        Err(EncodeError::new(EncodeErrorKind::LengthAboveMax {
            len,
            max,
        }))
    } else {
        Ok(())
    }
}

/// A length or count given by `len = expr`: an integer, or a reference to a field whose type
/// holds a length ([`LenValue`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a length or count",
    label = "`len = ...` and `count = ...` take a prefix type, a field, or an expression giving an integer",
    note = "a field used as a length needs a type implementing `wire_runtime::LenValue`"
)]
pub trait AsLen {
    /// The value as a length, `None` if negative or too large.
    fn into_len(self) -> Option<usize>;
}

macro_rules! into_len {
    ($($ty:ty),*) => {$(
        impl AsLen for $ty {
            #[inline(always)]
            fn into_len(self) -> Option<usize> {
                usize::try_from(self).ok()
            }
        }
    )*};
}

into_len!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl<T: LenValue> AsLen for &T {
    #[inline(always)]
    fn into_len(self) -> Option<usize> {
        self.to_len()
    }
}

/// `None` (from `checked_sub` and friends) is a length that cannot be.
impl<T: AsLen> AsLen for Option<T> {
    #[inline(always)]
    fn into_len(self) -> Option<usize> {
        self.and_then(T::into_len)
    }
}

/// A length given by an expression over earlier fields, checked against what is left.
#[inline]
pub fn len_value(value: impl AsLen, r: &Reader<'_>) -> Result<usize, DecodeError> {
    value
        .into_len()
        .ok_or_else(|| r.error(ErrorKind::InvalidValue("negative or oversized length")))
}

/// The padding a length value says (`pad_after = pad_length`), on encode.
#[inline]
pub fn pad_len(value: impl AsLen) -> Result<usize, EncodeError> {
    value.into_len().ok_or_else(|| {
        EncodeError::new(EncodeErrorKind::Custom(
            "negative or oversized padding length",
        ))
    })
}

/// Converts an encoded length into the type of the field that declares it (`len = body_len`).
#[inline]
pub fn len_into<T: LenValue>(len: usize) -> Result<T, EncodeError> {
    T::from_len(len).ok_or_else(|| EncodeError::new(EncodeErrorKind::LengthOverflow { len }))
}

/// The value of a `temp(n: T = expr)` on encode, converted to its type: `usize` lengths into a
/// `u16`, say. A value that does not fit is [`EncodeErrorKind::ValueOutOfRange`].
#[inline]
pub fn calc<T: TryFrom<U>, U>(value: U) -> Result<T, EncodeError> {
    T::try_from(value).map_err(|_| EncodeError::new(EncodeErrorKind::ValueOutOfRange))
}

/// Checks on encode that a length given by an expression matches the value's encoded length.
#[inline]
pub fn check_declared_len(declared: impl AsLen, actual: usize) -> Result<(), EncodeError> {
    match declared.into_len() {
        Some(declared) if declared == actual => Ok(()),
        declared => Err(EncodeError::new(EncodeErrorKind::LengthMismatch {
            declared: declared.unwrap_or(usize::MAX),
            actual,
        })),
    }
}

/// Rejects a `Some` value that encodes to nothing under `empty_is_none`: it would decode as
/// `None`.
#[inline]
pub fn check_not_empty(len: usize) -> Result<(), EncodeError> {
    if len == 0 {
        Err(EncodeError::new(EncodeErrorKind::Custom(
            "an empty value under `empty_is_none` would decode as None",
        )))
    } else {
        Ok(())
    }
}

/// Rejects an `other` variant holding a tag that a named variant owns: it would decode as that
/// variant.
#[cold]
pub fn known_tag_in_other() -> EncodeError {
    EncodeError::new(EncodeErrorKind::Custom(
        "the catch-all variant holds a tag that a named variant owns",
    ))
}

/// The result of a `validate = expr` hook; typed so that a wrong expression is reported on it.
#[inline(always)]
pub fn validation(result: Result<(), &'static str>) -> Result<(), &'static str> {
    result
}

/// Checks on encode that an `if = cond` field is present exactly when its condition holds.
#[inline]
pub fn check_presence(condition: bool, present: bool) -> Result<(), EncodeError> {
    if condition == present {
        Ok(())
    } else {
        Err(EncodeError::new(EncodeErrorKind::ConditionMismatch))
    }
}

/// Reads the bits `shift..shift + width` of `word` as a `T`.
#[inline(always)]
pub fn bits_from<T: BitField>(
    word: u64,
    shift: u32,
    mask: u64,
    offset: usize,
) -> Result<T, DecodeError> {
    T::from_bits((word >> shift) & mask).ok_or_else(|| {
        DecodeError::new(
            ErrorKind::InvalidValue("bit field value out of range"),
            offset,
        )
    })
}

/// Places `value` at `shift`, failing if it does not fit `mask`.
#[inline(always)]
pub fn bits_to<T: BitField>(value: &T, shift: u32, mask: u64) -> Result<u64, EncodeError> {
    let bits = value.to_bits();
    if bits & !mask != 0 {
        return Err(EncodeError::new(EncodeErrorKind::ValueOutOfRange));
    }
    Ok(bits << shift)
}

/// Checks reserved bits of a bit-field word.
#[inline(always)]
pub fn check_reserved(
    word: u64,
    mask: u64,
    expected: u64,
    offset: usize,
) -> Result<(), DecodeError> {
    if word & mask == expected {
        Ok(())
    } else {
        Err(DecodeError::new(
            ErrorKind::ReservedBits {
                found: word & mask,
                expected,
            },
            offset,
        ))
    }
}

/// The error for an enum tag that names no variant.
#[cold]
pub fn invalid_tag(tag: u64, offset: usize) -> DecodeError {
    DecodeError::new(ErrorKind::InvalidTag(tag), offset)
}

/// An integer tag as `u64` for error messages (two's complement for negative tags).
pub trait TagValue: Copy {
    /// The tag for [`ErrorKind::InvalidTag`].
    fn tag_value(self) -> u64;
}

macro_rules! tag_value {
    ($($ty:ty),*) => {$(
        impl TagValue for $ty {
            #[inline(always)]
            fn tag_value(self) -> u64 {
                self as u64
            }
        }
    )*};
}

tag_value!(u8, u16, u32, u64, i8, i16, i32, i64);

/// A composite tag is reported with its parts packed, the first in the high bits.
impl<A: TagValue, B: TagValue> TagValue for (A, B) {
    fn tag_value(self) -> u64 {
        (self.0.tag_value() << 32) | (self.1.tag_value() & 0xffff_ffff)
    }
}

impl<A: TagValue, B: TagValue, C: TagValue> TagValue for (A, B, C) {
    fn tag_value(self) -> u64 {
        (self.0.tag_value() << 40)
            | ((self.1.tag_value() & 0xff_ffff) << 16)
            | (self.2.tag_value() & 0xffff)
    }
}

impl TagValue for Vbi {
    fn tag_value(self) -> u64 {
        u64::from(self.0)
    }
}

impl TagValue for VarInt {
    fn tag_value(self) -> u64 {
        self.0
    }
}

/// Skips `n` bytes of padding that must be zero (`pad_before`, `pad_after`).
#[inline]
pub fn skip_zeros(r: &mut Reader<'_>, n: usize) -> Result<(), DecodeError> {
    let at = r.offset();
    let bytes = r.take(n)?;
    match bytes.iter().position(|b| *b != 0) {
        None => Ok(()),
        Some(i) => Err(non_zero_padding(bytes[i], at + i)),
    }
}

#[cold]
fn non_zero_padding(byte: u8, at: usize) -> DecodeError {
    DecodeError::new(ErrorKind::NonZeroPadding(byte), at)
}

/// The padding that takes `len` bytes to a multiple of `align` (`align = N`).
#[inline(always)]
pub fn align_pad(len: usize, align: usize) -> usize {
    match align {
        0 | 1 => 0,
        _ => (align - len % align) % align,
    }
}

/// Skips the padding after a field up to a multiple of `align` bytes from `start`, checked
/// to be zero when `checked`.
#[inline]
pub fn skip_align(
    r: &mut Reader<'_>,
    start: usize,
    align: usize,
    checked: bool,
) -> Result<(), DecodeError> {
    let pad = align_pad(r.offset() - start, align);
    if checked {
        skip_zeros(r, pad)
    } else {
        r.take(pad).map(|_| ())
    }
}

/// Writes zeros up to a multiple of `align` bytes since `start`, the buffer's
/// `remaining_mut()` where the value began (it falls by one per byte written).
#[inline]
pub fn put_align<B: BufMut + ?Sized>(buf: &mut B, start: usize, align: usize) {
    let written = start - buf.remaining_mut();
    buf.put_bytes(0, align_pad(written, align));
}

/// An element must consume input: a sequence ended by an element would not end otherwise.
#[inline(always)]
pub fn check_progress(before: usize, r: &Reader<'_>) -> Result<(), DecodeError> {
    if r.offset() > before {
        Ok(())
    } else {
        Err(r.error(ErrorKind::InvalidValue(
            "an element of an `until` sequence took no bytes",
        )))
    }
}

/// Whether `item` is the last of an `until = |item| ...` sequence (the closure gets its type
/// from here).
#[inline(always)]
pub fn ends_sequence<T>(until: impl FnOnce(&T) -> bool, item: &T) -> bool {
    until(item)
}

/// On encode, the `until` closure holds for the last element and no other.
#[inline]
pub fn check_sequence_end(ends: impl Iterator<Item = bool>) -> Result<(), EncodeError> {
    let mut previous_ends = None;
    for (i, ends) in ends.enumerate() {
        if previous_ends == Some(true) {
            return Err(EncodeError::new(EncodeErrorKind::DelimiterInValue {
                at: i - 1,
            }));
        }
        previous_ends = Some(ends);
    }
    match previous_ends {
        Some(true) => Ok(()),
        _ => Err(EncodeError::new(EncodeErrorKind::MissingTerminator)),
    }
}

/// On encode, no element of an `until = SENTINEL` sequence equals the sentinel.
#[inline]
pub fn check_no_sentinel(equal: impl Iterator<Item = bool>) -> Result<(), EncodeError> {
    match equal.enumerate().find(|(_, equal)| *equal) {
        Some((at, _)) => Err(EncodeError::new(EncodeErrorKind::DelimiterInValue { at })),
        None => Ok(()),
    }
}

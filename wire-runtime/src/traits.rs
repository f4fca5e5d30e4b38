//! The codec traits and the entry points that drive them.

use crate::error::{DecodeError, EncodeError, EncodeErrorKind};
use crate::reader::Reader;
use crate::spans::{SpanSink, Spans};
use alloc::vec::Vec;
use bytes::{BufMut, Bytes};

/// A type that can be decoded from big-endian wire bytes borrowed for `'de`.
///
/// Derive it with `#[derive(WireDecode)]`; implement it by hand only for a layout the attributes
/// cannot express.
///
/// ```
/// use wire_runtime::{decode, WireDecode};
///
/// #[derive(WireDecode, Debug, PartialEq)]
/// struct Header { code: i16, language: u8, version: i16 }
///
/// let header: Header = decode(&[0x00, 0x0a, 0x00, 0x01, 0x3d])?;
/// assert_eq!(header, Header { code: 10, language: 0, version: 317 });
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from the wire",
    label = "`{Self}` does not implement `WireDecode`",
    note = "derive it with `#[derive(WireDecode)]`, or give the field `#[wire(with = path::to::module)]`",
    note = "a type declared with `#[wire(ctx(...))]` decodes with its context: pass it with `#[wire(ctx = expr)]` on the field, or call `decode_with(reader, ctx)`"
)]
pub trait WireDecode<'de>: Sized {
    /// The encoded size when it is the same for every value (`Some(2)` for `u16`).
    const FIXED_SIZE: Option<usize> = None;

    /// Reads one value from `r`. Unsized layouts (`&[u8]`, `&str`, `Vec<T>`) take the rest of
    /// the reader's section; give them a length prefix with `#[wire(len = ...)]`.
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError>;

    /// Reads one value and passes it, with the reader after it, to `then`, whose result is
    /// returned: `Packet::decode_then(r, |packet, r| (packet, r.offset()))`.
    ///
    /// The same as `then(Self::decode(r)?, r)`, except where it matters for speed: a derived
    /// enum calls `then` in each variant's branch, so that the caller's result is built in
    /// place. Decoded first and moved after, a many-variant enum is assembled in a temporary
    /// that every variant writes its own way; the compiler then copies it in pieces that can
    /// split a pointer, and the caller's first read of that pointer waits for the pieces.
    ///
    /// ```
    /// use wire_runtime::{Reader, WireDecode};
    ///
    /// #[derive(WireDecode, Debug, PartialEq)]
    /// #[wire(tag = u8)]
    /// enum Command { #[wire(tag = 1)] Ping, #[wire(tag = 2)] Echo(u16) }
    ///
    /// let mut r = Reader::new(&[2, 0, 7, 0xff]);
    /// let (command, used) = Command::decode_then(&mut r, |command, r| (command, r.offset()))?;
    /// assert_eq!((command, used), (Command::Echo(7), 3));
    /// # Ok::<(), wire_runtime::DecodeError>(())
    /// ```
    #[inline(always)]
    fn decode_then<T>(
        r: &mut Reader<'de>,
        then: impl FnOnce(Self, &Reader<'de>) -> T,
    ) -> Result<T, DecodeError> {
        let value = Self::decode(r)?;
        Ok(then(value, r))
    }

    /// Reads one value as [`WireDecode::decode`] does, recording in `spans` where each of its
    /// fields lies (see [`Spans`]). Derived types record their fields; others decode as usual
    /// and record nothing (they are one span to their parent). `decode` pays nothing for it.
    #[inline]
    fn decode_spanned(r: &mut Reader<'de>, spans: &mut Spans) -> Result<Self, DecodeError> {
        let _ = spans;
        Self::decode(r)
    }

    /// The one decode body of a derived type, generic over where spans go: `decode`,
    /// `decode_then` and `decode_spanned` call it (generated code; not a public API).
    #[doc(hidden)]
    #[inline(always)]
    fn __decode_sink<S: SpanSink, T>(
        r: &mut Reader<'de>,
        spans: &mut S,
        then: impl FnOnce(Self, &Reader<'de>) -> T,
    ) -> Result<T, DecodeError> {
        let value = spans.decode::<Self>(r)?;
        Ok(then(value, r))
    }
}

/// A type that needs context from its parent to decode (`#[wire(ctx(name: Type))]`).
///
/// Every [`WireDecode`] type is `DecodeWith<()>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded with context `{C}`",
    label = "`{Self}` does not implement `DecodeWith<{C}>`",
    note = "declare the context on the type with `#[wire(ctx(name: Type))]` and pass it with `#[wire(ctx = expr)]`"
)]
pub trait DecodeWith<'de, C>: Sized {
    /// Reads one value from `r`, given the context `ctx`.
    fn decode_with(r: &mut Reader<'de>, ctx: C) -> Result<Self, DecodeError>;

    /// [`WireDecode::decode_then`] with a context.
    #[inline(always)]
    fn decode_with_then<T>(
        r: &mut Reader<'de>,
        ctx: C,
        then: impl FnOnce(Self, &Reader<'de>) -> T,
    ) -> Result<T, DecodeError> {
        let value = Self::decode_with(r, ctx)?;
        Ok(then(value, r))
    }

    /// [`WireDecode::decode_spanned`] with a context.
    #[inline]
    fn decode_with_spanned(
        r: &mut Reader<'de>,
        ctx: C,
        spans: &mut Spans,
    ) -> Result<Self, DecodeError> {
        let _ = spans;
        Self::decode_with(r, ctx)
    }

    /// [`WireDecode::__decode_sink`] with a context.
    #[doc(hidden)]
    #[inline(always)]
    fn __decode_with_sink<S: SpanSink, T>(
        r: &mut Reader<'de>,
        ctx: C,
        spans: &mut S,
        then: impl FnOnce(Self, &Reader<'de>) -> T,
    ) -> Result<T, DecodeError> {
        let value = spans.decode_as::<Self, C>(r, ctx)?;
        Ok(then(value, r))
    }
}

impl<'de, T: WireDecode<'de>> DecodeWith<'de, ()> for T {
    #[inline]
    fn decode_with(r: &mut Reader<'de>, _: ()) -> Result<Self, DecodeError> {
        T::decode(r)
    }

    #[inline(always)]
    fn decode_with_then<U>(
        r: &mut Reader<'de>,
        _: (),
        then: impl FnOnce(Self, &Reader<'de>) -> U,
    ) -> Result<U, DecodeError> {
        T::decode_then(r, then)
    }

    #[inline]
    fn decode_with_spanned(
        r: &mut Reader<'de>,
        _: (),
        spans: &mut Spans,
    ) -> Result<Self, DecodeError> {
        T::decode_spanned(r, spans)
    }

    #[inline(always)]
    fn __decode_with_sink<S: SpanSink, U>(
        r: &mut Reader<'de>,
        _: (),
        spans: &mut S,
        then: impl FnOnce(Self, &Reader<'de>) -> U,
    ) -> Result<U, DecodeError> {
        T::__decode_sink(r, spans, then)
    }
}

/// A type that can be encoded to big-endian wire bytes.
///
/// ```
/// use wire_runtime::WireEncode;
///
/// #[derive(WireEncode)]
/// struct Header { code: i16, language: u8, version: i16 }
///
/// let header = Header { code: 10, language: 0, version: 317 };
/// assert_eq!(header.encoded_len(), 5);
/// assert_eq!(header.to_bytes()?.as_ref(), &[0x00, 0x0a, 0x00, 0x01, 0x3d]);
/// # Ok::<(), wire_runtime::EncodeError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded to the wire",
    label = "`{Self}` does not implement `WireEncode`",
    note = "derive it with `#[derive(WireEncode)]`, or give the field `#[wire(with = path::to::module)]`",
    note = "a type declared with `#[wire(ctx(...))]` encodes with its context: pass it with `#[wire(ctx = expr)]` on the field, or call `encoded_len_with(ctx)` and `encode_with(buf, ctx)`"
)]
pub trait WireEncode {
    /// The encoded size when it is the same for every value.
    const FIXED_SIZE: Option<usize> = None;

    /// The exact number of bytes [`WireEncode::encode`] writes, computed without encoding.
    fn encoded_len(&self) -> usize;

    /// Writes the value into `buf`. On error, a prefix of the encoding may have been written.
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError>;

    /// Encodes into a new `Vec` allocated once at the exact size.
    fn encode_to_vec(&self) -> Result<Vec<u8>, EncodeError> {
        let mut out = Vec::with_capacity(self.encoded_len());
        self.encode(&mut out)?;
        Ok(out)
    }

    /// Encodes into a new `Bytes` with exactly one allocation.
    fn to_bytes(&self) -> Result<Bytes, EncodeError> {
        self.encode_to_vec().map(Bytes::from)
    }

    /// Encodes into the front of `out`, returning the number of bytes written; a buffer that is
    /// too small is an error and is left untouched.
    fn encode_to_slice(&self, out: &mut [u8]) -> Result<usize, EncodeError> {
        let needed = self.encoded_len();
        let Some(mut window) = out.get_mut(..needed) else {
            return Err(EncodeError::new(EncodeErrorKind::BufferTooSmall {
                needed,
                available: out.len(),
            }));
        };
        self.encode(&mut window)?;
        Ok(needed)
    }
}

/// A type that needs context from its parent to encode; every [`WireEncode`] type is
/// `EncodeWith<()>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded with context `{C}`",
    label = "`{Self}` does not implement `EncodeWith<{C}>`",
    note = "declare the context on the type with `#[wire(ctx(name: Type))]` and pass it with `#[wire(ctx = expr)]`"
)]
pub trait EncodeWith<C> {
    /// The exact number of bytes [`EncodeWith::encode_with`] writes.
    fn encoded_len_with(&self, ctx: C) -> usize;

    /// Writes the value into `buf`, given the context `ctx`.
    fn encode_with<B: BufMut + ?Sized>(&self, buf: &mut B, ctx: C) -> Result<(), EncodeError>;

    /// Encodes into a new `Vec` allocated once at the exact size.
    fn encode_to_vec_with(&self, ctx: C) -> Result<Vec<u8>, EncodeError>
    where
        C: Clone,
    {
        let mut out = Vec::with_capacity(self.encoded_len_with(ctx.clone()));
        self.encode_with(&mut out, ctx)?;
        Ok(out)
    }
}

impl<T: WireEncode + ?Sized> EncodeWith<()> for T {
    #[inline]
    fn encoded_len_with(&self, _: ()) -> usize {
        self.encoded_len()
    }

    #[inline]
    fn encode_with<B: BufMut + ?Sized>(&self, buf: &mut B, _: ()) -> Result<(), EncodeError> {
        self.encode(buf)
    }
}

/// Decodes a whole buffer into a `T`; bytes left over are an error.
///
/// ```
/// let n: u32 = wire_runtime::decode(&[0, 0, 1, 0])?;
/// assert_eq!(n, 256);
/// assert!(wire_runtime::decode::<u16>(&[0, 0, 1]).is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
// Always inlined, so that a `#[wire(inline)]` type's decode lands in the caller: as an
// ordinary call, `rocketmq::decode` ran 21 instructions a frame more.
#[inline(always)]
pub fn decode<'de, T: WireDecode<'de>>(input: &'de [u8]) -> Result<T, DecodeError> {
    let mut r = Reader::new(input);
    let value = T::decode(&mut r)?;
    r.end_with(value)
}

/// Decodes a `T` from the front of `input`, returning it with the number of bytes it took.
///
/// ```
/// let (n, used) = wire_runtime::decode_prefix::<u16>(&[1, 2, 3])?;
/// assert_eq!((n, used), (0x0102, 2));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[inline]
pub fn decode_prefix<'de, T: WireDecode<'de>>(input: &'de [u8]) -> Result<(T, usize), DecodeError> {
    let mut r = Reader::new(input);
    let value = T::decode(&mut r)?;
    Ok((value, r.offset()))
}

/// Decodes a whole `Bytes` buffer; `Bytes` fields of the result share its storage (no copy).
///
/// ```
/// use bytes::Bytes;
///
/// let input = Bytes::from_static(b"\x00\x02hi");
/// #[derive(wire_runtime::WireDecode)]
/// struct Msg { #[wire(len = u16)] body: Bytes }
/// let msg: Msg = wire_runtime::decode_bytes(&input)?;
/// assert_eq!(msg.body.as_ptr(), input[2..].as_ptr());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[inline]
pub fn decode_bytes<'de, T: WireDecode<'de>>(input: &'de Bytes) -> Result<T, DecodeError> {
    let mut r = Reader::from_bytes(input);
    let value = T::decode(&mut r)?;
    r.end_with(value)
}

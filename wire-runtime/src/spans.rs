//! Where each decoded field lies in the input: [`Spans`], filled by
//! [`WireDecode::decode_spanned`](crate::WireDecode::decode_spanned).
//!
//! Plain decoding pays nothing for it: a derived type's one decode body records through a
//! sink that `decode` makes a no-op (`SpanSink`). Derived types record one [`FieldSpan`] per
//! field (nested derived types their own fields below it, one
//! level deeper); other types decode as usual and are one span to their parent.
//!
//! ```
//! use wire_runtime::{Reader, read::Spans, WireDecode};
//!
//! #[derive(WireDecode)]
//! struct Point { x: u16, y: u16 }
//! #[derive(WireDecode)]
//! struct Line<'a> { from: Point, to: Point, #[wire(len = u8)] label: &'a str }
//!
//! let mut spans = Spans::new();
//! let bytes = [0, 1, 0, 2, 0, 3, 0, 4, 2, b'o', b'k'];
//! let line = Line::decode_spanned(&mut Reader::new(&bytes), &mut spans)?;
//! assert_eq!(line.label, "ok");
//! let paths: Vec<_> = spans.paths().map(|(path, span)| (path, span.start, span.end)).collect();
//! assert_eq!(paths, [
//!     ("from".into(), 0, 4), ("from.x".into(), 0, 2), ("from.y".into(), 2, 4),
//!     ("to".into(), 4, 8), ("to.x".into(), 4, 6), ("to.y".into(), 6, 8),
//!     ("label".into(), 8, 11),
//! ]);
//! # Ok::<(), wire_runtime::DecodeError>(())
//! ```

use crate::error::DecodeError;
use crate::reader::Reader;
use crate::traits::{DecodeWith, WireDecode};
use alloc::string::String;
use alloc::vec::Vec;

/// The byte range of one decoded field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSpan {
    /// The field's name in its type (`_0`, `_1`, … for tuple fields; `tag` for an enum's tag).
    pub name: &'static str,
    /// Nesting: 0 for the fields of the value decoded, 1 for their fields, and so on.
    pub depth: usize,
    /// Offset of its first byte in the input.
    pub start: usize,
    /// Offset just past it; equal to `start` while it is being decoded (or if decoding it
    /// failed).
    pub end: usize,
    /// Decoding it finished.
    pub complete: bool,
}

/// The spans of the fields decoded so far, in decoding order (a parent before its fields).
#[derive(Debug, Clone, Default)]
pub struct Spans {
    entries: Vec<FieldSpan>,
    depth: usize,
}

impl Spans {
    /// No spans yet.
    pub fn new() -> Self {
        Spans::default()
    }

    /// Forgets every span, keeping the storage for the next value.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.depth = 0;
    }

    /// The spans, a parent before its fields.
    pub fn as_slice(&self) -> &[FieldSpan] {
        &self.entries
    }

    /// Each span with its dotted path (`chunk.timestamp`).
    pub fn paths(&self) -> impl Iterator<Item = (String, &FieldSpan)> + '_ {
        let mut stack: Vec<&'static str> = Vec::new();
        self.entries.iter().map(move |span| {
            stack.truncate(span.depth);
            stack.push(span.name);
            (stack.join("."), span)
        })
    }

    /// The innermost field still being decoded: where a failed decode stopped.
    pub fn failed_field(&self) -> Option<&FieldSpan> {
        let open = self.entries.iter().rposition(|s| !s.complete)?;
        // Its parent chain is open too; the last open one is the innermost.
        self.entries.get(open)
    }

    /// Starts the span of field `name` at `start` (generated code); returns its handle.
    #[doc(hidden)]
    #[inline]
    pub fn open(&mut self, name: &'static str, start: usize) -> usize {
        self.entries.push(FieldSpan {
            name,
            depth: self.depth,
            start,
            end: start,
            complete: false,
        });
        self.depth += 1;
        self.entries.len() - 1
    }

    /// Ends the span `handle` at `end` (generated code).
    #[doc(hidden)]
    #[inline]
    pub fn close(&mut self, handle: usize, end: usize) {
        if let Some(span) = self.entries.get_mut(handle) {
            span.end = end;
            span.complete = true;
            self.depth = span.depth;
        }
    }
}

/// Where a derived decoder records its fields: [`Spans`], or [`NoSpans`], whose calls compile
/// to nothing. A derived type has one decode body, generic over its sink: `decode` runs it
/// with [`NoSpans`], `decode_spanned` with [`Spans`] (generated code; not a public API).
#[doc(hidden)]
pub trait SpanSink {
    /// Starts the span of field `name` at `start`; returns its handle.
    fn open(&mut self, name: &'static str, start: usize) -> usize;

    /// Ends the span `handle` at `end`.
    fn close(&mut self, handle: usize, end: usize);

    /// Ends the spans of a run of fixed-size fields that starts at `start`, each given by its
    /// name and its end within the run: `handle` is the first field's, opened before the run
    /// was read (so that a run that fails leaves it open, as a field would).
    fn close_run(&mut self, handle: usize, fields: &[(&'static str, usize)], start: usize);

    /// Decodes a nested `T`: with its own spans below the open one, or as usual.
    fn decode<'de, T: WireDecode<'de>>(&mut self, r: &mut Reader<'de>) -> Result<T, DecodeError>;

    /// Decodes a nested `T` with context `ctx`, as [`SpanSink::decode`].
    fn decode_as<'de, T: DecodeWith<'de, C>, C>(
        &mut self,
        r: &mut Reader<'de>,
        ctx: C,
    ) -> Result<T, DecodeError>;
}

/// The sink of plain `decode`: records nothing, and every call inlines to nothing.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSpans;

impl SpanSink for NoSpans {
    #[inline(always)]
    fn open(&mut self, _: &'static str, _: usize) -> usize {
        0
    }

    #[inline(always)]
    fn close(&mut self, _: usize, _: usize) {}

    #[inline(always)]
    fn close_run(&mut self, _: usize, _: &[(&'static str, usize)], _: usize) {}

    #[inline(always)]
    fn decode<'de, T: WireDecode<'de>>(&mut self, r: &mut Reader<'de>) -> Result<T, DecodeError> {
        T::decode(r)
    }

    #[inline(always)]
    fn decode_as<'de, T: DecodeWith<'de, C>, C>(
        &mut self,
        r: &mut Reader<'de>,
        ctx: C,
    ) -> Result<T, DecodeError> {
        T::decode_with(r, ctx)
    }
}

impl SpanSink for Spans {
    #[inline]
    fn open(&mut self, name: &'static str, start: usize) -> usize {
        Spans::open(self, name, start)
    }

    #[inline]
    fn close(&mut self, handle: usize, end: usize) {
        Spans::close(self, handle, end)
    }

    fn close_run(&mut self, handle: usize, fields: &[(&'static str, usize)], start: usize) {
        let Some(((_, first_end), rest)) = fields.split_first() else {
            return;
        };
        let mut at = start + first_end;
        Spans::close(self, handle, at);
        for (name, end) in rest {
            let span = Spans::open(self, name, at);
            at = start + end;
            Spans::close(self, span, at);
        }
    }

    #[inline]
    fn decode<'de, T: WireDecode<'de>>(&mut self, r: &mut Reader<'de>) -> Result<T, DecodeError> {
        T::decode_spanned(r, self)
    }

    #[inline]
    fn decode_as<'de, T: DecodeWith<'de, C>, C>(
        &mut self,
        r: &mut Reader<'de>,
        ctx: C,
    ) -> Result<T, DecodeError> {
        T::decode_with_spanned(r, ctx, self)
    }
}

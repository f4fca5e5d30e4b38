//! Showing where fields lie: the `spans` member of `--format json`, and `--format hexdump`,
//! the frame's bytes with each field's name beside them (a protocol analyser's bytes pane).
//!
//! Spans come from the derived decoders (`WireDecode::decode_spanned`): offsets from the
//! frame's first byte, `[start, end)`, keyed by the field's dotted path in the wire layout.
//!
//! ```
//! use wire_runtime::{Reader, read::Spans, WireDecode};
//! use wiredump::frames::Layout;
//!
//! #[derive(WireDecode)]
//! struct Hello<'a> { version: u8, #[wire(len = u8)] name: &'a str }
//!
//! let bytes = [5, 2, b'h', b'i'];
//! let mut spans = Spans::new();
//! Hello::decode_spanned(&mut Reader::new(&bytes), &mut spans)?;
//! let layout = Layout { bytes: &bytes, spans: &spans };
//! let json = serde_json::to_string(&wiredump::layout::SpansJson(&spans)).unwrap();
//! assert_eq!(json, r#"{"version":[0,1],"name":[1,4]}"#);
//! let mut out = Vec::new();
//! wiredump::layout::write_hexdump(&mut out, layout).unwrap();
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "  0000  05                                                .                 version\n  \
//!        0001  02 68 69                                          .hi               name\n"
//! );
//! # Ok::<(), wire_runtime::DecodeError>(())
//! ```

use crate::frames::Layout;
use crate::text::printable;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::io::{self, Write};
use wire_runtime::{read::FieldSpan, read::Spans};

/// Bytes per hexdump row.
const ROW: usize = 16;
/// Rows shown of one field before the rest is summed up.
const ROWS_SHOWN: usize = 4;

/// The complete spans as a JSON object: `{"path": [start, end], ...}`.
#[derive(Debug, Clone, Copy)]
pub struct SpansJson<'a>(pub &'a Spans);

impl Serialize for SpansJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        let mut path: Vec<&'static str> = Vec::new();
        for span in self.0.as_slice() {
            path.truncate(span.depth);
            path.push(span.name);
            if span.complete {
                map.serialize_entry(&Dotted(&path), &[span.start, span.end])?;
            }
        }
        map.end()
    }
}

/// Names joined with dots, without building the string.
struct Dotted<'p>(&'p [&'static str]);

impl fmt::Display for Dotted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl Serialize for Dotted<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The innermost fields (those without fields of their own), with their paths, in order.
pub fn leaves(spans: &Spans) -> Vec<(String, FieldSpan)> {
    let all: Vec<(String, &FieldSpan)> = spans.paths().collect();
    all.iter()
        .enumerate()
        .filter(|(i, (_, span))| {
            all.get(i + 1)
                .is_none_or(|(_, next)| next.depth <= span.depth)
        })
        .map(|(_, (path, span))| (path.clone(), **span))
        .collect()
}

/// The frame's bytes, a row per field (more for a long one), each named. Bytes of a field
/// that none of its own fields cover (a length prefix, a tag, padding) are named after it in
/// parentheses, `(command)`; bytes outside every field are `-`.
pub fn write_hexdump(out: &mut impl Write, layout: Layout<'_>) -> io::Result<()> {
    let bytes = layout.bytes;
    let all: Vec<(String, &FieldSpan)> = layout.spans.paths().collect();
    let owner = |at: usize| {
        all.iter()
            .rev()
            .find(|(_, s)| s.start <= at && (at < s.end || !s.complete))
            .map_or("-".to_string(), |(path, _)| format!("({path})"))
    };
    let mut at = 0;
    for (path, span) in leaves(layout.spans) {
        let end = if span.complete { span.end } else { bytes.len() };
        if span.start > at {
            rows(out, bytes, at, span.start, &owner(at))?;
        }
        let name = if span.complete {
            path
        } else {
            format!("{path} (failed here)")
        };
        rows(out, bytes, span.start.max(at), end.max(at), &name)?;
        at = at.max(end);
    }
    if at < bytes.len() {
        rows(out, bytes, at, bytes.len(), &owner(at))?;
    }
    Ok(())
}

/// The rows of `bytes[start..end]`, named on the first.
fn rows(
    out: &mut impl Write,
    bytes: &[u8],
    start: usize,
    end: usize,
    name: &str,
) -> io::Result<()> {
    let end = end.min(bytes.len());
    let start = start.min(end);
    if start == end {
        return writeln!(out, "  {start:04x}  {:<48}  {:<16}  {name} (empty)", "", "");
    }
    let count = (end - start).div_ceil(ROW);
    for (i, chunk) in bytes[start..end].chunks(ROW).enumerate() {
        if i == ROWS_SHOWN - 1 && count > ROWS_SHOWN {
            let left = end - (start + i * ROW);
            return writeln!(out, "  {:04x}  … {left} more bytes", start + i * ROW);
        }
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
        let ascii = printable(chunk);
        let label = if i == 0 { name } else { "" };
        let line = format!(
            "  {:04x}  {:<48}  {ascii:<16}  {label}",
            start + i * ROW,
            hex.join(" ")
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

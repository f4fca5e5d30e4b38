//! The text format, for people: a frame's members one per line, indented, named (list items
//! are bullets, not indices), bytes as their text when they are text, long hex abbreviated,
//! and the members a protocol version does not have left out.
//!
//! ```
//! use wiredump::text::{Style, write_fields};
//! let fields = serde_json::json!({
//!     "topic": "a/b",
//!     "payload": "68656c6c6f",
//!     "properties": [{"ContentType": "text/plain"}],
//! });
//! let mut out = Vec::new();
//! write_fields(&mut out, &fields, 1, &Style::default()).unwrap();
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "  topic: \"a/b\"\n  payload: \"hello\" (text, 5 bytes)\n  properties:\n    - ContentType: \"text/plain\"\n"
//! );
//! ```

use serde_json::{Map, Value};
use std::io::{self, Write};

/// Hex strings longer than this many digits are abbreviated.
const SHOW_HEX_DIGITS: usize = 64;

/// Members whose strings are bytes in hex (as the protocols serialize them).
const BYTES_MEMBERS: &[&str] = &[
    "payload",
    "bytes",
    "body",
    "data",
    "challenge",
    "sasl_data",
    "features",
    "tuple",
    "hex",
];

/// What the text format leaves out.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// Members not shown (those the protocol version does not have).
    pub hidden: &'static [&'static str],
}

/// Writes an object's members one per line at `depth`, nested values indented below them.
pub fn write_fields(
    out: &mut impl Write,
    value: &Value,
    depth: usize,
    style: &Style,
) -> io::Result<()> {
    let pad = "  ".repeat(depth);
    match value {
        Value::Object(map) => {
            for (key, value) in visible(map, style) {
                write_member(out, &pad, key, value, depth, style)?;
            }
            Ok(())
        }
        Value::Array(items) => write_items(out, items, depth, style),
        other => writeln!(out, "{pad}{}", scalar(other)),
    }
}

fn visible<'m>(
    map: &'m Map<String, Value>,
    style: &'m Style,
) -> impl Iterator<Item = (&'m String, &'m Value)> {
    map.iter()
        .filter(|(key, _)| !style.hidden.contains(&key.as_str()))
}

fn write_member(
    out: &mut impl Write,
    pad: &str,
    key: &str,
    value: &Value,
    depth: usize,
    style: &Style,
) -> io::Result<()> {
    match value {
        Value::Object(inner) if !inner.is_empty() => {
            writeln!(out, "{pad}{key}:")?;
            write_fields(out, value, depth + 1, style)
        }
        Value::Array(items) if items.iter().any(|v| v.is_object() || v.is_array()) => {
            writeln!(out, "{pad}{key}:")?;
            write_items(out, items, depth + 1, style)
        }
        Value::String(s) if is_bytes_member(key) && is_hex(s) => {
            writeln!(out, "{pad}{key}: {}", bytes(s))
        }
        _ => writeln!(out, "{pad}{key}: {}", scalar(value)),
    }
}

/// List items as bullets; an object's first member on its bullet's line, the others below it.
fn write_items(
    out: &mut impl Write,
    items: &[Value],
    depth: usize,
    style: &Style,
) -> io::Result<()> {
    let pad = "  ".repeat(depth);
    let inner = "  ".repeat(depth + 1);
    for item in items {
        match item {
            Value::Object(map) if !map.is_empty() => {
                for (i, (key, value)) in visible(map, style).enumerate() {
                    let lead = if i == 0 {
                        format!("{pad}- ")
                    } else {
                        inner.clone()
                    };
                    write_member(out, &lead, key, value, depth + 1, style)?;
                }
            }
            Value::Array(_) => {
                writeln!(out, "{pad}-")?;
                write_fields(out, item, depth + 1, style)?;
            }
            other => writeln!(out, "{pad}- {}", scalar(other))?,
        }
    }
    Ok(())
}

fn is_bytes_member(key: &str) -> bool {
    key.ends_with("_hex") || BYTES_MEMBERS.contains(&key)
}

/// A value on one line; long hex strings abbreviated.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) if s.len() > SHOW_HEX_DIGITS && is_hex(s) => abbreviated_hex(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(scalar).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) if map.is_empty() => "{}".into(),
        other => other.to_string(),
    }
}

/// Bytes given as hex: the text alone when they are printable UTF-8 (marked as text), else the
/// hex with the printable ASCII of its start beside it.
fn bytes(hex: &str) -> String {
    let raw = wire_protocols::hex::parse(hex).unwrap_or_default();
    let n = raw.len();
    if n == 0 {
        return "\"\" (0 bytes)".into();
    }
    if let Ok(text) = std::str::from_utf8(&raw) {
        if text
            .chars()
            .all(|c| !c.is_control() || c == '\n' || c == '\t' || c == '\r')
        {
            return format!("{} (text, {n} bytes)", Value::from(text));
        }
    }
    let shown = &raw[..n.min(SHOW_HEX_DIGITS / 2)];
    let ascii = printable(shown);
    let more = if shown.len() < n { "…" } else { "" };
    let hex = if hex.len() > SHOW_HEX_DIGITS {
        abbreviated_hex(hex)
    } else {
        format!("{hex} ({n} bytes)")
    };
    format!("{hex} |{ascii}{more}|")
}

/// The bytes as printable ASCII, a `.` for every other byte (as a hexdump shows them beside
/// the hex).
pub fn printable(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                b as char
            } else {
                '.'
            }
        })
        .collect()
}

fn abbreviated_hex(s: &str) -> String {
    format!("{}… ({} bytes)", &s[..SHOW_HEX_DIGITS], s.len() / 2)
}

fn is_hex(s: &str) -> bool {
    s.len() % 2 == 0
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

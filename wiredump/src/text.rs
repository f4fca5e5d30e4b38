//! The text format: a frame's fields one per line, indented, long hex abbreviated.

use serde_json::Value;
use std::io::{self, Write};

/// Hex strings longer than this many digits are abbreviated in text output.
const SHOW_HEX_DIGITS: usize = 64;

/// Writes an object's fields one per line, nested objects indented.
pub fn write_fields(out: &mut impl Write, value: &Value, depth: usize) -> io::Result<()> {
    let pad = "  ".repeat(depth);
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match value {
                    Value::Object(inner) if !inner.is_empty() => {
                        writeln!(out, "{pad}{key}:")?;
                        write_fields(out, value, depth + 1)?;
                    }
                    Value::Array(items) if items.iter().any(|v| v.is_object() || v.is_array()) => {
                        writeln!(out, "{pad}{key}: [{} items]", items.len())?;
                        for (i, item) in items.iter().enumerate() {
                            writeln!(out, "{pad}  - [{i}]")?;
                            write_fields(out, item, depth + 2)?;
                        }
                    }
                    _ => writeln!(out, "{pad}{key}: {}", scalar(value))?,
                }
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                writeln!(out, "{pad}- [{i}]")?;
                write_fields(out, item, depth + 1)?;
            }
            Ok(())
        }
        other => writeln!(out, "{pad}{}", scalar(other)),
    }
}

/// A value on one line; long hex strings abbreviated.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) if is_long_hex(s) => {
            format!("{}… ({} bytes)", &s[..SHOW_HEX_DIGITS], s.len() / 2)
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(scalar).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) if map.is_empty() => "{}".into(),
        other => other.to_string(),
    }
}

fn is_long_hex(s: &str) -> bool {
    s.len() > SHOW_HEX_DIGITS
        && s.len() % 2 == 0
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

//! Printing frames as indented text or as JSON lines.

use crate::cli::{Format, Protocol, Side};
use crate::frames::{Layout, Sink, Span};
use crate::input::Stream;
use crate::layout::{SpansJson, write_hexdump};
use crate::stats::Stats;
use crate::text::{Style, write_fields};
use crate::{readable, summary};
use serde::Serialize;
use std::io::{self, Write};
use wire_runtime::{DecodeError, DecodeErrorKind};

/// Writes frames in the chosen format, and counts them.
#[derive(Debug)]
pub struct Printer<W: Write> {
    format: Format,
    out: io::BufWriter<W>,
    side: Side,
    protocol: Protocol,
    style: Style,
    /// The live stream printed last, for headings.
    label: String,
    /// A JSON line being written, for frames whose times get readable forms.
    line: Vec<u8>,
    index: usize,
    /// Statistics, when asked for.
    pub stats: Stats,
    /// Progress on stderr for large inputs.
    pub progress: indicatif::ProgressBar,
    /// Checksums are verified (unless `--no-verify`).
    pub verify: bool,
}

impl<W: Write> Printer<W> {
    /// A printer to `out`.
    pub fn new(format: Format, out: W, stats: Stats) -> Self {
        Printer {
            format,
            out: io::BufWriter::with_capacity(1 << 16, out),
            side: Side::Client,
            protocol: Protocol::Mqtt5,
            style: Style::default(),
            label: String::new(),
            line: Vec::new(),
            index: 0,
            stats,
            progress: indicatif::ProgressBar::hidden(),
            verify: true,
        }
    }

    /// Starts a stream; text output gets a heading when there are several.
    pub fn stream_header(
        &mut self,
        stream: &Stream,
        protocol: Protocol,
        heading: bool,
    ) -> io::Result<()> {
        self.side = stream.side;
        self.protocol = protocol;
        self.style = Style {
            hidden: crate::protocol::text_hidden(protocol),
        };
        self.index = 0;
        if heading && self.format != Format::Json {
            writeln!(
                self.out,
                "== {}: {} ({} bytes)",
                protocol.name(),
                stream.label,
                stream.bytes.len()
            )?;
        }
        Ok(())
    }

    /// Goes on with one direction of a live `connection` at frame `index` (frames of several
    /// connections interleave as they arrive); text and summary output get a heading when
    /// the connection changes.
    pub fn resume(
        &mut self,
        connection: &str,
        protocol: Protocol,
        side: Side,
        index: usize,
    ) -> io::Result<()> {
        let label = connection;
        let changed = self.protocol != protocol || self.label != label;
        self.side = side;
        self.protocol = protocol;
        self.style = Style {
            hidden: crate::protocol::text_hidden(protocol),
        };
        self.index = index;
        if changed && self.format != Format::Json {
            writeln!(self.out, "== {}: {label}", protocol.name())?;
        }
        self.label.clear();
        self.label.push_str(label);
        Ok(())
    }

    /// The index the next frame gets.
    pub fn next_index(&self) -> usize {
        self.index
    }

    /// Writes out what is buffered (live output, frame by frame as they complete).
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Flushes the output.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn direction(&self) -> &'static str {
        match self.side {
            Side::Client => "client",
            Side::Server => "server",
        }
    }
}

#[derive(Serialize)]
struct FrameJson<'a, T: ?Sized> {
    offset: usize,
    direction: &'a str,
    message: &'a str,
    fields: &'a T,
    #[serde(skip_serializing_if = "Option::is_none")]
    spans: Option<SpansJson<'a>>,
}

/// Where the field that failed starts in its frame, and where decoding stopped.
fn failed_span(layout: Option<Layout<'_>>, error: &DecodeError) -> Option<[usize; 2]> {
    let field = layout?.spans.failed_field()?;
    Some([field.start, error.offset().max(field.start)])
}

/// What kind of failure an error is, for people and scripts: a checksum that does not match,
/// input that ends early, or malformed input.
fn error_kind(error: &DecodeError) -> &'static str {
    match error.kind() {
        DecodeErrorKind::ChecksumMismatch { .. } => "checksum",
        _ if error.is_incomplete() => "incomplete",
        _ => "malformed",
    }
}

impl<W: Write> Sink for Printer<W> {
    fn frame<T: Serialize + ?Sized>(
        &mut self,
        span: Span,
        message: &str,
        fields: &T,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()> {
        self.progress.set_position(span.end() as u64);
        self.stats.frame(message, span.len);
        let index = self.index;
        self.index += 1;
        let times = readable::may_hold_times(self.protocol, message);
        match self.format {
            Format::Json => {
                let line = FrameJson {
                    offset: span.offset,
                    direction: self.direction(),
                    message,
                    fields,
                    spans: layout.map(|l| SpansJson(l.spans)),
                };
                if times {
                    // Written aside, to add the readable times to it.
                    self.line.clear();
                    serde_json::to_writer(&mut self.line, &line).map_err(io::Error::other)?;
                    readable::add_times_to_json(&mut self.line);
                    self.out.write_all(&self.line)?;
                } else {
                    serde_json::to_writer(&mut self.out, &line).map_err(io::Error::other)?;
                }
                self.out.write_all(b"\n")
            }
            Format::Hexdump => {
                writeln!(
                    self.out,
                    "[{index}] @{} {} {message} ({} bytes)",
                    span.offset,
                    self.direction(),
                    span.len
                )?;
                match layout {
                    Some(layout) => write_hexdump(&mut self.out, layout),
                    None => Ok(()),
                }
            }
            Format::Text | Format::Summary => {
                let mut value = serde_json::to_value(fields).map_err(io::Error::other)?;
                if times {
                    readable::add_times(&mut value);
                }
                let (offset, direction) = (span.offset, self.direction());
                if self.format == Format::Summary {
                    let keys = summary::key_members(self.protocol, &value);
                    let gap = if keys.is_empty() { "" } else { " " };
                    return writeln!(
                        self.out,
                        "{index:>5} @{offset:<8} {direction:<6} {message}{gap}{keys}"
                    );
                }
                writeln!(
                    self.out,
                    "[{index}] @{offset} {direction} {message} ({} bytes)",
                    span.len
                )?;
                write_fields(&mut self.out, &value, 1, &self.style)
            }
        }
    }

    fn error(
        &mut self,
        span: Span,
        error: &DecodeError,
        skipped: bool,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()> {
        self.progress.set_position(span.end() as u64);
        self.stats.failure();
        let at = span.offset + error.offset();
        let field_span = failed_span(layout, error);
        match self.format {
            Format::Json => {
                let mut line = serde_json::json!({
                    "offset": span.offset,
                    "direction": self.direction(),
                    "kind": error_kind(error),
                    "error": error.to_string(),
                    "field": error.path().to_string(),
                    "error_offset": at,
                });
                if let Some(field_span) = field_span {
                    line["field_span"] = serde_json::json!(field_span);
                }
                serde_json::to_writer(&mut self.out, &line).map_err(io::Error::other)?;
                self.out.write_all(b"\n")
            }
            Format::Text | Format::Summary | Format::Hexdump => {
                let then = if skipped {
                    "skipped"
                } else {
                    "cannot go on: the framing is lost"
                };
                let within = match field_span {
                    Some([start, end]) => format!(
                        " (its field starts at byte {})",
                        span.offset + start.min(end)
                    ),
                    None => String::new(),
                };
                writeln!(
                    self.out,
                    "[{}] @{} {} ERROR ({}) at byte {at}{within}: {error} ({then})",
                    self.index,
                    span.offset,
                    self.direction(),
                    error_kind(error)
                )?;
                match layout {
                    Some(layout) if self.format == Format::Hexdump => {
                        write_hexdump(&mut self.out, layout)
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    fn wants_spans(&self) -> bool {
        matches!(self.format, Format::Json | Format::Hexdump)
    }

    fn verifies_checksums(&self) -> bool {
        self.verify
    }

    fn truncated(&mut self, offset: usize, missing: Option<usize>) -> io::Result<()> {
        self.stats.failure();
        let what = match missing {
            Some(n) => format!("truncated frame: {n} more bytes needed"),
            None => "truncated frame".to_string(),
        };
        match self.format {
            Format::Json => {
                let line = serde_json::json!({ "offset": offset, "direction": self.direction(), "error": what, "missing": missing });
                serde_json::to_writer(&mut self.out, &line).map_err(io::Error::other)?;
                self.out.write_all(b"\n")
            }
            Format::Text | Format::Summary | Format::Hexdump => writeln!(
                self.out,
                "[{}] @{offset} {} ERROR: {what}",
                self.index,
                self.direction()
            ),
        }
    }
}

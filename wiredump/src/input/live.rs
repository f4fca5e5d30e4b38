//! Live captures: a pcap or pcapng read from a pipe (`tcpdump -U -w - | wiredump -`), packet
//! by packet, each connection's frames printed as soon as they are complete.

use super::Stream;
use super::pcap::{self, Endpoint, Flows};
use crate::cli::{Ports, Protocol, Side};
use crate::frames::{Layout, Sink, Span};
use crate::output::Printer;
use crate::protocol;
use serde::Serialize;
use std::collections::HashMap;
use std::io::{self, Read, Write};
use wire_runtime::DecodeError;

/// How far one direction of a connection has been dissected.
struct Progress {
    /// Bytes of the flow dissected and dropped (complete frames): the offset of what the
    /// flow holds now.
    done: usize,
    /// The index its next frame gets.
    index: usize,
    /// `None` when the protocol is unknown (the flow is skipped).
    protocol: Option<Protocol>,
    side: Side,
    label: String,
    /// The framing was lost: nothing more can be dissected.
    lost: bool,
}

/// Dissects the capture `input` reads (pcapng when `pcapng`) as it arrives, into `printer`;
/// true if any frame failed.
pub fn dissect<R: Read, W: Write>(
    input: R,
    pcapng: bool,
    protocol: Option<Protocol>,
    ports: &Ports,
    printer: &mut Printer<W>,
) -> Result<bool, String> {
    let write_error = |e: io::Error| format!("writing output: {e}");
    let mut flows = Flows::default();
    let mut progress: HashMap<(Endpoint, Endpoint), Progress> = HashMap::new();
    let mut order = Vec::new();
    let mut failed = false;
    pcap::for_each_packet(input, pcapng, |link, data| {
        let Some((from, to)) = flows.add(link, data) else {
            return Ok(());
        };
        let flow = flows.get(from, to).expect("just added");
        if flow.bytes.is_empty() {
            return Ok(());
        }
        let state = progress.entry((from, to)).or_insert_with(|| {
            order.push((from, to));
            start(&flows, ports, protocol, from, to)
        });
        let before = state.done;
        failed |= step(state, &flow.bytes, false, printer).map_err(write_error)?;
        // What is dissected is dropped: a long live capture holds only frames in progress.
        flows.consume(from, to, state.done - before);
        printer.flush().map_err(write_error)
    })?;
    // The capture ended: what is left of each flow is a truncated frame.
    for key in order {
        let (Some(state), Some(flow)) = (progress.get_mut(&key), flows.get(key.0, key.1)) else {
            continue;
        };
        failed |= step(state, &flow.bytes, true, printer).map_err(write_error)?;
    }
    printer.flush().map_err(write_error)?;
    Ok(failed)
}

/// What is known of a flow when its first bytes arrive: its side, its protocol (announced on
/// stderr when unknown), its label.
fn start(
    flows: &Flows,
    ports: &Ports,
    protocol: Option<Protocol>,
    from: Endpoint,
    to: Endpoint,
) -> Progress {
    let side = if flows.is_client(ports, from, to) {
        Side::Client
    } else {
        Side::Server
    };
    let (client, server) = match side {
        Side::Client => (from, to),
        Side::Server => (to, from),
    };
    let client_start = flows
        .get(client, server)
        .map(|f| f.head().to_vec())
        .unwrap_or_default();
    let label = format!(
        "client {} <-> server {}",
        pcap::fmt(client),
        pcap::fmt(server)
    );
    let stream = Stream {
        label: label.clone(),
        bytes: Vec::new(),
        side,
        ports: Some((from.1, to.1)),
        client_start,
    };
    let protocol = protocol.or_else(|| stream.port_protocol(ports));
    if protocol.is_none() {
        eprintln!(
            "wiredump: {label}: no protocol for these ports, skipped (pass --protocol or \
             --port PORT=PROTOCOL)"
        );
    }
    Progress {
        done: 0,
        index: 0,
        protocol,
        side,
        label,
        lost: false,
    }
}

/// Dissects the complete frames of `bytes`, the flow from offset `state.done` on; at the
/// `end` of the capture, a frame cut short is reported. True if a frame failed.
fn step<W: Write>(
    state: &mut Progress,
    bytes: &[u8],
    end: bool,
    printer: &mut Printer<W>,
) -> io::Result<bool> {
    let protocol = match state.protocol {
        Some(protocol) if !state.lost => protocol,
        // Skipped (no protocol, or the framing is lost): dropped unread.
        _ => {
            state.done += bytes.len();
            return Ok(false);
        }
    };
    if bytes.is_empty() {
        return Ok(false);
    }
    printer.resume(&state.label, protocol, state.side, state.index)?;
    let mut sink = Resumed {
        inner: printer,
        base: state.done,
        end,
        cut_at: None,
        lost: false,
        failed: false,
    };
    protocol::dissect_bytes(protocol, bytes, state.side, &mut sink)?;
    let Resumed {
        cut_at,
        lost,
        failed,
        ..
    } = sink;
    state.index = printer.next_index();
    state.lost = lost;
    state.done = cut_at.unwrap_or(state.done + bytes.len());
    Ok(failed)
}

/// A sink that goes on from byte `base` of a flow: offsets shifted, and a frame cut short
/// (still arriving) remembered rather than reported, until the `end` of the capture.
struct Resumed<'p, S> {
    inner: &'p mut S,
    base: usize,
    end: bool,
    /// Where the frame still arriving starts.
    cut_at: Option<usize>,
    /// The framing was lost.
    lost: bool,
    /// A frame failed (a frame still arriving is not a failure until the capture ends).
    failed: bool,
}

impl<S: Sink> Resumed<'_, S> {
    fn shift(&self, span: Span) -> Span {
        Span {
            offset: self.base + span.offset,
            len: span.len,
        }
    }
}

impl<S: Sink> Sink for Resumed<'_, S> {
    fn frame<T: Serialize + ?Sized>(
        &mut self,
        span: Span,
        message: &str,
        fields: &T,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()> {
        self.inner.frame(self.shift(span), message, fields, layout)
    }

    fn error(
        &mut self,
        span: Span,
        error: &DecodeError,
        skipped: bool,
        layout: Option<Layout<'_>>,
    ) -> io::Result<()> {
        self.lost |= !skipped;
        self.failed = true;
        self.inner.error(self.shift(span), error, skipped, layout)
    }

    fn wants_spans(&self) -> bool {
        self.inner.wants_spans()
    }

    fn truncated(&mut self, offset: usize, missing: Option<usize>) -> io::Result<()> {
        if self.end {
            self.failed = true;
            self.inner.truncated(self.base + offset, missing)
        } else {
            self.cut_at = Some(self.base + offset);
            Ok(())
        }
    }

    fn verifies_checksums(&self) -> bool {
        self.inner.verifies_checksums()
    }
}

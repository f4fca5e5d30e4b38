//! Reading the input: hex, a raw byte stream, a pcap/pcapng capture, or stdin.

pub mod live;
mod pcap;
mod stream;

pub use stream::Stream;

use crate::cli::{DecodeArgs, Ports};
use std::io::{Cursor, Read};

/// What the arguments name.
pub enum Input {
    /// Whole byte streams, read to their end.
    Streams(Vec<Stream>),
    /// A capture on stdin, to be read as it arrives.
    Live {
        /// The capture's bytes.
        capture: Box<dyn Read>,
        /// pcapng rather than classic pcap.
        pcapng: bool,
    },
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Input::Streams(streams) => f.debug_tuple("Streams").field(streams).finish(),
            Input::Live { pcapng, .. } => f.debug_struct("Live").field("pcapng", pcapng).finish(),
        }
    }
}

/// The input the arguments name: a capture on stdin is read as it arrives (a live
/// `tcpdump -U -w -`); anything else whole.
pub fn open(args: &DecodeArgs) -> Result<Input, String> {
    let stdin = args.hex.is_none() && args.file.as_ref().is_none_or(|p| p.as_os_str() == "-");
    if !stdin {
        return read(args).map(Input::Streams);
    }
    let mut input = std::io::stdin();
    let mut magic = Vec::with_capacity(4);
    (&mut input)
        .take(4)
        .read_to_end(&mut magic)
        .map_err(|e| format!("stdin: {e}"))?;
    if pcap::is_capture(&magic) {
        let pcapng = pcap::is_pcapng(&magic);
        let capture = Box::new(Cursor::new(magic).chain(input));
        return Ok(Input::Live { capture, pcapng });
    }
    let mut bytes = magic;
    input
        .read_to_end(&mut bytes)
        .map_err(|e| format!("stdin: {e}"))?;
    Ok(Input::Streams(vec![Stream::raw(
        "stdin".into(),
        bytes,
        args.from,
    )]))
}

/// The streams of `--hex` or of a file (stdin is `open`'s), read whole.
fn read(args: &DecodeArgs) -> Result<Vec<Stream>, String> {
    if let Some(hex) = &args.hex {
        return Ok(vec![Stream::raw("hex".into(), parse_hex(hex)?, args.from)]);
    }
    let path = args.file.as_ref().ok_or("no input named")?;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let label = path.display().to_string();
    if pcap::is_capture(&bytes) {
        pcap::streams(&bytes, &Ports(args.ports.clone())).map_err(|e| format!("{label}: {e}"))
    } else {
        Ok(vec![Stream::raw(label, bytes, args.from)])
    }
}

/// Hex digits, with any whitespace, `:` or `-` between them ignored.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let digits: String = text
        .chars()
        .filter(|c| !(c.is_ascii_whitespace() || *c == ':' || *c == '-'))
        .collect();
    wire_protocols::hex::parse(&digits).map_err(String::from)
}

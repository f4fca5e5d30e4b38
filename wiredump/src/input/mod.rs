//! Reading the input: hex, a raw byte stream, a pcap/pcapng capture, or stdin.

mod pcap;
mod stream;

pub use stream::Stream;

use crate::cli::{DecodeArgs, Ports};
use std::io::Read;

/// The streams named by the arguments.
pub fn read(args: &DecodeArgs) -> Result<Vec<Stream>, String> {
    if let Some(hex) = &args.hex {
        return Ok(vec![Stream::raw("hex".into(), parse_hex(hex)?, args.from)]);
    }
    let (label, bytes) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            (path.display().to_string(), bytes)
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("stdin: {e}"))?;
            ("stdin".to_string(), bytes)
        }
    };
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

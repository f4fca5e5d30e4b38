//! `wiredump encode`: the JSON of one frame (as `decode --format json` prints it) back to bytes.

use crate::cli::EncodeArgs;
use serde_json::Value;
use std::io::{Read, Write};
use std::process::ExitCode;

/// Reads one frame's JSON on stdin and writes its bytes as hex on stdout.
pub fn run(args: &EncodeArgs) -> Result<ExitCode, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("stdin: {e}"))?;
    let frame: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let bytes = crate::protocol::encode(args.protocol, args.from, &frame)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", wire_protocols::hex::Hex(&bytes)).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

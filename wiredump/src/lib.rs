//! The dissector behind the `wiredump` binary: reading inputs (hex, raw streams, pcap),
//! splitting and decoding frames of each protocol, printing them as text or JSON, and
//! encoding a frame back from its JSON.

pub mod cli;
pub mod encode;
pub mod frames;
pub mod input;
pub mod layout;
pub mod output;
pub mod protocol;
pub mod readable;
pub mod samples;
pub mod stats;
pub mod summary;
pub mod text;

use std::process::ExitCode;

/// Dissects the input the arguments name; exit status 1 if any frame failed to decode.
pub fn decode(args: &cli::DecodeArgs) -> Result<ExitCode, String> {
    let input = input::open(args)?;
    let stats = stats::Stats::new(args.stats);
    let mut printer = output::Printer::new(args.format, std::io::stdout().lock(), stats);
    printer.verify = !args.no_verify;
    let ports = cli::Ports(args.ports.clone());
    let failed = match input {
        input::Input::Streams(streams) => {
            dissect_all(&streams, args.protocol, &ports, &mut printer)?
        }
        input::Input::Live { capture, pcapng } => {
            input::live::dissect(capture, pcapng, args.protocol, &ports, &mut printer)?
        }
    };
    printer.stats.report();
    printer
        .finish()
        .map_err(|e| format!("writing output: {e}"))?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Dissects every stream into `printer`; true if any frame failed.
pub fn dissect_all<W: std::io::Write>(
    streams: &[input::Stream],
    protocol: Option<cli::Protocol>,
    ports: &cli::Ports,
    printer: &mut output::Printer<W>,
) -> Result<bool, String> {
    let mut failed = false;
    for stream in streams {
        let protocol = match protocol {
            Some(p) => p,
            None => stream.port_protocol(ports).ok_or(
                "cannot tell the protocol: pass --protocol, or --port PORT=PROTOCOL for the \
                 server's port (no well-known port in the capture)",
            )?,
        };
        let write_error = |e: std::io::Error| format!("writing output: {e}");
        printer
            .stream_header(
                stream,
                protocol,
                streams.len() > 1 || stream.ports.is_none() && stream.label.contains("sample"),
            )
            .map_err(write_error)?;
        printer.progress = stats::progress(stream.bytes.len());
        let summary = protocol::dissect(protocol, stream, printer).map_err(write_error)?;
        printer.progress.finish_and_clear();
        failed |= summary.failed;
    }
    Ok(failed)
}

//! `--stats`: frames per type and throughput; and the progress bar.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::time::Instant;

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: usize = 8 << 20;

/// Counts of frames per message type.
#[derive(Debug)]
pub struct Stats {
    enabled: bool,
    started: Instant,
    frames: BTreeMap<String, (u64, u64)>,
    failures: u64,
}

impl Stats {
    /// Statistics, collected only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        Stats {
            enabled,
            started: Instant::now(),
            frames: BTreeMap::new(),
            failures: 0,
        }
    }

    /// A decoded frame of `message`, `len` bytes.
    pub fn frame(&mut self, message: &str, len: usize) {
        if self.enabled {
            let entry = match self.frames.get_mut(message) {
                Some(entry) => entry,
                None => self.frames.entry(message.to_string()).or_default(),
            };
            entry.0 += 1;
            entry.1 += len as u64;
        }
    }

    /// A frame that failed.
    pub fn failure(&mut self) {
        self.failures += 1;
    }

    /// Prints the table on stderr.
    pub fn report(&self) {
        if !self.enabled {
            return;
        }
        let secs = self.started.elapsed().as_secs_f64();
        let (frames, bytes) = self
            .frames
            .values()
            .fold((0, 0), |(f, b), (n, l)| (f + n, b + l));
        eprintln!("{:<36} {:>10} {:>14}", "message", "frames", "bytes");
        for (message, (n, len)) in &self.frames {
            eprintln!("{message:<36} {n:>10} {len:>14}");
        }
        eprintln!("{:<36} {frames:>10} {bytes:>14}", "total");
        if self.failures > 0 {
            eprintln!("{:<36} {:>10}", "failed", self.failures);
        }
        eprintln!(
            "{:.3} s, {:.0} frames/s, {:.1} MB/s",
            secs,
            frames as f64 / secs,
            bytes as f64 / secs / 1e6
        );
    }
}

/// A progress bar over `len` bytes, shown only for large inputs on a terminal.
pub fn progress(len: usize) -> indicatif::ProgressBar {
    if len < PROGRESS_FROM || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

//! The interleaved pass: a case's implementations timed in alternating slices of a few
//! milliseconds, so that each ratio (`wire/hand`, `<peer>/wire`) compares times taken in the
//! same rounds, seconds apart at most, whatever the machine's speed does between rounds.
//!
//! Criterion times one implementation after another, each in its own window of seconds, and on
//! a shared VM the machine's speed drifts over such spans (see `benches/README.md`, "Short
//! runs"). Here every round times each implementation once, in rotating order, and a ratio is
//! the median over rounds of the ratio within a round, with a 95% confidence interval for that
//! median (`wire_benches::stats::median_with_interval`). The pass takes as long as criterion's
//! `--measurement-time` (3 s by default) per case and writes
//! `target/criterion/<case>/paired.json`, which `benches/ratios.py` reads.

use serde_json::json;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use wire_benches::stats::median_with_interval;

/// One implementation to time: `slice(iters)` runs `iters` iterations and returns their time.
pub struct Timed<'t> {
    pub name: &'t str,
    pub slice: Box<dyn FnMut(u64) -> Duration + 't>,
}

/// Rounds the pass aims at within its time; at least `MIN_ROUNDS` are run.
const ROUNDS: u32 = 100;
const MIN_ROUNDS: usize = 10;
/// The default of `--measurement-time`, as `common::config` sets it.
pub const MEASUREMENT: Duration = Duration::from_secs(3);

/// Times `impls` interleaved and reports their ratios, unless criterion was asked only to
/// test, list or profile, or fewer than two implementations ran.
pub fn measure(case: &str, impls: &mut [Timed<'_>]) {
    let Some(measurement) = settings().measurement else {
        return;
    };
    if impls.len() < 2 {
        return;
    }
    let count = impls.len() as u32;
    let target =
        (measurement / (count * ROUNDS)).clamp(Duration::from_millis(1), Duration::from_millis(10));
    let iters: Vec<u64> = impls
        .iter_mut()
        .map(|imp| calibrate(&mut imp.slice, target))
        .collect();
    let mut per_op: Vec<Vec<f64>> = vec![Vec::new(); impls.len()];
    let start = Instant::now();
    let mut round = 0;
    while round < MIN_ROUNDS || start.elapsed() < measurement {
        for step in 0..impls.len() {
            let i = (round + step) % impls.len();
            let took = (impls[i].slice)(iters[i]);
            per_op[i].push(took.as_nanos() as f64 / iters[i] as f64);
        }
        round += 1;
    }
    report(case, impls, &per_op, target);
}

/// The iterations that take about `target`, doubling from one.
fn calibrate(slice: &mut dyn FnMut(u64) -> Duration, target: Duration) -> u64 {
    let mut iters = 1u64;
    loop {
        let took = slice(iters);
        if took >= target / 4 || iters >= 1 << 40 {
            let scaled = iters as f64 * target.as_secs_f64() / took.as_secs_f64().max(1e-9);
            return (scaled as u64).max(1);
        }
        iters *= 2;
    }
}

/// Prints the ratios and writes them, with each implementation's median time, as JSON.
fn report(case: &str, impls: &[Timed<'_>], per_op: &[Vec<f64>], target: Duration) {
    let index = |name: &str| impls.iter().position(|imp| imp.name == name);
    let mut pairs = Vec::new();
    if let (Some(wire), Some(hand)) = (index("wire"), index("hand")) {
        pairs.push((wire, hand));
    }
    if let Some(wire) = index("wire") {
        let peers = (0..impls.len()).filter(|&i| !matches!(impls[i].name, "wire" | "hand"));
        pairs.extend(peers.map(|peer| (peer, wire)));
    }
    let rounds = per_op[0].len();
    let mut ratios = serde_json::Map::new();
    let mut line = format!(
        "{case}: interleaved, {rounds} rounds of {:.1} ms per implementation:",
        target.as_secs_f64() * 1e3
    );
    for (a, b) in pairs {
        let within: Vec<f64> = per_op[a]
            .iter()
            .zip(&per_op[b])
            .map(|(x, y)| x / y)
            .collect();
        let (median, lower, upper) = median_with_interval(within);
        let name = format!("{}/{}", impls[a].name, impls[b].name);
        line += &format!(" {name} {median:.3} [{lower:.3}, {upper:.3}];");
        ratios.insert(
            name,
            json!({ "median": median, "lower": lower, "upper": upper }),
        );
    }
    println!("{}", line.trim_end_matches(';'));
    let ns: serde_json::Map<_, _> = impls
        .iter()
        .zip(per_op)
        .map(|(imp, times)| {
            (
                imp.name.to_owned(),
                json!(median_with_interval(times.clone()).0),
            )
        })
        .collect();
    let document = json!({
        "rounds": rounds,
        "slice_ms": target.as_secs_f64() * 1e3,
        "median_ns": ns,
        "ratios": ratios,
    });
    let dir = criterion_dir().join(case);
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("paired.json"), document.to_string()));
    if let Err(error) = written {
        eprintln!(
            "{case}: cannot write paired.json in {}: {error}",
            dir.display()
        );
    }
}

/// What the command line asks of the pass.
struct Settings {
    /// `None` where criterion only tests, lists or profiles the benches.
    measurement: Option<Duration>,
}

fn settings() -> &'static Settings {
    static SETTINGS: OnceLock<Settings> = OnceLock::new();
    SETTINGS.get_or_init(|| {
        let args: Vec<String> = std::env::args().collect();
        let skip = ["--test", "--list", "--profile-time"].iter().any(|flag| {
            args.iter()
                .any(|a| a == flag || a.starts_with(&format!("{flag}=")))
        });
        let measurement = args
            .iter()
            .enumerate()
            .find_map(|(i, a)| match a.strip_prefix("--measurement-time") {
                Some("") => args.get(i + 1).cloned(),
                Some(rest) => rest.strip_prefix('=').map(str::to_owned),
                None => None,
            })
            .map(|secs| Duration::from_secs_f64(secs.parse().expect("--measurement-time")))
            .unwrap_or(MEASUREMENT);
        Settings {
            measurement: (!skip).then_some(measurement),
        }
    })
}

/// Where criterion writes: `$CRITERION_HOME`, `$CARGO_TARGET_DIR/criterion`, or the `criterion`
/// folder of the target directory this bench binary was built in (`target/release/deps/..`).
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    let exe = std::env::current_exe().expect("the bench binary's path");
    match exe.ancestors().nth(3) {
        Some(target) => target.join("criterion"),
        None => PathBuf::from("target/criterion"),
    }
}

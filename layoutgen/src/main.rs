//! `cargo run -p wire-layoutgen -- [--seed S] [--count N] [--batches K] [--cases C]`: generates
//! K batches of N layouts from seeds S, S+1, ..., runs each batch's properties with C proptest
//! cases per type, and prints the coverage and every failing seed.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut seed = 1u64;
    let mut count = 150usize;
    let mut batches = 1u64;
    let mut cases = 64u32;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().and_then(|v| v.parse::<u64>().ok());
        match (flag.as_str(), value) {
            ("--seed", Some(v)) => seed = v,
            ("--count", Some(v)) => count = v as usize,
            ("--batches", Some(v)) => batches = v,
            ("--cases", Some(v)) => cases = v as u32,
            _ => {
                eprintln!("usage: wire-layoutgen [--seed S] [--count N] [--batches K] [--cases C]");
                return ExitCode::from(2);
            }
        }
    }
    let mut coverage = wire_layoutgen::Coverage::default();
    let mut failed = Vec::new();
    for s in seed..seed + batches {
        let batch = wire_layoutgen::generate(s, count);
        coverage.add(&batch);
        match wire_layoutgen::run(&batch, cases, "run") {
            Ok(_) => println!("seed {s}: {count} layouts pass"),
            Err(report) => {
                println!("{report}");
                failed.push(s);
            }
        }
    }
    println!("{}", coverage.report());
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!("failing seeds: {failed:?}");
        ExitCode::FAILURE
    }
}

//! `stream-client` against the broker `scripts/brokers/rabbitmq.sh` starts: publishes, then
//! consumes and checks, a few thousand messages; and fails, saying why, on a message that is
//! not the one due.

use std::process::Command;

/// The broker's address, or `None` (skipped) when `RABBITMQ_STREAM_ADDR` is unset; in CI
/// (`CI` set) a missing broker is a failure.
fn broker() -> Option<String> {
    match std::env::var("RABBITMQ_STREAM_ADDR") {
        Ok(addr) if !addr.is_empty() => Some(addr),
        _ if std::env::var_os("CI").is_some() => panic!("RABBITMQ_STREAM_ADDR is not set in CI"),
        _ => {
            eprintln!("skipping: RABBITMQ_STREAM_ADDR is not set (scripts/brokers/rabbitmq.sh)");
            None
        }
    }
}

fn run(addr: &str, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_stream-client"))
        .args(["--addr", addr])
        .args(args)
        .output()
        .expect("stream-client runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

#[test]
fn publishes_then_consumes_and_checks_every_message() {
    let Some(addr) = broker() else { return };
    let stream = format!("wire-example-{}", std::process::id());
    let (ok, out) = run(
        &addr,
        &["publish", &stream, "--count", "5000", "--batch", "64"],
    );
    assert!(ok, "{out}");
    assert!(out.starts_with("published 5000 messages in "), "{out}");
    let (ok, out) = run(&addr, &["consume", &stream, "--count", "5000", "--crc"]);
    assert!(ok, "{out}");
    assert!(out.starts_with("consumed 5000 messages in "), "{out}");
    // A second publish starts again at message 0: at offset 5000 the consumer must refuse it.
    let (ok, out) = run(&addr, &["publish", &stream, "--count", "1", "--size", "9"]);
    assert!(ok, "{out}");
    let (ok, out) = run(&addr, &["consume", &stream, "--count", "5001", "--delete"]);
    assert!(
        !ok,
        "a message published twice under index 0 must be refused: {out}"
    );
    assert!(
        out.contains("offset") || out.contains("not the one published"),
        "{out}"
    );
}

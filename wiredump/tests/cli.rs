//! The `wiredump` binary on the shared golden vectors, the bundled samples and crafted input.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn wiredump(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wiredump"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wiredump runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The shared vectors of `protocol`, or `None` (with a message) when `../shared` is absent.
fn vectors(protocol: &str) -> Option<Vec<Value>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../shared/vectors/{protocol}.json"));
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let doc: Value = serde_json::from_str(&text).unwrap();
            Some(doc["vectors"].as_array().unwrap().clone())
        }
        Err(e) => {
            eprintln!("skipping: no golden vectors at {} ({e})", path.display());
            None
        }
    }
}

/// The wiredump protocol name for a vector's variant, if wiredump dissects that layer.
fn protocol_of(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "mqtt-3.1.1" => "mqtt",
        "mqtt-5.0" => "mqtt5",
        "frame" => "stream",
        "msgpack_value" => "msgpack",
        "ignite_frame" | "ignite_first_frame" => "ignite",
        "remoting_frame" => "rocketmq",
        "message_ext" | "message_ext_list" => "rocketmq-message",
        "message_batch" => "rocketmq-batch",
        _ => return None,
    })
}

#[test]
fn every_valid_vector_decodes_and_encodes_back_to_the_same_bytes() {
    let mut checked = 0;
    for file in ["mqtt", "stream", "msgpack", "rocketmq"] {
        let Some(vectors) = vectors(file) else { return };
        for v in vectors.iter().filter(|v| v["valid"] == true) {
            let name = v["name"].as_str().unwrap();
            let hex = v["hex"].as_str().unwrap();
            let Some(protocol) = protocol_of(v["variant"].as_str().unwrap()) else {
                continue;
            };
            let decoded = wiredump(&["-p", protocol, "--hex", hex, "--format", "json"], None);
            assert!(
                decoded.status.success(),
                "{name}: {}{}",
                text(&decoded.stdout),
                text(&decoded.stderr)
            );
            let lines: Vec<&[u8]> = decoded
                .stdout
                .split(|b| *b == b'\n')
                .filter(|l| !l.is_empty())
                .collect();
            // Values back to back (a message_ext_list) give several frames: encode each.
            let mut again = String::new();
            for line in lines {
                let encoded = wiredump(&["encode", "-p", protocol], Some(line));
                assert!(
                    encoded.status.success(),
                    "{name}: {}",
                    text(&encoded.stderr)
                );
                again.push_str(text(&encoded.stdout).trim());
            }
            assert_eq!(again, hex, "{name}: decode | encode");
            checked += 1;
        }
    }
    eprintln!("{checked} valid vectors round-tripped");
    assert!(checked >= 20, "only {checked} vectors checked");
}

#[test]
fn every_invalid_vector_fails_with_status_1_and_names_the_problem() {
    for file in ["mqtt", "stream", "msgpack", "rocketmq"] {
        let Some(vectors) = vectors(file) else { return };
        for v in vectors.iter().filter(|v| v["valid"] == false) {
            let name = v["name"].as_str().unwrap();
            let Some(protocol) = protocol_of(v["variant"].as_str().unwrap()) else {
                continue;
            };
            let out = wiredump(&["-p", protocol, "--hex", v["hex"].as_str().unwrap()], None);
            assert_eq!(out.status.code(), Some(1), "{name}: {}", text(&out.stdout));
            let report = text(&out.stdout);
            assert!(report.contains("ERROR"), "{name}: {report}");
            // A field path or the offending value is named.
            assert!(
                report.contains('.') || report.contains("0x"),
                "{name}: {report}"
            );
        }
    }
}

#[test]
fn decode_is_the_default_subcommand() {
    let hex = "c000";
    let a = wiredump(
        &["--protocol", "mqtt5", "--hex", hex, "--format", "json"],
        None,
    );
    let b = wiredump(
        &[
            "decode",
            "--protocol",
            "mqtt5",
            "--hex",
            hex,
            "--format",
            "json",
        ],
        None,
    );
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let json: Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(json["message"], "PINGREQ");
    assert_eq!(json["offset"], 0);
}

#[test]
fn usage_errors_exit_with_status_2() {
    assert_eq!(
        wiredump(&["-p", "nope", "--hex", "00"], None).status.code(),
        Some(2)
    );
    assert_eq!(
        wiredump(&["-p", "mqtt", "--hex", "0g"], None).status.code(),
        Some(2)
    );
    // A raw file without --protocol: nothing tells the protocol.
    assert_eq!(wiredump(&["-"], Some(b"\xc0\x00")).status.code(), Some(2));
}

#[test]
fn a_bad_frame_is_reported_and_the_dump_goes_on() {
    // Heartbeat, an Open whose string overruns its frame, another Heartbeat.
    let hex = "0000000400170001 0000000d0015000100000022000a70726f 0000000400170001";
    let out = wiredump(&["-p", "stream", "--hex", hex, "--format", "json"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["message"], "Heartbeat");
    assert!(
        lines[1]["field"].as_str().unwrap().contains("virtual_host"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[1]["error_offset"], 8 + 14);
    assert_eq!(
        (lines[2]["message"].as_str(), lines[2]["offset"].as_u64()),
        (Some("Heartbeat"), Some(25))
    );
}

#[test]
fn a_truncated_last_frame_says_how_many_bytes_are_missing() {
    let out = wiredump(
        &["-p", "stream", "--hex", "0000000400170001 0000000d00150001"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("9 more bytes needed"),
        "{}",
        text(&out.stdout)
    );
    let out = wiredump(&["-p", "mqtt5", "--hex", "300a0003612f62"], None);
    assert!(
        text(&out.stdout).contains("5 more bytes needed"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn raw_files_and_stdin_are_read_as_streams() {
    let dir = std::env::temp_dir().join(format!("wiredump-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pings.bin");
    std::fs::write(&file, [0xc0, 0x00, 0xd0, 0x00]).unwrap();
    let from_file = wiredump(
        &[
            "-p",
            "mqtt",
            file.to_str().unwrap(),
            "--format",
            "json",
            "--stats",
        ],
        None,
    );
    let from_stdin = wiredump(
        &["-p", "mqtt", "-", "--format", "json"],
        Some(&[0xc0, 0x00, 0xd0, 0x00]),
    );
    assert!(from_file.status.success());
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert_eq!(text(&from_file.stdout).lines().count(), 2);
    // --stats: frames per type on stderr.
    let stats = text(&from_file.stderr);
    assert!(
        stats.contains("PINGREQ") && stats.contains("PINGRESP") && stats.contains("MB/s"),
        "{stats}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn msgpack_values_round_trip_through_json_with_their_types() {
    // [1.5f32, bin "\x01\x02", ext 3 "\xaa", {1: nil}, -3, "s"]
    let hex = "96ca3fc00000c4020102d403aa8101c0fda173";
    let decoded = wiredump(&["-p", "msgpack", "--hex", hex, "--format", "json"], None);
    assert!(decoded.status.success());
    let encoded = wiredump(&["encode", "-p", "msgpack"], Some(&decoded.stdout));
    assert_eq!(
        text(&encoded.stdout).trim(),
        hex,
        "{}",
        text(&encoded.stderr)
    );
}

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
}

/// Every frame of every bundled sample (real broker traffic) decodes, and its JSON encodes
/// back to exactly the recorded bytes.
#[test]
fn bundled_samples_round_trip_frame_by_frame() {
    for (protocol, file) in [
        ("mqtt", "mqtt.client.bin"),
        ("mqtt", "mqtt.server.bin"),
        ("mqtt5", "mqtt5.client.bin"),
        ("mqtt5", "mqtt5.server.bin"),
        ("stream", "stream.client.bin"),
        ("stream", "stream.server.bin"),
    ] {
        let path = sample(file);
        let recorded = std::fs::read(&path).unwrap();
        let out = wiredump(
            &["-p", protocol, path.to_str().unwrap(), "--format", "json"],
            None,
        );
        assert!(out.status.success(), "{file}: {}", text(&out.stdout));
        let mut again = String::new();
        let mut frames = 0;
        for line in text(&out.stdout).lines() {
            let encoded = wiredump(&["encode", "-p", protocol], Some(line.as_bytes()));
            assert!(
                encoded.status.success(),
                "{file}: {line}: {}",
                text(&encoded.stderr)
            );
            again.push_str(text(&encoded.stdout).trim());
            frames += 1;
        }
        let hex: String = recorded.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(again, hex, "{file}: decode | encode");
        assert!(frames >= 16, "{file}: {frames} frames");
    }
}

#[test]
fn no_arguments_dissects_the_bundled_samples() {
    let out = wiredump(&[], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for heading in ["== mqtt:", "== mqtt5:", "== stream:"] {
        assert!(report.contains(heading), "missing {heading}");
    }
    assert!(report.contains("CONNACK") && report.contains("Deliver") && !report.contains("ERROR"));
}

#[test]
fn pcap_captures_are_reassembled_per_direction() {
    // The Stream capture: the protocol comes from the broker's well-known port 5552.
    let out = wiredump(
        &[sample("stream.pcap").to_str().unwrap(), "--format", "json"],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let frames: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let client = frames.iter().filter(|f| f["direction"] == "client").count();
    let server = frames.iter().filter(|f| f["direction"] == "server").count();
    assert_eq!((client, server), (21, 20));
    assert_eq!(frames[0]["message"], "PeerProperties");
    assert!(
        frames
            .iter()
            .any(|f| f["message"] == "Deliver" && f["direction"] == "server")
    );
    // The MQTT capture used port 18830: name the protocol.
    let out = wiredump(
        &[
            "-p",
            "mqtt5",
            sample("mqtt5.pcap").to_str().unwrap(),
            "--format",
            "json",
        ],
        None,
    );
    assert!(out.status.success());
    let frames: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(frames.len(), 19 + 17);
    assert_eq!(frames[0]["message"], "CONNECT");
    // Its payload is the recorded byte streams, byte for byte.
    let client_hex: String = std::fs::read(sample("mqtt5.client.bin"))
        .unwrap()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut again = String::new();
    for f in frames.iter().filter(|f| f["direction"] == "client") {
        let encoded = wiredump(&["encode", "-p", "mqtt5"], Some(f.to_string().as_bytes()));
        again.push_str(text(&encoded.stdout).trim());
    }
    assert_eq!(again, client_hex);
}

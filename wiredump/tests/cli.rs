//! The `wiredump` binary on the shared golden vectors, the bundled samples and crafted input.

mod common;

use common::{hex_of, json_lines, sample, text, wiredump};
use serde_json::Value;
use std::path::PathBuf;

/// The shared vectors of `protocol`, or `None` (with a message) when `../shared` is absent;
/// in CI (`CI` set) its absence fails the test instead of passing it unchecked.
fn vectors(protocol: &str) -> Option<Vec<Value>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../shared/vectors/{protocol}.json"));
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let doc: Value = serde_json::from_str(&text).unwrap();
            Some(doc["vectors"].as_array().unwrap().clone())
        }
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("no golden vectors at {} ({e}) in CI", path.display())
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

/// The JSON lines of `out`, parsed.
fn json_lines_of(out: &[u8]) -> Vec<Value> {
    lines(out)
        .iter()
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect()
}

/// The non-empty lines of `out`.
fn lines(out: &[u8]) -> Vec<&[u8]> {
    out.split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .collect()
}

/// Each JSON line of a decode, encoded again; the hex of every frame, in order.
fn encode_each(protocol: &str, decoded: &[u8], what: &str) -> String {
    let mut again = String::new();
    for line in lines(decoded) {
        let encoded = wiredump(&["encode", "-p", protocol], Some(line));
        assert!(
            encoded.status.success(),
            "{what}: {}: {}",
            text(line),
            text(&encoded.stderr)
        );
        again.push_str(text(&encoded.stdout).trim());
    }
    again
}

#[test]
fn every_valid_vector_decodes_and_encodes_back_to_the_same_bytes() {
    let mut checked = 0;
    let mut canonical_only = Vec::new();
    for file in ["mqtt", "stream", "msgpack", "rocketmq"] {
        let Some(vectors) = vectors(file) else { return };
        for v in vectors.iter().filter(|v| v["valid"] == true) {
            let name = v["name"].as_str().unwrap();
            let hex = v["hex"].as_str().unwrap();
            let Some(protocol) = protocol_of(v["variant"].as_str().unwrap()) else {
                continue;
            };
            // Some vectors carry placeholder body CRCs (RocketMQ's `rust_frozen_message_ext`
            // has 7): their layout is what they test.
            let mut args = vec!["-p", protocol, "--hex", hex, "--format", "json"];
            if protocol == "rocketmq-message" {
                args.push("--no-verify");
            }
            let decoded = wiredump(&args, None);
            assert!(
                decoded.status.success(),
                "{name}: {}{}",
                text(&decoded.stdout),
                text(&decoded.stderr)
            );
            // Values back to back (a message_ext_list) give several frames: encode each.
            let again = encode_each(protocol, &decoded.stdout, name);
            checked += 1;
            if again == hex {
                continue;
            }
            // The one relaxation: a RocketMQ JSON header written by another implementation (the
            // Go client's key order, no "serializeTypeCurrentRPC") has no exact way back from
            // its fields; it is re-encoded in the canonical layout (rocketmq-rust's, every key),
            // which must decode to the same JSON and be a fixed point of decode | encode.
            // Binary headers, message bodies and every other protocol round-trip exactly.
            let json_header = protocol == "rocketmq"
                && lines(&decoded.stdout).iter().all(|line| {
                    serde_json::from_slice::<Value>(line).unwrap()["fields"]["serialize_type"]
                        == "JSON"
                });
            assert!(json_header, "{name}: decode | encode\n{again}\n{hex}");
            let redecoded = wiredump(&["-p", protocol, "--hex", &again, "--format", "json"], None);
            assert!(redecoded.status.success(), "{name}: {again}");
            // The same fields; the header's length differs, and so the spans after it.
            let fields = |out: &[u8]| -> Vec<Value> {
                json_lines_of(out)
                    .iter()
                    .map(|f| f["fields"].clone())
                    .collect()
            };
            assert_eq!(
                fields(&redecoded.stdout),
                fields(&decoded.stdout),
                "{name}: the canonical re-encoding decodes to other JSON"
            );
            assert_eq!(
                encode_each(protocol, &redecoded.stdout, name),
                again,
                "{name}: the canonical encoding is not a fixed point"
            );
            canonical_only.push(name.to_string());
        }
    }
    eprintln!(
        "{checked} valid vectors round-tripped, exactly but for {} (JSON headers, canonically): {canonical_only:?}",
        canonical_only.len()
    );
    assert!(checked >= 20, "only {checked} vectors checked");
}

#[test]
fn every_invalid_vector_fails_with_status_1_and_names_the_problem() {
    let mut checked = 0;
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
            // The field that is wrong is named, by its path in the decoded value.
            let field = PROBLEM_FIELDS
                .iter()
                .find(|(vector, _)| *vector == name)
                .unwrap_or_else(|| panic!("{name}: say in PROBLEM_FIELDS which field is wrong"))
                .1;
            assert!(
                report.contains(field),
                "{name}: {field} not named in {report}"
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        PROBLEM_FIELDS.len(),
        "every invalid vector checked"
    );
}

/// The field each invalid vector gets wrong, as the error's path names it: what its `error`
/// describes (a zero packet id, the UNSUBSCRIBE fixed header's flags, a vhost string longer
/// than its frame, a never-used msgpack byte, a header length beyond the frame, a magic code
/// that is not a message's).
const PROBLEM_FIELDS: &[(&str, &str)] = &[
    ("invalid_v311_publish_qos1_packet_id_zero", "packet id 0"),
    (
        "invalid_v311_unsubscribe_flags",
        "Unsubscribe.header: reserved bits",
    ),
    ("invalid_open_vhost_truncated", "Open.0.virtual_host"),
    ("invalid_never_used_c1", "0xc1"),
    (
        "derived_invalid_json_header_length_too_big",
        "RemotingCommand.header: length 256",
    ),
    ("derived_invalid_blank_magic", "MessageExt.magic"),
];

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

/// Every frame of every bundled sample (real broker traffic) decodes, and its JSON encodes
/// back to exactly the recorded bytes.
///
/// The RocketMQ sample's JSON headers round-trip exactly too, not only canonically: the
/// client writes the layout rocketmq-rust requires and the broker (rocketmq-rust) writes it,
/// and that is the layout wire encodes. A capture of another client (Java's fastjson, Go)
/// would come back in that layout, decoding to the same JSON.
#[test]
fn bundled_samples_round_trip_frame_by_frame() {
    for (protocol, file, side, min_frames) in [
        ("mqtt", "mqtt.client.bin", "client", 16),
        ("mqtt", "mqtt.server.bin", "server", 16),
        ("mqtt5", "mqtt5.client.bin", "client", 16),
        ("mqtt5", "mqtt5.server.bin", "server", 16),
        ("stream", "stream.client.bin", "client", 16),
        ("stream", "stream.server.bin", "server", 16),
        ("rocketmq", "rocketmq.client.bin", "client", 9),
        ("rocketmq", "rocketmq.server.bin", "server", 9),
        ("rocketmq-message", "rocketmq.pull-body.bin", "server", 3),
    ] {
        let path = sample(file);
        let recorded = std::fs::read(&path).unwrap();
        let out = wiredump(
            &[
                "-p",
                protocol,
                path.to_str().unwrap(),
                "--from",
                side,
                "--format",
                "json",
            ],
            None,
        );
        assert!(out.status.success(), "{file}: {}", text(&out.stdout));
        let frames = lines(&out.stdout).len();
        let again = encode_each(protocol, &out.stdout, file);
        assert_eq!(again, hex_of(&recorded), "{file}: decode | encode");
        assert!(frames >= min_frames, "{file}: {frames} frames");
    }
}

/// The RocketMQ sample: requests named by their code, responses by theirs, one binary header;
/// the PULL_MESSAGE response's body is `rocketmq.pull-body.bin`, three MessageExt records.
#[test]
fn the_rocketmq_sample_and_its_pull_body() {
    let json = |args: &[&str]| -> Vec<Value> {
        let out = wiredump(args, None);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stdout));
        text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let client_bin = sample("rocketmq.client.bin");
    let server_bin = sample("rocketmq.server.bin");
    let client = json(&["-p", "rocketmq", client_bin.to_str().unwrap(), "-f", "json"]);
    let names: Vec<&str> = client
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "GET_BROKER_CLUSTER_INFO",
            "UPDATE_AND_CREATE_TOPIC",
            "GET_MAX_OFFSET",
            "SEND_MESSAGE",
            "SEND_MESSAGE_V2",
            "SEND_MESSAGE_V2",
            "GET_MAX_OFFSET",
            "PULL_MESSAGE",
            "DELETE_TOPIC_IN_BROKER",
        ]
    );
    let binary: Vec<&Value> = client
        .iter()
        .filter(|f| f["fields"]["serialize_type"] == "ROCKETMQ")
        .collect();
    assert_eq!(binary.len(), 1);
    assert_eq!(
        binary[0]["fields"]["command"]["ext_fields"]["b"],
        "wiredump-sample"
    );
    let pull_opaque = &client[7]["fields"]["command"]["opaque"];

    let server = json(&[
        "-p",
        "rocketmq",
        server_bin.to_str().unwrap(),
        "--from",
        "server",
        "-f",
        "json",
    ]);
    assert_eq!(server.len(), 9);
    assert_eq!(server[0]["message"], "RESPONSE REQUEST_CODE_NOT_SUPPORTED");
    assert!(server[0]["fields"]["command"]["remark"].is_string());
    assert!(
        server[1..]
            .iter()
            .all(|f| f["message"] == "RESPONSE SUCCESS")
    );
    let pull = server
        .iter()
        .find(|f| &f["fields"]["command"]["opaque"] == pull_opaque)
        .unwrap();
    let body = std::fs::read(sample("rocketmq.pull-body.bin")).unwrap();
    assert_eq!(pull["fields"]["command"]["body_hex"], hex_of(&body));

    let records = json(&[
        "-p",
        "rocketmq-message",
        sample("rocketmq.pull-body.bin").to_str().unwrap(),
        "-f",
        "json",
    ]);
    let bodies: Vec<&str> = records
        .iter()
        .map(|r| {
            assert_eq!(r["message"], "MessageExt");
            assert_eq!(r["fields"]["topic"], "wiredump-sample");
            r["fields"]["body_hex"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        bodies,
        [
            hex_of(b"wiredump-01"),
            hex_of(b"wiredump-02"),
            hex_of(b"wiredump-03")
        ]
    );
    assert_eq!(
        records[0]["fields"]["properties"]["KEYS"],
        "order-1 customer-7"
    );
    assert_eq!(records[0]["fields"]["properties"]["origin"], "wiredump");
}

/// A SEND_BATCH_MESSAGE body (no shared vector has one): one frame per message, and back.
#[test]
fn rocketmq_batch_bodies_round_trip_message_by_message() {
    // "one" with KEYS=k1; "two" without properties.
    let hex = "00000021000000000000000000000000000000036f6e6500084b455953016b3102\
               000000190000000000000000000000000000000374776f0000";
    let out = wiredump(&["-p", "rocketmq-batch", "--hex", hex, "-f", "json"], None);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let frames: Vec<Value> = lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(frames.len(), 2);
    assert_eq!(frames[0]["message"], "BatchMessage");
    assert_eq!(frames[0]["fields"]["properties"]["KEYS"], "k1");
    assert_eq!(frames[1]["offset"], 33);
    assert_eq!(frames[1]["fields"]["body_hex"], hex_of(b"two"));
    assert_eq!(encode_each("rocketmq-batch", &out.stdout, "batch"), hex);
}

#[test]
fn rocketmq_errors_name_the_field_and_go_on_where_the_sizes_allow() {
    let record = |magic: &str| {
        // A MessageExt record (V1, IPv4 hosts) with body "x" (body CRC 0x0cdc1683), topic "T", no
        // properties.
        format!(
            "0000005d{magic}0cdc1683000000000000000000000000000000000000000000000000\
             0000000000000000000000007f000001000000010000000000000000\
             7f0000010000000200000000000000000000000000000001780154\
             0000"
        )
    };
    let good = record("daa320a7");
    let blank = record("cbd43194");
    assert_eq!(good.len(), 93 * 2);
    // A bad record whose store size is sane is skipped; the next one decodes.
    let out = wiredump(
        &[
            "-p",
            "rocketmq-message",
            "--hex",
            &format!("{blank}{good}"),
            "-f",
            "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let frames: Vec<Value> = lines(&out.stdout)
        .iter()
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(frames.len(), 2, "{}", text(&out.stdout));
    assert_eq!(frames[0]["field"], "MessageExt.magic");
    assert_eq!(frames[0]["error_offset"], 4);
    assert_eq!(
        (&frames[1]["message"], &frames[1]["offset"]),
        (&Value::from("MessageExt"), &Value::from(93))
    );
    // A store size no record can have: the framing is lost.
    let out = wiredump(
        &[
            "-p",
            "rocketmq-message",
            "--hex",
            &format!("{good}00000010{good}"),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(
        report.contains("MessageExt.store_size") && report.contains("framing is lost"),
        "{report}"
    );
    assert_eq!(
        report.matches("MessageExt (93 bytes)").count(),
        1,
        "{report}"
    );
    assert_eq!(report.matches("ERROR").count(), 1, "{report}");
    assert!(
        report
            .lines()
            .last()
            .unwrap()
            .contains("ERROR (malformed) at byte 93")
    );
    // A record cut short.
    let out = wiredump(
        &["-p", "rocketmq-message", "--hex", &good[..good.len() - 10]],
        None,
    );
    assert!(text(&out.stdout).contains("5 more bytes needed"));
    // A remoting frame cut short, and one whose length is negative.
    let out = wiredump(&["-p", "rocketmq", "--hex", "0000001901000015006700"], None);
    assert!(text(&out.stdout).contains("18 more bytes needed"));
    let out = wiredump(&["-p", "rocketmq", "--hex", "ffffffff01000015"], None);
    assert!(text(&out.stdout).contains("Frame.length"));
}

#[test]
fn rocketmq_encode_checks_the_message_against_the_command() {
    let frame = "0000001901000015006700091d00000000000000000000000000000000";
    let decoded = wiredump(&["-p", "rocketmq", "--hex", frame, "-f", "json"], None);
    let mut json: Value = serde_json::from_slice(&decoded.stdout).unwrap();
    assert_eq!(json["message"], "REGISTER_BROKER");
    // A binary header with a JSON one instead: the same command, another frame.
    let set_serialize_type = |json: &mut Value, name: &str| {
        json["fields"]["serialize_type"] = name.into();
        // The command prints its own too (the same).
        if let Some(inner) = json["fields"]["command"].get_mut("serialize_type") {
            *inner = name.into();
        }
    };
    set_serialize_type(&mut json, "JSON");
    let encoded = wiredump(
        &["encode", "-p", "rocketmq"],
        Some(json.to_string().as_bytes()),
    );
    assert!(encoded.status.success(), "{}", text(&encoded.stderr));
    let again = wiredump(
        &[
            "-p",
            "rocketmq",
            "--hex",
            text(&encoded.stdout).trim(),
            "-f",
            "json",
        ],
        None,
    );
    let again: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(again["fields"], json["fields"]);
    // The response flag makes it a response (code 103 is no response code): the message must
    // say so.
    json["fields"]["command"]["flag"] = 1.into();
    let encoded = wiredump(
        &["encode", "-p", "rocketmq"],
        Some(json.to_string().as_bytes()),
    );
    assert_eq!(encoded.status.code(), Some(2));
    assert!(
        text(&encoded.stderr).contains("is RESPONSE 103, not REGISTER_BROKER"),
        "{}",
        text(&encoded.stderr)
    );
    // A code too large for the binary header's i16.
    json["message"] = "REQUEST 70000".into();
    json["fields"]["command"]["flag"] = 0.into();
    json["fields"]["command"]["code"] = 70000.into();
    set_serialize_type(&mut json, "ROCKETMQ");
    let encoded = wiredump(
        &["encode", "-p", "rocketmq"],
        Some(json.to_string().as_bytes()),
    );
    assert!(
        text(&encoded.stderr).contains("command.code"),
        "{}",
        text(&encoded.stderr)
    );
}

#[test]
fn no_arguments_dissects_the_bundled_samples() {
    let out = wiredump(&[], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for heading in ["== mqtt:", "== mqtt5:", "== stream:", "== rocketmq:"] {
        assert!(report.contains(heading), "missing {heading}");
    }
    assert!(report.contains("CONNACK") && report.contains("Deliver") && !report.contains("ERROR"));
    assert!(
        report.contains("PULL_MESSAGE") && report.contains("RESPONSE REQUEST_CODE_NOT_SUPPORTED"),
        "{report}"
    );
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
    let client_hex = hex_of(&std::fs::read(sample("mqtt5.client.bin")).unwrap());
    let mut again = String::new();
    for f in frames.iter().filter(|f| f["direction"] == "client") {
        let encoded = wiredump(&["encode", "-p", "mqtt5"], Some(f.to_string().as_bytes()));
        again.push_str(text(&encoded.stdout).trim());
    }
    assert_eq!(again, client_hex);
}

#[test]
fn an_ignite_client_stream_starts_with_its_handshake() {
    use wire_protocols::ignite::{First, HandshakeRequest};
    use wire_runtime::WireEncode;
    let handshake = First {
        body: HandshakeRequest {
            major: 3,
            minor: 0,
            patch: 0,
            client_type: 2,
            features: &[0b0000_0111],
            extensions: Vec::new(),
        },
    };
    let mut stream = handshake.encode_to_vec().unwrap();
    // Two heartbeat requests (op 1, request id 0x1234), the second cut short.
    let heartbeat = [0, 0, 0, 4, 0x01, 0xcd, 0x12, 0x34];
    stream.extend_from_slice(&heartbeat);
    stream.extend_from_slice(&heartbeat[..6]);
    let hex = hex_of(&stream);
    let out = wiredump(
        &[
            "-p", "ignite", "--from", "client", "--hex", &hex, "--format", "json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let messages: Vec<_> = lines.iter().map(|l| l["message"].as_str()).collect();
    assert_eq!(messages[..2], [Some("HandshakeRequest"), Some("Request")]);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[2]["missing"], 2);
}

/// The JSON lines of a decode.
#[test]
fn a_corrupt_chunk_is_a_checksum_error_unless_verification_is_off() {
    use wire_protocols::stream::{self, Chunk, Command, Deliver, Entry};
    let mut data = Vec::new();
    wire_runtime::WireEncode::encode(&Entry::simple(b"hello"), &mut data).unwrap();
    let chunk = Chunk::new(&data, 1, 1, 0, 1_700_000_000_000, 1);
    let command = Command::Deliver(Deliver {
        subscription_id: 1,
        chunk,
    });
    let mut frame = stream::encode(&command).unwrap();
    let last = frame.len() - 1;
    frame[last] ^= 0x20;
    // The corrupt Deliver, then a Heartbeat: reported, and the dump goes on.
    let hex = format!("{} 0000000400170001", hex_of(&frame));
    let out = wiredump(&["-p", "stream", "--hex", &hex, "--format", "json"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["kind"], "checksum", "{}", lines[0]);
    assert!(
        lines[0]["field"].as_str().unwrap().ends_with("chunk_crc"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["message"], "Heartbeat");
    let out = wiredump(&["-p", "stream", "--hex", &hex, "--no-verify"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = wiredump(&["-p", "stream", "--hex", &hex], None);
    assert!(
        text(&out.stdout).contains("ERROR (checksum)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_message_whose_body_crc_disagrees_is_a_checksum_error() {
    let Some(vectors) = vectors("rocketmq") else {
        return;
    };
    let record = vectors
        .iter()
        .find(|v| v["variant"] == "message_ext" && v["valid"] == true)
        .expect("a MessageExt vector");
    let bytes = wire_protocols::hex::parse(record["hex"].as_str().unwrap()).unwrap();
    let mut message: wire_protocols::rocketmq::MessageExt<'_> =
        wire_runtime::decode(&bytes).unwrap();
    message.body_crc = message.body_crc.wrapping_add(1);
    let corrupt = wire_runtime::WireEncode::encode_to_vec(&message).unwrap();
    let hex = hex_of(&corrupt);
    let out = wiredump(
        &["-p", "rocketmq-message", "--hex", &hex, "--format", "json"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["kind"], "checksum");
    let out = wiredump(
        &["-p", "rocketmq-message", "--hex", &hex, "--no-verify"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn malformed_msgpack_timestamps_are_reported() {
    // A 5-byte timestamp; nil; a 12-byte one with 10^9 nanoseconds; a valid 4-byte one.
    let hex = "c705ff0000000000 c0 c70cff3b9aca000000000000000001 d6ff00000001";
    let out = wiredump(&["-p", "msgpack", "--hex", hex, "--format", "json"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0]["error"].as_str().unwrap().contains("4, 8 or 12"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["message"], "nil");
    assert!(
        lines[2]["error"].as_str().unwrap().contains("nanoseconds"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3]["message"], "ext");
    // A 260-byte one (ext 16): its length is not taken modulo 256.
    let hex = format!("c80104ff{}", "00".repeat(260));
    let out = wiredump(&["-p", "msgpack", "--hex", &hex, "--format", "json"], None);
    assert!(
        json_lines(&out)[0]["error"]
            .as_str()
            .unwrap()
            .contains("4, 8 or 12")
    );
}

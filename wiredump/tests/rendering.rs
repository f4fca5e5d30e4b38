//! What people read: the text format (named members, bytes as text, members of the version
//! only), `--format summary`, readable timestamps beside their integers, and `--port`.

mod common;

use common::{json_lines, sample, text, wiredump};
use serde_json::Value;

fn decode(args: &[&str]) -> String {
    let out = wiredump(args, None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn text_names_every_member_and_shows_text_payloads_as_text() {
    let out = decode(&["-p", "mqtt", sample("mqtt.client.bin").to_str().unwrap()]);
    // Frames are numbered `[n]`; members never are.
    assert!(!out.contains("- [") && !out.contains("  [0]"), "{out}");
    // A subscription's members by name, the filter on its bullet.
    assert!(
        out.contains("    filters:\n      - filter: \"wire/samples/mqtt311/#\"\n        options:\n          qos: \"ExactlyOnce\"\n"),
        "{out}"
    );
    assert!(
        out.contains("payload: \"retained hello\" (text, 14 bytes)"),
        "{out}"
    );
    // Bytes that are not text: hex, and the printable characters beside it.
    assert!(
        out.contains("payload: 000102030405060708090a0b0c0d0e0f (16 bytes) |................|"),
        "{out}"
    );
}

#[test]
fn text_leaves_out_what_the_protocol_version_does_not_have() {
    let v311 = decode(&["-p", "mqtt", sample("mqtt.client.bin").to_str().unwrap()]);
    for absent in [
        "properties",
        "no_local",
        "retain_as_published",
        "retain_handling",
        "reason",
    ] {
        assert!(!v311.contains(absent), "3.1.1 shows {absent}:\n{v311}");
    }
    let v5 = decode(&["-p", "mqtt5", sample("mqtt5.client.bin").to_str().unwrap()]);
    for present in ["properties", "no_local", "retain_handling", "reason"] {
        assert!(v5.contains(present), "5.0 lacks {present}");
    }
    let connack = decode(&["-p", "mqtt5", sample("mqtt5.server.bin").to_str().unwrap()]);
    assert!(!connack.contains("return_code"), "{connack}");
    // JSON keeps every member, so it encodes back whatever the version.
    let json = decode(&[
        "-p",
        "mqtt",
        sample("mqtt.client.bin").to_str().unwrap(),
        "-f",
        "json",
    ]);
    assert!(json.contains("\"no_local\":false"));
}

#[test]
fn summary_is_one_line_per_frame_with_the_key_members() {
    let path = sample("mqtt5.client.bin");
    let summary = decode(&["-p", "mqtt5", path.to_str().unwrap(), "-f", "summary"]);
    let json = wiredump(&["-p", "mqtt5", path.to_str().unwrap(), "-f", "json"], None);
    let frames = json_lines(&json);
    let lines: Vec<&str> = summary.lines().filter(|l| !l.starts_with("==")).collect();
    assert_eq!(lines.len(), frames.len());
    for (line, frame) in lines.iter().zip(&frames) {
        let head = format!(
            "@{:<8} {:<6} {}",
            frame["offset"].as_u64().unwrap(),
            "client",
            frame["message"].as_str().unwrap()
        );
        assert!(line.contains(&head), "{line} / {head}");
    }
    assert!(
        lines[1].ends_with(
            "PUBLISH packet_id=1 topic=\"wire/samples/mqtt5/retained\" qos=AtLeastOnce payload=\"retained hello\" (14 bytes)"
        ),
        "{}",
        lines[1]
    );
    let stream = decode(&[
        "-p",
        "stream",
        sample("stream.server.bin").to_str().unwrap(),
        "-f",
        "summary",
    ]);
    assert!(
        stream.contains(
            "Deliver subscription_id=1 chunk_first_offset=0 num_records=5 timestamp_utc=\"2026-11-30T12:07:05.759Z\""
        ),
        "{stream}"
    );
}

/// Milliseconds since the epoch as RFC 3339, computed here from the civil calendar, not by
/// the crate wiredump uses.
fn rfc3339(millis: i64) -> String {
    let (days, ms) = (millis.div_euclid(86_400_000), millis.rem_euclid(86_400_000));
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

#[test]
fn timestamps_get_a_readable_sibling_and_encode_ignores_it() {
    let path = sample("rocketmq.pull-body.bin");
    let out = wiredump(
        &[
            "-p",
            "rocketmq-message",
            path.to_str().unwrap(),
            "-f",
            "json",
        ],
        None,
    );
    let frames = json_lines(&out);
    assert_eq!(frames.len(), 3);
    for frame in &frames {
        for key in ["born_timestamp", "store_timestamp"] {
            let millis = frame["fields"][key].as_i64().expect("the integer stays");
            assert_eq!(frame["fields"][format!("{key}_utc")], rfc3339(millis));
        }
    }
    // What decode printed encodes back to the same bytes.
    let mut again = Vec::new();
    for frame in &frames {
        let encoded = wiredump(
            &["encode", "-p", "rocketmq-message"],
            Some(frame.to_string().as_bytes()),
        );
        assert!(encoded.status.success(), "{}", text(&encoded.stderr));
        again.extend(wire_protocols::hex::parse(text(&encoded.stdout).trim()).unwrap());
    }
    assert_eq!(again, std::fs::read(&path).unwrap());
    // Stream chunks, in text as well.
    let out = decode(&[
        "-p",
        "stream",
        sample("stream.server.bin").to_str().unwrap(),
    ]);
    assert!(out.contains(
        "    timestamp: 1796040425759\n    timestamp_utc: \"2026-11-30T12:07:05.759Z\"\n"
    ));
    assert_eq!(rfc3339(1_796_040_425_759), "2026-11-30T12:07:05.759Z");
}

#[test]
fn port_names_the_protocol_of_a_capture_on_any_port() {
    let path = sample("rocketmq.pcap");
    let path = path.to_str().unwrap();
    // 20911 is no well-known port: without --port the protocol is unknown.
    let out = wiredump(&[path], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--port PORT=PROTOCOL"));
    let out = wiredump(&["--port", "20911=rocketmq", path, "-f", "json"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let frames = json_lines(&out);
    let sides = |side: &str| frames.iter().filter(|f| f["direction"] == side).count();
    assert_eq!((sides("client"), sides("server")), (9, 9));
    assert_eq!(frames[0]["message"], "GET_BROKER_CLUSTER_INFO");
    // The capture's streams are the recorded byte streams.
    let client = std::fs::read(sample("rocketmq.client.bin")).unwrap();
    let by_file = wiredump(
        &[
            "-p",
            "rocketmq",
            sample("rocketmq.client.bin").to_str().unwrap(),
            "-f",
            "json",
        ],
        None,
    );
    let client_frames: Vec<Value> = frames
        .iter()
        .filter(|f| f["direction"] == "client")
        .cloned()
        .collect();
    assert_eq!(client_frames, json_lines(&by_file));
    assert_eq!(client.len(), 2404);
    // --port wins over a well-known port, and bad arguments say what is expected.
    let out = wiredump(
        &[
            "--port",
            "5552=mqtt5",
            sample("stream.pcap").to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "stream bytes read as MQTT fail");
    for (bad, says) in [
        ("20911", "PORT=PROTOCOL"),
        ("x=rocketmq", "not a port number"),
        ("20911=amqp", "one of: rocketmq"),
    ] {
        let out = wiredump(&["--port", bad, path], None);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains(says),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

/// An Ignite 3 response: request 0x1234, no flags, a hybrid observable timestamp (physical
/// time 2026-01-01T00:00:00Z, logical 3), a nil payload.
const IGNITE_RESPONSE: &str = "0000000e cd1234 00 d3019b76daa8000003 c0";

#[test]
fn ignite_hybrid_timestamps_read_as_time_and_counter() {
    let out = wiredump(
        &[
            "-p",
            "ignite",
            "--from",
            "server",
            "--hex",
            IGNITE_RESPONSE,
            "-f",
            "json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let frame = &json_lines(&out)[0];
    let header = &frame["fields"]["header"];
    assert_eq!(
        header["observable_timestamp"],
        (1_767_225_600_000i64 << 16) | 3
    );
    assert_eq!(
        header["observable_timestamp_utc"],
        "2026-01-01T00:00:00.000Z +3"
    );
    let summary = decode(&[
        "-p",
        "ignite",
        "--from",
        "server",
        "--hex",
        IGNITE_RESPONSE,
        "-f",
        "summary",
    ]);
    assert!(
        summary.contains("server Response request_id=4660 flags=0"),
        "{summary}"
    );
}

/// A Deliver whose records are AMQP 1.0 messages: each record's message, section by section,
/// in JSON and in text; a record that is not one stays bytes.
#[test]
fn stream_records_show_their_amqp_messages() {
    use wire_protocols::amqp::Message;
    use wire_protocols::stream::{self, Chunk, Command, Deliver, Entry};
    use wire_runtime::WireEncode;

    let first = Message::builder()
        .message_id("order-1")
        .content_type("application/json")
        .creation_time(1_767_225_600_000)
        .application_property("region", "eu")
        .application_property("count", 3i32)
        .message_annotation("x-opt-partition", 7u64)
        .body(br#"{"qty": 2}"#)
        .encode_to_vec()
        .unwrap();
    let mut data = Vec::new();
    for record in [&first[..], b"raw bytes"] {
        Entry::simple(record).encode(&mut data).unwrap();
    }
    let chunk = Chunk::new(&data, 2, 2, 0, 1_700_000_000_000, 1);
    let frame = stream::encode(&Command::Deliver(Deliver {
        subscription_id: 1,
        chunk,
    }))
    .unwrap();
    let hex = common::hex_of(&frame);

    let out = wiredump(&["-p", "stream", "--hex", &hex, "--format", "json"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = &json_lines(&out)[0];
    let messages = line["fields"]["chunk"]["messages"]
        .as_array()
        .expect("messages");
    assert_eq!(
        messages.len(),
        1,
        "only the record that is a message: {line}"
    );
    let m = &messages[0];
    assert_eq!(m["offset"], 0);
    let message = &m["message"];
    assert_eq!(message["properties"]["message_id"], "order-1");
    assert_eq!(message["properties"]["content_type"], "application/json");
    assert_eq!(message["properties"]["creation_time"], 1_767_225_600_000i64);
    assert_eq!(message["application_properties"]["region"], "eu");
    assert_eq!(message["application_properties"]["count"], 3);
    assert_eq!(message["message_annotations"]["x-opt-partition"], 7);
    assert_eq!(
        message["body"]["data_hex"],
        wire_protocols::hex::Hex(br#"{"qty": 2}"#).to_string()
    );

    let out = decode(&["-p", "stream", "--hex", &hex]);
    for shown in [
        "messages",
        "order-1",
        "application_properties",
        "region",
        "x-opt-partition",
    ] {
        assert!(out.contains(shown), "{shown}: {out}");
    }
    assert!(
        out.contains(r#"data_hex: "{\"qty\": 2}" (text, 10 bytes)"#),
        "the body as text: {out}"
    );
    assert!(
        out.contains(r#"creation_time_utc: "2026-01-01T00:00:00.000Z""#),
        "{out}"
    );

    // A record that starts as a message but is malformed says why.
    let mut data = Vec::new();
    Entry::simple(&[0x00, 0x53, 0x75, 0xa1, 0x00])
        .encode(&mut data)
        .unwrap();
    let chunk = Chunk::new(&data, 1, 1, 0, 1_700_000_000_000, 1);
    let frame = stream::encode(&Command::Deliver(Deliver {
        subscription_id: 1,
        chunk,
    }))
    .unwrap();
    let out = wiredump(
        &[
            "-p",
            "stream",
            "--hex",
            &common::hex_of(&frame),
            "--format",
            "json",
        ],
        None,
    );
    let line = &json_lines(&out)[0];
    let error = line["fields"]["chunk"]["messages"][0]["error"]
        .as_str()
        .unwrap();
    assert!(error.contains("a data section is not binary"), "{error}");
}

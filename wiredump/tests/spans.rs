//! Where each field lies: `spans` in `--format json` (from the derived decoders), the
//! `--format hexdump` view, and errors pointing at the field that failed.

mod common;

use common::{json_lines, sample, text, wiredump};
use serde_json::Value;
use std::collections::BTreeSet;

/// Every bundled sample stream: protocol, file, the prefix of the frames' fields in the
/// spans (Stream frames hold their command), whether the JSON fields are the wire fields.
const SAMPLES: &[(&str, &str, &str, bool)] = &[
    ("mqtt", "mqtt.client.bin", "", true),
    ("mqtt", "mqtt.server.bin", "", true),
    ("mqtt5", "mqtt5.client.bin", "", true),
    ("mqtt5", "mqtt5.server.bin", "", true),
    ("stream", "stream.client.bin", "command.", true),
    ("stream", "stream.server.bin", "command.", true),
    ("rocketmq", "rocketmq.client.bin", "", false),
    ("rocketmq", "rocketmq.server.bin", "", false),
    ("rocketmq-message", "rocketmq.pull-body.bin", "", true),
];

/// A frame's spans: path, start, end, depth.
fn spans_of(frame: &Value) -> Vec<(String, usize, usize, usize)> {
    let spans = frame["spans"].as_object().expect("every frame has spans");
    spans
        .iter()
        .map(|(path, range)| {
            let (start, end) = (range[0].as_u64().unwrap(), range[1].as_u64().unwrap());
            (
                path.clone(),
                start as usize,
                end as usize,
                path.matches('.').count(),
            )
        })
        .collect()
}

/// The spans directly below `parent` (`None`: the top level).
fn children<'s>(
    spans: &'s [(String, usize, usize, usize)],
    parent: Option<&(String, usize, usize, usize)>,
) -> Vec<&'s (String, usize, usize, usize)> {
    spans
        .iter()
        .filter(|(path, _, _, depth)| match parent {
            None => *depth == 0,
            Some((p, _, _, d)) => *depth == d + 1 && path.starts_with(&format!("{p}.")),
        })
        .collect()
}

#[test]
fn every_field_of_every_sample_frame_has_a_span_inside_its_frame() {
    let mut frames_checked = 0;
    for (protocol, file, prefix, named_like_wire) in SAMPLES {
        let path = sample(file);
        let out = wiredump(
            &["-p", protocol, path.to_str().unwrap(), "-f", "json"],
            None,
        );
        assert!(out.status.success(), "{file}: {}", text(&out.stderr));
        let frames = json_lines(&out);
        let total = std::fs::metadata(&path).unwrap().len() as usize;
        for (i, frame) in frames.iter().enumerate() {
            let what = format!("{file} frame {i} ({})", frame["message"]);
            let offset = frame["offset"].as_u64().unwrap() as usize;
            let end = frames
                .get(i + 1)
                .map_or(total, |next| next["offset"].as_u64().unwrap() as usize);
            let len = end - offset;
            let spans = spans_of(frame);
            // Inside the frame.
            for (path, start, end, _) in &spans {
                assert!(
                    start <= end && *end <= len,
                    "{what}: {path} [{start}, {end}) of {len}"
                );
            }
            // Siblings in order, not overlapping, inside their parent; the top level covers the
            // whole frame (these protocols have no padding).
            let mut parents: Vec<Option<&(String, usize, usize, usize)>> = vec![None];
            parents.extend(spans.iter().map(Some));
            for parent in parents {
                let kids = children(&spans, parent);
                let (lo, hi) = parent.map_or((0, len), |(_, s, e, _)| (*s, *e));
                let mut at = lo;
                for (path, start, end, _) in &kids {
                    assert!(*start >= at, "{what}: {path} overlaps the field before it");
                    assert!(*end <= hi, "{what}: {path} ends outside its parent");
                    if parent.is_none() {
                        assert_eq!(*start, at, "{what}: a gap before {path}");
                    }
                    at = *end;
                }
                if parent.is_none() {
                    assert_eq!(at, len, "{what}: the fields do not reach the frame's end");
                }
            }
            // Every member of the JSON is a field with a span.
            if let (true, Some(members)) = (*named_like_wire, frame["fields"].as_object()) {
                let names: BTreeSet<&str> = spans.iter().map(|(p, ..)| p.as_str()).collect();
                for key in members.keys() {
                    if key.ends_with("_utc") {
                        continue; // readable forms wiredump adds
                    }
                    let field = format!("{prefix}{}", key.trim_end_matches("_hex"));
                    assert!(
                        names.contains(field.as_str()),
                        "{what}: no span for {field}: {names:?}"
                    );
                }
            }
            frames_checked += 1;
        }
    }
    assert_eq!(frames_checked, 132, "every frame of the samples");
}

/// The hexdump of one frame given as hex.
fn hexdump(protocol: &str, hex: &str) -> String {
    let out = wiredump(&["-p", protocol, "--hex", hex, "-f", "hexdump"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// The field names of a hexdump's rows, in order (continuation rows have none).
fn row_names(dump: &str) -> Vec<String> {
    dump.lines()
        .skip(1)
        .filter_map(|line| line.get(76..).map(str::trim).map(String::from))
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn the_hexdump_names_each_field_beside_its_bytes() {
    // Stream: a Credit (key 0x0009, version 1), subscription 1, credit 10.
    let dump = hexdump("stream", "00000007 00090001 01 000a");
    assert_eq!(
        dump.lines().nth(2).unwrap(),
        "  0004  00 09 00 01                                       ....              command.tag"
    );
    assert_eq!(
        row_names(&dump),
        [
            "(command)",
            "command.tag",
            "command.subscription_id",
            "command.credit"
        ]
    );
    // MQTT 5.0: a PUBLISH QoS 1 with a Content Type property.
    let dump = hexdump("mqtt5", "3211 0003612f62 0007 07 030004 74657874 6869");
    assert_eq!(
        row_names(&dump),
        [
            "flags",
            "(publish)",
            "publish.topic",
            "publish.packet_id",
            "publish.properties",
            "publish.payload"
        ]
    );
    assert!(dump.contains("  0011  68 69      "), "{dump}");
    // RocketMQ: a binary-header request, code 10, no body.
    let dump = hexdump(
        "rocketmq",
        "00000019 01000015 000a 00 0000 00000000 00000000 00000000 00000000",
    );
    assert_eq!(row_names(&dump)[..3], ["length", "word", "header.code"]);
    // msgpack: a value is one field, its bytes unnamed.
    let dump = hexdump("msgpack", "93010203");
    assert_eq!(row_names(&dump), ["-"]);
}

#[test]
fn an_error_points_at_the_field_that_failed() {
    // A 3.1.1 PUBLISH whose topic is not UTF-8 (0xff).
    let hex = "30050003 61ff62";
    let out = wiredump(&["-p", "mqtt", "--hex", hex, "-f", "json"], None);
    assert_eq!(out.status.code(), Some(1));
    let error = &json_lines(&out)[0];
    assert_eq!(error["field"], "Packet.Publish.publish.topic");
    assert_eq!(error["field_span"], serde_json::json!([2, 5]));
    let text_out = text(&wiredump(&["-p", "mqtt", "--hex", hex], None).stdout);
    assert!(
        text_out.contains("at byte 5 (its field starts at byte 2)"),
        "{text_out}"
    );
    let dump = text(&wiredump(&["-p", "mqtt", "--hex", hex, "-f", "hexdump"], None).stdout);
    assert!(
        dump.ends_with("  0002  00 03 61 ff 62                                    ..a.b             publish.topic (failed here)\n"),
        "{dump}"
    );
}

#[test]
fn the_hexdump_of_an_ignite_request() {
    // A heartbeat request: size 4, op 1, request id 0x1234 (msgpack integers).
    let out = wiredump(
        &[
            "-p",
            "ignite",
            "--from",
            "client",
            "--hex",
            "00000004 01 cd1234",
            "-f",
            "hexdump",
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dump = text(&out.stdout);
    let names = row_names(&dump);
    // The size is the length prefix of the message's body.
    assert_eq!(
        names,
        [
            "(body)",
            "body.header.op",
            "body.header.request_id",
            "body.payload (empty)"
        ],
        "{dump}"
    );
}

//! `rocketmq::decode` and `rocketmq::decode_with_header`, which read a whole frame by a path of
//! their own, against their definitions: the derived `RemotingCommand` decoder, followed by
//! `custom_header`. For frames in both serializations, with extFields whose keys are the typed
//! header's own (repeated, missing, or with values that do not parse) and others, intact or
//! with bytes changed, both give the same command and header, or the same error.

use proptest::collection::vec;
use proptest::prelude::*;
use wire_protocols::rocketmq::{
    self, GetKvConfigRequestHeader, RemotingCommand, SendMessageRequestHeaderV2, SerializeType,
};

/// SEND_MESSAGE_V2's keys, and two it does not declare.
const KEYS: &[&str] = &[
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
    "h",
    "i",
    "j",
    "k",
    "l",
    "m",
    "n",
    "z",
    "namespace",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i32>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        "[a-z0-9]{0,8}",
        "(?s).{0,12}",
        "[\\x00-\\x1f\"\\\\/\\x7f]{0,6}",
    ]
}

/// Entries that make a valid SEND_MESSAGE_V2 header more often than not.
fn entries() -> impl Strategy<Value = Vec<(String, String)>> {
    let required = (
        value(),
        value(),
        value(),
        any::<i32>(),
        any::<i32>(),
        any::<i32>(),
        any::<i64>(),
        any::<i32>(),
    )
        .prop_map(|(a, b, c, d, e, f, g, h)| {
            let numbers = [
                ("d", d.to_string()),
                ("e", e.to_string()),
                ("f", f.to_string()),
            ];
            let mut out = vec![("a".into(), a), ("b".into(), b), ("c".into(), c)];
            out.extend(numbers.map(|(k, v)| (k.to_owned(), v)));
            out.extend([("g".into(), g.to_string()), ("h".into(), h.to_string())]);
            out
        });
    let extra = vec(
        (proptest::sample::select(KEYS), value()).prop_map(|(k, v)| (k.to_owned(), v)),
        0..5,
    );
    (
        required,
        extra,
        any::<bool>(),
        any::<proptest::sample::Index>(),
    )
        .prop_map(|(mut required, extra, drop_one, which)| {
            if drop_one {
                required.remove(which.index(required.len()));
            }
            required.extend(extra);
            required
        })
}

fn frame(entries: &[(String, String)], json: bool) -> Vec<u8> {
    let serialize_type = if json {
        SerializeType::Json
    } else {
        SerializeType::RocketMq
    };
    RemotingCommand::request(310, 42)
        .with_ext(entries.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .with_remark("r")
        .with_body(b"body")
        .to_vec(serialize_type)
        .unwrap()
}

/// The derived decoder's reading of a frame.
fn derived(frame: &[u8]) -> Result<RemotingCommand<'_>, wire_runtime::DecodeError> {
    wire_runtime::decode::<RemotingCommand<'_>>(frame)
}

/// `rocketmq::decode` reads `frame` as the derived decoder does.
fn decode_agrees(frame: &[u8]) -> Result<(), TestCaseError> {
    match (rocketmq::decode(frame), derived(frame)) {
        (Ok(fast), Ok(derived)) => prop_assert_eq!(fast, derived),
        (Err(fast), Err(derived)) => prop_assert_eq!(fast.to_string(), derived.to_string()),
        (fast, derived) => prop_assert!(false, "{:?} but {:?}", fast, derived),
    }
    Ok(())
}

/// Both ways of reading `frame` as a command and a `$header` agree.
macro_rules! agree {
    ($frame:expr, $header:ident) => {{
        let frame: &[u8] = $frame;
        let fused = rocketmq::decode_with_header::<$header<'_>>(frame).map_err(|e| e.to_string());
        let decoded = derived(frame).map_err(|e| e.to_string());
        let apart = decoded.as_ref().map_err(Clone::clone).and_then(|c| {
            let header = c
                .custom_header::<$header<'_>>()
                .map_err(|e| e.to_string())?;
            Ok((c, header))
        });
        match (fused, apart) {
            (Ok((fused, fused_header)), Ok((apart, apart_header))) => {
                prop_assert_eq!(&fused, apart);
                prop_assert_eq!(fused_header, apart_header);
            }
            (Err(fused), Err(apart)) => prop_assert_eq!(fused, apart),
            (fused, apart) => prop_assert!(false, "{:?} but {:?}", fused, apart),
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn reads_as_decode_then_custom_header(entries in entries(), json in any::<bool>()) {
        let frame = frame(&entries, json);
        decode_agrees(&frame)?;
        agree!(&frame, SendMessageRequestHeaderV2);
        agree!(&frame, GetKvConfigRequestHeader);
    }

    #[test]
    fn changed_frames_fail_or_read_as_decode_then_custom_header(
        entries in entries(),
        json in any::<bool>(),
        flips in vec((any::<proptest::sample::Index>(), any::<u8>()), 1..4),
        cut in proptest::option::of(any::<proptest::sample::Index>()),
    ) {
        let mut frame = frame(&entries, json);
        for (at, byte) in flips {
            let i = at.index(frame.len());
            frame[i] = byte;
        }
        if let Some(cut) = cut {
            frame.truncate(cut.index(frame.len()));
        }
        decode_agrees(&frame)?;
        agree!(&frame, SendMessageRequestHeaderV2);
    }
}

/// The generator reaches both outcomes often: most intact frames read, and some fail on their
/// typed header (a missing field or a value that does not parse), in both serializations.
#[test]
fn intact_frames_both_read_and_fail() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (entries(), any::<bool>());
    let (mut read, mut failed) = ([0; 2], [0; 2]);
    for _ in 0..400 {
        let (entries, json) = strategy.new_tree(&mut runner).unwrap().current();
        let frame = frame(&entries, json);
        match rocketmq::decode_with_header::<SendMessageRequestHeaderV2<'_>>(&frame) {
            Ok(_) => read[json as usize] += 1,
            Err(_) => failed[json as usize] += 1,
        }
    }
    for json in 0..2 {
        assert!(
            read[json] >= 30 && failed[json] >= 30,
            "{read:?} read, {failed:?} failed"
        );
    }
}

/// The header borrows the frame: a JSON value with escapes is decoded, the others are not
/// copied.
#[test]
fn strings_borrow_the_frame() {
    let entries: Vec<(String, String)> = [
        ("a", "group"),
        ("b", "TopicTest"),
        ("c", "TBW102"),
        ("d", "4"),
        ("e", "0"),
        ("f", "0"),
        ("g", "1767225600123"),
        ("h", "0"),
        ("i", "KEYS\u{1}k1\u{2}"),
    ]
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .to_vec();
    for json in [true, false] {
        let frame = frame(&entries, json);
        let (command, header) =
            rocketmq::decode_with_header::<SendMessageRequestHeaderV2<'_>>(&frame).unwrap();
        let inside = |s: &str| frame.as_ptr_range().contains(&s.as_ptr());
        assert!(inside(&header.producer_group) && inside(&header.topic));
        assert_eq!(header.properties.as_deref(), Some("KEYS\u{1}k1\u{2}"));
        assert_eq!(inside(header.properties.as_deref().unwrap()), !json);
        assert_eq!((command.code(), command.body()), (310, &b"body"[..]));
    }
}

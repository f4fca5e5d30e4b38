//! `decode_spanned`: where each field lies, recorded by the derived decoders on a path of its
//! own, and always the same value (or the same error) as `decode`.

use proptest::prelude::*;
use wire_protocols::{mqtt, rocketmq, stream};
use wire_runtime::{
    DecodeError, DecodeWith, Reader, WireDecode, WireEncode, decode as plain_decode, read::Spans,
};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Point {
    x: u16,
    y: u16,
}

/// A newtype is its inner value: its fields are one level up.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Id(u32);

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx(wide: bool))]
struct Sized {
    #[wire(if = wide)]
    big: Option<u32>,
    small: u8,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8)]
enum Shape<'a> {
    #[wire(tag = 1)]
    Dot(Point),
    #[wire(tag = 2)]
    Line { from: Point, to: Box<Point> },
    #[wire(tag = 3)]
    Label {
        id: Id,
        #[wire(len = u8)]
        text: &'a str,
    },
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Drawing<'a> {
    version: u8,
    #[wire(ctx = *version > 1)]
    size: Sized,
    #[wire(len = u16)]
    shape: Shape<'a>,
    #[wire(rest)]
    tail: &'a [u8],
}

fn spanned<'a, T: WireDecode<'a>>(bytes: &'a [u8]) -> (Result<T, DecodeError>, Spans) {
    let mut spans = Spans::new();
    let mut r = Reader::new(bytes);
    let value = T::decode_spanned(&mut r, &mut spans).and_then(|v| r.expect_end().map(|()| v));
    (value, spans)
}

fn paths(spans: &Spans) -> Vec<(String, usize, usize)> {
    spans
        .paths()
        .map(|(path, span)| (path, span.start, span.end))
        .collect()
}

fn owned(list: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    list.iter()
        .map(|(p, s, e)| (p.to_string(), *s, *e))
        .collect()
}

#[test]
fn every_field_of_a_derived_type_has_its_span_nested_under_its_parent() {
    let drawing = Drawing {
        version: 2,
        size: Sized {
            big: Some(7),
            small: 1,
        },
        shape: Shape::Line {
            from: Point { x: 1, y: 2 },
            to: Box::new(Point { x: 3, y: 4 }),
        },
        tail: b"!",
    };
    let bytes = drawing.encode_to_vec().unwrap();
    let (decoded, spans) = spanned::<Drawing<'_>>(&bytes);
    assert_eq!(decoded.unwrap(), drawing);
    assert_eq!(
        paths(&spans),
        owned(&[
            ("version", 0, 1),
            ("size", 1, 6),
            ("size.big", 1, 5),
            ("size.small", 5, 6),
            // The length prefix is the shape's, before its tag.
            ("shape", 6, 17),
            ("shape.tag", 8, 9),
            ("shape.from", 9, 13),
            ("shape.from.x", 9, 11),
            ("shape.from.y", 11, 13),
            ("shape.to", 13, 17),
            ("shape.to.x", 13, 15),
            ("shape.to.y", 15, 17),
            ("tail", 17, 18),
        ])
    );
    assert!(spans.as_slice().iter().all(|s| s.complete));
    // A context that leaves a field out, and a newtype.
    let drawing = Drawing {
        version: 1,
        size: Sized {
            big: None,
            small: 9,
        },
        shape: Shape::Label {
            id: Id(5),
            text: "hi",
        },
        tail: b"",
    };
    let bytes = drawing.encode_to_vec().unwrap();
    let (decoded, spans) = spanned::<Drawing<'_>>(&bytes);
    assert_eq!(decoded.unwrap(), drawing);
    assert_eq!(
        paths(&spans),
        owned(&[
            ("version", 0, 1),
            ("size", 1, 2),
            ("size.big", 1, 1),
            ("size.small", 1, 2),
            ("shape", 2, 12),
            ("shape.tag", 4, 5),
            ("shape.id", 5, 9),
            ("shape.text", 9, 12),
            ("tail", 12, 12),
        ])
    );
}

#[test]
fn a_failed_decode_leaves_the_failing_field_open() {
    // The label's text is not UTF-8.
    let bytes = [1, 9, 0, 8, 3, 0, 0, 0, 5, 2, b'h', 0xff];
    let (decoded, spans) = spanned::<Drawing<'_>>(&bytes);
    let error = decoded.unwrap_err();
    assert_eq!(error.path().to_string(), "Drawing.shape.Label.text");
    let failed = spans.failed_field().unwrap();
    assert_eq!(
        (failed.name, failed.start, failed.complete),
        ("text", 9, false)
    );
    // Its parents are open too; the fields before it are complete.
    let open: Vec<&str> = spans
        .as_slice()
        .iter()
        .filter(|s| !s.complete)
        .map(|s| s.name)
        .collect();
    assert_eq!(open, ["shape", "text"]);
}

/// Fixed-size fields are read as one run with one bounds check; their spans are still one per
/// field, and a run cut short leaves its first field open.
#[test]
fn a_run_of_fixed_size_fields_has_a_span_per_field() {
    let (decoded, spans) = spanned::<Point>(&[0, 1, 0, 2]);
    assert_eq!(decoded.unwrap(), Point { x: 1, y: 2 });
    assert_eq!(
        paths(&spans),
        [("x".to_string(), 0, 2), ("y".to_string(), 2, 4)]
    );
    let (decoded, spans) = spanned::<Point>(&[0, 1, 0]);
    assert!(decoded.unwrap_err().is_incomplete());
    let failed = spans.failed_field().unwrap();
    assert_eq!(
        (failed.name, failed.start, failed.complete),
        ("x", 0, false)
    );
}

/// Both paths give the same value, or the same error at the same place.
fn same<'a, T, C: Copy>(bytes: &'a [u8], ctx: C) -> Result<(), TestCaseError>
where
    T: DecodeWith<'a, C> + PartialEq + std::fmt::Debug,
{
    let plain = {
        let mut r = Reader::new(bytes);
        T::decode_with(&mut r, ctx).and_then(|v| r.expect_end().map(|()| v))
    };
    let mut spans = Spans::new();
    let with_spans = {
        let mut r = Reader::new(bytes);
        T::decode_with_spanned(&mut r, ctx, &mut spans).and_then(|v| r.expect_end().map(|()| v))
    };
    match (plain, with_spans) {
        (Ok(a), Ok(b)) => {
            prop_assert_eq!(a, b);
            for span in spans.as_slice() {
                prop_assert!(span.complete && span.start <= span.end && span.end <= bytes.len());
            }
        }
        (Err(a), Err(b)) => {
            prop_assert_eq!(a.to_string(), b.to_string());
        }
        (a, b) => prop_assert!(false, "decode {:?}, decode_spanned {:?}", a, b),
    }
    Ok(())
}

/// Real frames: every sample of wiredump's, to mutate.
fn sample_frames() -> Vec<(&'static str, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../wiredump/samples");
    let mut frames = Vec::new();
    for (protocol, file) in [
        ("mqtt5", "mqtt5.client.bin"),
        ("mqtt5", "mqtt5.server.bin"),
        ("stream", "stream.client.bin"),
        ("stream", "stream.server.bin"),
        ("rocketmq", "rocketmq.client.bin"),
        ("rocketmq", "rocketmq.server.bin"),
    ] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let mut at = 0;
        while at < bytes.len() {
            let rest = &bytes[at..];
            let len = match protocol {
                "mqtt5" => mqtt::frame_len(rest, usize::MAX),
                "stream" => stream::frame_len(rest, usize::MAX),
                _ => rocketmq::frame_len(rest, usize::MAX),
            }
            .unwrap()
            .unwrap();
            frames.push((protocol, rest[..len].to_vec()));
            at += len;
        }
    }
    frames
}

fn check(protocol: &str, frame: &[u8]) -> Result<(), TestCaseError> {
    match protocol {
        "mqtt5" => same::<mqtt::Packet<'_>, _>(frame, mqtt::Version::V5),
        "stream" => same::<stream::Frame<'_>, _>(frame, ()),
        _ => same::<rocketmq::RemotingCommand<'_>, _>(frame, ()),
    }
}

#[test]
fn every_sample_frame_decodes_the_same_with_spans() {
    let frames = sample_frames();
    assert!(frames.len() > 80);
    for (protocol, frame) in &frames {
        check(protocol, frame).unwrap();
        // And the plain decoders agree with the protocol's own entry points.
        if *protocol == "stream" {
            let (plain, _) = (stream::decode(frame).unwrap(), ());
            let (spanned, _) = spanned::<stream::Frame<'_>>(frame);
            assert_eq!(spanned.unwrap().command, plain);
        }
    }
    let _ = plain_decode::<Point>(&[0, 1, 0, 2]).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Frames with a byte changed: the same value, or the same error.
    #[test]
    fn mutated_frames_decode_the_same_with_spans(pick in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let frames = sample_frames();
        let (protocol, frame) = &frames[pick.index(frames.len())];
        let mut frame = frame.clone();
        let i = at.index(frame.len());
        frame[i] = byte;
        check(protocol, &frame)?;
        // Cut short too.
        check(protocol, &frame[..i])?;
    }
}

//! Deep nesting on hostile input: msgpack arrays and maps nested 100,000 deep, and derived
//! types that recurse through sequences and maps, fail with `TooDeep` at the reader's depth
//! limit instead of overflowing the stack. Every decode runs on a small stack, as a network
//! task might (256 KiB; 384 KiB in an unoptimized build, see [`STACK`]), so an unbounded
//! recursion would abort the test binary.

use std::collections::BTreeMap;
use wire_runtime::msgpack::Value;
use wire_runtime::{
    DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode, decode, read::DEFAULT_MAX_DEPTH,
};

const DEEP: usize = 100_000;

/// The stack the decodes run on: 256 KiB, as a network task might have. Unoptimized code keeps
/// every temporary in its own slot: one level of `SizedTree` below takes about 2 KiB of stack
/// in a debug build, so the 128 levels of the default limit need about 260 KiB there, while an
/// optimized build decodes 400 levels in 256 KiB. A debug build gets 384 KiB, the same
/// headroom over its own frames.
const STACK: usize = if cfg!(debug_assertions) {
    384 * 1024
} else {
    256 * 1024
};

/// Runs `f` on a thread with a [`STACK`]-sized stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .unwrap()
        .join()
        .expect("the decoder overflowed its small stack or panicked")
}

/// `prefix` repeated `n` times, then `last`.
fn nest(prefix: &[u8], n: usize, last: &[u8]) -> Vec<u8> {
    let mut input = prefix.repeat(n);
    input.extend_from_slice(last);
    input
}

fn too_deep(err: &DecodeError, limit: u16) {
    assert_eq!(err.kind(), &DecodeErrorKind::TooDeep(limit), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "nesting deeper than {limit} levels at offset {}",
            err.offset()
        )
    );
}

#[test]
fn msgpack_values_nested_100_000_deep_are_too_deep() {
    let cases: [(&str, Vec<u8>, usize); 5] = [
        // fixarray of one, nested
        ("fixarray", nest(&[0x91], DEEP, &[0xc0]), 1),
        // array 32 of one, nested
        ("array32", nest(&[0xdd, 0, 0, 0, 1], DEEP, &[0xc0]), 5),
        // fixmap {nil: ...}, nested in the values
        ("map values", nest(&[0x81, 0xc0], DEEP, &[0xc0]), 2),
        // fixmap {...: nil}, nested in the keys
        ("map keys", nest(&[0x81], DEEP, &[0xc0]), 1),
        // map 16 {nil: [...]}, maps and arrays alternating
        (
            "maps and arrays",
            nest(&[0xde, 0, 1, 0xc0, 0x91], DEEP, &[0xc0]),
            5,
        ),
    ];
    for (name, input, per_level) in cases {
        let err = on_small_stack(move || decode::<Value<'_>>(&input).unwrap_err());
        too_deep(&err, DEFAULT_MAX_DEPTH);
        // The error is at the first value past the limit.
        assert!(
            err.offset() > 0 && err.offset() <= (DEEP + 1) * per_level,
            "{name}"
        );
    }
}

#[test]
fn the_depth_limit_is_exact_and_adjustable() {
    // The outermost array plus DEFAULT_MAX_DEPTH levels inside it decode; one more does not.
    let levels = usize::from(DEFAULT_MAX_DEPTH);
    let ok = nest(&[0x91], levels, &[0x90]);
    assert!(on_small_stack(move || decode::<Value<'_>>(&ok).is_ok()));
    let deeper = nest(&[0x91], levels + 1, &[0x90]);
    let err = on_small_stack(move || decode::<Value<'_>>(&deeper).unwrap_err());
    too_deep(&err, DEFAULT_MAX_DEPTH);
    assert_eq!(err.offset(), levels + 1);

    // A smaller limit, set on the reader.
    let input = nest(&[0x91], 20, &[0x90]);
    let mut r = Reader::new(&input).with_max_depth(8);
    let err = Value::decode(&mut r).unwrap_err();
    too_deep(&err, 8);
    assert_eq!(err.offset(), 9);
    let mut r = Reader::new(&input).with_max_depth(20);
    assert!(Value::decode(&mut r).is_ok());
}

#[test]
fn deep_values_inside_ignite_messages_are_too_deep() {
    use wire_protocols::ignite::{Extension, First, HandshakeRequest};
    // A handshake whose one extension value is 100,000 arrays deep.
    let request = First {
        body: HandshakeRequest {
            major: 3,
            minor: 0,
            patch: 0,
            client_type: 2,
            features: &[],
            extensions: vec![Extension {
                key: "k",
                value: Value::Nil,
            }],
        },
    };
    let mut bytes = request.encode_to_vec().unwrap();
    bytes.pop(); // the nil
    bytes.extend(nest(&[0x91], DEEP, &[0xc0]));
    let len = (bytes.len() - 8) as u32;
    bytes[4..8].copy_from_slice(&len.to_be_bytes());
    let err = on_small_stack(move || decode::<First<HandshakeRequest<'_>>>(&bytes).unwrap_err());
    assert!(matches!(err.kind(), DecodeErrorKind::TooDeep(_)), "{err}");
    assert!(err.to_string().contains("extensions"), "{err}");
}

/// A tree whose children are a counted `Vec` of itself: no `Box` anywhere.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct CountedTree {
    #[wire(count = u8)]
    kids: Vec<CountedTree>,
}

/// Children in a length-delimited section.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct SizedTree {
    #[wire(len = u32)]
    kids: Vec<SizedTree>,
}

/// Children to the end of the section.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct RestTree {
    tag: u8,
    #[wire(rest)]
    kids: Vec<RestTree>,
}

/// Children as the values of a map.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct MapTree {
    #[wire(count = u8)]
    kids: BTreeMap<u8, MapTree>,
}

/// Children in a vector of vectors.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct VecVecTree {
    #[wire(count = u8, item(count = u8))]
    kids: Vec<Vec<VecVecTree>>,
}

/// msgpack mode: children as an integer count and the items.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(msgpack)]
struct CountedMsgPackTree {
    #[wire(counted)]
    kids: Vec<CountedMsgPackTree>,
}

/// msgpack mode: children as a msgpack array.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(msgpack)]
struct ArrayMsgPackTree {
    kids: Vec<ArrayMsgPackTree>,
}

/// Decodes a whole input as one of the trees.
type TreeDecoder = fn(&[u8]) -> Result<(), DecodeError>;

#[test]
fn derived_types_recursing_through_sequences_are_too_deep() {
    let cases: [(&str, Vec<u8>, TreeDecoder); 7] = [
        ("count", nest(&[1], DEEP, &[0]), |b| {
            decode::<CountedTree>(b).map(drop)
        }),
        // Each level: a u32 length that covers everything after it.
        (
            "len",
            (0..=DEEP as u32)
                .rev()
                .flat_map(|level| (4 * level).to_be_bytes())
                .collect(),
            |b| decode::<SizedTree>(b).map(drop),
        ),
        ("rest", vec![7; DEEP], |b| decode::<RestTree>(b).map(drop)),
        ("map", nest(&[1, 0], DEEP, &[0]), |b| {
            decode::<MapTree>(b).map(drop)
        }),
        ("vec of vecs", nest(&[1, 1], DEEP, &[0]), |b| {
            decode::<VecVecTree>(b).map(drop)
        }),
        ("msgpack counted", nest(&[1], DEEP, &[0]), |b| {
            decode::<CountedMsgPackTree>(b).map(drop)
        }),
        ("msgpack array", nest(&[0x91], DEEP, &[0x90]), |b| {
            decode::<ArrayMsgPackTree>(b).map(drop)
        }),
    ];
    for (name, input, decode) in cases {
        let err = on_small_stack(move || decode(&input).unwrap_err());
        assert!(
            matches!(err.kind(), DecodeErrorKind::TooDeep(DEFAULT_MAX_DEPTH)),
            "{name}: {err}"
        );
    }
}

#[test]
fn shallow_recursive_types_still_round_trip() {
    let tree = CountedTree {
        kids: vec![
            CountedTree { kids: vec![] },
            CountedTree {
                kids: vec![CountedTree { kids: vec![] }],
            },
        ],
    };
    let bytes = tree.encode_to_vec().unwrap();
    assert_eq!(bytes, [2, 0, 1, 0]);
    assert_eq!(decode::<CountedTree>(&bytes).unwrap(), tree);
    // 100 levels: well inside the limit.
    let input = nest(&[1], 100, &[0]);
    assert!(on_small_stack(move || decode::<CountedTree>(&input).is_ok()));
}

//! Cross-check of wire's msgpack layer against an independent implementation, `msgpack` from
//! PyPI (msgpack-python), through `scripts/interop/msgpack_peer.py`, in both directions:
//!
//! - **Python → wire**: `msgpack_peer.py gen 42 2000` makes random values (every format
//!   family, ints at every width boundary, float 32 and float 64, ASCII and multi-byte strings,
//!   bins and exts around the 8/16/32-bit length boundaries, timestamps in their 4-, 8- and
//!   12-byte forms, arrays and maps nested four deep, arrays and maps of 65535 and 65536 items)
//!   and packs them. wire decodes each into a [`Value`] with the same typed JSON, and encodes
//!   that `Value` back to exactly Python's bytes (`encoded_len` included). msgpack-python packs
//!   every value in its smallest form, as wire's writers do; floats are no exception because
//!   `Value` keeps the width it read (Python packs float 64 unless told `use_single_float`, which
//!   the generator sets for some values whose floats all fit float 32), so no difference is
//!   excused. Each timestamp also matches [`msgpack::read_timestamp`] (seconds and nanoseconds)
//!   and [`msgpack::write_timestamp`] (Python's bytes).
//! - **wire → Python**: a deterministic generator here builds `Value`s, including what
//!   msgpack-python cannot pack: the reserved extension types -128..=-2, duplicate map keys,
//!   arrays and maps as map keys, float 32 of any bits (NaN and infinities too), and
//!   timestamps in forms longer than needed. wire encodes them (the encoding decodes back to
//!   the same value), `msgpack_peer.py check` unpacks every line, and the typed JSON of what
//!   Python got must be that of the value. Python cannot tell float 32 from float 64 after
//!   unpacking, so the float width is only compared in the first direction; and it turns every
//!   timestamp into `msgpack.Timestamp`, so its "hex" there is the smallest form of the same
//!   instant.
//!
//! Typed JSON is that of `msgpack_vectors.rs`, plus: ints outside ±(2^53 - 1) as
//! `{"type": "int", "big": "<decimal>"}`; floats with `"bits"` (IEEE binary64 bits in hex,
//! compared instead of the inexact JSON number) and, from `gen`, `"width"`; timestamps (ext
//! type -1) with `"seconds"` and `"nanoseconds"`.
//!
//! Without `python3` or its `msgpack` module the tests are skipped, unless `CI` is set.

use serde_json::{Value as Json, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use wire_runtime::msgpack::{self, Value};
use wire_runtime::{Reader, WireEncode, decode};
use wire_tests::vectors::{hex, to_hex};

const PEER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../scripts/interop/msgpack_peer.py"
);
const SEED: u64 = 42;
const COUNT: usize = 2000;
/// Failures listed in a panic message; the rest are only counted.
const SHOWN: usize = 12;

/// Whether `python3` can import `msgpack`. Without it the tests skip with a message, or fail
/// when `CI` is set (CI installs it).
fn peer_available() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import msgpack; print(msgpack.version)"])
        .output();
    let why = match probe {
        Ok(out) if out.status.success() => {
            let version = String::from_utf8_lossy(&out.stdout);
            eprintln!("msgpack-python {}", version.trim());
            return true;
        }
        Ok(out) => format!(
            "python3 cannot import msgpack ({})",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()
                .unwrap_or("")
        ),
        Err(e) => format!("cannot run python3 ({e})"),
    };
    if std::env::var_os("CI").is_some() {
        panic!("{why}: in CI, .ci/run must install msgpack from PyPI");
    }
    eprintln!("skipping: {why}; `pip install msgpack` to run the msgpack-python cross-check");
    false
}

// ---------------------------------------------------------------------------------------------
// Typed JSON.

const MAX_SAFE: u64 = (1 << 53) - 1;

fn typed_uint(v: u64) -> Json {
    if v <= MAX_SAFE {
        json!({ "type": "int", "value": v })
    } else {
        json!({ "type": "int", "big": v.to_string() })
    }
}

fn typed_float(v: f64, width: Option<u8>) -> Json {
    let mut out = json!({
        "type": "float",
        "value": if v.is_finite() { json!(v) } else { Json::Null },
        "bits": format!("{:016x}", v.to_bits()),
    });
    if let Some(width) = width {
        out["width"] = json!(width);
    }
    out
}

/// `(seconds, nanoseconds)` of the data of an extension of type -1, if it is a valid timestamp,
/// by wire's reader.
fn timestamp(data: &[u8]) -> Option<(i64, u32)> {
    let mut bytes = Vec::new();
    msgpack::write_ext(&mut bytes, msgpack::TIMESTAMP_EXT, data).ok()?;
    let mut r = Reader::new(&bytes);
    let ts = msgpack::read_timestamp(&mut r).ok()?;
    r.expect_end().ok()?;
    Some(ts)
}

/// The data of the smallest encoding of a timestamp, by wire's writer.
fn timestamp_data(seconds: i64, nanos: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    msgpack::write_timestamp(&mut bytes, seconds, nanos).expect("valid timestamp");
    assert_eq!(bytes.len(), msgpack::timestamp_size(seconds, nanos));
    let ext = decode::<Value<'_>>(&bytes).expect("wire reads its timestamp");
    match ext {
        Value::Ext(-1, data) => data.to_vec(),
        other => panic!("write_timestamp wrote {other:?}"),
    }
}

/// The typed JSON of `value`; floats with their width when `widths` (Python knows the width
/// only of what it packed).
fn typed(value: &Value<'_>, widths: bool) -> Json {
    let width = |w| widths.then_some(w);
    match value {
        Value::Nil => json!({ "type": "nil" }),
        Value::Bool(v) => json!({ "type": "bool", "value": v }),
        Value::UInt(v) => typed_uint(*v),
        Value::Int(v) if *v >= 0 => typed_uint(*v as u64),
        Value::Int(v) if v.unsigned_abs() <= MAX_SAFE => json!({ "type": "int", "value": v }),
        Value::Int(v) => json!({ "type": "int", "big": v.to_string() }),
        Value::F32(v) => typed_float(f64::from(*v), width(32)),
        Value::F64(v) => typed_float(*v, width(64)),
        Value::Str(v) => json!({ "type": "str", "value": v }),
        Value::Bin(v) => json!({ "type": "bin", "hex": to_hex(v) }),
        Value::Array(items) => json!({
            "type": "array",
            "items": items.iter().map(|v| typed(v, widths)).collect::<Vec<_>>(),
        }),
        Value::Map(pairs) => json!({
            "type": "map",
            "entries": pairs
                .iter()
                .map(|(k, v)| json!([typed(k, widths), typed(v, widths)]))
                .collect::<Vec<_>>(),
        }),
        Value::Ext(-1, data) => match timestamp(data) {
            Some((seconds, nanos)) => json!({
                "type": "ext",
                "ext_type": -1,
                "hex": to_hex(&timestamp_data(seconds, nanos)),
                "seconds": seconds,
                "nanoseconds": nanos,
            }),
            None => json!({ "type": "ext", "ext_type": -1, "hex": to_hex(data) }),
        },
        Value::Ext(t, data) => json!({ "type": "ext", "ext_type": t, "hex": to_hex(data) }),
    }
}

/// Whether two typed values are the same, the "value" of floats aside: "bits" states it
/// exactly, where a JSON number need not parse to the nearest float.
fn same(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Object(x), Json::Object(y)) => {
            let float = x.get("type") == Some(&json!("float"));
            let keys = |m: &serde_json::Map<String, Json>| {
                m.keys().filter(|k| !(float && *k == "value")).count()
            };
            keys(x) == keys(y)
                && x.iter()
                    .filter(|(k, _)| !(float && k.as_str() == "value"))
                    .all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same(v, w))
        }
        _ => a == b,
    }
}

fn clip(text: impl ToString, max: usize) -> String {
    let text = text.to_string();
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}... ({} bytes)", &text[..at], text.len()),
        None => text,
    }
}

/// Where two typed values first differ, as a path and the two sides.
fn difference(a: &Json, b: &Json, path: &str) -> String {
    match (a, b) {
        (Json::Object(x), Json::Object(y)) if x.len() == y.len() => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if same(v, w) => {}
                    Some(w) => return difference(v, w, &format!("{path}.{k}")),
                    None => break,
                }
            }
        }
        (Json::Array(x), Json::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if !same(v, w) {
                    return difference(v, w, &format!("{path}[{i}]"));
                }
            }
        }
        _ => {}
    }
    format!("at {path}: wire {} / python {}", clip(a, 300), clip(b, 300))
}

fn check_failures(what: &str, failures: &[String], count: usize) {
    assert!(
        failures.is_empty(),
        "{what}: {} of {count} values failed; the first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(SHOWN)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `a == b`, but floats by their bits (NaN is itself) and `Int` of a non-negative value the
/// same as `UInt`: what decoding an encoding of `b` must give.
fn same_value(a: &Value<'_>, b: &Value<'_>) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::UInt(x), Value::Int(y)) | (Value::Int(y), Value::UInt(x)) => {
            u64::try_from(*y) == Ok(*x)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_value(v, w))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((k, v), (l, w))| same_value(k, l) && same_value(v, w))
        }
        _ => a == b,
    }
}

// ---------------------------------------------------------------------------------------------
// Coverage: the msgpack format of every value inside.

/// Every format of the specification (0xc1 aside).
const FORMATS: [&str; 36] = [
    "positive fixint",
    "fixmap",
    "fixarray",
    "fixstr",
    "nil",
    "false",
    "true",
    "bin 8",
    "bin 16",
    "bin 32",
    "ext 8",
    "ext 16",
    "ext 32",
    "float 32",
    "float 64",
    "uint 8",
    "uint 16",
    "uint 32",
    "uint 64",
    "int 8",
    "int 16",
    "int 32",
    "int 64",
    "fixext 1",
    "fixext 2",
    "fixext 4",
    "fixext 8",
    "fixext 16",
    "str 8",
    "str 16",
    "str 32",
    "array 16",
    "array 32",
    "map 16",
    "map 32",
    "negative fixint",
];

fn uint_format(v: u64) -> &'static str {
    match v {
        0..=0x7f => "positive fixint",
        0x80..=0xff => "uint 8",
        0x100..=0xffff => "uint 16",
        0x1_0000..=0xffff_ffff => "uint 32",
        _ => "uint 64",
    }
}

/// The smallest format of `value`, by the specification (not by wire's writers).
fn format(value: &Value<'_>) -> &'static str {
    let sized = |len: usize, names: [&'static str; 3]| match len {
        0..=0xff => names[0],
        0x100..=0xffff => names[1],
        _ => names[2],
    };
    match value {
        Value::Nil => "nil",
        Value::Bool(false) => "false",
        Value::Bool(true) => "true",
        Value::UInt(v) => uint_format(*v),
        Value::Int(v) => match *v {
            0.. => uint_format(*v as u64),
            -32..=-1 => "negative fixint",
            -0x80..=-33 => "int 8",
            -0x8000..=-0x81 => "int 16",
            -0x8000_0000..=-0x8001 => "int 32",
            _ => "int 64",
        },
        Value::F32(_) => "float 32",
        Value::F64(_) => "float 64",
        Value::Str(s) if s.len() < 32 => "fixstr",
        Value::Str(s) => sized(s.len(), ["str 8", "str 16", "str 32"]),
        Value::Bin(b) => sized(b.len(), ["bin 8", "bin 16", "bin 32"]),
        Value::Array(items) if items.len() < 16 => "fixarray",
        Value::Array(items) => sized(items.len(), ["array 16", "array 16", "array 32"]),
        Value::Map(pairs) if pairs.len() < 16 => "fixmap",
        Value::Map(pairs) => sized(pairs.len(), ["map 16", "map 16", "map 32"]),
        Value::Ext(_, data) => match data.len() {
            1 => "fixext 1",
            2 => "fixext 2",
            4 => "fixext 4",
            8 => "fixext 8",
            16 => "fixext 16",
            n => sized(n, ["ext 8", "ext 16", "ext 32"]),
        },
    }
}

/// Counts the formats of `value` and everything inside it, and a few special cases.
fn tally(value: &Value<'_>, counts: &mut BTreeMap<&'static str, usize>) {
    *counts.entry(format(value)).or_default() += 1;
    let extra = match value {
        Value::Ext(-1, data) => match data.len() {
            4 => Some("timestamp 32"),
            8 => Some("timestamp 64"),
            12 => Some("timestamp 96"),
            _ => None,
        },
        Value::Ext(t, _) if *t < 0 => Some("reserved ext type"),
        Value::Str(s) if !s.is_ascii() => Some("multi-byte string"),
        Value::F32(v) if !v.is_finite() => Some("float 32 not finite"),
        Value::F64(v) if !v.is_finite() => Some("float 64 not finite"),
        Value::F64(v) if f64::from(*v as f32).to_bits() == v.to_bits() => {
            Some("float 64 that fits float 32")
        }
        Value::Map(pairs)
            if pairs
                .iter()
                .any(|(k, _)| matches!(k, Value::Array(_) | Value::Map(_))) =>
        {
            Some("map with a container key")
        }
        // (The long maps, whose keys are all different, are not searched: it is quadratic.)
        Value::Map(pairs)
            if pairs.len() < 100
                && pairs
                    .iter()
                    .enumerate()
                    .any(|(i, (k, _))| pairs[..i].iter().any(|(j, _)| j == k)) =>
        {
            Some("map with a repeated key")
        }
        _ => None,
    };
    if let Some(extra) = extra {
        *counts.entry(extra).or_default() += 1;
    }
    match value {
        Value::Array(items) => items.iter().for_each(|v| tally(v, counts)),
        Value::Map(pairs) => pairs.iter().for_each(|(k, v)| {
            tally(k, counts);
            tally(v, counts);
        }),
        _ => {}
    }
}

fn assert_covers(counts: &BTreeMap<&'static str, usize>, also: &[&str]) {
    eprintln!("formats seen (values at any depth): {counts:?}");
    let missing: Vec<_> = FORMATS
        .iter()
        .chain(also)
        .filter(|f| !counts.contains_key(*f))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}

// ---------------------------------------------------------------------------------------------
// Python → wire.

#[test]
fn python_packed_values_decode_and_reencode_byte_for_byte() {
    if !peer_available() {
        return;
    }
    let out = Command::new("python3")
        .args([PEER, "gen", &SEED.to_string(), &COUNT.to_string()])
        .stderr(Stdio::inherit())
        .output()
        .expect("run msgpack_peer.py gen");
    assert!(out.status.success(), "msgpack_peer.py gen: {}", out.status);
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let mut failures = Vec::new();
    let mut counts = BTreeMap::new();
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        lines += 1;
        let line: Json = serde_json::from_str(line).expect("a JSON line");
        let bytes = hex(line["hex"].as_str().expect("hex"));
        let python = &line["json"];
        let value = match decode::<Value<'_>>(&bytes) {
            Ok(value) => value,
            Err(e) => {
                failures.push(format!("#{i} {}: wire: {e}", clip(to_hex(&bytes), 120)));
                continue;
            }
        };
        tally(&value, &mut counts);
        let wire = typed(&value, true);
        if !same(&wire, python) {
            failures.push(format!(
                "#{i} {}: decoded differently, {}",
                clip(to_hex(&bytes), 120),
                difference(&wire, python, "")
            ));
            continue;
        }
        match value.encode_to_vec() {
            Ok(again) if again == bytes && value.encoded_len() == bytes.len() => {}
            Ok(again) => failures.push(format!(
                "#{i}: wire re-encodes {} (encoded_len {}), python packed {}",
                clip(to_hex(&again), 200),
                value.encoded_len(),
                clip(to_hex(&bytes), 200)
            )),
            Err(e) => failures.push(format!("#{i}: wire cannot re-encode: {e}")),
        }
    }
    assert_eq!(lines, COUNT, "lines from msgpack_peer.py gen");
    check_failures("python → wire", &failures, COUNT);
    assert_covers(
        &counts,
        &[
            "timestamp 32",
            "timestamp 64",
            "timestamp 96",
            "multi-byte string",
            "float 64 that fits float 32",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// wire → Python.

/// splitmix64
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())]
    }

    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Uniform in `low..=high`.
    fn between(&mut self, low: i128, high: i128) -> i128 {
        let span = (high - low + 1) as u128;
        let r = (u128::from(self.next()) << 64 | u128::from(self.next())) % span;
        low + r as i128
    }
}

/// The text and bytes that generated strings, binaries and extensions borrow from.
struct Pool {
    ascii: String,
    mixed: String,
    bytes: Vec<u8>,
    /// Timestamp data in all three forms, smallest or not.
    timestamps: Vec<Vec<u8>>,
}

const POOL_LEN: usize = 200_000;

impl Pool {
    fn new(rng: &mut Rng) -> Pool {
        let printable: Vec<char> = (' '..='~').collect();
        let ascii = (0..POOL_LEN).map(|_| rng.pick(&printable)).collect();
        let chars: Vec<char> =
            "aZ9 é߀Ωжß€中☃ア한😀𝄞🦀𐍈\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}\0"
                .chars()
                .collect();
        let mut mixed = String::new();
        while mixed.len() < POOL_LEN {
            mixed.push(rng.pick(&chars));
        }
        let bytes = (0..POOL_LEN).map(|_| rng.next() as u8).collect();
        let mut timestamps = Vec::new();
        for i in 0..600 {
            let nanos = if rng.chance(30) {
                rng.pick(&[0, 1, 999_999_999])
            } else {
                rng.below(1_000_000_000) as u32
            };
            let data = match i % 3 {
                0 => (rng.next() as u32).to_be_bytes().to_vec(),
                1 => {
                    let random = rng.below(1 << 34);
                    let secs = rng.pick(&[0, 1, (1 << 32) - 1, 1 << 32, (1 << 34) - 1, random]);
                    (u64::from(nanos) << 34 | secs).to_be_bytes().to_vec()
                }
                _ => {
                    let (any, small) = (rng.next() as i64, (rng.next() >> 31) as i64);
                    let secs = rng.pick(&[0, -1, i64::MIN, i64::MAX, 1 << 34, any, small]);
                    [nanos.to_be_bytes().as_slice(), &secs.to_be_bytes()].concat()
                }
            };
            timestamps.push(data);
        }
        Pool {
            ascii,
            mixed,
            bytes,
            timestamps,
        }
    }
}

const SMALL_LENGTHS: [usize; 14] = [0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33];
const MEDIUM_LENGTHS: [usize; 4] = [254, 255, 256, 257];
const LARGE_LENGTHS: [usize; 3] = [65535, 65536, 65537];
const MAX_DEPTH: usize = 4;

const UINT_EDGES: [u64; 17] = [
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x100,
    0xffff,
    0x1_0000,
    0xffff_ffff,
    0x1_0000_0000,
    MAX_SAFE,
    MAX_SAFE + 1,
    MAX_SAFE + 2,
    i64::MAX as u64,
    1 << 63,
    u64::MAX - 1,
    u64::MAX,
];
const INT_EDGES: [i64; 19] = [
    -1,
    -31,
    -32,
    -33,
    -0x7f,
    -0x80,
    -0x81,
    -0x7fff,
    -0x8000,
    -0x8001,
    -0x7fff_ffff,
    -0x8000_0000,
    -0x8000_0001,
    -(MAX_SAFE as i64),
    -(MAX_SAFE as i64) - 1,
    -(MAX_SAFE as i64) - 2,
    i64::MIN + 1,
    i64::MIN,
    -2,
];
/// `(low, high)` of every integer format.
const INT_RANGES: [(i128, i128); 10] = [
    (0, 0x7f),
    (0x80, 0xff),
    (0x100, 0xffff),
    (0x1_0000, 0xffff_ffff),
    (0x1_0000_0000, u64::MAX as i128),
    (-32, -1),
    (-0x80, -33),
    (-0x8000, -0x81),
    (-0x8000_0000, -0x8001),
    (i64::MIN as i128, -0x8000_0001),
];
const F64_EDGES: [f64; 12] = [
    0.0,
    -0.0,
    1.0,
    0.1,
    -2.5,
    f64::MIN_POSITIVE,
    5e-324,
    f64::MAX,
    f64::MIN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];
const F32_EDGES: [f32; 11] = [
    0.0,
    -0.0,
    1.0,
    0.1,
    f32::MIN_POSITIVE,
    1e-45,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
];

struct Gen<'p> {
    rng: Rng,
    pool: &'p Pool,
}

impl<'p> Gen<'p> {
    fn length(&mut self, depth: usize) -> usize {
        let r = self.rng.below(100);
        if depth == 0 && r < 2 {
            self.rng.pick(&LARGE_LENGTHS)
        } else if depth <= 1 && r < 15 || r < 2 {
            self.rng.pick(&MEDIUM_LENGTHS)
        } else {
            self.rng.pick(&SMALL_LENGTHS)
        }
    }

    fn str(&mut self, depth: usize) -> &'p str {
        let len = self.length(depth);
        let text = if self.rng.chance(40) {
            &self.pool.ascii
        } else {
            &self.pool.mixed
        };
        let mut start = self.rng.index(text.len() - len - 4);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        // A multi-byte text may come a few bytes short of `len`.
        let mut end = start + len;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[start..end]
    }

    fn bin(&mut self, depth: usize) -> &'p [u8] {
        let len = self.length(depth);
        let start = self.rng.index(self.pool.bytes.len() - len);
        &self.pool.bytes[start..start + len]
    }

    fn int(&mut self) -> Value<'p> {
        let v = match self.rng.below(10) {
            0..=2 => i128::from(self.rng.pick(&UINT_EDGES)),
            3..=4 => i128::from(self.rng.pick(&INT_EDGES)),
            _ => {
                let (low, high) = self.rng.pick(&INT_RANGES);
                self.rng.between(low, high)
            }
        };
        match (u64::try_from(v), i64::try_from(v)) {
            // `Int` of a non-negative value: another way to say the same.
            (Ok(_), Ok(v)) if self.rng.chance(5) => Value::Int(v),
            (Ok(v), _) => Value::UInt(v),
            (_, Ok(v)) => Value::Int(v),
            _ => unreachable!("{v} is in u64 or i64"),
        }
    }

    fn float(&mut self) -> Value<'p> {
        match self.rng.below(4) {
            0 => Value::F64(self.rng.pick(&F64_EDGES)),
            1 => Value::F64(f64::from_bits(self.rng.next())),
            2 => Value::F32(self.rng.pick(&F32_EDGES)),
            _ => Value::F32(f32::from_bits(self.rng.next() as u32)),
        }
    }

    fn ext(&mut self, depth: usize) -> Value<'p> {
        if self.rng.chance(40) {
            let data = &self.pool.timestamps[self.rng.index(self.pool.timestamps.len())];
            return Value::Ext(msgpack::TIMESTAMP_EXT, data);
        }
        let t = match self.rng.next() as i8 {
            -1 => -2,
            t => t,
        };
        Value::Ext(t, self.bin(depth))
    }

    fn scalar(&mut self, depth: usize) -> Value<'p> {
        match self.rng.below(11) {
            0 => Value::Nil,
            1 => Value::Bool(self.rng.chance(50)),
            2..=4 => self.int(),
            5..=6 => self.float(),
            7..=8 => Value::Str(self.str(depth)),
            9 => Value::Bin(self.bin(depth)),
            _ => self.ext(depth),
        }
    }

    fn value(&mut self, depth: usize) -> Value<'p> {
        let r = self.rng.below(100) as usize;
        if depth >= MAX_DEPTH || r < 50 + 10 * depth {
            return self.scalar(depth);
        }
        let lengths: &[usize] = if depth <= 1 {
            &[0, 1, 2, 3, 15, 16, 17]
        } else {
            &[0, 1, 2, 3]
        };
        let n = self.rng.pick(lengths);
        if r < 80 {
            return Value::Array((0..n).map(|_| self.value(depth + 1)).collect());
        }
        let mut pairs: Vec<(Value<'p>, Value<'p>)> = Vec::with_capacity(n);
        for _ in 0..n {
            let key = if !pairs.is_empty() && self.rng.chance(10) {
                pairs[self.rng.index(pairs.len())].0.clone()
            } else {
                self.value(depth + 1)
            };
            pairs.push((key, self.value(depth + 1)));
        }
        Value::Map(pairs)
    }

    /// A string, binary or extension of 65535 to 65537 bytes: the 16- and 32-bit forms.
    fn long_scalar(&mut self, kind: usize) -> Value<'p> {
        let len = LARGE_LENGTHS[kind / 3 % 3];
        let start = self.rng.index(self.pool.ascii.len() - len);
        let bytes = &self.pool.bytes[start..start + len];
        match kind % 3 {
            // ASCII, to have the exact length.
            0 => Value::Str(&self.pool.ascii[start..start + len]),
            1 => Value::Bin(bytes),
            _ => Value::Ext(self.rng.next() as i8 & 0x7f, bytes),
        }
    }

    /// An array or map of 65535 or 65536 small items.
    fn long_container(&mut self, kind: usize) -> Value<'p> {
        let n = 65535 + kind % 2;
        if kind < 2 {
            Value::Array((0..n).map(|_| self.scalar(MAX_DEPTH)).collect())
        } else {
            Value::Map(
                (0..n as u64)
                    .map(|i| (Value::UInt(i), self.scalar(MAX_DEPTH)))
                    .collect(),
            )
        }
    }
}

#[test]
fn wire_encoded_values_unpack_in_python() {
    if !peer_available() {
        return;
    }
    let mut rng = Rng(SEED);
    let pool = Pool::new(&mut rng);
    let mut generator = Gen { rng, pool: &pool };
    let values: Vec<Value<'_>> = (0..COUNT)
        .map(|i| {
            // A few long values in every 500 (their hex is large), with every length form.
            if i % 500 == 250 {
                generator.long_container(i / 500 % 4)
            } else if i % 500 == 100 || i % 500 == 400 {
                generator.long_scalar(i / 100)
            } else {
                generator.value(0)
            }
        })
        .collect();

    let mut counts = BTreeMap::new();
    let mut input = String::new();
    for (i, value) in values.iter().enumerate() {
        tally(value, &mut counts);
        let bytes = value.encode_to_vec().expect("wire encodes the value");
        assert_eq!(bytes.len(), value.encoded_len(), "#{i}: encoded_len");
        let back = decode::<Value<'_>>(&bytes).unwrap_or_else(|e| panic!("#{i}: {e}"));
        assert!(
            same_value(&back, value),
            "#{i}: wire decodes its own encoding {} to {back:?}",
            clip(to_hex(&bytes), 200)
        );
        input.push_str(&json!({ "hex": to_hex(&bytes) }).to_string());
        input.push('\n');
    }
    assert_covers(
        &counts,
        &[
            "timestamp 32",
            "timestamp 64",
            "timestamp 96",
            "reserved ext type",
            "multi-byte string",
            "float 32 not finite",
            "float 64 not finite",
            "map with a container key",
            "map with a repeated key",
        ],
    );

    let mut peer = Command::new("python3")
        .args([PEER, "check"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("run msgpack_peer.py check");
    // Written from another thread, so that neither pipe can fill up with the other side waiting.
    let mut stdin = peer.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = BufReader::new(peer.stdout.take().expect("stdout"));
    let mut failures = Vec::new();
    let mut lines = 0;
    for (i, line) in stdout.lines().enumerate() {
        let line: Json = serde_json::from_str(&line.expect("a line")).expect("a JSON line");
        lines += 1;
        let Some(value) = values.get(i) else {
            failures.push(format!("#{i}: an extra line {}", clip(&line, 200)));
            continue;
        };
        let sent = || clip(to_hex(&value.encode_to_vec().expect("encodes")), 200);
        if let Some(error) = line.get("error") {
            failures.push(format!("#{i} {}: python cannot unpack it: {error}", sent()));
            continue;
        }
        let wire = typed(value, false);
        if !same(&wire, &line["json"]) {
            failures.push(format!(
                "#{i} {}: python unpacked another value, {}",
                sent(),
                difference(&wire, &line["json"], "")
            ));
        }
    }
    writer
        .join()
        .expect("writer thread")
        .expect("write to msgpack_peer.py check");
    let status = peer.wait().expect("msgpack_peer.py check ends");
    check_failures("wire → python", &failures, COUNT);
    assert_eq!(lines, COUNT, "lines from msgpack_peer.py check");
    assert!(status.success(), "msgpack_peer.py check: {status}");
}

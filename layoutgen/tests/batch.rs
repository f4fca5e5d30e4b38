//! One batch of generated layouts, in the workspace's tests: the seed and size come from
//! `WIRE_LAYOUT_SEED` and `WIRE_LAYOUT_COUNT` (1 and 120 by default), so a failure found by a
//! long run (`cargo run -p wire-layoutgen -- --batches 20`) replays here.

#[test]
fn a_batch_of_generated_layouts_round_trips() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let batch = wire_layoutgen::generate(
        env("WIRE_LAYOUT_SEED", 1),
        env("WIRE_LAYOUT_COUNT", 120) as usize,
    );
    let mut coverage = wire_layoutgen::Coverage::default();
    coverage.add(&batch);
    println!("{}", coverage.report());
    if let Err(report) = wire_layoutgen::run(&batch, env("WIRE_LAYOUT_CASES", 32) as u32, "test") {
        panic!("{report}");
    }
}

/// A property that cannot fail is no check: a batch with a layout that does not round-trip
/// must fail. `S0`'s value is written with the wrong length by a hand-made `with` module.
#[test]
fn a_layout_that_does_not_round_trip_fails_its_batch() {
    let mut batch = wire_layoutgen::generate(2, 1);
    let broken = &mut batch.types[0];
    broken.name = "Broken".into();
    broken.kind = wire_layoutgen::Kind::Struct;
    broken.source = "#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]\npub struct Broken { pub a: u8, #[wire(with = off_by_one)] pub b: u8 }\nmod off_by_one {\n    use wire_runtime::{Reader, DecodeError, EncodeError, bytes::BufMut};\n    pub fn decode(r: &mut Reader<'_>) -> Result<u8, DecodeError> { Ok(r.take_array::<1>()?[0]) }\n    pub fn encode<B: BufMut + ?Sized>(v: &u8, buf: &mut B) -> Result<(), EncodeError> { buf.put_u8(v.wrapping_add(1)); Ok(()) }\n    pub fn encoded_len(_: &u8) -> usize { 1 }\n}\n".into();
    broken.strategy =
        "(any::<u8>(), any::<u8>()).prop_map(|(a, b)| Broken { a, b }).boxed()".into();
    broken.fills = false;
    broken.open_end = false;
    broken.ctx = false;
    batch.seed = 9_000_002;
    let result = wire_layoutgen::run(&batch, 8, "negative-control");
    let report = result.expect_err("a broken layout passed");
    assert!(report.contains("decode(encode(v)) != v"), "{report}");
}

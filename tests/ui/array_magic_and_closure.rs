// Attribute values are full Rust expressions: arrays, closures and blocks parse. The only
// error here is the deliberate one on `if`.
use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(magic = [0xca, 0xfe])]
struct Frame {
    kind: u8,
    #[wire(if = (|k: &u8| *k > 1)(kind))]
    extra: Option<u16>,
    #[wire(if = 1u8)]
    bad: Option<u8>,
}

fn main() {}

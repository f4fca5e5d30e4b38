use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bits = 0..4, len = u8)]
    kind: u8,
}

fn main() {}

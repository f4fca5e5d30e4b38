use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, reserved(bits = 0..2, value = 4))]
struct Flags {
    #[wire(bits = 2..8)]
    rest: u8,
}

fn main() {}

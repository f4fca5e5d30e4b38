use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bits = 0..3)]
    qos: u8,
    #[wire(bit = 2)]
    retain: bool,
}

fn main() {}

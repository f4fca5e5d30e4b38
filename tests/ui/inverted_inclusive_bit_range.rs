use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bits = 3..=2)]
    qos: u8,
}

fn main() {}

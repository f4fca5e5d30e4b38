use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bit = 4294967295)]
    retain: bool,
}

fn main() {}

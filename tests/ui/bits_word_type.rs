use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u12)]
struct Flags {
    #[wire(bit = 0)]
    retain: bool,
}

fn main() {}

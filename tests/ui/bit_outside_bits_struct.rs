use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Flags {
    #[wire(bit = 0)]
    retain: bool,
}

fn main() {}

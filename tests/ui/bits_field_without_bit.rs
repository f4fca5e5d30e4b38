use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bit = 0)]
    retain: bool,
    dup: bool,
}

fn main() {}

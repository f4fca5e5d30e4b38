use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, magic = b"\xca")]
struct Flags {
    #[wire(bit = 0)]
    retain: bool,
}

fn main() {}

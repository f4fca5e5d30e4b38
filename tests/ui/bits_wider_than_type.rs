use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u16)]
struct Header {
    #[wire(bits = 0..12)]
    length: u8,
    #[wire(bits = 12..16)]
    kind: u8,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u16, tag_bits = 12..16)]
enum Kind {
    #[wire(tag = 1)]
    A(u8),
}

fn main() {}

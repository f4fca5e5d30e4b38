use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8, tag_bits = 4..8)]
enum Packet {
    #[wire(tag = 20)]
    Ping,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag_bits = 4..8)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

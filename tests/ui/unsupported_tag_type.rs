use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u128)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

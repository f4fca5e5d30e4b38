use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Packet {
    #[wire(tag = -1)]
    Ping,
}

fn main() {}

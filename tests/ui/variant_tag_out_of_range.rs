use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Packet {
    #[wire(tag = 300)]
    Ping,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Packet {
    #[wire(tag = 3)]
    Ping,
    #[wire(tag = 0x03)]
    Pong,
}

fn main() {}

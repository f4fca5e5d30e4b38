use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
    #[wire(tag = 2)]
    Pong,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(peek)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u16, peek)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

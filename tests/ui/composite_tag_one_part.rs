use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag(key: u16))]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

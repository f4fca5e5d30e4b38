use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u16, ctx_tag = u16)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

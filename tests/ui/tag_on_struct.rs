use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
struct Msg {
    id: u16,
}

fn main() {}

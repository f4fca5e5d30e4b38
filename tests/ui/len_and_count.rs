use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = u16, count = u16)]
    items: Vec<u16>,
}

fn main() {}

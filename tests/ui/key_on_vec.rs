use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(count = u16, key(len = u8))]
    names: Vec<u16>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    __r: u16,
    #[wire(len = u16)]
    __n: Vec<u8>,
    __at: bool,
    __items: Option<u8>,
}

fn main() {}

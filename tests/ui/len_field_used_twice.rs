use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    n: u16,
    #[wire(len = n)]
    a: Vec<u8>,
    #[wire(len = n)]
    b: Vec<u8>,
}

fn main() {}

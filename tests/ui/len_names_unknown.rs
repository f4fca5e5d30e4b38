use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = size)]
    body: Vec<u8>,
}

fn main() {}

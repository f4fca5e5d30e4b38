use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(with = json, len = u16)]
    body: Vec<u8>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = u16, rest)]
    body: Vec<u8>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = u8)]
    n: String,
    #[wire(len = n)]
    body: Vec<u8>,
}

fn main() {}

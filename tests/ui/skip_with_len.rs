use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    id: u16,
    #[wire(skip, len = u16)]
    cache: Vec<u8>,
}

fn main() {}

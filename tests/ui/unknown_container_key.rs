use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(frobnicate)]
struct Msg {
    id: u16,
}

fn main() {}

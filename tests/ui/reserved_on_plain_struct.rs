use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(reserved(bits = 0..4, value = 0))]
struct Msg {
    id: u16,
}

fn main() {}

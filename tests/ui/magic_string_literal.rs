use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(magic = "IGNI")]
struct Msg {
    id: u16,
}

fn main() {}

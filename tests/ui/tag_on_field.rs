use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(tag = 1)]
    id: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(if = *missing > 0)]
    id: Option<u16>,
}

fn main() {}

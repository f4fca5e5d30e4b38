use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(count = u16, item(skip))]
    ids: Vec<u16>,
}

fn main() {}

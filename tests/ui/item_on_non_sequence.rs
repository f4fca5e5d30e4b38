use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = u16, item(len = u8))]
    name: String,
}

fn main() {}

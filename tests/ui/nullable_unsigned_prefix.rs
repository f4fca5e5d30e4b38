use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = u16, nullable)]
    name: Option<String>,
}

fn main() {}

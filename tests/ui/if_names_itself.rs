use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(if = id.is_some())]
    id: Option<u16>,
}

fn main() {}

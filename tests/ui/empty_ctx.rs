use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx())]
struct Msg {
    id: u16,
}

fn main() {}

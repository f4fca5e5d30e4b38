use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(count = n)]
    items: Vec<u16>,
    n: u16,
}

fn main() {}

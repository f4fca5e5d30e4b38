use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(lenn = u16)]
    name: String,
    #[wire(rest)]
    body: Vec<u8>,
    #[wire(count = n)]
    items: Vec<u16>,
    n: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(lenn = u16)]
    name: String,
    #[wire(len = u128)]
    body: Vec<u8>,
    #[wire(if = true)]
    id: u16,
}

fn main() {}

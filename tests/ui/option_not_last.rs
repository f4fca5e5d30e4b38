use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    id: Option<u16>,
    flags: u8,
}

fn main() {}

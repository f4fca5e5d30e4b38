use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(if = *flags != 0)]
    id: Option<u16>,
    flags: u8,
}

fn main() {}

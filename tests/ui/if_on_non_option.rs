use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    flags: u8,
    #[wire(if = *flags != 0)]
    id: u16,
}

fn main() {}

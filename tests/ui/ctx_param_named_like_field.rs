use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx(version: u8))]
struct Msg {
    version: u8,
    #[wire(if = *version > 1)]
    id: Option<u16>,
}

fn main() {}

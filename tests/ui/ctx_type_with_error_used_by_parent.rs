use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx(version: u8))]
struct Body {
    #[wire(iff = *version > 1)]
    id: Option<u16>,
}

#[derive(WireDecode, WireEncode)]
struct Msg {
    version: u8,
    #[wire(ctx = *version)]
    body: Body,
}

fn main() {}

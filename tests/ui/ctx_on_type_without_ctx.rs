use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Inner {
    id: u16,
}

#[derive(WireDecode, WireEncode)]
struct Msg {
    version: u8,
    #[wire(ctx = *version)]
    inner: Inner,
}

fn main() {}

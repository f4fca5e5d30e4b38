use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Inner {
    a: u8,
}

#[derive(WireDecode, WireEncode)]
struct Outer {
    version: u8,
    #[wire(ctx = *version)]
    inner: Inner,
}

fn main() {}

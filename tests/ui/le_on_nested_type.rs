use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Inner {
    id: u16,
}

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(le)]
    inner: Inner,
}

fn main() {}

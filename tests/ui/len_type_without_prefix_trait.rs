use wire_runtime::{WireDecode, WireEncode};

/// A length type that does not implement `LenPrefix`.
#[derive(Clone, Copy)]
struct MyVarint;

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = MyVarint)]
    body: Vec<u8>,
}

fn main() {}

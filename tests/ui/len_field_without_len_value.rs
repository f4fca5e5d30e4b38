use wire_runtime::{WireDecode, WireEncode};

/// A field type that decodes and encodes, but does not implement `LenValue`.
#[derive(WireDecode, WireEncode)]
struct Size(u8);

#[derive(WireDecode, WireEncode)]
struct Msg {
    size: Size,
    #[wire(len = size)]
    body: Vec<u8>,
}

fn main() {}

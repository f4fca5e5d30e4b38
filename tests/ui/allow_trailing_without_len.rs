use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Frame {
    #[wire(allow_trailing)]
    code: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8, peek)]
enum Kind {
    #[wire(tag = 1)]
    A,
    #[wire(tag = 2)]
    B(u8),
}

fn main() {}

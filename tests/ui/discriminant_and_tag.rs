use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Kind {
    #[wire(tag = 1)]
    Ping = 2,
}

fn main() {}

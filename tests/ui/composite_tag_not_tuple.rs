use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag(key: u16, version: u16))]
enum Command {
    #[wire(tag = 1)]
    Open,
}

fn main() {}

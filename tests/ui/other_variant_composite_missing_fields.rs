use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag(key: u16, version: vbi))]
enum Command {
    #[wire(tag = (1, 1))]
    Open,
    #[wire(other)]
    Unknown(u16),
}

fn main() {}

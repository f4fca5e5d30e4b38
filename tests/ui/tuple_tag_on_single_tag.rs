use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u16)]
enum Command {
    #[wire(tag = (1, 1))]
    Open,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Packet {
    #[wire(tag = 1)]
    Data(#[wire(rest)] Vec<u8>, u16),
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(little_endian)]
struct Msg {
    id: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Frame {
    #[wire(rest_len, len = u8)]
    size: u16,
    #[wire(rest_len)]
    again: u16,
    #[wire(rest_len)]
    name: String,
}

fn main() {}

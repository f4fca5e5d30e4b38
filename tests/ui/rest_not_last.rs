use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(rest)]
    body: Vec<u8>,
    checksum: u32,
}

fn main() {}

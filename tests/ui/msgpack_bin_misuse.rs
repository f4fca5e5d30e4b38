use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Request {
    #[wire(bin, counted)]
    data: Vec<u8>,
    #[wire(ext = 3, bin)]
    id: [u8; 16],
    #[wire(nullable)]
    note: Option<Vec<u8>>,
    #[wire(item(le))]
    words: Vec<u32>,
}

#[derive(WireDecode, WireEncode)]
struct Plain {
    #[wire(bin)]
    data: Vec<u8>,
}

fn main() {}

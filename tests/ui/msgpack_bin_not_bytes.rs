use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Request {
    #[wire(bin)]
    name: String,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Request {
    timeout: std::time::Duration,
}

fn main() {}

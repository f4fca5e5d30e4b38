use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Request<'a> {
    #[wire(len = u16)]
    name: &'a str,
    #[wire(counted)]
    id: u64,
}

#[derive(WireDecode, WireEncode)]
struct Plain {
    #[wire(ext = 3)]
    id: u64,
}

fn main() {}

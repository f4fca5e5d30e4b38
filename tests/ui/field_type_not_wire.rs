use wire_runtime::{WireDecode, WireEncode};

struct Timestamp(u64);

#[derive(WireDecode, WireEncode)]
struct Msg {
    id: u16,
    at: Timestamp,
}

fn main() {}

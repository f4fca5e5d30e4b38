use wire_runtime::{WireDecode, WireEncode};

// A type of one's own called `Bytes`, written bare, is taken for `bytes::Bytes`: the error says
// how to name it so that its own `WireDecode` is used.
mod own {
    #[derive(wire_runtime::WireDecode, wire_runtime::WireEncode)]
    pub struct Bytes(pub u8, pub u8);
}
use own::Bytes;

#[derive(WireDecode, WireEncode)]
struct Message {
    pair: Bytes,
    tail: u8,
}

fn main() {}

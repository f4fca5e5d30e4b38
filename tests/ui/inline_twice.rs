use wire_runtime::{WireDecode, WireEncode};

// `inline` is a flag: given twice, the second is reported, on its own token.
#[derive(WireDecode, WireEncode)]
#[wire(inline, tag = u8, inline)]
enum Packet {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

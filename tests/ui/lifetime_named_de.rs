use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg<'de> {
    #[wire(len = u16)]
    name: &'de str,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(len = i16, nullable, empty_is_none)]
    name: Option<String>,
}

fn main() {}

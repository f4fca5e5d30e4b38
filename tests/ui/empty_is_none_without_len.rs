use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(empty_is_none)]
    name: Option<String>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(pad_before = "3")]
    id: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
union Word {
    int: u32,
    float: f32,
}

fn main() {}

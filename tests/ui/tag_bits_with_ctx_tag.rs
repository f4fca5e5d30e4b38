use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag = u8, tag_bits = 0..4)]
enum Body {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag = u8, peek)]
enum Body {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag = u16, ctx(version: u16))]
enum Body {
    #[wire(tag = 1)]
    Ping,
}

fn main() {}

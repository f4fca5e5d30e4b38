//! A type that takes context, used as if it did not: the errors say how to pass it.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx(version: u8))]
struct Body {
    #[wire(if = version > 1)]
    extra: Option<u8>,
}

#[derive(WireDecode, WireEncode)]
struct Frame {
    version: u8,
    body: Body,
}

fn main() {
    let body = Body { extra: None };
    let _ = body.encoded_len();
}

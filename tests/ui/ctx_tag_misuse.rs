//! A tag taken from the parent is declared like one read here, and checked the same way.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag(kind: u8))]
enum OnePart {
    #[wire(tag = 1)]
    A,
}

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag(class: u16, method: u128))]
enum Unsupported {
    #[wire(tag = (1, 2))]
    A,
}

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag(class: u16, method: u16), ctx(flags: u8))]
enum Shapes {
    #[wire(tag = 1)]
    Scalar,
    #[wire(tag = (1, 2, 3))]
    Triple,
}

#[derive(WireDecode, WireEncode)]
#[wire(ctx_tag = u8, ctx(__tag: u8))]
enum Reserved {
    #[wire(tag = 1)]
    A,
}

fn main() {}

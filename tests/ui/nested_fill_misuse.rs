//! A length inside an earlier field is filled on encode: not when that field is itself a
//! length encode fills, and only in a type that can be copied.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode, Clone)]
struct Sizes {
    a: u8,
}

#[derive(WireDecode, WireEncode)]
struct Twice {
    sizes: Sizes,
    #[wire(len = sizes)]
    first: Vec<u8>,
    #[wire(count = sizes.a)]
    second: Vec<u8>,
}

#[derive(WireDecode, WireEncode)]
struct NotClone {
    a: u8,
}

#[derive(WireDecode, WireEncode)]
struct Holder {
    header: NotClone,
    #[wire(count = header.a)]
    items: Vec<u8>,
}

fn main() {}

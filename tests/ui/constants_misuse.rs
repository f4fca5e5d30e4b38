//! Constant bytes: a trailer after fields that could never leave room for it, and constants
//! where they cannot stand.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(trailer = [0xce])]
struct RestThenTrailer {
    kind: u8,
    #[wire(rest)]
    payload: Vec<u8>,
}

#[derive(WireDecode, WireEncode)]
#[wire(trailer = [0xce])]
struct OptionalThenTrailer {
    kind: u8,
    #[wire(optional)]
    reason: u8,
}

#[derive(WireDecode, WireEncode)]
struct ConstantBeforeOptional {
    #[wire(magic = b"\r\n", optional)]
    a: u8,
}

#[derive(WireDecode, WireEncode)]
struct ConstantOnElements {
    #[wire(count = u8, item(magic = [0]))]
    b: Vec<u8>,
}

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8, trailer = [0])]
enum Tagged {
    #[wire(tag = 1)]
    One,
}

fn main() {}

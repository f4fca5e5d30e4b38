//! Keys that describe a field's own encoding mean nothing for a member of a bit-field word,
//! which is only ever a bit range: each is an error, not silently dropped.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Flags {
    #[wire(bit = 0, optional)]
    a: bool,
    #[wire(bit = 1, rest_len)]
    b: bool,
    #[wire(bit = 2, inclusive)]
    c: bool,
    #[wire(bit = 3, allow_trailing)]
    d: bool,
    #[wire(bit = 4, ext = 1)]
    e: bool,
    #[wire(bit = 5, counted)]
    f: bool,
    #[wire(bit = 6, bin)]
    g: bool,
    #[wire(bit = 7, bits = 7..8)]
    h: bool,
}

fn main() {}

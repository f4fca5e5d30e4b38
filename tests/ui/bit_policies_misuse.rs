//! Every bit of a bit-field word is accounted for, once; `msb0`, `uncovered`, `other_bits` and
//! `nonzero` only where they mean something.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Unsaid {
    #[wire(bit = 0)]
    a: bool,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, uncovered = maybe)]
struct UnknownPolicy {
    #[wire(bit = 0)]
    a: bool,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, uncovered = zero)]
struct NothingUncovered {
    #[wire(bits = 0..8)]
    a: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, uncovered = ignore)]
struct KeptAndIgnored {
    #[wire(bit = 0)]
    a: bool,
    #[wire(other_bits)]
    rest: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct TwoKeepers {
    #[wire(bit = 0)]
    a: bool,
    #[wire(other_bits)]
    rest: u8,
    #[wire(other_bits)]
    again: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct KeptInABool {
    #[wire(bit = 0)]
    a: bool,
    #[wire(other_bits, bit = 1)]
    rest: bool,
}

#[derive(WireDecode, WireEncode)]
#[wire(msb0)]
struct NotAWord {
    #[wire(nonzero)]
    count: u8,
    #[wire(count = u8, nonzero)]
    flags: Vec<bool>,
}

fn main() {}

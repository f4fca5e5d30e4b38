//! What users of deku and binrw type first, and the wire spelling each error points to.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(endian = "little")]
struct FromDeku {
    kind: u8,
    #[wire(cond = "*kind > 0")]
    a: Option<u8>,
    #[wire(bytes = 3)]
    b: u32,
    #[wire(map = "|x: u8| x")]
    c: u8,
    #[wire(id = 1)]
    d: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct DekuWidths {
    #[wire(bits = 3)]
    low: u8,
    #[wire(bits = 3..8)]
    high: u8,
}

#[derive(WireDecode, WireEncode)]
struct FromBinrw {
    #[wire(temp)]
    len: u8,
    #[wire(calc = 1)]
    x: u8,
    #[wire(assert = *x > 0)]
    y: u8,
    #[wire(little)]
    z: u16,
    #[wire(args = (1,))]
    w: u8,
}

fn main() {}

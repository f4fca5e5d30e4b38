//! `temp(...)` values: each needs a value on encode, a name of its own and a place on the wire.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Temps {
    #[wire(temp(unused: u16))]
    a: u8,
    #[wire(temp(a: u8 = 1))]
    b: u8,
    #[wire(temp(blob: Vec<u8> = Vec::new()))]
    c: u8,
    #[wire(temp(missing_type))]
    d: u8,
    #[wire(count = u8, item(temp(n: u8 = 1)))]
    e: Vec<u8>,
    #[wire(temp(flag: u8 = 1), optional)]
    f: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Packed {
    #[wire(temp(n: u8 = 1))]
    a: u8,
}

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8)]
enum Tagged {
    #[wire(tag = 1)]
    One,
    #[wire(other)]
    Unknown(#[wire(temp(n: u8 = 1))] u8),
}

fn main() {}

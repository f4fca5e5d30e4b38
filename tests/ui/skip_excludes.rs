//! A `skip` field is not on the wire: keys about its encoding are errors.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    id: u16,
    #[wire(skip, optional)]
    a: u8,
    #[wire(skip, ctx = 1)]
    b: u8,
    #[wire(skip, item(len = u8))]
    c: Vec<String>,
    #[wire(skip, be)]
    d: u32,
}

fn main() {}

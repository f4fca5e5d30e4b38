//! A biased prefix is `prefix + N`, N a positive integer literal.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Biases {
    #[wire(len = varint + 0)]
    zero: Vec<u8>,
    #[wire(len = varint - 1)]
    minus: Vec<u8>,
    #[wire(len = u8 + N)]
    named: Vec<u8>,
    #[wire(len = u8, nullable)]
    unsigned_null: Option<Vec<u8>>,
}

const N: usize = 1;

fn main() {}

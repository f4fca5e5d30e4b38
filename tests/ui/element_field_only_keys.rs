//! Inside `item(...)`, keys that only a field can have (it is absent or present, or it holds
//! the length of the fields after it) are errors, not parsed and dropped.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(count = u8, item(optional))]
    a: Vec<u16>,
    #[wire(count = u8, item(optional, if = true))]
    b: Vec<u16>,
    #[wire(count = u8, item(rest_len))]
    c: Vec<u16>,
    #[wire(count = u8, item(rest_len, inclusive))]
    d: Vec<u16>,
}

fn main() {}

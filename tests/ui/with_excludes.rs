//! A `with` module reads and writes the whole field: every key that describes the field's
//! layout would be dropped beside it, so each is an error.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Msg {
    #[wire(with = codec, empty_is_none)]
    a: Option<Vec<u8>>,
    #[wire(with = codec, le)]
    b: u32,
    #[wire(with = codec, key(len = u8), value(len = u8))]
    c: Vec<(String, String)>,
    #[wire(with = codec, allow_trailing)]
    d: Vec<u8>,
}

fn main() {}

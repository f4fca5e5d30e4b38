//! In msgpack mode, padding bytes would break the stream of self-describing values, and `ctx`
//! (a nested msgpack type's context) leaves no room for `ext`, `counted` or `bin`.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(msgpack)]
struct Request {
    #[wire(pad_before = 1)]
    a: u8,
    #[wire(pad_after = 1)]
    b: u8,
    #[wire(ctx = 1, ext = 3)]
    c: u64,
}

fn main() {}

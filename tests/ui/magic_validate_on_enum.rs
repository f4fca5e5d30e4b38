//! An enum's values are its variants: `magic` and `validate` go on each variant, and on the
//! enum itself they are errors rather than ignored.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u8, magic = b"W", validate = Ok(()))]
enum Packet {
    #[wire(tag = 1, magic = b"P", validate = Ok(()))]
    Ping,
}

fn main() {}

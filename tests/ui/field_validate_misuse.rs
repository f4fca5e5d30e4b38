//! A field check runs on a decoded field: not on a skipped one, and not per element.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Checks {
    #[wire(skip, validate = Ok(()))]
    skipped: u8,
    #[wire(count = u8, item(validate = Ok(())))]
    items: Vec<u8>,
    #[wire(validate = later.checked_add(1).map(|_| ()).ok_or("overflow"))]
    early: u8,
    later: u8,
}

fn main() {}

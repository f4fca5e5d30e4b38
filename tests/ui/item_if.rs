use wire_runtime::{WireDecode, WireEncode};

// An element's condition would see the fields before the sequence, never the element: it would
// hold for all elements alike, and absent elements would take no bytes.
#[derive(WireDecode, WireEncode)]
struct List {
    flag: u8,
    #[wire(count = u8, item(if = *flag > 0))]
    items: Vec<Option<u16>>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

// `max` bounds a length or count: it needs one, and stands on the field, not on its elements.
#[derive(WireDecode, WireEncode)]
struct Unbounded {
    #[wire(max = 16)]
    id: u32,
    #[wire(count = u8, item(len = u8, max = 4))]
    names: Vec<String>,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

// Padding is skipped right after its field: its length can only come from earlier fields.
#[derive(WireDecode, WireEncode)]
struct Padded {
    #[wire(pad_after = pad_length)]
    data: u16,
    pad_length: u8,
}

fn main() {}

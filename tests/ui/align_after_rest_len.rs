use wire_runtime::{WireDecode, WireEncode};

// Alignment padding depends on where a field starts; the filled `rest_len` cannot count it
// before it is written (wire-layoutgen, seed 1).
#[derive(WireDecode, WireEncode)]
struct Record {
    #[wire(rest_len)]
    size: u32,
    kind: u8,
    #[wire(int = u24, align = 4)]
    value: u32,
}

// Before the `rest_len` field, alignment is fine.
#[derive(WireDecode, WireEncode)]
struct Aligned {
    #[wire(align = 4)]
    kind: u8,
    #[wire(rest_len)]
    size: u32,
    value: u16,
}

fn main() {}

use wire_runtime::{WireDecode, WireEncode};

// A chosen prefix needs a final `else`: the prefix when no condition holds.
#[derive(WireDecode, WireEncode)]
struct NoElse {
    flags: u8,
    #[wire(len = if *flags & 0x10 != 0 { u16 })]
    value: Vec<u8>,
}

// A null marker lives in one prefix; a chosen one has none.
#[derive(WireDecode, WireEncode)]
struct Nullable {
    flags: u8,
    #[wire(len = if *flags != 0 { i16 } else { i32 }, nullable)]
    value: Option<Vec<u8>>,
}

// The condition is decoded before the value: it can only see earlier fields.
#[derive(WireDecode, WireEncode)]
struct Later {
    #[wire(len = if *flags != 0 { u16 } else { u8 })]
    value: Vec<u8>,
    flags: u8,
}

// Without any prefix in its branches, an `if` is an ordinary length expression.
#[derive(WireDecode, WireEncode)]
struct Computed {
    wide: bool,
    #[wire(len = if *wide { 4 } else { 2 })]
    value: Vec<u8>,
}

fn main() {}

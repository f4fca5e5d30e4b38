use wire_runtime::{WireDecode, WireEncode};

// `+ N` after a prefix type means "the prefix holds the length plus N"; after a field it would
// mean the opposite, so it is refused with both spellings.
#[derive(WireDecode, WireEncode)]
struct Frame {
    size: u8,
    #[wire(len = size + 2)]
    body: Vec<u8>,
}

#[derive(WireDecode, WireEncode)]
#[wire(ctx(n: u16))]
struct Counted {
    #[wire(count = *n + 1)]
    items: Vec<u8>,
}

fn main() {}

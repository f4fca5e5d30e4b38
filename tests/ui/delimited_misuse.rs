use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Misuse<'a> {
    // A terminator ends a byte string, not an integer.
    #[wire(until = 0)]
    number: u32,
    // A width holds a byte string, not a struct.
    #[wire(width = 8)]
    inner: Inner,
    // An empty terminator ends nothing; a byte is 0 to 255.
    #[wire(until = b"")]
    empty: &'a [u8],
    #[wire(width = 4, pad_with = 256)]
    wide_pad: &'a str,
    // `max_len` bounds bytes, not elements.
    #[wire(until = |item| *item == 0, max_len = 4)]
    items: Vec<u16>,
}

#[derive(WireDecode, WireEncode)]
struct Inner {
    a: u8,
}

#[derive(WireDecode, WireEncode)]
struct Keys<'a> {
    // Each of these goes with another key.
    #[wire(len = u8, max_len = 4)]
    bounded: &'a str,
    #[wire(len = u8, pad_with = b' ')]
    padded: &'a str,
    // A terminated value has no length prefix too; a fixed width no terminator.
    #[wire(until = 0, len = u8)]
    both: &'a str,
    #[wire(until = 0, width = 8)]
    twice: &'a str,
    #[wire(align = 4, optional)]
    tail: u8,
}

fn main() {}

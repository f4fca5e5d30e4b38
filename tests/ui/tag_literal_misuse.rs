use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(tag = u16)]
enum Command {
    // A char is not a byte: `b'Q'` is.
    #[wire(tag = 'Q')]
    Query,
    #[wire(tag = "P")]
    Parse,
    // A byte string holds exactly the tag's bytes.
    #[wire(tag = b"XYZ")]
    Three,
    #[wire(tag = b'S')]
    Sync,
}

#[derive(WireDecode, WireEncode)]
#[wire(tag = vbi)]
enum Varying {
    // A varint tag has no fixed bytes.
    #[wire(tag = b"AB")]
    Two,
}

fn main() {}

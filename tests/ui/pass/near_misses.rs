//! Valid inputs that sit next to compile errors of `tests/ui/`: each must still compile.
use wire_runtime::{int::Vbi, WireDecode, WireEncode, decode};

// An `Option` without `if` as the last field; others with `if` or a nullable prefix.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Options {
    flags: u8,
    #[wire(if = *flags != 0)]
    id: Option<u16>,
    #[wire(len = i16, nullable)]
    name: Option<String>,
    trailer: Option<u32>,
}

// A discriminant equal to the tag, and one instead of the tag.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(tag = i8)]
enum Signed {
    #[wire(tag = 1)]
    One = 1,
    Two = 2,
}

// A fieldless enum in a bit range, a one-bit bool, a byte-wide u8, the last bit of a u64.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(tag = u8)]
enum QoS {
    #[wire(tag = 0)]
    AtMostOnce,
    #[wire(tag = 1)]
    AtLeastOnce,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(bits = u64, uncovered = zero)]
struct Word {
    #[wire(bits = 0..2)]
    qos: QoS,
    #[wire(bit = 2)]
    retain: bool,
    #[wire(bits = 8..16)]
    kind: u8,
    #[wire(bits = 16..=63)]
    rest: u64,
}

// Lengths from integer fields; a context named unlike every field.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx(version: u8))]
struct Lengths {
    n: Vbi,
    #[wire(count = n.0)]
    items: Vec<u16>,
    body_len: u32,
    #[wire(len = body_len)]
    body: Vec<u8>,
    #[wire(if = version > 1)]
    extra: Option<u8>,
}

// The largest tag that fits 4 tag bits; a composite tag given by tuples and a constant.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8, tag_bits = 4..8)]
enum Nibble {
    #[wire(tag = 15)]
    Last,
}

const OPEN: (u16, u16) = (1, 1);

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag(key: u16, version: u16))]
enum Command {
    #[wire(tag = OPEN)]
    Open,
    #[wire(tag = (2, 1), magic = b"\xca\xfe")]
    Close,
    #[wire(other)]
    Unknown(u16, u16),
}

fn main() {
    let o: Options = decode(&[1, 0, 7, 0xff, 0xff]).unwrap();
    assert_eq!(
        o,
        Options {
            flags: 1,
            id: Some(7),
            name: None,
            trailer: None
        }
    );
    assert_eq!(decode::<Signed>(&[2]).unwrap(), Signed::Two);
    assert_eq!(decode::<Nibble>(&[0xf0]).unwrap(), Nibble::Last);
    assert_eq!(decode::<Command>(&[0, 1, 0, 1]).unwrap(), Command::Open);
    assert!(decode::<Word>(&[0; 8]).is_ok());
    let _ = <Lengths as wire_runtime::DecodeWith<'_, u8>>::decode_with;
}

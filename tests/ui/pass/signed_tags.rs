// A fieldless enum with a signed tag and a negative variant tag compiles (it is not a
// `BitField`, since bit ranges hold unsigned values).
use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = i8)]
enum Signed {
    #[wire(tag = -1)]
    Minus,
    #[wire(tag = 1)]
    Plus,
}

fn main() {
    assert_eq!(wire_runtime::decode::<Signed>(&[0xff]).unwrap(), Signed::Minus);
    assert_eq!(Signed::Plus.encode_to_vec().unwrap(), [1]);
}

use wire_runtime::{len::Tristate, WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Markers<'a> {
    // A marker is a negative integer.
    #[wire(len = i32, nullable = 1)]
    positive: Option<&'a [u8]>,
    #[wire(len = i32, nullable = null)]
    word: Option<&'a [u8]>,
    // `not_set` needs `nullable`, a different marker, and a `Tristate` field.
    #[wire(len = i32, not_set = -2)]
    alone: Option<&'a [u8]>,
    #[wire(len = i32, nullable, not_set = -1)]
    same: Tristate<&'a [u8]>,
    #[wire(len = i32, nullable, not_set = -2)]
    not_tristate: Option<&'a [u8]>,
    #[wire(len = u16, nullable = negative)]
    unsigned: Option<&'a [u8]>,
}

fn main() {}

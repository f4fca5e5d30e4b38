use wire_runtime::{checksum::Crc32, WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Misuse<'a> {
    #[wire(len = u8)]
    data: &'a [u8],
    // `over` names fields; a range is closed; a checksum is an integer.
    #[wire(checksum = Crc32, over = missing)]
    unknown: u32,
    #[wire(checksum = Crc32, over = data..unknown)]
    half_open: u32,
    #[wire(checksum = Crc32, over = data)]
    not_integer: [u8; 4],
}

#[derive(WireDecode, WireEncode)]
struct Alone {
    // A checksum covers something, and needs `over`.
    #[wire(checksum = Crc32)]
    crc: u32,
    #[wire(over = crc)]
    stray: u8,
    #[wire(checksum = Crc32, over = twice)]
    twice: u32,
}

#[derive(WireDecode, WireEncode)]
struct OwnBytes<'a> {
    #[wire(len = u8)]
    data: &'a [u8],
    // Bytes of the checksum field's own would not be summed alike on both sides.
    #[wire(checksum = Crc32, over = .., pad_before = 2)]
    crc: u32,
}

/// A type that is not a checksum algorithm.
#[derive(Default)]
struct NotAnAlgorithm;

#[derive(WireDecode, WireEncode)]
struct WrongAlgorithm<'a> {
    #[wire(len = u8)]
    data: &'a [u8],
    #[wire(checksum = NotAnAlgorithm, over = data)]
    crc: u32,
}

#[derive(WireDecode, WireEncode)]
struct WrongWidth<'a> {
    #[wire(len = u8)]
    data: &'a [u8],
    #[wire(checksum = Crc32, over = data)]
    crc: u16,
}

fn main() {}

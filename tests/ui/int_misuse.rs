//! Misuse of odd-width integers and of `int`: each is an error where it is written.

use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Widths<'a> {
    #[wire(int = i24)]
    signed: i32,
    #[wire(int = vbi)]
    remaining: u32,
    #[wire(int = u24)]
    text: &'a str,
    #[wire(int = u24)]
    short: u16,
    #[wire(int = u32)]
    same: u32,
    #[wire(int = u24)]
    many: Vec<u32>,
    #[wire(int = u24, len = u8)]
    both: u32,
    #[wire(len = i24)]
    signed_prefix: Vec<u8>,
}

#[derive(WireDecode, WireEncode)]
#[wire(tag = i48)]
enum SignedTag {
    #[wire(tag = 1)]
    One,
}

#[derive(WireDecode, WireEncode)]
#[wire(tag = u24)]
enum TooBig {
    #[wire(tag = 0x1000000)]
    Big,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8)]
struct Word {
    #[wire(bits = 0..8, int = u24)]
    all: u8,
}

fn main() {}

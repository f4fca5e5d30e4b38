//! A `ctx_tag` enum may take more context after the tag: `(tag, version)` here.

use wire_runtime::{DecodeWith, Reader, WireDecode, WireEncode};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx_tag = u16, ctx(version: u16))]
enum Body {
    #[wire(tag = 1)]
    Ping {
        #[wire(if = version >= 2)]
        nonce: Option<u32>,
    },
}

fn main() {
    let mut r = Reader::new(&[0, 0, 0, 7]);
    let body = Body::decode_with(&mut r, (1, 2)).unwrap();
    assert_eq!(body, Body::Ping { nonce: Some(7) });
    let mut r = Reader::new(&[]);
    assert_eq!(Body::decode_with(&mut r, (1, 1)).unwrap(), Body::Ping { nonce: None });
}

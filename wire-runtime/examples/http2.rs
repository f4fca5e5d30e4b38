//! HTTP/2 (RFC 9113): the client connection preface of section 3.4, as published, followed by
//! the frames a client sends first (SETTINGS, WINDOW_UPDATE, a PING), laid out as in sections
//! 4.1, 6.5, 6.7 and 6.9.
//!
//! The frame header holds a 24-bit length, then the type: the payload enum takes the type as
//! its tag from the header (`ctx_tag`) and the flags and stream id as context, so that
//! variants can check them.
//!
//! Run with `cargo run --example http2 -p wire-runtime`.

use wire_runtime::{Reader, WireDecode, WireEncode};

/// Section 3.4: the 24 octets a client sends first.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(magic = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")]
struct Preface;

/// Section 4.1: the 9-octet header and the payload.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Frame {
    #[wire(int = u24)]
    length: u32,
    #[wire(fill = payload.wire_tag())]
    kind: u8,
    flags: u8,
    /// The reserved high bit is not part of the id.
    #[wire(validate = if *stream_id >> 31 == 0 { Ok(()) } else { Err("reserved bit set") })]
    stream_id: u32,
    #[wire(len = length, ctx = (*kind, *flags, *stream_id))]
    payload: Payload,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx_tag = u8, ctx(flags: u8, stream_id: u32))]
enum Payload {
    /// Section 6.5: identifier/value pairs; an ACK (flag 0x1) carries none.
    #[wire(
        tag = 0x4,
        validate = if flags & 1 != 0 && !settings.is_empty() {
            Err("SETTINGS with ACK must be empty")
        } else {
            Ok(())
        }
    )]
    Settings {
        #[wire(rest)]
        settings: Vec<Setting>,
    },
    /// Section 6.7: eight opaque octets, on stream 0 only.
    #[wire(tag = 0x6, validate = if stream_id == 0 { Ok(()) } else { Err("PING on a stream") })]
    Ping { opaque: [u8; 8] },
    /// Section 6.9: a 31-bit increment.
    #[wire(tag = 0x8)]
    WindowUpdate { increment: u32 },
    #[wire(other)]
    Unknown(u8, #[wire(rest)] Vec<u8>),
}

/// One SETTINGS parameter.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Setting {
    id: u16,
    value: u32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let frames = [
        Frame {
            length: 0,
            kind: 0,
            flags: 0,
            stream_id: 0,
            payload: Payload::Settings {
                settings: vec![
                    // SETTINGS_MAX_CONCURRENT_STREAMS = 100, SETTINGS_INITIAL_WINDOW_SIZE.
                    Setting {
                        id: 0x3,
                        value: 100,
                    },
                    Setting {
                        id: 0x4,
                        value: 65_535,
                    },
                ],
            },
        },
        Frame {
            length: 0,
            kind: 0,
            flags: 0,
            stream_id: 0,
            payload: Payload::WindowUpdate {
                increment: 15_663_105,
            },
        },
        Frame {
            length: 0,
            kind: 0,
            flags: 0,
            stream_id: 0,
            payload: Payload::Ping {
                opaque: *b"wire-ex\0",
            },
        },
    ];
    // What a client writes: the preface, then its frames.
    let mut stream = Preface.encode_to_vec()?;
    assert_eq!(&stream[..], b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    for frame in &frames {
        frame.encode(&mut stream)?;
    }

    // What a server reads.
    let mut r = Reader::new(&stream);
    Preface::decode(&mut r)?;
    println!("preface ({} octets)", r.offset());
    while !r.is_empty() {
        let at = r.offset();
        let frame = Frame::decode(&mut r)?;
        // Round trip: the frame encodes to the bytes it was read from.
        assert_eq!(frame.encode_to_vec()?, &stream[at..r.offset()]);
        println!(
            "type {:#x}, {} octets: {:?}",
            frame.kind, frame.length, frame.payload
        );
    }
    // The filled-in header: SETTINGS, 12 octets on stream 0.
    let settings = frames[0].encode_to_vec()?;
    assert_eq!(&settings[..9], [0, 0, 12, 0x4, 0, 0, 0, 0, 0]);
    Ok(())
}

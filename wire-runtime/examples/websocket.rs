//! WebSocket frames (RFC 6455, section 5.2), decoding the example frames of section 5.7.
//!
//! The first 16 bits are drawn MSB first in the RFC, so the header word says `msb0`; the
//! extended payload length (16 or 64 bits) and the masking key are present depending on fields
//! of that word, and the payload length is computed from whichever applies.
//!
//! Run with `cargo run --example websocket -p wire-runtime`.

use wire_runtime::{WireDecode, WireEncode, decode};

/// The first two bytes: FIN, RSV1-3, opcode, MASK and the 7-bit payload length.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u16, msb0)]
struct Head {
    #[wire(bit = 0)]
    fin: bool,
    #[wire(bits = 1..4)]
    rsv: u8,
    #[wire(bits = 4..8)]
    opcode: u8,
    #[wire(bit = 8)]
    masked: bool,
    #[wire(bits = 9..16)]
    len7: u8,
}

/// A whole frame.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Frame {
    head: Head,
    #[wire(if = head.len7 == 126)]
    len16: Option<u16>,
    #[wire(if = head.len7 == 127)]
    len64: Option<u64>,
    #[wire(if = head.masked)]
    mask: Option<[u8; 4]>,
    #[wire(len = payload_len(head, len16, len64))]
    payload: Vec<u8>,
}

/// Section 5.2: 0-125 in the head, then 16 or 64 bits for longer payloads. `None` (a 64-bit
/// length beyond the address space) is malformed.
fn payload_len(head: &Head, len16: &Option<u16>, len64: &Option<u64>) -> Option<usize> {
    match head.len7 {
        126 => len16.map(usize::from),
        127 => len64.and_then(|len| usize::try_from(len).ok()),
        short => Some(usize::from(short)),
    }
}

impl Frame {
    /// The application data, unmasked (section 5.3).
    fn data(&self) -> Vec<u8> {
        match self.mask {
            Some(key) => self
                .payload
                .iter()
                .zip(key.iter().cycle())
                .map(|(b, k)| b ^ k)
                .collect(),
            None => self.payload.clone(),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut binary_256 = vec![0x82, 0x7e, 0x01, 0x00];
    binary_256.extend([0x42; 256]);
    let mut binary_64k = vec![0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0];
    binary_64k.extend(vec![0x42; 65536]);
    // Section 5.7, in order.
    let examples: [(&str, Vec<u8>); 7] = [
        (
            "single-frame unmasked text",
            vec![0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f],
        ),
        (
            "single-frame masked text",
            vec![
                0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58,
            ],
        ),
        ("fragmented text, first", vec![0x01, 0x03, 0x48, 0x65, 0x6c]),
        ("fragmented text, last", vec![0x80, 0x02, 0x6c, 0x6f]),
        (
            "unmasked ping",
            vec![0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f],
        ),
        ("256-byte binary", binary_256),
        ("64 KiB binary", binary_64k),
    ];
    for (name, bytes) in &examples {
        let frame: Frame = decode(bytes)?;
        // Round trip: the same bytes come back.
        assert_eq!(&frame.encode_to_vec()?, bytes, "{name}");
        let data = frame.data();
        let shown = match frame.head.opcode {
            0x0..=0x1 | 0x9 => format!("{:?}", String::from_utf8_lossy(&data)),
            _ => format!("{} bytes", data.len()),
        };
        println!(
            "{name:28} fin={} opcode={:#x} masked={} {shown}",
            frame.head.fin, frame.head.opcode, frame.head.masked
        );
    }
    let masked: Frame = decode(&examples[1].1)?;
    assert_eq!(masked.data(), b"Hello");
    Ok(())
}

//! The frames of the seed projects' own Go benchmarks (`../shared/notes/go-seeds.md`), built
//! from their descriptions.

/// paho.golang's small frame: an MQTT 5.0 PUBACK, packet id 0... as the benchmark has it: 6 bytes
/// `40 04 00 00 00 00` (reason 0x00, property length 0). Packet id 0 is a protocol error, so we
/// decode the same layout with packet id 1 (`40 04 00 01 00 00`): same bytes, same work.
pub fn paho_puback() -> Vec<u8> {
    vec![0x40, 0x04, 0x00, 0x01, 0x00, 0x00]
}

/// paho.golang's large frame: an MQTT 5.0 AUTH of 1039 bytes, reason 0x19 (re-authenticate),
/// properties Authentication Method "foo" and 1024 bytes of Authentication Data 0x7b.
pub fn paho_auth() -> Vec<u8> {
    let mut frame = vec![
        0xf0, 0x8c, 0x08, 0x19, 0x89, 0x08, 0x15, 0x00, 0x03, b'f', b'o', b'o', 0x16, 0x04, 0x00,
    ];
    frame.extend(std::iter::repeat_n(0x7b, 1024));
    assert_eq!(frame.len(), 1039);
    frame
}

/// Decodes every packet of a byte stream (frames back to back), framing included: find each
/// packet's length from its fixed header, then decode it borrowed. Returns the packets seen.
#[inline(never)]
pub fn decode_stream_wire(mut stream: &[u8]) -> usize {
    use wire_protocols::mqtt::{self, Version};
    let mut packets = 0;
    while let Ok(Some(len)) = mqtt::frame_len(stream, 1 << 20) {
        let (frame, rest) = stream.split_at(len);
        // Read in place, as the other benches do (see `benches/mqtt.rs`).
        let decoded = mqtt::decode(frame, Version::V5);
        std::hint::black_box(&decoded.as_ref().expect("valid packet").0);
        packets += 1;
        stream = rest;
    }
    packets
}

/// paho.golang's `ReadPacket` contract, reproduced: read one packet from a `std::io::Read` (the
/// fixed header byte and the remaining length a byte at a time, then the rest into a buffer
/// allocated for it, as Go's `ReadPacket` makes one per packet), decode it, and go through every
/// property (Go unpacks them into the packet's fields). Returns the properties seen.
#[inline(never)]
pub fn read_packet_wire(r: &mut impl std::io::Read) -> std::io::Result<usize> {
    use std::io::{Error, ErrorKind};
    use wire_protocols::mqtt::{self, Packet, Version};
    let mut header = [0u8; 5];
    r.read_exact(&mut header[..1])?;
    let mut n = 1;
    loop {
        r.read_exact(&mut header[n..n + 1])?;
        n += 1;
        if header[n - 1] & 0x80 == 0 || n == header.len() {
            break;
        }
    }
    let (remaining, _) = wire_runtime::decode_prefix::<wire_runtime::int::Vbi>(&header[1..n])
        .map_err(|e| Error::new(ErrorKind::InvalidData, e))?;
    let mut packet = vec![0; n + remaining.0 as usize];
    packet[..n].copy_from_slice(&header[..n]);
    r.read_exact(&mut packet[n..])?;
    let (decoded, _) =
        mqtt::decode(&packet, Version::V5).map_err(|e| Error::new(ErrorKind::InvalidData, e))?;
    let properties = match &decoded {
        Packet::PubAck { ack, .. } => Some(&ack.properties),
        Packet::Auth { auth, .. } => Some(&auth.properties),
        _ => None,
    };
    let mut seen = 0;
    for property in properties.into_iter().flat_map(|p| p.iter()) {
        std::hint::black_box(&property);
        seen += 1;
    }
    Ok(seen)
}

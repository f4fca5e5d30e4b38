//! Checksum fields (issue 16): a CRC-32 before 4 KiB of data (RabbitMQ Stream's chunk
//! layout), a CRC-32 after what it covers (a PNG chunk) and the Internet checksum over an IPv4
//! header, derived and by hand over the same bytes. Entry points are out of line.

use bytes::BufMut;
use wire_runtime::{WireDecode, WireEncode, checksum::Crc32, checksum::InternetChecksum, decode};

/// The CRC before the data it covers.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
pub struct CrcChunk<'a> {
    pub epoch: u64,
    #[wire(checksum = Crc32, over = data)]
    pub crc: u32,
    pub data_length: u32,
    #[wire(len = data_length)]
    pub data: &'a [u8],
}

/// The CRC after what it covers.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
pub struct PngChunk<'a> {
    pub length: u32,
    pub kind: [u8; 4],
    #[wire(len = length)]
    pub data: &'a [u8],
    #[wire(checksum = Crc32, over = kind..=data)]
    pub crc: u32,
}

/// An IPv4 header, its checksum over the whole header read with the checksum as zero.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Ipv4Header {
    pub version_ihl: u8,
    pub tos: u8,
    pub total_length: u16,
    pub identification: u16,
    pub flags_fragment: u16,
    pub ttl: u8,
    pub protocol: u8,
    #[wire(checksum = InternetChecksum, over = ..)]
    pub checksum: u16,
    pub source: [u8; 4],
    pub destination: [u8; 4],
}

#[inline(never)]
pub fn crc_chunk_decode_wire(bytes: &[u8]) -> Option<CrcChunk<'_>> {
    decode(bytes).ok()
}

#[inline(never)]
pub fn crc_chunk_encode_wire(chunk: &CrcChunk<'_>, out: &mut Vec<u8>) {
    chunk.encode(out).expect("encodable");
}

#[inline(never)]
pub fn png_chunk_encode_wire(chunk: &PngChunk<'_>, out: &mut Vec<u8>) {
    chunk.encode(out).expect("encodable");
}

#[inline(never)]
pub fn ipv4_encode_wire(header: &Ipv4Header, out: &mut Vec<u8>) {
    header.encode(out).expect("encodable");
}

#[inline(never)]
pub fn ipv4_decode_wire(bytes: &[u8]) -> Option<Ipv4Header> {
    decode(bytes).ok()
}

/// The same by hand: the same checks, crc32fast for the CRC.
pub mod hand {
    use super::*;

    #[inline(never)]
    pub fn crc_chunk_decode(bytes: &[u8]) -> Option<CrcChunk<'_>> {
        let head: &[u8; 16] = bytes.get(..16)?.try_into().ok()?;
        let epoch = u64::from_be_bytes(head[..8].try_into().ok()?);
        let crc = u32::from_be_bytes(head[8..12].try_into().ok()?);
        let data_length = u32::from_be_bytes(head[12..16].try_into().ok()?);
        let data = bytes.get(16..16 + data_length as usize)?;
        (bytes.len() == 16 + data.len() && crc32fast::hash(data) == crc).then_some(CrcChunk {
            epoch,
            crc,
            data_length,
            data,
        })
    }

    #[inline(never)]
    pub fn crc_chunk_encode(chunk: &CrcChunk<'_>, out: &mut Vec<u8>) {
        out.put_u64(chunk.epoch);
        out.put_u32(crc32fast::hash(chunk.data));
        out.put_u32(u32::try_from(chunk.data.len()).expect("fits"));
        out.put_slice(chunk.data);
    }

    #[inline(never)]
    pub fn png_chunk_encode(chunk: &PngChunk<'_>, out: &mut Vec<u8>) {
        out.put_u32(u32::try_from(chunk.data.len()).expect("fits"));
        out.put_slice(&chunk.kind);
        out.put_slice(chunk.data);
        let mut crc = crc32fast::Hasher::new();
        crc.update(&chunk.kind);
        crc.update(chunk.data);
        out.put_u32(crc.finalize());
    }

    fn internet_checksum(bytes: &[u8]) -> u16 {
        let mut sum: u32 = bytes
            .chunks(2)
            .map(|w| u32::from(u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)])))
            .sum();
        while sum >> 16 != 0 {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        !(sum as u16)
    }

    fn header_bytes(h: &Ipv4Header, checksum: u16) -> [u8; 20] {
        let mut b = [0u8; 20];
        b[0] = h.version_ihl;
        b[1] = h.tos;
        b[2..4].copy_from_slice(&h.total_length.to_be_bytes());
        b[4..6].copy_from_slice(&h.identification.to_be_bytes());
        b[6..8].copy_from_slice(&h.flags_fragment.to_be_bytes());
        b[8] = h.ttl;
        b[9] = h.protocol;
        b[10..12].copy_from_slice(&checksum.to_be_bytes());
        b[12..16].copy_from_slice(&h.source);
        b[16..20].copy_from_slice(&h.destination);
        b
    }

    #[inline(never)]
    pub fn ipv4_encode(header: &Ipv4Header, out: &mut Vec<u8>) {
        let zeroed = header_bytes(header, 0);
        out.put_slice(&header_bytes(header, internet_checksum(&zeroed)));
    }

    #[inline(never)]
    pub fn ipv4_decode(bytes: &[u8]) -> Option<Ipv4Header> {
        let b: &[u8; 20] = bytes.try_into().ok()?;
        let mut zeroed = *b;
        zeroed[10..12].fill(0);
        let checksum = u16::from_be_bytes([b[10], b[11]]);
        (internet_checksum(&zeroed) == checksum).then(|| Ipv4Header {
            version_ihl: b[0],
            tos: b[1],
            total_length: u16::from_be_bytes([b[2], b[3]]),
            identification: u16::from_be_bytes([b[4], b[5]]),
            flags_fragment: u16::from_be_bytes([b[6], b[7]]),
            ttl: b[8],
            protocol: b[9],
            checksum,
            source: b[12..16].try_into().expect("4 bytes"),
            destination: b[16..20].try_into().expect("4 bytes"),
        })
    }
}

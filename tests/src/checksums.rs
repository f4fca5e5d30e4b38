//! Derived types with checksum fields (issue 16, item 4), from public formats: a PNG chunk
//! (CRC-32 after what it covers), a Stream-like chunk (CRC-32 before its data), an IPv4 header
//! (the Internet checksum over the whole header, itself read as zero), and a RocketMQ-style
//! signed body CRC from an algorithm of the user's. Tests: `tests/tests/checksums.rs`.

use wire_runtime::{
    WireDecode, WireEncode, checksum::Checksum, checksum::Crc32, checksum::InternetChecksum,
};

/// A PNG chunk (PNG specification, section 5.3): the CRC covers the type and the data.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct PngChunk<'a> {
    pub length: u32,
    pub kind: [u8; 4],
    #[wire(len = length)]
    pub data: &'a [u8],
    #[wire(checksum = Crc32, over = kind..=data)]
    pub crc: u32,
}

/// A chunk whose CRC comes before the data it covers, as RabbitMQ Stream's does.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct CrcFirst<'a> {
    pub epoch: u64,
    #[wire(checksum = Crc32, over = data)]
    pub crc: u32,
    pub data_length: u32,
    #[wire(len = data_length)]
    pub data: &'a [u8],
}

/// A CRC before typed fields: encode writes them to a scratch buffer first.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct CrcBeforeTyped {
    #[wire(checksum = Crc32, over = id..=values)]
    pub crc: u32,
    pub id: u16,
    #[wire(count = u8)]
    pub values: Vec<u16>,
    pub tail: u8,
}

/// The IPv4 header without options (RFC 791, section 3.1; checksum per RFC 1071).
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

/// RocketMQ's body CRC: CRC-32 masked to 31 bits, stored as a signed `int`.
#[derive(Default, Debug)]
pub struct RocketMqCrc(Crc32);

impl Checksum for RocketMqCrc {
    type Output = i32;

    fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    fn finish(self) -> i32 {
        (self.0.finish() & 0x7fff_ffff) as i32
    }
}

/// A message with a RocketMQ-style body CRC over a `rest` body.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct CrcMessage<'a> {
    pub queue_id: i32,
    #[wire(checksum = RocketMqCrc, over = body)]
    pub body_crc: i32,
    #[wire(rest)]
    pub body: &'a [u8],
}

//! Layouts a user of wire would declare for protocols that `wire-protocols` does not cover,
//! written against the public API only.

use wire_runtime::{WireDecode, WireEncode};

/// The DNS header's flags word (RFC 1035, section 4.1.1), bit 0 the most significant.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u16, msb0)]
pub struct DnsFlags {
    /// Query (false) or response (true).
    #[wire(bit = 0)]
    pub qr: bool,
    /// Kind of query.
    #[wire(bits = 1..5)]
    pub opcode: u8,
    /// AA, TC, RD, RA, Z, AD, CD: kept as they are.
    #[wire(other_bits)]
    pub rest: u16,
    /// Response code.
    #[wire(bits = 12..16)]
    pub rcode: u8,
}

/// A DNS question: the name as length-prefixed labels ended by an empty one, type and class.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Question<'a> {
    /// The labels, without the empty one that ends them.
    #[wire(until = |label: &Label<'_>| label.0.is_empty())]
    pub labels: Vec<Label<'a>>,
    /// QTYPE.
    pub qtype: u16,
    /// QCLASS.
    pub qclass: u16,
}

/// One label of a domain name.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Label<'a>(#[wire(len = u8)] pub &'a [u8]);

/// A DNS message with questions only: the counts are filled in on encode.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Query<'a> {
    /// Matches a response to its query.
    pub id: u16,
    /// The flags word.
    pub flags: DnsFlags,
    /// QDCOUNT, filled in from `questions`.
    pub qdcount: u16,
    /// ANCOUNT, NSCOUNT and ARCOUNT: zero in a query.
    #[wire(validate = if *others == [0; 6] { Ok(()) } else { Err("a query has only questions") })]
    pub others: [u8; 6],
    /// The questions.
    #[wire(count = qdcount)]
    pub questions: Vec<Question<'a>>,
}

/// A type-length-value option with a catch-all for unknown types, as TCP and DHCP options are
/// laid out.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u8)]
pub enum TcpOption<'a> {
    /// End of the option list.
    #[wire(tag = 0)]
    End,
    /// Padding between options.
    #[wire(tag = 1)]
    Nop,
    /// Maximum segment size.
    #[wire(tag = 2, magic = [4])]
    Mss(u16),
    /// Any other kind: its length counts the kind and length bytes.
    #[wire(other)]
    Unknown(u8, #[wire(len = u8 + 2)] &'a [u8]),
}

/// A request with a size prefix, a nullable string and a counted array of counted arrays, as
/// Kafka's older request versions lay them out.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Request {
    /// The size of everything after it.
    #[wire(rest_len)]
    pub size: u32,
    /// Which API.
    pub api_key: i16,
    /// The client's name, or null (-1).
    #[wire(len = i16, nullable)]
    pub client_id: Option<String>,
    /// Partitions per topic.
    #[wire(count = i32, item(count = i32))]
    pub partitions: Vec<Vec<i32>>,
}

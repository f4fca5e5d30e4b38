//! Derived types for issue 16's layouts, each from a public protocol or format: terminated
//! strings (PostgreSQL's messages, Redis's RESP lines), fixed-width text (the POSIX ustar
//! header, the ISO 9660 volume descriptor) and alignment (XDR, RFC 4506). Tests:
//! `tests/tests/delimited.rs`.

use wire_runtime::{WireDecode, WireEncode};

/// PostgreSQL frontend messages (protocol 3.0, "Message Formats"): a type byte, an `Int32`
/// length counting itself and the body, then the body; strings end with a NUL.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u8)]
pub enum PgFrontend<'a> {
    /// Simple query.
    #[wire(tag = b'Q')]
    Query {
        #[wire(rest_len, inclusive)]
        len: u32,
        #[wire(until = 0)]
        sql: &'a str,
    },
    /// Extended query: prepare a statement.
    #[wire(tag = b'P')]
    Parse {
        #[wire(rest_len, inclusive)]
        len: u32,
        #[wire(until = 0)]
        statement: &'a str,
        #[wire(until = 0)]
        query: String,
        #[wire(count = u16)]
        param_types: Vec<u32>,
    },
}

/// PostgreSQL's ParameterStatus backend message ('S'): two C strings.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(magic = b"S")]
pub struct PgParameterStatus<'a> {
    #[wire(rest_len, inclusive)]
    pub len: u32,
    #[wire(until = 0)]
    pub name: &'a str,
    #[wire(until = b'\0')]
    pub value: Vec<u8>,
}

/// Redis's RESP2 simple replies: a type byte, then a line ended by CRLF.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u8)]
pub enum Resp<'a> {
    #[wire(tag = b'+')]
    Simple(#[wire(until = b"\r\n")] &'a str),
    #[wire(tag = b'-')]
    Error(#[wire(until = b"\r\n")] &'a str),
}

/// An IRC line (RFC 2812, section 2.3): at most 512 bytes with its CRLF.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct IrcLine<'a> {
    #[wire(until = b"\r\n", max_len = 512)]
    pub line: &'a str,
}

/// The POSIX ustar header (pax, "ustar Interchange Format"): 512 bytes of NUL-padded text
/// fields, numbers written in octal.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct UstarHeader<'a> {
    #[wire(width = 100)]
    pub name: &'a str,
    #[wire(width = 8)]
    pub mode: &'a str,
    #[wire(width = 8)]
    pub uid: &'a str,
    #[wire(width = 8)]
    pub gid: &'a str,
    #[wire(width = 12)]
    pub size: &'a str,
    #[wire(width = 12)]
    pub mtime: &'a str,
    /// Six digits, a NUL and a space by tradition: the byte after the NUL is not checked.
    #[wire(width = 8, padding = ignore)]
    pub chksum: &'a str,
    pub typeflag: u8,
    #[wire(width = 100)]
    pub linkname: &'a str,
    #[wire(magic = b"ustar\0")]
    pub version: [u8; 2],
    #[wire(width = 32)]
    pub uname: &'a str,
    #[wire(width = 32)]
    pub gname: &'a str,
    #[wire(width = 8)]
    pub devmajor: &'a str,
    #[wire(width = 8)]
    pub devminor: &'a str,
    #[wire(width = 155, pad_after = 12)]
    pub prefix: &'a str,
}

/// The start of an ISO 9660 primary volume descriptor (ECMA-119, section 8.4): identifiers
/// padded with spaces.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct VolumeDescriptor<'a> {
    pub kind: u8,
    #[wire(magic = b"CD001")]
    pub version: u8,
    #[wire(pad_before = 1, width = 32, pad_with = b' ')]
    pub system_id: &'a str,
    #[wire(width = 32, pad_with = b' ')]
    pub volume_id: String,
}

/// RFC 4506 (XDR), section 7: the example file, every string and opaque padded to 4 bytes.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct XdrFile<'a> {
    #[wire(len = u32, align = 4)]
    pub filename: &'a str,
    pub kind: XdrFileType<'a>,
    #[wire(len = u32, align = 4)]
    pub owner: &'a str,
    #[wire(len = u32, align = 4)]
    pub data: Vec<u8>,
}

/// The union `filetype`, switched on `filekind`.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(tag = u32)]
pub enum XdrFileType<'a> {
    #[wire(tag = 0)]
    Text,
    #[wire(tag = 1)]
    Data {
        #[wire(len = u32, align = 4)]
        creator: &'a str,
    },
    #[wire(tag = 2)]
    Exec {
        #[wire(len = u32, align = 4)]
        interpreter: &'a str,
    },
}

/// Alignment without checking: the fill bytes are read as anything.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(magic = b"M")]
pub struct LenientAlign {
    pub tag: u8,
    #[wire(len = u8, align = 8, padding = ignore)]
    pub data: Vec<u8>,
    pub after: u16,
}

/// A DNS name (RFC 1035, section 3.1): labels, each a length and its bytes, ended by the
/// zero-length root label (a sentinel, not kept).
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct DnsName<'a> {
    #[wire(until = Label { text: b"" })]
    pub labels: Vec<Label<'a>>,
}

/// One DNS label.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Label<'a> {
    #[wire(len = u8)]
    pub text: &'a [u8],
}

/// A run of MIDI-style 7-bit groups ended by the element without its high bit (deku's
/// `until`): the element that ends the sequence is kept.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Groups {
    #[wire(until = |group: &u8| group & 0x80 == 0)]
    pub groups: Vec<u8>,
    #[wire(until = |word| *word == 0)]
    pub words: Vec<u16>,
}

/// A list of 16-bit ids ended by a zero id, as C arrays end with a zero entry.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct ZeroEnded {
    #[wire(until = 0)]
    pub ids: Vec<u16>,
}

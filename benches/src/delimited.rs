//! Issue 16's layouts: a NUL-terminated string, the XDR example file (RFC 4506, section 7,
//! strings padded to 4 bytes) and the POSIX ustar header (NUL-padded fixed-width text), each
//! derived and written by hand over the same bytes. Entry points are out of line, as in
//! `entry.rs`.

use bytes::BufMut;
use wire_runtime::{WireDecode, WireEncode, decode};

/// A C string: the bytes before the first NUL.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
pub struct CString<'a> {
    #[wire(until = 0)]
    pub text: &'a [u8],
}

/// RFC 4506's example file: every string and opaque padded to a multiple of 4 bytes.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
pub struct XdrFile<'a> {
    #[wire(len = u32, align = 4)]
    pub filename: &'a str,
    pub kind: u32,
    #[wire(len = u32, align = 4)]
    pub interpreter: &'a str,
    #[wire(len = u32, align = 4)]
    pub owner: &'a str,
    #[wire(len = u32, align = 4)]
    pub data: &'a [u8],
}

/// The text fields of a ustar header that a tar reader looks at (the rest is the same work).
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
pub struct Ustar<'a> {
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
    #[wire(width = 8, padding = ignore)]
    pub chksum: &'a str,
    pub typeflag: u8,
    #[wire(width = 100)]
    pub linkname: &'a str,
    #[wire(width = 6)]
    pub magic: &'a str,
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

/// The sample values.
pub fn xdr_sample() -> XdrFile<'static> {
    XdrFile {
        filename: "sillyprog",
        kind: 2,
        interpreter: "lisp",
        owner: "john",
        data: b"(quit)",
    }
}

/// A ustar header of a regular file, as GNU tar writes one (the checksum's NUL and space).
pub fn ustar_sample() -> Vec<u8> {
    let mut header = vec![0u8; 512];
    let mut put = |at: usize, bytes: &[u8]| header[at..at + bytes.len()].copy_from_slice(bytes);
    put(0, b"src/wire-runtime/src/terminated.rs");
    put(100, b"0000644\0");
    put(108, b"0001750\0");
    put(116, b"0001750\0");
    put(124, b"00000010744\0");
    put(136, b"14567134272\0");
    put(148, b"011744\0 ");
    put(156, b"0");
    put(257, b"ustar\x0000");
    put(265, b"builder");
    put(297, b"builder");
    header
}

#[inline(never)]
pub fn cstring_wire(bytes: &[u8]) -> Option<&[u8]> {
    decode::<CString<'_>>(bytes).ok().map(|c| c.text)
}

#[inline(never)]
pub fn cstring_hand(bytes: &[u8]) -> Option<&[u8]> {
    let end = memchr::memchr(0, bytes)?;
    (end + 1 == bytes.len()).then(|| &bytes[..end])
}

#[inline(never)]
pub fn xdr_decode_wire(bytes: &[u8]) -> Option<XdrFile<'_>> {
    decode(bytes).ok()
}

#[inline(never)]
pub fn xdr_encode_wire(file: &XdrFile<'_>, out: &mut Vec<u8>) {
    file.encode(out).expect("encodable");
}

#[inline(never)]
pub fn ustar_decode_wire(bytes: &[u8]) -> Option<Ustar<'_>> {
    decode(bytes).ok()
}

/// The same layouts by hand over `bytes`: the same checks (zero fill, UTF-8, NUL padding).
pub mod hand {
    use super::*;

    fn opaque<'a>(bytes: &'a [u8], at: &mut usize) -> Option<&'a [u8]> {
        let len = u32::from_be_bytes(bytes.get(*at..*at + 4)?.try_into().ok()?) as usize;
        let start = *at + 4;
        let padded = start.checked_add(len)?.checked_add(3)? & !3;
        let value = bytes.get(start..start + len)?;
        if bytes.get(start + len..padded)?.iter().any(|b| *b != 0) {
            return None;
        }
        *at = padded;
        Some(value)
    }

    fn string<'a>(bytes: &'a [u8], at: &mut usize) -> Option<&'a str> {
        crate::utf8(opaque(bytes, at)?)
    }

    #[inline(never)]
    pub fn xdr_decode(bytes: &[u8]) -> Option<XdrFile<'_>> {
        let mut at = 0;
        let filename = string(bytes, &mut at)?;
        let kind = u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?);
        at += 4;
        let interpreter = string(bytes, &mut at)?;
        let owner = string(bytes, &mut at)?;
        let data = opaque(bytes, &mut at)?;
        (at == bytes.len()).then_some(XdrFile {
            filename,
            kind,
            interpreter,
            owner,
            data,
        })
    }

    fn put_opaque(out: &mut Vec<u8>, value: &[u8]) {
        out.put_u32(u32::try_from(value.len()).expect("fits"));
        out.put_slice(value);
        out.put_bytes(0, (4 - value.len() % 4) % 4);
    }

    #[inline(never)]
    pub fn xdr_encode(file: &XdrFile<'_>, out: &mut Vec<u8>) {
        put_opaque(out, file.filename.as_bytes());
        out.put_u32(file.kind);
        put_opaque(out, file.interpreter.as_bytes());
        put_opaque(out, file.owner.as_bytes());
        put_opaque(out, file.data);
    }

    /// A NUL-padded text field: the bytes before the first NUL, NULs after it when `checked`
    /// (all of them OR-ed together, which vectorises; `any` stops at the first and does not).
    fn text(region: &[u8], checked: bool) -> Option<&str> {
        let end = memchr::memchr(0, region).unwrap_or(region.len());
        if checked && region[end..].iter().fold(0, |any, b| any | b) != 0 {
            return None;
        }
        crate::utf8(&region[..end])
    }

    #[inline(never)]
    pub fn ustar_decode(bytes: &[u8]) -> Option<Ustar<'_>> {
        let header: &[u8; 512] = bytes.try_into().ok()?;
        let field = |from: usize, to: usize| text(&header[from..to], true);
        if header[500..].iter().fold(0, |any, b| any | b) != 0 {
            return None;
        }
        Some(Ustar {
            name: field(0, 100)?,
            mode: field(100, 108)?,
            uid: field(108, 116)?,
            gid: field(116, 124)?,
            size: field(124, 136)?,
            mtime: field(136, 148)?,
            chksum: text(&header[148..156], false)?,
            typeflag: header[156],
            linkname: field(157, 257)?,
            magic: field(257, 263)?,
            version: header[263..265].try_into().ok()?,
            uname: field(265, 297)?,
            gname: field(297, 329)?,
            devmajor: field(329, 337)?,
            devminor: field(337, 345)?,
            prefix: field(345, 500)?,
        })
    }
}

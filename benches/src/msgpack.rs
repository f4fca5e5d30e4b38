//! msgpack writes in the shape of Apache Ignite 3's `ClientMessagePackerBenchmark`: two ints,
//! a 44-character string, a UUID as extension type 3, and a small request of four values.
//!
//! Every layout has a derived (or runtime-writer) form and a hand-written one that produce the
//! same bytes; `benches/msgpack.rs` checks both against `rmp` before timing.

use bytes::BufMut;
use wire_runtime::{WireDecode, WireEncode};

/// packInt body: `packInt(10); packInt(Integer.MAX_VALUE)`.
pub const INTS: (i32, i32) = (10, i32::MAX);
/// packString body (44 ASCII characters).
pub const STRING: &str = "The quick brown fox jumps over the lazy dog.";

/// A UUID as Ignite writes it inside its extension: the two halves little-endian.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Eq, Clone, Copy)]
#[wire(le)]
pub struct Uuid {
    pub msb: u64,
    pub lsb: u64,
}

/// A UUID as one msgpack value: fixext 16, type 3, then [`Uuid`]'s 16 bytes.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Eq, Clone, Copy)]
#[wire(msgpack)]
pub struct UuidValue {
    #[wire(ext = 3)]
    pub id: Uuid,
}

/// Four msgpack values in a row, no enclosing array (Ignite's message layout):
/// an int, a long, a string and a 16-byte id as bin 8.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Eq, Clone)]
#[wire(msgpack)]
pub struct Request {
    pub op: i32,
    pub req_id: i64,
    pub name: String,
    #[wire(with = bin16)]
    pub id: [u8; 16],
}

/// A `[u8; 16]` as msgpack bin 8 (`c4 10` and the bytes).
pub mod bin16 {
    use bytes::BufMut;
    use wire_runtime::{DecodeError, EncodeError, ErrorKind, Reader, msgpack};

    pub fn decode(r: &mut Reader<'_>) -> Result<[u8; 16], DecodeError> {
        let at = r.offset();
        let data = msgpack::read_bin(r)?;
        data.try_into()
            .map_err(|_| DecodeError::new(ErrorKind::InvalidValue("expected 16 bytes of bin"), at))
    }

    #[inline]
    pub fn encode<B: BufMut + ?Sized>(id: &[u8; 16], buf: &mut B) -> Result<(), EncodeError> {
        msgpack::write_bin(buf, id)
    }

    #[inline]
    pub fn encoded_len(_: &[u8; 16]) -> usize {
        msgpack::bin_size(16)
    }
}

pub fn sample_uuid() -> Uuid {
    Uuid {
        msb: 0x0123_4567_89ab_cdef,
        lsb: 0xfedc_ba98_7654_3210,
    }
}

/// `{op: 3, req_id: 123456789, name: "TestTable1", id: 0x00..0xff in steps of 17}`.
pub fn sample_request() -> Request {
    Request {
        op: 3,
        req_id: 123_456_789,
        name: "TestTable1".to_string(),
        id: std::array::from_fn(|i| (i * 17) as u8),
    }
}

/// Hand-written writers: each value's smallest form built on the stack and appended with one
/// `put_slice` (a `Vec::extend_from_slice`); the request reserves its whole size first.
pub mod hand {
    use super::*;

    /// The smallest msgpack form of an `i64` (as msgpack-java's `packLong`).
    #[inline]
    pub fn put_int(out: &mut Vec<u8>, v: i64) {
        if (-32..128).contains(&v) {
            out.put_u8(v as u8);
        } else if v >= 0 {
            if v <= 0xff {
                out.put_slice(&[0xcc, v as u8]);
            } else if v <= 0xffff {
                let b = (v as u16).to_be_bytes();
                out.put_slice(&[0xcd, b[0], b[1]]);
            } else if v <= 0xffff_ffff {
                let b = (v as u32).to_be_bytes();
                out.put_slice(&[0xce, b[0], b[1], b[2], b[3]]);
            } else {
                let b = v.to_be_bytes();
                out.put_slice(&[0xcf, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            }
        } else if v >= -0x80 {
            out.put_slice(&[0xd0, v as u8]);
        } else if v >= -0x8000 {
            let b = (v as i16).to_be_bytes();
            out.put_slice(&[0xd1, b[0], b[1]]);
        } else if v >= -0x8000_0000 {
            let b = (v as i32).to_be_bytes();
            out.put_slice(&[0xd2, b[0], b[1], b[2], b[3]]);
        } else {
            let b = v.to_be_bytes();
            out.put_slice(&[0xd3, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// The smallest msgpack form of an `i32` (as msgpack-java's `packInt`): no 64-bit forms to
    /// test for.
    #[inline]
    pub fn put_i32(out: &mut Vec<u8>, v: i32) {
        if (-32..128).contains(&v) {
            out.put_u8(v as u8);
        } else if v >= 0 {
            if v <= 0xff {
                out.put_slice(&[0xcc, v as u8]);
            } else if v <= 0xffff {
                let b = (v as u16).to_be_bytes();
                out.put_slice(&[0xcd, b[0], b[1]]);
            } else {
                let b = v.to_be_bytes();
                out.put_slice(&[0xce, b[0], b[1], b[2], b[3]]);
            }
        } else if v >= -0x80 {
            out.put_slice(&[0xd0, v as u8]);
        } else if v >= -0x8000 {
            let b = (v as i16).to_be_bytes();
            out.put_slice(&[0xd1, b[0], b[1]]);
        } else {
            let b = v.to_be_bytes();
            out.put_slice(&[0xd2, b[0], b[1], b[2], b[3]]);
        }
    }

    /// fixstr, str 8/16/32, then the bytes.
    #[inline]
    pub fn put_str(out: &mut Vec<u8>, s: &str) {
        let n = s.len();
        if n < 32 {
            out.put_u8(0xa0 | n as u8);
        } else if n <= 0xff {
            out.put_slice(&[0xd9, n as u8]);
        } else if n <= 0xffff {
            let b = (n as u16).to_be_bytes();
            out.put_slice(&[0xda, b[0], b[1]]);
        } else {
            let b = u32::try_from(n).expect("string fits str 32").to_be_bytes();
            out.put_slice(&[0xdb, b[0], b[1], b[2], b[3]]);
        }
        out.put_slice(s.as_bytes());
    }

    #[inline]
    pub fn pack_int(a: i32, b: i32, out: &mut Vec<u8>) {
        put_i32(out, a);
        put_i32(out, b);
    }

    #[inline]
    pub fn pack_string(s: &str, out: &mut Vec<u8>) {
        put_str(out, s);
    }

    #[inline]
    pub fn pack_uuid(id: &Uuid, out: &mut Vec<u8>) {
        let mut ext = [0u8; 18];
        ext[0] = 0xd8;
        ext[1] = 3;
        ext[2..10].copy_from_slice(&id.msb.to_le_bytes());
        ext[10..].copy_from_slice(&id.lsb.to_le_bytes());
        out.put_slice(&ext);
    }

    #[inline]
    pub fn pack_struct(req: &Request, out: &mut Vec<u8>) {
        out.reserve(9 + 9 + 5 + req.name.len() + 18);
        put_i32(out, req.op);
        put_int(out, req.req_id);
        put_str(out, &req.name);
        let mut bin = [0u8; 18];
        bin[0] = 0xc4;
        bin[1] = 16;
        bin[2..].copy_from_slice(&req.id);
        out.put_slice(&bin);
    }
}

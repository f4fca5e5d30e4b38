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
    use wire_runtime::{DecodeError, DecodeErrorKind, EncodeError, Reader, msgpack};

    pub fn decode(r: &mut Reader<'_>) -> Result<[u8; 16], DecodeError> {
        let at = r.offset();
        let data = msgpack::read_bin(r)?;
        data.try_into().map_err(|_| {
            DecodeError::new(
                DecodeErrorKind::InvalidValue("expected 16 bytes of bin"),
                at,
            )
        })
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
    use wire_protocols::ignite::{Table, TablesGetResponse};

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

    /// A msgpack integer of any width, as `i64` (`None` for another family or too short).
    #[inline]
    fn get_int(input: &mut &[u8]) -> Option<i64> {
        let (&m, rest) = input.split_first()?;
        *input = rest;
        fn be<const N: usize>(input: &mut &[u8]) -> Option<[u8; N]> {
            let (head, rest) = input.split_first_chunk::<N>()?;
            *input = rest;
            Some(*head)
        }
        Some(match m {
            0x00..=0x7f => i64::from(m),
            0xe0..=0xff => i64::from(m as i8),
            0xcc => i64::from(be::<1>(input)?[0]),
            0xcd => i64::from(u16::from_be_bytes(be(input)?)),
            0xce => i64::from(u32::from_be_bytes(be(input)?)),
            0xcf => i64::try_from(u64::from_be_bytes(be(input)?)).ok()?,
            0xd0 => i64::from(be::<1>(input)?[0] as i8),
            0xd1 => i64::from(i16::from_be_bytes(be(input)?)),
            0xd2 => i64::from(i32::from_be_bytes(be(input)?)),
            0xd3 => i64::from_be_bytes(be(input)?),
            _ => return None,
        })
    }

    /// A msgpack string of any width, borrowed and checked to be UTF-8.
    #[inline]
    fn get_str<'a>(input: &mut &'a [u8]) -> Option<&'a str> {
        let (&m, rest) = input.split_first()?;
        *input = rest;
        // The length and the bytes it took.
        let (n, width) = match m {
            0xa0..=0xbf => (usize::from(m & 0x1f), 0),
            0xd9 => (usize::from(*input.first()?), 1),
            0xda => (usize::from(u16::from_be_bytes(*input.first_chunk()?)), 2),
            0xdb => (u32::from_be_bytes(*input.first_chunk()?) as usize, 4),
            _ => return None,
        };
        let (text, rest) = input.get(width..)?.split_at_checked(n)?;
        *input = rest;
        if text.is_ascii() {
            // SAFETY: ASCII is UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(text) })
        } else {
            std::str::from_utf8(text).ok()
        }
    }

    /// The TABLES_GET payload: an integer count, then `id name` per table. The count is
    /// believed only as far as bytes follow it (each table takes at least two).
    pub fn decode_tables(mut input: &[u8]) -> Option<TablesGetResponse<'_>> {
        let count = usize::try_from(get_int(&mut input)?).ok()?;
        if count > input.len() / 2 {
            return None;
        }
        let mut tables = Vec::with_capacity(count);
        for _ in 0..count {
            let id = i32::try_from(get_int(&mut input)?).ok()?;
            let name = get_str(&mut input)?;
            tables.push(Table { id, name });
        }
        input.is_empty().then_some(TablesGetResponse { tables })
    }
}

//! RocketMQ remoting binary header (the ROCKETMQ serialize type) with a small extFields map.

use bytes::BufMut;
use wire_runtime::{WireDecode, WireEncode};

/// The derived layout.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Header<'a> {
    pub code: i16,
    pub language: u8,
    pub version: i16,
    pub opaque: i32,
    pub flag: i32,
    #[wire(len = i32, empty_is_none)]
    pub remark: Option<&'a str>,
    #[wire(len = i32, key(len = i16), value(len = i32))]
    pub ext_fields: Vec<(&'a str, &'a str)>,
}

/// A SEND_MESSAGE_V2-like request header with five extFields.
pub fn sample() -> Header<'static> {
    Header {
        code: 310,
        language: 12,
        version: 317,
        opaque: 4242,
        flag: 0,
        remark: None,
        ext_fields: vec![
            ("a", "ProducerGroupName"),
            ("b", "TopicTest"),
            ("d", "4"),
            ("e", "1"),
            ("i", "KEYS\u{1}order-7\u{2}TAGS\u{1}TagA\u{2}"),
        ],
    }
}

/// Hand-written decoder of the same layout.
pub mod hand {
    use super::*;

    #[inline]
    fn take<'a>(input: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        if n > input.len() {
            return None;
        }
        let (head, tail) = input.split_at(n);
        *input = tail;
        Some(head)
    }

    #[inline]
    fn len_i32(input: &mut &[u8]) -> Option<usize> {
        let (head, tail) = input.split_first_chunk::<4>()?;
        *input = tail;
        usize::try_from(i32::from_be_bytes(*head)).ok()
    }

    #[inline(never)]
    pub fn decode(mut input: &[u8]) -> Option<Header<'_>> {
        let (fixed, rest) = input.split_first_chunk::<13>()?;
        input = rest;
        let code = i16::from_be_bytes([fixed[0], fixed[1]]);
        let language = fixed[2];
        let version = i16::from_be_bytes([fixed[3], fixed[4]]);
        let opaque = i32::from_be_bytes([fixed[5], fixed[6], fixed[7], fixed[8]]);
        let flag = i32::from_be_bytes([fixed[9], fixed[10], fixed[11], fixed[12]]);
        let remark_len = len_i32(&mut input)?;
        let remark = match remark_len {
            0 => None,
            n => Some(crate::utf8(take(&mut input, n)?)?),
        };
        let ext_len = len_i32(&mut input)?;
        let mut ext = take(&mut input, ext_len)?;
        let mut ext_fields = Vec::with_capacity(ext.len().min(8));
        while !ext.is_empty() {
            let (klen, tail) = ext.split_first_chunk::<2>()?;
            ext = tail;
            let klen = usize::try_from(i16::from_be_bytes(*klen)).ok()?;
            let key = crate::utf8(take(&mut ext, klen)?)?;
            let vlen = len_i32(&mut ext)?;
            let value = crate::utf8(take(&mut ext, vlen)?)?;
            ext_fields.push((key, value));
        }
        if !input.is_empty() {
            return None;
        }
        Some(Header {
            code,
            language,
            version,
            opaque,
            flag,
            remark,
            ext_fields,
        })
    }

    #[inline(never)]
    pub fn encode(h: &Header<'_>, out: &mut Vec<u8>) {
        let ext_len: usize = h
            .ext_fields
            .iter()
            .map(|(k, v)| 6 + k.len() + v.len())
            .sum();
        let remark = h.remark.unwrap_or("");
        out.reserve(13 + 8 + remark.len() + ext_len);
        out.put_i16(h.code);
        out.put_u8(h.language);
        out.put_i16(h.version);
        out.put_i32(h.opaque);
        out.put_i32(h.flag);
        out.put_i32(remark.len() as i32);
        out.put_slice(remark.as_bytes());
        out.put_i32(ext_len as i32);
        for (k, v) in &h.ext_fields {
            out.put_i16(k.len() as i16);
            out.put_slice(k.as_bytes());
            out.put_i32(v.len() as i32);
            out.put_slice(v.as_bytes());
        }
    }
}

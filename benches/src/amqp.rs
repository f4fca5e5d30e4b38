//! A Deliver chunk of AMQP 1.0 messages, each read as a consumer reads it: body, message id
//! and application properties. `wire` decodes every record's message with
//! `wire_protocols::amqp` (validating all of it), taking the application properties in the
//! pass that validates them (`Record::message_with`); `hand` is a careful hand-written parser
//! of the same messages with the same checks, in one pass.

use crate::stream::hand::each_record;
use wire_protocols::amqp::{Message, MessageId, Value};
use wire_protocols::stream::{self, Command};
use wire_runtime::WireEncode;

/// An application property's value, as the consumer reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Prop<'a> {
    /// A string.
    Str(&'a str),
    /// An int or long.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// Any other type.
    Other,
}

/// What a consumer does with each message: its application properties, then the message.
pub trait Visit<'a> {
    /// One application property.
    fn property(&mut self, name: &'a str, value: Prop<'a>);
    /// The message at `offset`: its string message id and its (first data section's) body.
    fn message(&mut self, offset: u64, id: Option<&'a str>, body: &'a [u8]);
}

/// Folds everything read into a number (what the timing loops keep).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Fold(pub u64);

impl<'a> Visit<'a> for Fold {
    #[inline]
    fn property(&mut self, name: &'a str, value: Prop<'a>) {
        let v = match value {
            Prop::Str(s) => s.len() as u64,
            Prop::Int(n) => n as u64,
            Prop::Bool(b) => u64::from(b),
            Prop::Other => 7,
        };
        self.0 = self.0.wrapping_add(name.len() as u64 ^ v);
    }

    #[inline]
    fn message(&mut self, offset: u64, id: Option<&'a str>, body: &'a [u8]) {
        let id = id.map_or(0, |s| s.len() as u64);
        let first = body.first().copied().unwrap_or(0) as u64;
        self.0 = self
            .0
            .wrapping_add(offset ^ id)
            .wrapping_add(body.len() as u64 + first);
    }
}

/// Each body copied into an owned `Vec` (the peer crate's contract), the rest folded.
#[derive(Debug, Default)]
pub struct Owned {
    /// The bodies, in order.
    pub bodies: Vec<Vec<u8>>,
    /// The rest, folded.
    pub fold: Fold,
}

impl<'a> Visit<'a> for Owned {
    #[inline]
    fn property(&mut self, name: &'a str, value: Prop<'a>) {
        self.fold.property(name, value);
    }

    #[inline]
    fn message(&mut self, offset: u64, id: Option<&'a str>, body: &'a [u8]) {
        self.fold.message(offset, id, &[]);
        self.bodies.push(body.to_vec());
    }
}

/// One message as read, owned: offset, id, body, properties (name and value as text).
pub type ReadMessage = (u64, Option<String>, Vec<u8>, Vec<(String, String)>);

/// Everything read, owned, properties sorted by name (for comparing implementations).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Read {
    /// Per message, in order.
    pub messages: Vec<ReadMessage>,
    pending: Vec<(String, String)>,
}

impl<'a> Visit<'a> for Read {
    fn property(&mut self, name: &'a str, value: Prop<'a>) {
        self.pending.push((name.to_owned(), format!("{value:?}")));
    }

    fn message(&mut self, offset: u64, id: Option<&'a str>, body: &'a [u8]) {
        let mut props = std::mem::take(&mut self.pending);
        props.sort();
        self.messages
            .push((offset, id.map(str::to_owned), body.to_vec(), props));
    }
}

/// Message `i`: message id and content type, three application properties, a body.
pub fn message(i: u64, body: &[u8]) -> Vec<u8> {
    let id = format!("msg-{i:08}");
    let source = format!("sensor-{}", i % 10);
    Message::builder()
        .message_id(id.as_str())
        .content_type("application/octet-stream")
        .application_property("source", source.as_str())
        .application_property("seq", 1_000_000 + i as i64)
        .application_property("priority", (i % 5) as i32)
        .body(body)
        .encode_to_vec()
        .expect("encodable")
}

/// A Deliver frame of `count` such messages with `body_len`-byte bodies.
pub fn deliver_frame(count: usize, body_len: usize) -> Vec<u8> {
    let records: Vec<Vec<u8>> = (0..count as u64)
        .map(|i| {
            let body: Vec<u8> = (0..body_len).map(|j| (i as usize + j) as u8).collect();
            message(i, &body)
        })
        .collect();
    crate::stream::deliver_frame(&records)
}

#[inline]
fn prop<'a>(value: Value<'a>) -> Prop<'a> {
    match value {
        Value::String(s) => Prop::Str(s),
        Value::Int(n) => Prop::Int(n.into()),
        Value::Long(n) => Prop::Int(n),
        Value::Bool(b) => Prop::Bool(b),
        _ => Prop::Other,
    }
}

/// wire: decodes the frame, then every record's message; reads body, id and properties.
#[inline]
pub fn wire<'a>(frame: &'a [u8], visit: &mut impl Visit<'a>) -> Option<()> {
    let Command::Deliver(deliver) = stream::decode_unverified(frame).ok()? else {
        return None;
    };
    for record in deliver.chunk.records() {
        let record = record.ok()?;
        let message = record
            .message_with(|name, value| visit.property(name, prop(value)))
            .ok()?;
        let id = match message.message_id() {
            Some(MessageId::String(s)) => Some(s),
            _ => None,
        };
        visit.message(record.offset, id, message.body.first_data()?);
    }
    Some(())
}

/// The same work by hand: one pass over each message with the checks wire makes.
#[inline]
pub fn hand<'a>(frame: &'a [u8], visit: &mut impl Visit<'a>) -> Option<()> {
    each_record(frame, false, |offset, record| {
        hand::message(offset, record, visit)
    })
    .map(|_| ())
}

pub mod hand {
    //! A hand-written AMQP 1.0 message parser for consumers: sections in order, properties'
    //! message id, application properties, the first data section; every other value skipped
    //! with its checks (UTF-8 strings, ASCII symbols, sizes and counts that agree, even map
    //! counts, field types), nesting bounded.
    use super::{Prop, Visit};

    const MAX_DEPTH: u32 = 128;

    #[inline(always)]
    fn u32_at(b: &[u8], at: usize) -> Option<u32> {
        Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
    }

    /// A variable-width value's length and where its bytes start (constructor at `at`).
    #[inline(always)]
    fn var(b: &[u8], at: usize, wide: bool) -> Option<(usize, usize)> {
        if wide {
            Some((u32_at(b, at + 1)? as usize, at + 5))
        } else {
            Some((*b.get(at + 1)? as usize, at + 2))
        }
    }

    /// A string at `at` (str8 or str32), checked UTF-8; returns it and the offset after it.
    #[inline(always)]
    fn string(b: &[u8], at: usize) -> Option<(&str, usize)> {
        let (len, start) = match *b.get(at)? {
            0xa1 => var(b, at, false)?,
            0xb1 => var(b, at, true)?,
            _ => return None,
        };
        let bytes = b.get(start..start.checked_add(len)?)?;
        Some((crate::utf8(bytes)?, start + len))
    }

    /// Skips the value at `at`, checking it; returns the offset after it.
    #[inline]
    fn skip(b: &[u8], at: usize, depth: u32) -> Option<usize> {
        skip_body(b, at + 1, *b.get(at)?, depth)
    }

    /// Skips what follows constructor `c` at `p` (an array's elements have no constructor
    /// of their own), checking it.
    fn skip_body(b: &[u8], p: usize, c: u8, depth: u32) -> Option<usize> {
        let fixed = |n: usize| (p + n <= b.len()).then_some(p + n);
        match c {
            0x40..=0x45 => Some(p),
            0x56 => (*b.get(p)? <= 1).then_some(p + 1),
            0x50..=0x55 => fixed(1),
            0x60 | 0x61 => fixed(2),
            0x70..=0x72 | 0x74 => fixed(4),
            0x73 => char::from_u32(u32_at(b, p)?).map(|_| p + 4),
            0x80..=0x84 => fixed(8),
            0x94 | 0x98 => fixed(16),
            0xa0 | 0xb0 | 0xa1 | 0xb1 | 0xa3 | 0xb3 => {
                let (len, start) = var(b, p - 1, c >> 4 == 0xb)?;
                let bytes = b.get(start..start.checked_add(len)?)?;
                match c & 0x0f {
                    1 => {
                        crate::utf8(bytes)?;
                    }
                    3 if !bytes.is_ascii() => return None,
                    _ => {}
                }
                Some(start + len)
            }
            0xc0 | 0xd0 | 0xc1 | 0xd1 => {
                let (end, count, mut q) = compound(b, p - 1)?;
                if c & 1 == 1 && count % 2 != 0 {
                    return None;
                }
                for _ in 0..count {
                    q = skip(&b[..end], q, depth.checked_sub(1)?)?;
                }
                (q == end).then_some(end)
            }
            0xe0 | 0xf0 => {
                let (end, count, mut q) = compound(b, p - 1)?;
                let inside = &b[..end];
                let mut element = *inside.get(q)?;
                q += 1;
                if element == 0x00 {
                    q = skip(inside, q, depth.checked_sub(1)?)?;
                    element = *inside.get(q)?;
                    q += 1;
                }
                if element >> 4 == 0x4 {
                    // Elements of no width: one check of the constructor covers them all.
                    q = skip_body(inside, q, element, depth)?;
                } else {
                    for _ in 0..count {
                        q = skip_body(inside, q, element, depth.checked_sub(1)?)?;
                    }
                }
                (q == end).then_some(end)
            }
            0x00 => {
                let descriptor = *b.get(p)?;
                if !matches!(descriptor, 0x44 | 0x53 | 0x80 | 0xa3 | 0xb3) {
                    return None;
                }
                let q = skip(b, p, depth.checked_sub(1)?)?;
                skip(b, q, depth.checked_sub(1)?)
            }
            _ => None,
        }
    }

    /// A list, map or array header whose constructor is at `at`: (end of contents, count,
    /// first item).
    #[inline(always)]
    fn compound(b: &[u8], at: usize) -> Option<(usize, u32, usize)> {
        if matches!(*b.get(at)? >> 4, 0xc | 0xe) {
            let size = *b.get(at + 1)? as usize;
            let end = at + 2 + size;
            (size >= 1 && end <= b.len()).then_some((end, *b.get(at + 2)? as u32, at + 3))
        } else {
            let size = u32_at(b, at + 1)? as usize;
            let end = (at + 5).checked_add(size)?;
            (size >= 4 && end <= b.len()).then_some((end, u32_at(b, at + 5)?, at + 9))
        }
    }

    /// Whether a property field's constructor is of the field's type (or null).
    #[inline(always)]
    fn field_type_ok(index: u32, c: u8) -> bool {
        match index {
            0 | 5 => matches!(
                c,
                0x40 | 0x44 | 0x53 | 0x80 | 0x98 | 0xa0 | 0xb0 | 0xa1 | 0xb1
            ),
            1 => matches!(c, 0x40 | 0xa0 | 0xb0),
            2 | 3 | 4 | 10 | 12 => matches!(c, 0x40 | 0xa1 | 0xb1),
            6 | 7 => matches!(c, 0x40 | 0xa3 | 0xb3 | 0xa1 | 0xb1),
            8 | 9 => matches!(c, 0x40 | 0x83),
            11 => matches!(c, 0x40 | 0x43 | 0x52 | 0x70),
            _ => false,
        }
    }

    /// An application property's value.
    #[inline(always)]
    fn property(b: &[u8], at: usize) -> Option<(Prop<'_>, usize)> {
        Some(match *b.get(at)? {
            0xa1 | 0xb1 => {
                let (s, next) = string(b, at)?;
                (Prop::Str(s), next)
            }
            0x54 => (Prop::Int(*b.get(at + 1)? as i8 as i64), at + 2),
            0x55 => (Prop::Int(*b.get(at + 1)? as i8 as i64), at + 2),
            0x71 => (Prop::Int(u32_at(b, at + 1)? as i32 as i64), at + 5),
            0x81 => {
                let v = u64::from_be_bytes(b.get(at + 1..at + 9)?.try_into().ok()?);
                (Prop::Int(v as i64), at + 9)
            }
            0x41 => (Prop::Bool(true), at + 1),
            0x42 => (Prop::Bool(false), at + 1),
            0xc0 | 0xd0 | 0xc1 | 0xd1 | 0xe0 | 0xf0 | 0x00 | 0x45 => return None,
            _ => (Prop::Other, skip(b, at, MAX_DEPTH)?),
        })
    }

    /// Parses one message and visits what a consumer reads.
    pub fn message<'a>(offset: u64, b: &'a [u8], visit: &mut impl Visit<'a>) -> Option<()> {
        let mut at = 0;
        let mut last = 0u8;
        let mut id = None;
        let mut body = None;
        while at < b.len() {
            // A section: 0x00, a numeric descriptor, the value.
            let (code, value) = match b.get(at..at + 3)? {
                [0x00, 0x53, code] => (*code, at + 3),
                [0x00, 0x80, ..] => {
                    let d = u64::from_be_bytes(b.get(at + 2..at + 10)?.try_into().ok()?);
                    (u8::try_from(d).ok()?, at + 10)
                }
                _ => return None,
            };
            if !(0x70..=0x78).contains(&code) || (code <= last && !(code == 0x75 && last == 0x75)) {
                return None;
            }
            if (0x75..=0x77).contains(&code) && (0x75..=0x77).contains(&last) && code != last {
                return None;
            }
            last = code;
            at = match code {
                0x73 => {
                    let c = *b.get(value)?;
                    if c == 0x45 {
                        value + 1
                    } else {
                        let (end, count, mut p) = compound(b, value)?;
                        if c & 1 == 1 || count > 13 {
                            return None;
                        }
                        for index in 0..count {
                            if !field_type_ok(index, *b.get(p)?) {
                                return None;
                            }
                            if index == 0 && matches!(b[p], 0xa1 | 0xb1) {
                                let (s, next) = string(b, p)?;
                                id = Some(s);
                                p = next;
                            } else {
                                p = skip(b, p, MAX_DEPTH)?;
                            }
                        }
                        (p == end).then_some(end)?
                    }
                }
                0x74 => {
                    let c = *b.get(value)?;
                    if c != 0xc1 && c != 0xd1 {
                        return None;
                    }
                    let (end, count, mut p) = compound(b, value)?;
                    if count % 2 != 0 {
                        return None;
                    }
                    for _ in 0..count / 2 {
                        let (name, next) = string(b, p)?;
                        let (value, next) = property(b, next)?;
                        visit.property(name, value);
                        p = next;
                    }
                    (p == end).then_some(end)?
                }
                0x75 => {
                    let (len, start) = match *b.get(value)? {
                        0xa0 => var(b, value, false)?,
                        0xb0 => var(b, value, true)?,
                        _ => return None,
                    };
                    let data = b.get(start..start.checked_add(len)?)?;
                    body.get_or_insert(data);
                    start + len
                }
                // The other sections, of the type each must hold (wire checks it): the
                // header and a sequence body are lists, annotations and the footer maps.
                _ => {
                    let c = *b.get(value)?;
                    let typed = match code {
                        0x70 | 0x76 => matches!(c, 0x45 | 0xc0 | 0xd0),
                        0x71 | 0x72 | 0x78 => matches!(c, 0xc1 | 0xd1),
                        _ => true,
                    };
                    if !typed {
                        return None;
                    }
                    skip(b, value, MAX_DEPTH)?
                }
            };
        }
        visit.message(offset, id, body?);
        Some(())
    }
}

/// wire's decode of every record's message, nothing read from it (for the probe: what reading
/// the message costs is `wire` less this).
#[inline(never)]
pub fn wire_decode_only(frame: &[u8]) -> Option<()> {
    let Command::Deliver(deliver) = stream::decode_unverified(frame).ok()? else {
        return None;
    };
    for record in deliver.chunk.records() {
        std::hint::black_box(record.ok()?.message().ok()?);
    }
    Some(())
}

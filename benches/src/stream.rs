//! RabbitMQ Stream workloads: a Deliver frame of 100 records iterated, a Publish batch of 100
//! messages encoded. `wire` uses `wire_protocols::stream`; `hand` is careful hand-written
//! `bytes`-style code for the same layouts.

use wire_protocols::stream::{self, Chunk, Command, Deliver, Entry, Publish, PublishedMessage};
use wire_runtime::WireEncode;

/// A record body as the usual clients publish it: an AMQP 1.0 data section around `body`.
pub fn amqp_data(body: &[u8]) -> Vec<u8> {
    let mut out = vec![0x00, 0x53, 0x75];
    if body.len() <= 255 {
        out.extend([0xa0, body.len() as u8]);
    } else {
        out.push(0xb0);
        out.extend((body.len() as u32).to_be_bytes());
    }
    out.extend_from_slice(body);
    out
}

/// `count` AMQP records whose bodies are `size` bytes.
pub fn records(count: usize, size: usize) -> Vec<Vec<u8>> {
    (0..count)
        .map(|i| amqp_data(&vec![(i % 251) as u8; size]))
        .collect()
}

/// A Deliver v1 frame with one simple entry per record, offsets from 1000.
pub fn deliver_frame(records: &[Vec<u8>]) -> Vec<u8> {
    let mut data = Vec::new();
    for r in records {
        Entry::simple(r).encode(&mut data).unwrap();
    }
    let n = records.len();
    let chunk = Chunk::new(&data, n as u16, n as u32, 1000, 1_700_000_000_000, 1);
    stream::encode(&Command::Deliver(Deliver {
        subscription_id: 1,
        chunk,
    }))
    .unwrap()
}

/// The Publish v1 command for `records`, publishing ids from 0.
pub fn publish(records: &[Vec<u8>]) -> Command<'_> {
    Command::Publish(Publish {
        publisher_id: 1,
        messages: records
            .iter()
            .enumerate()
            .map(|(i, r)| PublishedMessage {
                publishing_id: i as u64,
                entry: Entry::simple(r),
            })
            .collect(),
    })
}

/// The body of a record that is an AMQP 1.0 message of one data section (`0x00 0x53 0x75`,
/// then a `vbin8` or `vbin32`), as the peer crate's message parser reaches it. Until wire parses
/// AMQP messages itself, wire and hand share this, so that both do the peer's work of reaching
/// each body; anything else is `None`.
#[inline]
pub fn amqp_body(record: &[u8]) -> Option<&[u8]> {
    match record {
        [0x00, 0x53, 0x75, 0xa0, len, body @ ..] if body.len() == usize::from(*len) => Some(body),
        [0x00, 0x53, 0x75, 0xb0, a, b, c, d, body @ ..]
            if body.len() == u32::from_be_bytes([*a, *b, *c, *d]) as usize =>
        {
            Some(body)
        }
        _ => None,
    }
}

/// What a consumer does with each record in these benches: reach its message's body, count it
/// and its bytes, and keep the last offset, so that no record can be skipped.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Records seen.
    pub records: u64,
    /// Their bodies' bytes.
    pub bytes: u64,
    /// The last offset.
    pub last_offset: u64,
}

impl Tally {
    #[inline]
    fn add(&mut self, offset: u64, record: &[u8]) -> Option<()> {
        let body = amqp_body(record)?;
        self.records += 1;
        self.bytes += body.len() as u64;
        self.last_offset = offset;
        Some(())
    }
}

/// One record as the peer crate hands it out: its offset and its message's body, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedRecord {
    /// Its offset in the stream.
    pub offset: u64,
    /// The AMQP message's body, copied.
    pub body: Vec<u8>,
}

/// Decodes a Deliver frame with `wire` and visits every record; `verify` checks the CRC (the
/// derive's checksum field, verified while decoding).
pub fn wire_consume(frame: &[u8], verify: bool) -> Option<Tally> {
    let decoded = if verify {
        stream::decode(frame)
    } else {
        stream::decode_unverified(frame)
    };
    let Command::Deliver(deliver) = decoded.ok()? else {
        return None;
    };
    let mut tally = Tally::default();
    for record in deliver.chunk.records() {
        let record = record.ok()?;
        tally.add(record.offset, record.data)?;
    }
    Some(tally)
}

/// As [`wire_consume`], copying each body into an owned record (the peer crate's contract).
pub fn wire_consume_owned(frame: &[u8]) -> Option<Vec<OwnedRecord>> {
    let Command::Deliver(deliver) = stream::decode_unverified(frame).ok()? else {
        return None;
    };
    let mut out = Vec::new();
    for record in deliver.chunk.records() {
        let record = record.ok()?;
        let body = amqp_body(record.data)?.to_vec();
        out.push(OwnedRecord {
            offset: record.offset,
            body,
        });
    }
    Some(out)
}

/// Encodes a Publish batch with `wire`.
pub fn wire_publish(command: &Command<'_>, out: &mut Vec<u8>) {
    stream::encode_into(command, out).expect("encodable");
}

pub mod hand {
    //! The same workloads written by hand.
    use super::Tally;

    #[inline]
    fn u16_at(b: &[u8], at: usize) -> u16 {
        u16::from_be_bytes([b[at], b[at + 1]])
    }

    #[inline]
    fn u32_at(b: &[u8], at: usize) -> u32 {
        u32::from_be_bytes(b[at..at + 4].try_into().unwrap())
    }

    #[inline]
    fn u64_at(b: &[u8], at: usize) -> u64 {
        u64::from_be_bytes(b[at..at + 8].try_into().unwrap())
    }

    /// Parses a Deliver v1 frame and visits every record (simple entries and uncompressed
    /// sub-batches), with the same checks as the derived decoder: sizes, magic, exact fill,
    /// entry and record counts.
    pub fn consume(frame: &[u8], verify: bool) -> Option<Tally> {
        let mut tally = Tally::default();
        each_record(frame, verify, |offset, record| tally.add(offset, record))?;
        Some(tally)
    }

    /// As [`consume`], copying each body into an owned record.
    pub fn consume_owned(frame: &[u8]) -> Option<Vec<super::OwnedRecord>> {
        let mut out = Vec::new();
        each_record(frame, false, |offset, record| {
            let body = super::amqp_body(record)?.to_vec();
            out.push(super::OwnedRecord { offset, body });
            Some(())
        })?;
        Some(out)
    }

    /// Walks every record of a Deliver v1 frame; `None` if the frame is malformed or `visit`
    /// refuses a record.
    #[inline(always)]
    pub(crate) fn each_record<'a>(
        frame: &'a [u8],
        verify: bool,
        mut visit: impl FnMut(u64, &'a [u8]) -> Option<()>,
    ) -> Option<u32> {
        const HEADER: usize = 4 + 4 + 1 + 48;
        if frame.len() < HEADER || u32_at(frame, 0) as usize != frame.len() - 4 {
            return None;
        }
        if u16_at(frame, 4) != 8 || u16_at(frame, 6) != 1 || frame[9] >> 4 != 5 {
            return None;
        }
        let c = 9; // chunk header
        let num_entries = u16_at(frame, c + 2);
        let num_records = u32_at(frame, c + 4);
        let first_offset = u64_at(frame, c + 24);
        let crc = u32_at(frame, c + 32);
        let data_len = u32_at(frame, c + 36) as usize;
        let data = &frame[HEADER..];
        if data.len() != data_len {
            return None;
        }
        if verify && crc32fast::hash(data) != crc {
            return None;
        }
        let mut seen = 0u32;
        let mut offset = first_offset;
        let mut at = 0;
        for _ in 0..num_entries {
            if data.len() - at < 4 {
                return None;
            }
            if data[at] & 0x80 == 0 {
                let len = u32_at(data, at) as usize;
                let record = data.get(at + 4..at + 4 + len)?;
                visit(offset, record)?;
                seen += 1;
                offset += 1;
                at += 4 + len;
            } else {
                if data.len() - at < 11 || data[at] & 0x7f != 0 {
                    return None;
                }
                let count = u16_at(data, at + 1);
                let len = u32_at(data, at + 7) as usize;
                let batch = data.get(at + 11..at + 11 + len)?;
                let mut b = 0;
                for _ in 0..count {
                    if batch.len() - b < 4 {
                        return None;
                    }
                    let rlen = u32_at(batch, b) as usize;
                    visit(offset, batch.get(b + 4..b + 4 + rlen)?)?;
                    seen += 1;
                    offset += 1;
                    b += 4 + rlen;
                }
                if b != batch.len() {
                    return None;
                }
                at += 11 + len;
            }
        }
        (at == data.len() && seen == num_records).then_some(seen)
    }

    /// Writes a Publish v1 frame for `(publishing id, record)` pairs.
    pub fn publish(publisher_id: u8, messages: &[(u64, &[u8])], out: &mut Vec<u8>) {
        let size: usize =
            2 + 2 + 1 + 4 + messages.iter().map(|(_, r)| 8 + 4 + r.len()).sum::<usize>();
        out.reserve(size + 4);
        out.extend_from_slice(&(size as u32).to_be_bytes());
        out.extend_from_slice(&[0, 2, 0, 1, publisher_id]);
        out.extend_from_slice(&(messages.len() as u32).to_be_bytes());
        for (id, record) in messages {
            out.extend_from_slice(&id.to_be_bytes());
            out.extend_from_slice(&(record.len() as u32).to_be_bytes());
            out.extend_from_slice(record);
        }
    }
}

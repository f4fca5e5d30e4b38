//! RabbitMQ Stream osiris chunks, as Deliver carries them, and their record iteration.
//!
//! The input is decoded as a whole chunk (48-byte header and data section), and its tail (after
//! four bytes giving the entry and record counts) is also wrapped as the data section of a
//! chunk built with `Chunk::new`, so the fuzzer reaches the entry and record parsers without
//! having to spell out a header. For each chunk:
//!
//! - a chunk decoded without its CRC check encodes back to its bytes (the three reserved bytes
//!   after `bloom_size` are skipped on decode and written as zeros, the CRC is computed), and
//!   the verified decode succeeds exactly when the CRC matches;
//! - `records()` and `entries()` end after finitely many items, the first error ending them;
//! - when both succeed, the records are the entries' records flattened, with consecutive
//!   offsets, exactly `num_records` of them, and the entries encode back to the data section;
//! - compressed sub-batches decompress (gzip) to exactly their declared length, or fail.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wire_fuzz::check_error;
use wire_protocols::stream::{Chunk, Compression, Entry, SubBatchRecords};
use wire_runtime::{checksum::Checksum, checksum::Crc32, Reader, WireDecode, WireEncode};

fn exercise(chunk: &Chunk<'_>, input_len: usize) {
    let _ = chunk.verify_crc();
    let mut records = Vec::new();
    let mut records_ok = true;
    for (i, record) in chunk.records().enumerate() {
        assert!(i <= chunk.data.len(), "more records than bytes");
        match record {
            Ok(record) => records.push(record),
            Err(err) => {
                check_error(&err, input_len);
                records_ok = false;
            }
        }
    }
    let mut flattened = Vec::new();
    let mut data = Vec::new();
    let mut entries_ok = true;
    for (i, entry) in chunk.entries().enumerate() {
        assert!(i <= chunk.data.len(), "more entries than bytes");
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                check_error(&err, input_len);
                entries_ok = false;
                continue;
            }
        };
        entry.encode(&mut data).expect("a decoded entry encodes");
        match entry {
            Entry::Simple { data } => flattened.push(data),
            Entry::SubBatch(batch) => {
                match batch.records() {
                    Ok(iter) => {
                        for record in iter {
                            match record {
                                Ok(record) => flattened.push(record),
                                Err(_) => entries_ok = false,
                            }
                        }
                    }
                    Err(_) => entries_ok = false,
                }
                if let Ok(plain) = batch.decompress() {
                    // Uncompressed data is returned as it is, whatever the declared length.
                    if batch.compression() != Compression::None {
                        assert_eq!(plain.len(), batch.uncompressed_length as usize);
                    }
                    for record in SubBatchRecords::new(&plain, batch.record_count) {
                        if record.is_err() {
                            break;
                        }
                    }
                }
            }
        }
    }
    if entries_ok {
        assert_eq!(data, chunk.data, "entries re-encode to the data section");
    }
    if records_ok {
        assert_eq!(records.len() as u64, u64::from(chunk.num_records));
        let offsets = records.iter().map(|r| r.offset);
        let expected = (0..records.len() as u64).map(|i| chunk.chunk_first_offset.wrapping_add(i));
        assert!(offsets.eq(expected), "record offsets are consecutive");
        if entries_ok {
            let data: Vec<&[u8]> = records.iter().map(|r| r.data).collect();
            assert_eq!(data, flattened, "records are the entries' records");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // Decoded without the CRC check, so that the fuzzer gets past it; the verified decode
    // succeeds exactly when the unverified one does and the CRC matches.
    let mut r = Reader::new(data).without_checksums();
    let unverified = Chunk::decode(&mut r).and_then(|chunk| r.expect_end().map(|()| chunk));
    let verified_ok = wire_runtime::decode::<Chunk<'_>>(data).is_ok();
    let crc_ok = unverified.as_ref().is_ok_and(|chunk| chunk.verify_crc().is_ok());
    assert_eq!(verified_ok, crc_ok, "the checksum field and verify_crc disagree");
    match unverified {
        Ok(chunk) => {
            // Encode writes zeros for the reserved bytes and the CRC of the data.
            let mut canonical = data.to_vec();
            canonical[45..48].fill(0);
            canonical[32..36].copy_from_slice(&Crc32::of(&[chunk.data]).to_be_bytes());
            assert_eq!(
                chunk.encode_to_vec().expect("a decoded chunk encodes"),
                canonical
            );
            exercise(&chunk, data.len());
        }
        Err(err) => check_error(&err, data.len()),
    }
    if let [e0, e1, r0, r1, section @ ..] = data {
        let entries = u16::from_be_bytes([*e0, *e1]);
        let records = u32::from(u16::from_be_bytes([*r0, *r1]));
        exercise(
            &Chunk::new(section, entries, records, u64::MAX - 3, 0, 0),
            data.len(),
        );
    }
});

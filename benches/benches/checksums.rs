//! Issue 16: checksum fields against computing the same checksum by hand over the same bytes
//! (crc32fast; RFC 1071 by hand), in the same run, outputs compared before timing.

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use wire_benches::checksums::{self, CrcChunk, Ipv4Header, PngChunk, hand};
use wire_runtime::WireEncode;

fn crc_before_data(c: &mut Criterion) {
    let data: Vec<u8> = (0..4096u32).map(|i| (i * 31 % 251) as u8).collect();
    let chunk = CrcChunk {
        epoch: 9,
        crc: 0,
        data_length: 0,
        data: &data,
    };
    let bytes = chunk.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    hand::crc_chunk_encode(&chunk, &mut hand_bytes);
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    let decoded = checksums::crc_chunk_decode_wire(&bytes).expect("verifies");
    assert_eq!(Some(decoded), hand::crc_chunk_decode(&bytes));
    let mut group = common::Group::new(c, "crc_chunk_4096_decode");
    group.throughput(Throughput::Bytes(4096));
    group.bench_function("wire", |b| {
        b.iter(|| checksums::crc_chunk_decode_wire(black_box(&bytes)))
    });
    group.bench_function("hand", |b| {
        b.iter(|| hand::crc_chunk_decode(black_box(&bytes)))
    });
    group.finish();
    let out = std::cell::RefCell::new(Vec::with_capacity(8192));
    let mut group = common::Group::new(c, "crc_chunk_4096_encode");
    group.throughput(Throughput::Bytes(4096));
    common::encode_into(&mut group, "wire", &out, |out| {
        checksums::crc_chunk_encode_wire(black_box(&chunk), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        hand::crc_chunk_encode(black_box(&chunk), out)
    });
    group.finish();

    let png = PngChunk {
        length: 0,
        kind: *b"IDAT",
        data: &data,
        crc: 0,
    };
    let bytes = png.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    hand::png_chunk_encode(&png, &mut hand_bytes);
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    let mut group = common::Group::new(c, "png_chunk_4096_encode");
    group.throughput(Throughput::Bytes(4096));
    common::encode_into(&mut group, "wire", &out, |out| {
        checksums::png_chunk_encode_wire(black_box(&png), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        hand::png_chunk_encode(black_box(&png), out)
    });
    group.finish();
}

fn internet_checksum(c: &mut Criterion) {
    let header = Ipv4Header {
        version_ihl: 0x45,
        tos: 0,
        total_length: 0x73,
        identification: 0,
        flags_fragment: 0x4000,
        ttl: 64,
        protocol: 17,
        checksum: 0,
        source: [192, 168, 0, 1],
        destination: [192, 168, 0, 199],
    };
    let bytes = header.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    hand::ipv4_encode(&header, &mut hand_bytes);
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    assert_eq!(bytes[10..12], [0xb8, 0x61]);
    assert_eq!(
        checksums::ipv4_decode_wire(&bytes),
        hand::ipv4_decode(&bytes)
    );
    let mut group = common::Group::new(c, "ipv4_header_decode");
    group.bench_function("wire", |b| {
        b.iter(|| checksums::ipv4_decode_wire(black_box(&bytes)))
    });
    group.bench_function("hand", |b| b.iter(|| hand::ipv4_decode(black_box(&bytes))));
    group.finish();
    let out = std::cell::RefCell::new(Vec::with_capacity(64));
    let mut group = common::Group::new(c, "ipv4_header_encode");
    common::encode_into(&mut group, "wire", &out, |out| {
        checksums::ipv4_encode_wire(black_box(&header), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        hand::ipv4_encode(black_box(&header), out)
    });
    group.finish();
}

criterion_group! { name = benches; config = common::config(); targets = crc_before_data, internet_checksum }
criterion_main!(benches);

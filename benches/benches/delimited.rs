//! Issue 16: terminated strings, aligned XDR fields and fixed-width ustar text, derived
//! (`wire`) against hand-written code over the same bytes (`hand`, memchr for the scans), in
//! the same run, outputs compared before timing.

mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use wire_benches::delimited::{self, hand};
use wire_runtime::WireEncode;

fn cstrings(c: &mut Criterion) {
    for len in [16, 4096] {
        let mut bytes: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        bytes.push(0);
        assert_eq!(
            delimited::cstring_wire(&bytes),
            delimited::cstring_hand(&bytes)
        );
        assert_eq!(delimited::cstring_wire(&bytes).map(<[u8]>::len), Some(len));
        let mut group = common::Group::new(c, format!("cstring_{len}"));
        group.throughput(Throughput::Bytes(len as u64));
        group.bench_function("wire", |b| {
            b.iter(|| delimited::cstring_wire(black_box(&bytes)))
        });
        group.bench_function("hand", |b| {
            b.iter(|| delimited::cstring_hand(black_box(&bytes)))
        });
        group.finish();
    }
}

fn xdr(c: &mut Criterion) {
    let file = delimited::xdr_sample();
    let bytes = file.encode_to_vec().unwrap();
    let mut hand_bytes = Vec::new();
    hand::xdr_encode(&file, &mut hand_bytes);
    assert_eq!(bytes, hand_bytes, "hand and wire encoders disagree");
    assert_eq!(hand::xdr_decode(&bytes).as_ref(), Some(&file));
    assert_eq!(delimited::xdr_decode_wire(&bytes).as_ref(), Some(&file));
    let mut group = common::Group::new(c, "xdr_file_decode");
    group.bench_function("wire", |b| {
        b.iter(|| delimited::xdr_decode_wire(black_box(&bytes)))
    });
    group.bench_function("hand", |b| b.iter(|| hand::xdr_decode(black_box(&bytes))));
    group.finish();
    let out = std::cell::RefCell::new(Vec::with_capacity(64));
    let mut group = common::Group::new(c, "xdr_file_encode");
    common::encode_into(&mut group, "wire", &out, |out| {
        delimited::xdr_encode_wire(black_box(&file), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        hand::xdr_encode(black_box(&file), out)
    });
    group.finish();
}

fn ustar(c: &mut Criterion) {
    let bytes = delimited::ustar_sample();
    let wire = delimited::ustar_decode_wire(&bytes).expect("decodes");
    assert_eq!(Some(&wire), hand::ustar_decode(&bytes).as_ref());
    assert_eq!(wire.name, "src/wire-runtime/src/terminated.rs");
    let mut group = common::Group::new(c, "ustar_header_decode");
    group.bench_function("wire", |b| {
        b.iter(|| delimited::ustar_decode_wire(black_box(&bytes)))
    });
    group.bench_function("hand", |b| b.iter(|| hand::ustar_decode(black_box(&bytes))));
    group.finish();
}

criterion_group! { name = benches; config = common::config(); targets = cstrings, xdr, ustar }
criterion_main!(benches);

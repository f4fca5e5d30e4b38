//! msgpack writers: the runtime's writers and derived `#[wire(msgpack)]` types (`wire`) against
//! hand-written `bytes` code (`hand`), `rmp` 0.8 and `rmp-serde` 1.3, in the same run.
//! Benchmark ids are `<case>/<impl>`; `benches/ratios.py` prints the ratios.
//!
//! The bodies are Apache Ignite 3's `ClientMessagePackerBenchmark`: per op, a packer is created
//! over one reused buffer and writes `packInt(10); packInt(Integer.MAX_VALUE)` | the 44-character
//! `packString` | `packUuid` (fixext 16, type 3, both halves little-endian). Here every op clears
//! a `Vec<u8>` kept across ops and appends to it; the writer is the `&mut Vec<u8>` itself, and
//! rmp-serde's `Serializer` is constructed inside the op. Inputs are black-boxed, outputs too.
//! rmp-serde has the int and string bodies; it writes an extension such as the UUID only through
//! a reserved newtype name, so that body has no rmp-serde case.
//!
//! `msgpack_pack_struct` is `{op: i32 = 3, req_id: i64 = 123456789, name: "TestTable1", id:
//! [u8; 16]}`. What each writes:
//! * `wire`, `hand`, `rmp`: the four values in a row, no enclosing array (Ignite's message
//!   layout; `rmp` calls `write_sint`, `write_sint`, `write_str`, `write_bin`), 35 bytes:
//!   `03`, `ce 07 5b cd 15`, `aa "TestTable1"`, `c4 10` + the 16 id bytes;
//! * `rmp-serde`: the struct as a 4-element array (its default, compact form), with the id sent
//!   through `serialize_bytes` so that it is bin 8, 36 bytes: `94` then exactly the 35 bytes
//!   above. (Without `serialize_bytes`, serde sends `[u8; 16]` as a tuple and rmp-serde writes an
//!   array of 16 integers, `dc 00 10` then one byte each below 0x80 and `cc xx` above, 45 bytes
//!   in all for this id; that is a different message, not measured here.)

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use wire_benches::entry;
use wire_benches::msgpack::{self, Request};
use wire_runtime::decode;

/// The peers' timed functions: out of line like the ones in `wire_benches::entry` (which cannot
/// name dev-dependencies), with the same signatures.
mod peers {
    use rmp::encode::{self, RmpWrite};
    use serde::Serialize;
    use wire_benches::msgpack::{Request, Uuid};

    #[inline(never)]
    pub fn pack_int_rmp(a: i32, b: i32, out: &mut Vec<u8>) {
        encode::write_sint(out, a.into()).expect("writable");
        encode::write_sint(out, b.into()).expect("writable");
    }

    #[inline(never)]
    pub fn pack_string_rmp(s: &str, out: &mut Vec<u8>) {
        encode::write_str(out, s).expect("writable");
    }

    /// Ignite's packer over the buffer, for each op: here a serializer over the `Vec`.
    #[inline(never)]
    pub fn pack_int_rmp_serde(a: i32, b: i32, out: &mut Vec<u8>) {
        let mut packer = rmp_serde::Serializer::new(out);
        a.serialize(&mut packer).expect("serializable");
        b.serialize(&mut packer).expect("serializable");
    }

    #[inline(never)]
    pub fn pack_string_rmp_serde(s: &str, out: &mut Vec<u8>) {
        s.serialize(&mut rmp_serde::Serializer::new(out))
            .expect("serializable");
    }

    #[inline(never)]
    pub fn pack_uuid_rmp(id: &Uuid, out: &mut Vec<u8>) {
        encode::write_ext_meta(out, 16, 3).expect("writable");
        let mut data = [0u8; 16];
        data[..8].copy_from_slice(&id.msb.to_le_bytes());
        data[8..].copy_from_slice(&id.lsb.to_le_bytes());
        out.write_bytes(&data).expect("writable");
    }

    #[inline(never)]
    pub fn pack_struct_rmp(req: &Request, out: &mut Vec<u8>) {
        encode::write_sint(out, req.op.into()).expect("writable");
        encode::write_sint(out, req.req_id).expect("writable");
        encode::write_str(out, &req.name).expect("writable");
        encode::write_bin(out, &req.id).expect("writable");
    }

    /// serde's view of [`Request`] (a remote derive: the same fields, serialized in place).
    #[derive(serde::Serialize)]
    #[serde(remote = "Request")]
    struct RequestDef {
        op: i32,
        req_id: i64,
        name: String,
        #[serde(serialize_with = "as_bin")]
        id: [u8; 16],
    }

    fn as_bin<S: serde::Serializer>(id: &[u8; 16], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(id)
    }

    #[inline(never)]
    pub fn pack_struct_rmp_serde(req: &Request, out: &mut Vec<u8>) {
        RequestDef::serialize(req, &mut rmp_serde::Serializer::new(out)).expect("serializable");
    }
}

/// Runs `f` into a fresh buffer.
fn bytes_of(f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut out = Vec::new();
    f(&mut out);
    out
}

fn pack_int(c: &mut Criterion) {
    let (a, b) = msgpack::INTS;
    let wire = bytes_of(|out| entry::msgpack_pack_int_wire(a, b, out));
    assert_eq!(wire, [0x0a, 0xce, 0x7f, 0xff, 0xff, 0xff]);
    assert_eq!(
        wire,
        bytes_of(|out| entry::msgpack_pack_int_hand(a, b, out))
    );
    assert_eq!(wire, bytes_of(|out| peers::pack_int_rmp(a, b, out)));
    assert_eq!(wire, bytes_of(|out| peers::pack_int_rmp_serde(a, b, out)));
    // The hand writer against rmp over every form, both signs.
    for v in [
        0,
        127,
        128,
        255,
        256,
        65535,
        65536,
        -1,
        -32,
        -33,
        -128,
        -129,
        -32768,
        -32769,
        i32::MIN,
    ] {
        assert_eq!(
            bytes_of(|out| entry::msgpack_pack_int_hand(v, v, out)),
            bytes_of(|out| peers::pack_int_rmp(v, v, out)),
            "{v}"
        );
    }

    let out = std::cell::RefCell::new(Vec::with_capacity(1024));
    let mut group = common::Group::new(c, "msgpack_pack_int");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::msgpack_pack_int_wire(black_box(a), black_box(b), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::msgpack_pack_int_hand(black_box(a), black_box(b), out)
    });
    common::encode_into(&mut group, "rmp", &out, |out| {
        peers::pack_int_rmp(black_box(a), black_box(b), out)
    });
    common::encode_into(&mut group, "rmp-serde", &out, |out| {
        peers::pack_int_rmp_serde(black_box(a), black_box(b), out)
    });
    group.finish();
}

fn pack_string(c: &mut Criterion) {
    let s = msgpack::STRING;
    assert_eq!(s.len(), 44);
    let wire = bytes_of(|out| entry::msgpack_pack_string_wire(s, out));
    assert_eq!(wire[..2], [0xd9, 44]);
    assert_eq!(&wire[2..], s.as_bytes());
    assert_eq!(
        wire,
        bytes_of(|out| entry::msgpack_pack_string_hand(s, out))
    );
    assert_eq!(wire, bytes_of(|out| peers::pack_string_rmp(s, out)));
    assert_eq!(wire, bytes_of(|out| peers::pack_string_rmp_serde(s, out)));
    for n in [0, 31, 32, 255, 256, 65535, 65536] {
        let s = "x".repeat(n);
        assert_eq!(
            bytes_of(|out| entry::msgpack_pack_string_hand(&s, out)),
            bytes_of(|out| peers::pack_string_rmp(&s, out)),
            "{n}"
        );
    }

    let out = std::cell::RefCell::new(Vec::with_capacity(1024));
    let mut group = common::Group::new(c, "msgpack_pack_string");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::msgpack_pack_string_wire(black_box(s), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::msgpack_pack_string_hand(black_box(s), out)
    });
    common::encode_into(&mut group, "rmp", &out, |out| {
        peers::pack_string_rmp(black_box(s), out)
    });
    common::encode_into(&mut group, "rmp-serde", &out, |out| {
        peers::pack_string_rmp_serde(black_box(s), out)
    });
    group.finish();
}

fn pack_uuid(c: &mut Criterion) {
    let id = msgpack::sample_uuid();
    let wire = bytes_of(|out| entry::msgpack_pack_uuid_wire(&id, out));
    assert_eq!(wire[..2], [0xd8, 3]);
    assert_eq!(wire[2..10], id.msb.to_le_bytes());
    assert_eq!(wire[10..], id.lsb.to_le_bytes());
    assert_eq!(
        wire,
        bytes_of(|out| entry::msgpack_pack_uuid_hand(&id, out))
    );
    assert_eq!(wire, bytes_of(|out| peers::pack_uuid_rmp(&id, out)));
    assert_eq!(
        decode::<msgpack::UuidValue>(&wire).unwrap(),
        msgpack::UuidValue { id }
    );

    let out = std::cell::RefCell::new(Vec::with_capacity(1024));
    let mut group = common::Group::new(c, "msgpack_pack_uuid");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::msgpack_pack_uuid_wire(black_box(&id), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::msgpack_pack_uuid_hand(black_box(&id), out)
    });
    common::encode_into(&mut group, "rmp", &out, |out| {
        peers::pack_uuid_rmp(black_box(&id), out)
    });
    group.finish();
}

fn pack_struct(c: &mut Criterion) {
    let req = msgpack::sample_request();
    let wire = bytes_of(|out| entry::msgpack_pack_struct_wire(&req, out));
    let mut expected = vec![0x03, 0xce, 0x07, 0x5b, 0xcd, 0x15, 0xaa];
    expected.extend_from_slice(b"TestTable1");
    expected.extend_from_slice(&[0xc4, 16]);
    expected.extend_from_slice(&req.id);
    assert_eq!(wire, expected);
    assert_eq!(
        wire,
        bytes_of(|out| entry::msgpack_pack_struct_hand(&req, out))
    );
    assert_eq!(wire, bytes_of(|out| peers::pack_struct_rmp(&req, out)));
    assert_eq!(decode::<Request>(&wire).unwrap(), req);
    // rmp-serde: a 4-element fixarray header, then the same 35 bytes.
    let serde = bytes_of(|out| peers::pack_struct_rmp_serde(&req, out));
    assert_eq!(serde[0], 0x94);
    assert_eq!(serde[1..], wire[..]);

    let out = std::cell::RefCell::new(Vec::with_capacity(1024));
    let mut group = common::Group::new(c, "msgpack_pack_struct");
    common::encode_into(&mut group, "wire", &out, |out| {
        entry::msgpack_pack_struct_wire(black_box(&req), out)
    });
    common::encode_into(&mut group, "hand", &out, |out| {
        entry::msgpack_pack_struct_hand(black_box(&req), out)
    });
    common::encode_into(&mut group, "rmp", &out, |out| {
        peers::pack_struct_rmp(black_box(&req), out)
    });
    common::encode_into(&mut group, "rmp-serde", &out, |out| {
        peers::pack_struct_rmp_serde(black_box(&req), out)
    });
    group.finish();
}

/// Ignite's TABLES_GET response with 100 tables, decoded borrowed: `wire` (the derived
/// `TablesGetResponse`) against hand-written slice code building the same response, and `rmp`'s
/// low-level reader filling a `Vec<(i32, &str)>`.
fn decode_tables(c: &mut Criterion) {
    use wire_protocols::ignite::{Table, TablesGetResponse};
    use wire_runtime::WireEncode;
    let names: Vec<String> = (0..100).map(|i| format!("PUBLIC.TABLE_{i}")).collect();
    let response = TablesGetResponse {
        tables: names
            .iter()
            .enumerate()
            .map(|(i, name)| Table { id: i as i32, name })
            .collect(),
    };
    let bytes = response.encode_to_vec().unwrap();
    assert_eq!(
        wire_benches::entry::ignite_tables_get_decode_wire(&bytes),
        100
    );
    assert_eq!(
        wire_benches::entry::ignite_tables_get_decode_hand(&bytes),
        100
    );
    assert_eq!(
        wire_benches::msgpack::hand::decode_tables(&bytes),
        Some(response.clone())
    );
    assert_eq!(decode_tables_rmp(&bytes), 100);
    let mut group = common::Group::new(c, "ignite_tables_get_100_decode");
    group.bench_function("wire", |b| {
        b.iter(|| wire_benches::entry::ignite_tables_get_decode_wire(black_box(&bytes)))
    });
    group.bench_function("hand", |b| {
        b.iter(|| wire_benches::entry::ignite_tables_get_decode_hand(black_box(&bytes)))
    });
    group.bench_function("rmp", |b| b.iter(|| decode_tables_rmp(black_box(&bytes))));
    group.finish();
}

#[inline(never)]
fn decode_tables_rmp(mut bytes: &[u8]) -> usize {
    let count: u32 = rmp::decode::read_int(&mut bytes).unwrap();
    let mut tables = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let id: i32 = rmp::decode::read_int(&mut bytes).unwrap();
        let (name, rest) = rmp::decode::read_str_from_slice(bytes).unwrap();
        bytes = rest;
        tables.push((id, name));
    }
    black_box(&tables);
    tables.len()
}

criterion_group! { name = benches; config = common::config(); targets = pack_int, pack_string, pack_uuid, pack_struct, decode_tables }
criterion_main!(benches);

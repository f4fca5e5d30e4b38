//! The runtime's msgpack layer against the msgpack-rust project (`rmp` for the low-level
//! functions, `rmpv` for whole values), in both directions: random values written by one are
//! read back identically by the other, and where both write the smallest form the bytes are
//! identical.

use proptest::prelude::*;
use rmpv::Value as Theirs;
use wire_runtime::msgpack::{self, Timestamp, Value as Ours};
use wire_runtime::{Reader, WireEncode, decode};

/// Our value as theirs, to compare the two decodings.
fn to_theirs(value: &Ours<'_>) -> Theirs {
    match value {
        Ours::Nil => Theirs::Nil,
        Ours::Bool(v) => Theirs::Boolean(*v),
        Ours::Int(v) => Theirs::from(*v),
        Ours::UInt(v) => Theirs::from(*v),
        Ours::F32(v) => Theirs::F32(*v),
        Ours::F64(v) => Theirs::F64(*v),
        Ours::Str(s) => Theirs::from(*s),
        Ours::Bin(b) => Theirs::Binary(b.to_vec()),
        Ours::Array(items) => Theirs::Array(items.iter().map(to_theirs).collect()),
        Ours::Map(pairs) => Theirs::Map(
            pairs
                .iter()
                .map(|(k, v)| (to_theirs(k), to_theirs(v)))
                .collect(),
        ),
        Ours::Ext(t, data) => Theirs::Ext(*t, data.to_vec()),
    }
}

fn write_theirs(value: &Theirs) -> Vec<u8> {
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, value).unwrap();
    out
}

fn read_theirs(mut bytes: &[u8]) -> Theirs {
    let value = rmpv::decode::read_value(&mut bytes).unwrap();
    assert!(bytes.is_empty(), "rmpv left {} bytes", bytes.len());
    value
}

/// Integers around every boundary between msgpack's integer forms, and anywhere.
fn integer() -> impl Strategy<Value = Theirs> {
    let edges: Vec<i128> = vec![
        -(1 << 63),
        -(1 << 31) - 1,
        -(1 << 31),
        -(1 << 15) - 1,
        -(1 << 15),
        -129,
        -128,
        -33,
        -32,
        -1,
        0,
        127,
        128,
        255,
        256,
        65535,
        65536,
        (1 << 32) - 1,
        1 << 32,
        (1 << 63) - 1,
        1 << 63,
        (1 << 64) - 1,
    ];
    prop_oneof![
        proptest::sample::select(edges).prop_map(|v| if v < 0 {
            Theirs::from(v as i64)
        } else {
            Theirs::from(v as u64)
        }),
        any::<i64>().prop_map(Theirs::from),
        any::<u64>().prop_map(Theirs::from),
        any::<i8>().prop_map(Theirs::from),
    ]
}

/// Lengths around the fix/8/16-bit boundaries of strings, binaries and extensions.
fn length() -> impl Strategy<Value = usize> {
    prop_oneof![
        0usize..40,
        proptest::sample::select(vec![1, 2, 4, 8, 16, 3, 31, 32, 255, 256, 65535, 65536]),
    ]
}

fn leaf() -> impl Strategy<Value = Theirs> {
    prop_oneof![
        Just(Theirs::Nil),
        any::<bool>().prop_map(Theirs::Boolean),
        integer(),
        any::<f32>()
            .prop_filter("NaN is not equal to itself", |v| !v.is_nan())
            .prop_map(Theirs::F32),
        any::<f64>()
            .prop_filter("NaN is not equal to itself", |v| !v.is_nan())
            .prop_map(Theirs::F64),
        ".{0,40}".prop_map(Theirs::from),
        (length(), any::<char>()).prop_map(|(n, c)| Theirs::from(c.to_string().repeat(n))),
        (length(), any::<u8>()).prop_map(|(n, b)| Theirs::Binary(vec![b; n])),
        (any::<i8>(), length(), any::<u8>()).prop_map(|(t, n, b)| Theirs::Ext(t, vec![b; n])),
    ]
}

fn value() -> impl Strategy<Value = Theirs> {
    leaf().prop_recursive(4, 64, 20, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..20).prop_map(Theirs::Array),
            proptest::collection::vec((inner.clone(), inner), 0..18).prop_map(Theirs::Map),
        ]
    })
}

/// A timestamp's extension payload, built from the spec: 32-bit seconds when there are no
/// nanoseconds and the seconds fit; 30-bit nanoseconds and 34-bit seconds when they fit; else
/// 32-bit nanoseconds and 64-bit signed seconds.
fn timestamp_payload(seconds: i64, nanos: u32) -> Vec<u8> {
    if seconds >> 34 == 0 {
        let packed = (u64::from(nanos) << 34) | seconds as u64;
        if packed >> 32 == 0 {
            (packed as u32).to_be_bytes().to_vec()
        } else {
            packed.to_be_bytes().to_vec()
        }
    } else {
        let mut out = nanos.to_be_bytes().to_vec();
        out.extend_from_slice(&seconds.to_be_bytes());
        out
    }
}

fn timestamp() -> impl Strategy<Value = Timestamp> {
    let seconds = prop_oneof![
        any::<i64>(),
        0i64..(1 << 32),
        0i64..(1 << 34),
        proptest::sample::select(vec![0, (1 << 32) - 1, 1 << 32, (1 << 34) - 1, 1 << 34, -1]),
    ];
    let nanos = prop_oneof![Just(0u32), 0u32..1_000_000_000, Just(999_999_999)];
    (seconds, nanos).prop_map(|(seconds, nanos)| Timestamp { seconds, nanos })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn values_written_by_rmpv_read_the_same_and_write_the_same_bytes(value in value()) {
        let theirs = write_theirs(&value);
        let ours: Ours<'_> = decode(&theirs).unwrap();
        prop_assert_eq!(to_theirs(&ours), value);
        // Both write the smallest form of every value, so the bytes agree too.
        let again = ours.encode_to_vec().unwrap();
        prop_assert_eq!(again.len(), ours.encoded_len());
        prop_assert_eq!(again, theirs);
    }

    #[test]
    fn values_written_by_us_read_the_same_in_rmpv(value in value()) {
        let theirs = write_theirs(&value);
        let ours: Ours<'_> = decode(&theirs).unwrap();
        prop_assert_eq!(read_theirs(&ours.encode_to_vec().unwrap()), value);
    }

    #[test]
    fn integers_agree_with_rmp(value: i64, unsigned: u64) {
        // Ours read what rmp writes, and rmp reads what we write.
        let mut theirs = Vec::new();
        rmp::encode::write_sint(&mut theirs, value).unwrap();
        prop_assert_eq!(msgpack::read_int::<i64>(&mut Reader::new(&theirs)).unwrap(), value);
        let mut ours = Vec::new();
        msgpack::write_int(&mut ours, value);
        prop_assert_eq!(rmp::decode::read_int::<i64, _>(&mut &ours[..]).unwrap(), value);
        // Both pick the smallest form.
        prop_assert_eq!(&ours, &theirs);
        let mut theirs = Vec::new();
        rmp::encode::write_uint(&mut theirs, unsigned).unwrap();
        let mut ours = Vec::new();
        msgpack::write_uint(&mut ours, unsigned);
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(rmp::decode::read_int::<u64, _>(&mut &ours[..]).unwrap(), unsigned);
    }

    #[test]
    fn floats_agree_with_rmp(single: f32, double: f64) {
        let mut theirs = Vec::new();
        rmp::encode::write_f32(&mut theirs, single).unwrap();
        rmp::encode::write_f64(&mut theirs, double).unwrap();
        let mut ours = Vec::new();
        msgpack::write_f32(&mut ours, single);
        msgpack::write_f64(&mut ours, double);
        prop_assert_eq!(&ours, &theirs);
        let mut r = Reader::new(&theirs);
        prop_assert_eq!(msgpack::read_f32(&mut r).unwrap().to_bits(), single.to_bits());
        prop_assert_eq!(msgpack::read_f64(&mut r).unwrap().to_bits(), double.to_bits());
    }

    #[test]
    fn strings_binaries_and_headers_agree_with_rmp(text in ".{0,300}", data in proptest::collection::vec(any::<u8>(), 0..300), n in 0u32..100_000) {
        let mut theirs = Vec::new();
        rmp::encode::write_str(&mut theirs, &text).unwrap();
        rmp::encode::write_bin(&mut theirs, &data).unwrap();
        rmp::encode::write_nil(&mut theirs).unwrap();
        rmp::encode::write_bool(&mut theirs, n % 2 == 0).unwrap();
        rmp::encode::write_array_len(&mut theirs, n).unwrap();
        rmp::encode::write_map_len(&mut theirs, n).unwrap();
        let mut ours = Vec::new();
        msgpack::write_str(&mut ours, &text).unwrap();
        msgpack::write_bin(&mut ours, &data).unwrap();
        msgpack::write_nil(&mut ours);
        msgpack::write_bool(&mut ours, n % 2 == 0);
        msgpack::write_array_len(&mut ours, n as usize).unwrap();
        msgpack::write_map_len(&mut ours, n as usize).unwrap();
        prop_assert_eq!(&ours, &theirs);
        // A count is believed only as far as bytes follow it: give the array and the map theirs.
        theirs.resize(theirs.len() + 3 * n as usize, 0xc0);
        let mut r = Reader::new(&theirs);
        prop_assert_eq!(msgpack::read_str(&mut r).unwrap(), text.as_str());
        prop_assert_eq!(msgpack::read_bin(&mut r).unwrap(), &data[..]);
        msgpack::read_nil(&mut r).unwrap();
        prop_assert_eq!(msgpack::read_bool(&mut r).unwrap(), n % 2 == 0);
        prop_assert_eq!(msgpack::read_array_len(&mut r).unwrap(), n as usize);
        prop_assert_eq!(msgpack::read_map_len(&mut r).unwrap(), n as usize);
        let mut theirs_reading = &ours[..];
        let mut buf = vec![0; text.len()];
        prop_assert_eq!(rmp::decode::read_str(&mut theirs_reading, &mut buf).unwrap(), text.as_str());
    }

    #[test]
    fn timestamps_agree_with_the_spec_through_rmpv(at in timestamp()) {
        let payload = timestamp_payload(at.seconds, at.nanos);
        // rmpv writes the extension; we read it as a timestamp.
        let theirs = write_theirs(&Theirs::Ext(-1, payload.clone()));
        let read = msgpack::read_timestamp(&mut Reader::new(&theirs)).unwrap();
        prop_assert_eq!(read, (at.seconds, at.nanos));
        // We write the timestamp; rmpv reads the same extension, byte for byte.
        let mut ours = Vec::new();
        msgpack::write_timestamp(&mut ours, at.seconds, at.nanos).unwrap();
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(read_theirs(&ours), Theirs::Ext(-1, payload));
    }
}

/// Every width of every family that rmp can be told to write, even where a smaller form exists:
/// a reader must accept non-minimal encodings.
#[test]
fn we_read_every_width_rmp_writes() {
    let mut theirs = Vec::new();
    rmp::encode::write_u8(&mut theirs, 1).unwrap();
    rmp::encode::write_u16(&mut theirs, 1).unwrap();
    rmp::encode::write_u32(&mut theirs, 1).unwrap();
    rmp::encode::write_u64(&mut theirs, 1).unwrap();
    rmp::encode::write_i8(&mut theirs, -1).unwrap();
    rmp::encode::write_i16(&mut theirs, -1).unwrap();
    rmp::encode::write_i32(&mut theirs, -1).unwrap();
    rmp::encode::write_i64(&mut theirs, -1).unwrap();
    let mut r = Reader::new(&theirs);
    for _ in 0..4 {
        assert_eq!(msgpack::read_int::<u8>(&mut r).unwrap(), 1);
    }
    for _ in 0..4 {
        assert_eq!(msgpack::read_int::<i8>(&mut r).unwrap(), -1);
    }
    assert!(r.is_empty());

    // A one-byte extension and binary written as ext8/bin8 and as their 16 and 32-bit forms.
    let mut wide = vec![
        0xc7, 1, 5, 0xaa, 0xc8, 0, 1, 5, 0xaa, 0xc9, 0, 0, 0, 1, 5, 0xaa,
    ];
    wide.extend_from_slice(&[0xc4, 1, 0xbb, 0xc5, 0, 1, 0xbb, 0xc6, 0, 0, 0, 1, 0xbb]);
    let mut r = Reader::new(&wide);
    for _ in 0..3 {
        let ext = msgpack::read_ext(&mut r).unwrap();
        assert_eq!((ext.ext_type, ext.data), (5, &[0xaa][..]));
    }
    for _ in 0..3 {
        assert_eq!(msgpack::read_bin(&mut r).unwrap(), [0xbb]);
    }
    assert!(r.is_empty());
    // rmpv reads the same bytes to the same values.
    let mut rest = &wide[..];
    for _ in 0..3 {
        assert_eq!(
            rmpv::decode::read_value(&mut rest).unwrap(),
            Theirs::Ext(5, vec![0xaa])
        );
    }
}

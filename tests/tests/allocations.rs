//! Allocation counts, measured with a counting global allocator: decoding borrowed types does
//! not allocate, `to_bytes` allocates once, and hostile length prefixes allocate nothing close
//! to what they claim.

use wire_runtime::{DecodeErrorKind, WireEncode, decode};
use wire_tests::alloc_count::{Counting, measure};
use wire_tests::everything::{Borrowed, Counted, Frame};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn sample() -> Vec<u8> {
    Borrowed {
        code: 10,
        flag: true,
        topic: "sensors/room1/temperature",
        name: Some("client-7"),
        kind: 1,
        packet_id: Some(10),
        body: &[1, 2, 3, 4],
        payload: &[0x42; 64],
    }
    .encode_to_vec()
    .unwrap()
}

#[test]
fn decoding_a_borrowed_struct_does_not_allocate() {
    let bytes = sample();
    let (value, count, _) = measure(|| decode::<Borrowed<'_>>(&bytes).unwrap());
    assert_eq!(count, 0);
    assert_eq!(value.topic, "sensors/room1/temperature");
}

#[test]
fn encoding_into_a_reused_buffer_does_not_allocate() {
    let bytes = sample();
    let value = decode::<Borrowed<'_>>(&bytes).unwrap();
    let mut out = Vec::with_capacity(256);
    let ((), count, _) = measure(|| value.encode(&mut out).unwrap());
    assert_eq!(count, 0);
    let mut slice = [0u8; 256];
    let (written, count, _) = measure(|| value.encode_to_slice(&mut slice).unwrap());
    assert_eq!((written, count), (bytes.len(), 0));
}

#[test]
fn to_bytes_allocates_exactly_once() {
    let bytes = sample();
    let value = decode::<Borrowed<'_>>(&bytes).unwrap();
    let (encoded, count, size) = measure(|| value.to_bytes().unwrap());
    assert_eq!(count, 1);
    assert_eq!(size, bytes.len());
    assert_eq!(encoded.as_ref(), &bytes[..]);
    let (vec, count, _) = measure(|| value.encode_to_vec().unwrap());
    assert_eq!((vec.len(), count), (bytes.len(), 1));
}

#[test]
fn hostile_counts_and_lengths_do_not_allocate_what_they_claim() {
    let cases: [(&str, Vec<u8>); 4] = [
        (
            "count 2^32-1 of u64",
            [&[0xff, 0xff, 0xff, 0xff][..], &[0; 6]].concat(),
        ),
        (
            "count 2^31 of strings",
            [&[0, 0, 0, 0][..], &[0x80, 0, 0, 0], &[0; 6]].concat(),
        ),
        (
            "byte length 2^31",
            [&[0, 0, 0, 0][..], &[0, 0, 0, 0], &[0x80, 0, 0, 0], &[1, 2]].concat(),
        ),
        (
            "section length 2^32-1",
            [&[0xff, 0xff, 0xff, 0xff][..], &[0; 6]].concat(),
        ),
    ];
    for (name, input) in &cases {
        let (result, _, bytes) = measure(|| decode::<Counted>(input));
        let err = result.unwrap_err();
        assert!(err.is_incomplete(), "{name}: {err}");
        assert!(
            bytes <= 64 * input.len() + 256,
            "{name}: {bytes} bytes allocated for {} input bytes",
            input.len()
        );
        let (result, _, bytes) = measure(|| decode::<Frame>(input));
        assert!(result.is_err(), "{name}");
        assert!(
            bytes <= 64 * input.len() + 256,
            "{name}: {bytes} bytes allocated"
        );
    }
}

#[test]
fn nested_sections_claiming_more_than_their_parent_are_malformed() {
    // A complete 6-byte section whose contents need far more: malformed, not incomplete, and
    // nothing allocated for what the bytes inside claim.
    let mut input = vec![0, 0, 0, 6];
    input.extend_from_slice(b"WR");
    input.extend_from_slice(&[0x80, 0, 0, 0]);
    let (result, _, bytes) = measure(|| decode::<Frame>(&input));
    let err = result.unwrap_err();
    assert!(!err.is_incomplete(), "{err}");
    assert!(bytes <= 256, "{bytes} bytes allocated");

    let everything_in_short_section = [0, 0, 0, 2, b'W', b'R'];
    let err = decode::<Frame>(&everything_in_short_section).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeErrorKind::SectionOverrun { .. }),
        "{err}"
    );
    assert_eq!(err.path().to_string(), "Frame.body.a");
}

#[test]
fn counted_large_elements_preallocate_no_more_than_the_input() {
    #[derive(wire_runtime::WireDecode, Debug)]
    struct Big {
        #[wire(len = u8)]
        _name: String,
        _blob: [u64; 64],
    }
    #[derive(wire_runtime::WireDecode, Debug)]
    struct Many {
        #[wire(count = u32)]
        _items: Vec<Big>,
    }
    // A count of 100 000 elements of 536 bytes each in memory (53.6 MB), in a 100 004-byte
    // input that holds only the 194 elements its zeros spell out: what is allocated follows
    // the elements actually decoded (the vector doubling as they arrive), not the count.
    let mut input = vec![0, 1, 0x86, 0xa0];
    input.resize(100_004, 0);
    let (result, _, bytes) = measure(|| decode::<Many>(&input));
    assert!(result.is_err());
    assert!(
        bytes <= 4 * input.len(),
        "{bytes} bytes allocated for {} input bytes",
        input.len()
    );
}

#[test]
fn decoding_mqtt_packets_borrows_instead_of_allocating() {
    use wire_protocols::mqtt::{self, Version};
    // PUBLISH 3.1.1 QoS 1, 64-byte payload; PUBLISH 5.0 without properties; the seed frames.
    let mut publish = vec![0x32, 0x5d, 0x00, 0x19];
    publish.extend_from_slice(b"sensors/room1/temperature");
    publish.extend_from_slice(&[0x00, 0x0a]);
    publish.extend_from_slice(&[0x42; 64]);
    let (_, count, _) = measure(|| mqtt::decode(&publish, Version::V311).unwrap());
    assert_eq!(count, 0);
    let publish5 = [0x30, 0x07, 0, 1, b't', 0x00, b'x', b'y', b'z'];
    let (_, count, _) = measure(|| mqtt::decode(&publish5, Version::V5).unwrap());
    assert_eq!(count, 0);
    let puback = [0x40, 0x04, 0x00, 0x01, 0x00, 0x00];
    let (_, count, _) = measure(|| mqtt::decode(&puback, Version::V5).unwrap());
    assert_eq!(count, 0);
    // A 5.0 property list borrows its bytes: the AUTH of paho's benchmark (two properties and
    // 1024 bytes of authentication data) decodes without allocating, and so does a PUBLISH
    // with a few properties.
    let mut auth = vec![
        0xf0, 0x8c, 0x08, 0x19, 0x89, 0x08, 0x15, 0x00, 0x03, b'f', b'o', b'o', 0x16, 0x04, 0x00,
    ];
    auth.extend(std::iter::repeat_n(0x7b, 1024));
    let (_, count, _) = measure(|| mqtt::decode(&auth, Version::V5).unwrap());
    assert_eq!(count, 0);
    // The seed benchmark reads its frames from a stream: finding where each packet ends, and
    // being told that more bytes are needed, allocate nothing either.
    let mut stream = auth.clone();
    stream.extend_from_slice(&puback);
    let (lens, count, _) = measure(|| {
        let first = mqtt::frame_len(&stream, 1 << 20).unwrap();
        let second = mqtt::frame_len(&stream[auth.len()..], 1 << 20).unwrap();
        let partial = mqtt::frame_len(&auth[..2], 1 << 20).unwrap();
        let empty = mqtt::frame_len(&[], 1 << 20).unwrap();
        (first, second, partial, empty)
    });
    assert_eq!(lens, (Some(auth.len()), Some(puback.len()), None, None));
    assert_eq!(count, 0);
    let publish5 = [
        0x32, 32, 0, 1, b't', 0, 7, 24, 0x02, 0, 0, 0x0e, 0x10, 0x03, 0, 2, b'j', b's', 0x26, 0, 1,
        b'k', 0, 1, b'v', 0x26, 0, 1, b'k', 0, 1, b'w', b'x', b'y',
    ];
    let (packet, count, _) = measure(|| mqtt::decode(&publish5, Version::V5).unwrap());
    assert_eq!(count, 0);
    let mqtt::Packet::Publish { publish, .. } = packet.0 else {
        panic!("not a PUBLISH")
    };
    let properties = publish.properties.expect("5.0");
    // Walking the list allocates nothing either.
    let (n, count, _) = measure(|| properties.iter().count());
    assert_eq!((n, count), (4, 0));
}

#[test]
fn ignite_requests_encode_and_decode_without_allocating() {
    use wire_protocols::ignite::{
        BitSet, BitSetBytes, ClientOp, Message, RequestHeader, TupleRequest,
    };
    let tuple = [0x42u8; 48];
    let request = Message {
        body: TupleRequest {
            header: RequestHeader {
                op: ClientOp::TupleUpsert,
                request_id: 123_456_789,
            },
            table_id: 7,
            tx: Some(3),
            schema_id: 1,
            no_value_set: BitSet {
                bits: BitSetBytes { bytes: &[0b101] },
            },
            tuple: &tuple,
        },
    };
    let mut out = Vec::with_capacity(request.encoded_len());
    let ((), count, _) = measure(|| request.encode(&mut out).unwrap());
    assert_eq!(count, 0);
    let (back, count, _) = measure(|| decode::<Message<TupleRequest<'_>>>(&out).unwrap());
    assert_eq!(count, 0);
    assert_eq!(back, request);
}

#[test]
fn iterating_a_stream_chunk_allocates_nothing_per_record() {
    use wire_protocols::stream::{self, Chunk, Command, Deliver, Entry, SubBatch, write_records};
    // 100 simple entries of 400 bytes and a sub-batch of 100 more.
    let body = [7u8; 400];
    let mut data = Vec::new();
    for _ in 0..100 {
        Entry::simple(&body).encode(&mut data).unwrap();
    }
    let mut sub = Vec::new();
    let n = write_records((0..100).map(|_| &body[..]), &mut sub);
    Entry::SubBatch(SubBatch::uncompressed(n, &sub))
        .encode(&mut data)
        .unwrap();
    let chunk = Chunk::new(&data, 101, 200, 0, 0, 1);
    let frame = stream::encode(&Command::Deliver(Deliver {
        subscription_id: 1,
        chunk,
    }))
    .unwrap();

    let (records, count, _) = measure(|| {
        let Command::Deliver(deliver) = stream::decode(&frame).unwrap() else {
            panic!()
        };
        deliver.chunk.verify_crc().unwrap();
        deliver
            .chunk
            .records()
            .map(|r| r.unwrap().data.len())
            .sum::<usize>()
    });
    assert_eq!(records, 200 * 400);
    assert_eq!(
        count, 0,
        "decoding a Deliver and iterating its 200 records allocated"
    );
}

#[test]
fn stream_frames_with_hostile_counts_allocate_nothing_close_to_their_claims() {
    use wire_protocols::stream;
    // PublishConfirm claiming 2^31 - 1 ids, Metadata claiming 2^31 - 1 streams, Publish
    // claiming 2^32 - 1 messages: each in a frame of a few bytes.
    let frames: [&[u8]; 3] = [
        &[
            0, 0, 0, 17, 0, 3, 0, 1, 1, 0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 1,
        ],
        &[
            0, 0, 0, 12, 0, 0x0f, 0, 1, 0, 0, 0, 1, 0x7f, 0xff, 0xff, 0xff,
        ],
        &[0, 0, 0, 9, 0, 2, 0, 1, 1, 0xff, 0xff, 0xff, 0xff],
    ];
    for frame in frames {
        let (result, _, bytes) = measure(|| stream::decode(frame).map(|_| ()));
        assert!(result.is_err());
        assert!(
            bytes <= 256,
            "{bytes} bytes allocated for a {}-byte frame",
            frame.len()
        );
    }
}

/// The counts in this binary are real: one allocation is counted as one.
#[test]
fn allocation_counts_are_measured_in_this_binary() {
    wire_tests::alloc_count::assert_counting_is_installed();
}

//! Exhaustive hostile variations of every valid input we have: the golden vectors of
//! `../shared/vectors/` (at the layer their `variant` names) and the spec-derived fuzz seeds
//! in `fuzz/seeds/` (at every layer that accepts them whole).
//!
//! - Truncated at every offset, an input is incomplete, with a positive number of bytes needed.
//! - With any single bit flipped, it decodes to a value whose encoding is a fixed point (it
//!   decodes to the same value, which encodes to the same bytes), or fails with an error whose
//!   offset lies inside the input. It never panics.

use std::panic::{AssertUnwindSafe, catch_unwind};
use wire_protocols::ignite::{
    ErrorCore, First, HandshakeRequest, HandshakeResponse, Message, Request, Response,
    SqlExecRequest, TablesGetResponse, TupleRequest,
};
use wire_protocols::mqtt::{self, Version};
use wire_protocols::rocketmq::{self, BatchMessage, MessageExt, SerializeType};
use wire_protocols::stream::{self, Chunk, Command};
use wire_runtime::msgpack::Value;
use wire_runtime::{DecodeError, WireEncode, decode};
use wire_tests::everything::{Borrowed, Counted, Frame};
use wire_tests::vectors::{hex, load};

/// Decodes an input at one layer and returns its canonical encoding, after checking that the
/// encoding is a fixed point.
type Layer = fn(&[u8]) -> Result<Vec<u8>, DecodeError>;

fn mqtt_layer(input: &[u8], version: Version) -> Result<Vec<u8>, DecodeError> {
    let (packet, used) = mqtt::decode(input, version)?;
    let bytes = mqtt::encode(&packet, version).expect("a decoded packet encodes");
    assert!(bytes.len() <= used, "{packet:?}: the encoding grew");
    let (again, n) = mqtt::decode(&bytes, version).expect("the encoding decodes");
    assert_eq!((&again, n), (&packet, bytes.len()));
    assert_eq!(mqtt::encode(&again, version).unwrap(), bytes);
    Ok(bytes)
}

fn mqtt_311(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    mqtt_layer(input, Version::V311)
}

fn mqtt_5(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    mqtt_layer(input, Version::V5)
}

/// Iterates a chunk's records and entries to their end: an error, never a panic.
fn walk(chunk: &Chunk<'_>) {
    let _ = chunk.verify_crc();
    assert!(chunk.records().count() <= chunk.data.len() + 1);
    assert!(chunk.entries().count() <= chunk.data.len() + 1);
}

fn stream_frame(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let command = stream::decode(input)?;
    match &command {
        Command::Deliver(deliver) => walk(&deliver.chunk),
        Command::DeliverV2(deliver) => walk(&deliver.chunk),
        _ => {}
    }
    let bytes = stream::encode(&command).expect("a decoded frame encodes");
    assert!(bytes.len() <= input.len(), "{command:?}: the encoding grew");
    let again = stream::decode(&bytes).expect("the encoding decodes");
    assert_eq!(again, command);
    assert_eq!(stream::encode(&again).unwrap(), bytes);
    Ok(bytes)
}

fn stream_chunk(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let chunk = decode::<Chunk<'_>>(input)?;
    walk(&chunk);
    let bytes = chunk.encode_to_vec().expect("a decoded chunk encodes");
    assert_eq!(decode::<Chunk<'_>>(&bytes).unwrap(), chunk);
    Ok(bytes)
}

/// AMQP 1.0: a value (delimited by its encoding) and a message (by its record); both encode
/// back to bytes that decode again.
fn amqp_value(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let value = decode::<wire_protocols::amqp::Value<'_>>(input)?;
    let bytes = value.encode_to_vec().expect("a decoded value encodes");
    decode::<wire_protocols::amqp::Value<'_>>(&bytes).expect("its encoding decodes");
    Ok(bytes)
}

fn amqp_message(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let message = decode::<wire_protocols::amqp::Message<'_>>(input)?;
    let bytes = message.encode_to_vec().expect("a decoded message encodes");
    decode::<wire_protocols::amqp::Message<'_>>(&bytes).expect("its encoding decodes");
    Ok(bytes)
}

/// msgpack-based layers: readers accept every width, so only the re-encoding is canonical.
/// Bytes are compared, not values, so that a NaN equals itself.
macro_rules! msgpack_layer {
    ($name:ident, $ty:ty) => {
        fn $name(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
            let value = decode::<$ty>(input)?;
            let bytes = value.encode_to_vec().expect("a decoded value encodes");
            assert_eq!(bytes.len(), value.encoded_len());
            let again = decode::<$ty>(&bytes).expect("the encoding decodes");
            assert_eq!(again.encode_to_vec().unwrap(), bytes);
            Ok(bytes)
        }
    };
}

msgpack_layer!(msgpack_value, Value<'_>);
msgpack_layer!(ignite_request, Message<Request<'_>>);
msgpack_layer!(ignite_response, Message<Response<'_>>);
msgpack_layer!(ignite_tables, Message<TablesGetResponse<'_>>);
msgpack_layer!(ignite_tuple, Message<TupleRequest<'_>>);
msgpack_layer!(ignite_sql, Message<SqlExecRequest<'_>>);
msgpack_layer!(ignite_error, Message<ErrorCore<'_>>);
msgpack_layer!(ignite_handshake_request, First<HandshakeRequest<'_>>);
msgpack_layer!(ignite_handshake_response, First<HandshakeResponse<'_>>);

/// Every attribute: canonical after one encode (see `roundtrip.rs`), compared as values
/// because of the `HashMap`, with the `f64` compared by its bits.
fn everything_frame(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let comparable = |f: &Frame| {
        let mut f = f.clone();
        let bits = f.body.e.to_bits();
        f.body.e = 0.0;
        (f, bits)
    };
    let value = decode::<Frame>(input)?;
    let bytes = value.encode_to_vec().expect("a decoded frame encodes");
    let again = decode::<Frame>(&bytes).expect("the encoding decodes");
    let bytes_again = again.encode_to_vec().unwrap();
    assert_eq!(bytes_again.len(), bytes.len());
    assert_eq!(
        comparable(&decode::<Frame>(&bytes_again).unwrap()),
        comparable(&again)
    );
    Ok(bytes)
}

/// A RocketMQ frame: its encoding with its own header type (the high byte of the header word:
/// 0 JSON, 1 ROCKETMQ) decodes to the same command and is a fixed point (JSON headers are
/// re-serialised in our key order).
fn rocketmq_frame(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let command = rocketmq::decode(input)?;
    let serialize_type = if input[4] == 0 {
        SerializeType::Json
    } else {
        SerializeType::RocketMq
    };
    let _ = command.ext("topic");
    let bytes = command
        .to_vec(serialize_type)
        .expect("a decoded frame encodes");
    let again = rocketmq::decode(&bytes).expect("the encoding decodes");
    assert_eq!(again, command);
    assert_eq!(again.to_vec(serialize_type).unwrap(), bytes);
    Ok(bytes)
}

/// Types with one encoding per value: what decodes encodes to the same bytes.
macro_rules! exact_layer {
    ($name:ident, $ty:ty) => {
        fn $name(input: &[u8]) -> Result<Vec<u8>, DecodeError> {
            let value = decode::<$ty>(input)?;
            let bytes = value.encode_to_vec().expect("a decoded value encodes");
            assert_eq!(bytes, input);
            Ok(bytes)
        }
    };
}

exact_layer!(everything_borrowed, Borrowed<'_>);
exact_layer!(everything_counted, Counted);
exact_layer!(rocketmq_message, MessageExt<'_>);
exact_layer!(rocketmq_batch_message, BatchMessage<'_>);

/// The layers a vector variant or a fuzz target's seeds are decoded at.
fn layers(kind: &str) -> Option<&'static [(&'static str, Layer)]> {
    Some(match kind {
        "mqtt-3.1.1" => &[("mqtt 3.1.1", mqtt_311)],
        "mqtt-5.0" => &[("mqtt 5.0", mqtt_5)],
        "mqtt_packet" => &[("mqtt 3.1.1", mqtt_311), ("mqtt 5.0", mqtt_5)],
        "frame" | "stream_frame" => &[("stream frame", stream_frame)],
        "stream_chunk" => &[("stream chunk", stream_chunk)],
        "msgpack_value" => &[("msgpack value", msgpack_value)],
        "ignite_frame" => &[("ignite request", ignite_request)],
        "remoting_frame" | "rocketmq_remoting" => &[("rocketmq frame", rocketmq_frame)],
        "message_ext" => &[("rocketmq message", rocketmq_message)],
        "message_batch" => &[("rocketmq batch message", rocketmq_batch_message)],
        "rocketmq_messages" => &[
            ("rocketmq message", rocketmq_message),
            ("rocketmq batch message", rocketmq_batch_message),
        ],
        "ignite_message" => &[
            ("ignite request", ignite_request),
            ("ignite response", ignite_response),
            ("ignite tables", ignite_tables),
            ("ignite tuple", ignite_tuple),
            ("ignite sql", ignite_sql),
            ("ignite error", ignite_error),
            ("ignite handshake request", ignite_handshake_request),
            ("ignite handshake response", ignite_handshake_response),
        ],
        "amqp_message" => &[("amqp value", amqp_value), ("amqp message", amqp_message)],
        "everything" => &[
            ("every attribute", everything_frame),
            // Ends in a `rest` field: any prefix past the fixed part decodes, so its
            // truncations are not checked (see `exhaust`).
            ("borrowed", everything_borrowed),
            ("counted", everything_counted),
        ],
        _ => return None,
    })
}

#[derive(Default)]
struct Tally {
    inputs: usize,
    truncations: usize,
    flips: usize,
    flips_decoded: usize,
}

/// Truncations and bit flips of `input` at `layer`, which must accept it whole. Every layer
/// but `borrowed` is self-delimiting (a length prefix or a count covers everything), so a
/// truncation is incomplete input.
/// Layers whose input ends where the input does (a `rest` field; an AMQP message, which
/// its record delimits): any prefix ending between two parts decodes, so their truncations are
/// not checked.
const UNDELIMITED: &[&str] = &["(borrowed)", "(amqp message)"];

fn exhaust(name: &str, input: &[u8], layer: Layer, tally: &mut Tally) {
    let delimited = !UNDELIMITED.iter().any(|layer| name.ends_with(layer));
    let run = |bytes: &[u8], what: &str| {
        catch_unwind(AssertUnwindSafe(|| layer(bytes)))
            .unwrap_or_else(|_| panic!("{name}: panicked on {what}"))
    };
    run(input, "the input").unwrap_or_else(|e| panic!("{name}: {e}"));
    tally.inputs += 1;
    for cut in (0..input.len()).filter(|_| delimited) {
        let err = run(&input[..cut], &format!("the first {cut} bytes"))
            .expect_err(&format!("{name}: the first {cut} bytes decoded"));
        assert!(
            err.is_incomplete() && err.needed().is_some_and(|n| n > 0),
            "{name}: cut at {cut}: {err}"
        );
        tally.truncations += 1;
    }
    let mut flipped = input.to_vec();
    for bit in 0..input.len() * 8 {
        flipped[bit / 8] ^= 1 << (bit % 8);
        match run(&flipped, &format!("bit {bit} flipped")) {
            Ok(_) => tally.flips_decoded += 1,
            Err(err) => assert!(
                err.offset() <= flipped.len() && !err.to_string().is_empty(),
                "{name}: bit {bit}: {err} (offset {})",
                err.offset()
            ),
        }
        flipped[bit / 8] ^= 1 << (bit % 8);
        tally.flips += 1;
    }
}

fn report(what: &str, tally: &Tally) {
    eprintln!(
        "{what}: {} inputs, {} truncations, {} bit flips ({} still decoded)",
        tally.inputs, tally.truncations, tally.flips, tally.flips_decoded
    );
}

#[test]
fn golden_vectors_truncated_and_bit_flipped() {
    let mut tally = Tally::default();
    let mut found = false;
    for protocol in ["mqtt", "stream", "msgpack", "rocketmq"] {
        let Some(file) = load(protocol) else { continue };
        found = true;
        for v in file["vectors"].as_array().expect("vectors") {
            if !v["valid"].as_bool().unwrap() {
                continue;
            }
            let name = v["name"].as_str().unwrap();
            let variant = v["variant"].as_str().unwrap();
            let Some(layers) = layers(variant) else {
                eprintln!("{protocol}/{name}: variant {variant} has no decoder here yet; skipped");
                continue;
            };
            let bytes = hex(v["hex"].as_str().unwrap());
            for (layer_name, layer) in layers {
                exhaust(
                    &format!("{protocol}/{name} ({layer_name})"),
                    &bytes,
                    *layer,
                    &mut tally,
                );
            }
            if variant == "frame" && bytes.get(4..6) == Some(&[0, 8]) {
                // A Deliver: its chunk, at the chunk layer too.
                let at = if bytes[6..8] == [0, 1] { 9 } else { 17 };
                exhaust(
                    &format!("{protocol}/{name} (stream chunk)"),
                    &bytes[at..],
                    stream_chunk,
                    &mut tally,
                );
            }
        }
    }
    if found {
        assert!(tally.inputs > 0);
        report("golden vectors", &tally);
    }
}

#[test]
fn spec_derived_seeds_truncated_and_bit_flipped() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let mut tally = Tally::default();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fuzz/seeds")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let target = path.file_stem().unwrap().to_str().unwrap().to_string();
        let layers = layers(&target).unwrap_or_else(|| panic!("no layers for {target}"));
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Some((name, hex_text)) = line.split_once(' ') else {
                continue;
            };
            let bytes = hex(hex_text.trim());
            let mut accepted = false;
            for (layer_name, layer) in layers {
                if layer(&bytes).is_ok() {
                    accepted = true;
                    exhaust(
                        &format!("{target}/{name} ({layer_name})"),
                        &bytes,
                        *layer,
                        &mut tally,
                    );
                }
            }
            // The stream_chunk seeds include raw data sections for the target's second
            // reading, which no layer takes whole.
            assert!(
                accepted || target == "stream_chunk",
                "{target}/{name}: no layer accepts it"
            );
        }
    }
    assert!(tally.inputs >= 40, "{} seeds", tally.inputs);
    report("spec-derived seeds", &tally);
}

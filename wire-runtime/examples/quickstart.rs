//! Quickstart: declare a layout, decode a frame, encode it back, and see what a decoding error
//! looks like.
//!
//! Run with `cargo run --example quickstart -p wire-runtime`.

use wire_runtime::{WireDecode, WireEncode, decode};

/// A RocketMQ-style remoting header: fixed fields, then length-prefixed parts.
#[derive(WireDecode, WireEncode, Debug)]
struct Header<'a> {
    code: i16,
    language: u8,
    version: i16,
    opaque: i32,
    flag: i32,
    #[wire(len = i32, empty_is_none)]
    remark: Option<&'a str>,
    #[wire(len = i32, item(len = u16))]
    topics: Vec<&'a str>,
}

/// An MQTT-style PUBLISH body: the packet id is present only for QoS > 0.
#[derive(WireDecode, WireEncode, Debug)]
#[wire(ctx(qos: u8))]
struct Publish<'a> {
    #[wire(len = u16)]
    topic: &'a str,
    #[wire(if = qos > 0)]
    packet_id: Option<u16>,
    #[wire(rest)]
    payload: &'a [u8],
}

/// The frame: a type byte and a body whose length is filled in on encode.
#[derive(WireDecode, WireEncode, Debug)]
struct Frame<'a> {
    qos: u8,
    #[wire(len = u16)]
    header: Header<'a>,
    #[wire(len = vbi, ctx = *qos)]
    publish: Publish<'a>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let frame = Frame {
        qos: 1,
        header: Header {
            code: 10,
            language: 12,
            version: 317,
            opaque: 7,
            flag: 0,
            remark: None,
            topics: vec!["TopicTest", "%RETRY%group"],
        },
        publish: Publish {
            topic: "sensors/room1",
            packet_id: Some(10),
            payload: b"21.5C",
        },
    };

    let bytes = frame.to_bytes()?;
    println!(
        "encoded {} bytes (encoded_len said {}):",
        bytes.len(),
        frame.encoded_len()
    );
    for line in bytes.chunks(16) {
        let hex: Vec<String> = line.iter().map(|b| format!("{b:02x}")).collect();
        println!("  {}", hex.join(" "));
    }

    let decoded: Frame<'_> = decode(&bytes)?;
    println!("decoded, borrowing from the input:\n{decoded:#?}");

    let truncated = &bytes[..9];
    let err = decode::<Frame<'_>>(truncated).unwrap_err();
    println!("decoding the first 9 bytes: {err}");
    println!(
        "  incomplete: {}, needs at least {:?} more",
        err.is_incomplete(),
        err.needed()
    );

    let mut corrupt = bytes.to_vec();
    corrupt[20] = 0x7f; // the byte length of `topics` now runs past the end of its section
    match decode::<Frame<'_>>(&corrupt) {
        Ok(_) => println!("corrupt frame decoded"),
        Err(err) => println!("decoding a corrupt frame: {err}"),
    }
    Ok(())
}

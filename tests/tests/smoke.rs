use bytes::Bytes;
use std::collections::BTreeMap;
use wire_runtime::{WireDecode, WireEncode, decode, int::Vbi};

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Header<'a> {
    code: i16,
    language: u8,
    version: i16,
    opaque: i32,
    flag: i32,
    #[wire(len = i32, empty_is_none)]
    remark: Option<&'a str>,
    #[wire(len = i32, key(len = u16), value(len = i32))]
    ext: BTreeMap<&'a str, &'a str>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, uncovered = zero)]
struct Flags {
    #[wire(bit = 3)]
    dup: bool,
    #[wire(bits = 1..3)]
    qos: u8,
    #[wire(bit = 0)]
    retain: bool,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx(flags: Flags))]
struct PublishBody<'a> {
    #[wire(len = u16)]
    topic: &'a str,
    #[wire(if = flags.qos > 0)]
    packet_id: Option<u16>,
    #[wire(rest)]
    payload: Bytes,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8, tag_bits = 4..8, peek)]
enum Packet<'a> {
    #[wire(tag = 3)]
    Publish(Publish<'a>),
    #[wire(tag = 12)]
    PingReq(PingReq),
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(bits = u8, reserved(bits = 4..8, value = 12), reserved(bits = 0..4, value = 0))]
struct PingReq {}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(bits = u8, reserved(bits = 4..8, value = 3))]
struct PublishHeader {
    #[wire(bits = 0..4)]
    flags: u8,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Publish<'a> {
    header: PublishHeader,
    #[wire(len = vbi, ctx = Flags { dup: header.flags & 8 != 0, qos: (header.flags >> 1) & 3, retain: header.flags & 1 != 0 })]
    body: PublishBody<'a>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag(key: u16, version: u16))]
enum Command<'a> {
    #[wire(tag = (1, 1))]
    Open {
        #[wire(len = i16, nullable)]
        vhost: Option<&'a str>,
    },
    #[wire(tag = (2, 2))]
    Counted {
        #[wire(count = i32, item(len = i16))]
        names: Vec<String>,
    },
    #[wire(other)]
    Unknown {
        key: u16,
        version: u16,
        #[wire(rest)]
        body: &'a [u8],
    },
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct WithLenField<'a> {
    body_len: u32,
    flag: bool,
    #[wire(len = body_len)]
    body: &'a [u8],
    n: Vbi,
    #[wire(count = n.0)]
    items: Vec<u16>,
}

#[test]
fn header_round_trip() {
    let mut ext = BTreeMap::new();
    ext.insert("a", "topic");
    let h = Header {
        code: 10,
        language: 12,
        version: 317,
        opaque: 7,
        flag: 0,
        remark: None,
        ext,
    };
    let bytes = h.encode_to_vec().unwrap();
    assert_eq!(bytes.len(), h.encoded_len());
    let back: Header<'_> = decode(&bytes).unwrap();
    assert_eq!(back, h);
    for cut in 0..bytes.len() {
        let err = decode::<Header<'_>>(&bytes[..cut]).unwrap_err();
        assert!(err.is_incomplete(), "cut {cut}: {err}");
    }
}

#[test]
fn publish_round_trip() {
    let p = Packet::Publish(Publish {
        header: PublishHeader { flags: 0b0010 },
        body: PublishBody {
            topic: "a/b",
            packet_id: Some(10),
            payload: Bytes::from_static(b"hello"),
        },
    });
    let bytes = p.encode_to_vec().unwrap();
    assert_eq!(bytes[0], 0x32);
    let back: Packet<'_> = decode(&bytes).unwrap();
    assert_eq!(back, p);
    let ping = Packet::PingReq(PingReq {});
    assert_eq!(ping.encode_to_vec().unwrap(), [0xc0]);
    assert_eq!(decode::<Packet<'_>>(&[0xc0]).unwrap(), ping);
    assert!(decode::<Packet<'_>>(&[0xc1]).is_err());
}

#[test]
fn command_round_trip() {
    for c in [
        Command::Open { vhost: Some("/") },
        Command::Open { vhost: None },
        Command::Counted {
            names: vec!["a".into(), "bc".into()],
        },
        Command::Unknown {
            key: 9,
            version: 3,
            body: b"xyz",
        },
    ] {
        let bytes = c.encode_to_vec().unwrap();
        assert_eq!(bytes.len(), c.encoded_len());
        assert_eq!(decode::<Command<'_>>(&bytes).unwrap(), c);
    }
}

#[test]
fn len_field_filled() {
    let v = WithLenField {
        body_len: 0,
        flag: true,
        body: b"abc",
        n: Vbi(2),
        items: vec![1, 2],
    };
    let bytes = v.encode_to_vec().unwrap();
    assert_eq!(&bytes[..4], &[0, 0, 0, 3]);
    let back: WithLenField<'_> = decode(&bytes).unwrap();
    assert_eq!(back.body_len, 3);
    assert_eq!(back.n, Vbi(2));
    assert_eq!(back.items, vec![1, 2]);
}

#[test]
fn count_inside_a_field_is_filled_on_encode() {
    // `count = n.0` names a field inside `n`: encode writes the real count.
    let v = WithLenField {
        body_len: 0,
        flag: true,
        body: b"abc",
        n: Vbi(5),
        items: vec![1, 2],
    };
    let bytes = v.encode_to_vec().unwrap();
    let back: WithLenField<'_> = decode(&bytes).unwrap();
    assert_eq!(back.n, Vbi(2));
}

/// A count computed by an expression: checked on encode, not filled.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct CheckedCount {
    k: u8,
    #[wire(count = usize::from(*k))]
    items: Vec<u16>,
}

#[test]
fn count_expression_is_checked_on_encode() {
    let v = CheckedCount {
        k: 5,
        items: vec![1, 2],
    };
    let err = v.encode_to_vec().unwrap_err();
    assert_eq!(
        err.to_string(),
        "CheckedCount.items: declared length 5 but the value has length 2"
    );
}

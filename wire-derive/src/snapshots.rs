//! Expansion snapshots: the code generated for representative inputs, checked in under
//! `wire-derive/snapshots/` so that every change to codegen shows up in review.
//!
//! Run with `WIRE_BLESS=1` to rewrite the snapshots after an intended change.

use crate::{Direction, expand};
use std::path::PathBuf;

/// The expansion as a person would lay it out: prettyplease, which unlike rustfmt also breaks
/// closures with attributes and long paths, so that no line runs past 100 columns or so.
fn pretty(code: &str) -> String {
    let file = syn::parse_file(code).expect("the expansion parses as Rust");
    prettyplease::unparse(&file)
}

fn check(name: &str, input: &str) {
    let parsed: syn::DeriveInput = syn::parse_str(input).expect("snapshot input parses");
    let decode = expand(&parsed, Direction::Decode);
    let encode = expand(&parsed, Direction::Encode);
    let actual = pretty(&format!("{input}\n{decode}\n{encode}\n"));
    if let Some(long) = actual.lines().find(|line| line.len() > 120) {
        panic!("expansion of `{name}` has a line over 120 columns:\n{long}");
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{name}.rs"));
    if std::env::var_os("WIRE_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "expansion of `{name}` changed; review it and rerun with WIRE_BLESS=1 to accept:\n{actual}"
    );
}

#[test]
fn fixed_header() {
    check(
        "fixed_header",
        "struct Header { code: i16, language: u8, version: i16, opaque: i32, flag: i32 }",
    );
}

#[test]
fn borrowed_with_prefixes() {
    check(
        "borrowed_with_prefixes",
        "struct RemotingHeader<'a> {
            code: i16,
            flag: i32,
            #[wire(len = i32, empty_is_none)]
            remark: Option<&'a str>,
            #[wire(len = i32, key(len = u16), value(len = i32))]
            ext_fields: BTreeMap<&'a str, &'a str>,
        }",
    );
}

#[test]
fn context_and_condition() {
    check(
        "context_and_condition",
        "#[wire(ctx(flags: PublishFlags))]
        struct Publish<'a> {
            #[wire(len = u16)]
            topic: &'a str,
            #[wire(if = flags.qos > 0)]
            packet_id: Option<u16>,
            #[wire(rest)]
            payload: &'a [u8],
        }",
    );
}

#[test]
fn tagged_enum_with_catch_all() {
    check(
        "tagged_enum_with_catch_all",
        "#[wire(tag(key: u16, version: u16))]
        enum Command<'a> {
            #[wire(tag = (0x0015, 1))]
            Heartbeat,
            #[wire(tag = (0x0002, 1))]
            Publish { publisher_id: u8, #[wire(count = i32)] messages: Vec<Message<'a>> },
            #[wire(other)]
            Unknown { key: u16, version: u16, #[wire(rest)] body: &'a [u8] },
        }",
    );
}

#[test]
fn bit_field_word() {
    check(
        "bit_field_word",
        "#[wire(bits = u8, reserved(bits = 0..1, value = 0))]
        struct ConnectFlags {
            #[wire(bit = 7)] username: bool,
            #[wire(bit = 6)] password: bool,
            #[wire(bit = 5)] will_retain: bool,
            #[wire(bits = 3..5)] will_qos: QoS,
            #[wire(bit = 2)] will: bool,
            #[wire(bit = 1)] clean_session: bool,
        }",
    );
}

#[test]
fn rest_of_struct_in_a_section() {
    check(
        "rest_of_struct_in_a_section",
        "struct Packet<'a> {
            header: u8,
            #[wire(rest_len)]
            remaining: Vbi,
            #[wire(len = u16)]
            topic: &'a str,
            packet_id: u16,
            #[wire(rest)]
            payload: &'a [u8],
        }",
    );
}

#[test]
fn optional_trailing_fields_and_validation() {
    check(
        "optional_trailing_fields_and_validation",
        "#[wire(validate = if *packet_id == 0 { Err(\"packet id 0\") } else { Ok(()) })]
        struct PubAck {
            packet_id: u16,
            #[wire(optional)]
            reason: ReasonCode,
            #[wire(optional)]
            properties: Properties,
        }",
    );
}

#[test]
fn msgpack_mode() {
    check(
        "msgpack_mode",
        "#[wire(msgpack)]
        struct ResponseHeader<'a> {
            request_id: i64,
            flags: i32,
            #[wire(if = *flags & 1 != 0)]
            max_start_time: Option<i64>,
            #[wire(ext = 3)]
            node_id: Uuid,
            #[wire(counted)]
            names: Vec<&'a str>,
        }",
    );
}

#[test]
fn length_from_earlier_field() {
    check(
        "length_from_earlier_field",
        "struct Frame<'a> {
            #[wire(le)]
            body_len: u32,
            kind: u8,
            #[wire(len = body_len)]
            body: &'a [u8],
        }",
    );
}

#[test]
fn inline_packet_enum() {
    check(
        "inline_packet_enum",
        "#[wire(inline, tag = u8, tag_bits = 4..8, peek)]
        enum Packet<'a> {
            #[wire(tag = 12)]
            PingReq { header: FixedHeader<12, 0>, #[wire(len = vbi)] body: Empty },
            #[wire(tag = 3)]
            Publish { flags: PublishFlags, #[wire(len = vbi, ctx = *flags)] publish: Publish<'a> },
            #[wire(tag = 13)]
            PingResp { header: FixedHeader<13, 0>, #[wire(len = vbi)] body: Empty },
            #[wire(tag = 14)]
            Disconnect { header: FixedHeader<14, 0>, #[wire(len = vbi)] body: Empty },
            #[wire(tag = 8)]
            Subscribe { header: FixedHeader<8, 2>, #[wire(len = vbi)] body: Subscribe<'a> },
        }",
    );
}

#[test]
fn type_length_value() {
    check(
        "type_length_value",
        "struct Record {
            kind: u8,
            #[wire(int = u24)] sequence: u32,
            flags: Flags,
            #[wire(len = u16)] value: Value,
            trailer: u8,
        }",
    );
}

#[test]
fn odd_width_integers() {
    check(
        "odd_width_integers",
        "struct Handshake {
            msg_type: u8,
            #[wire(int = u24)] length: u32,
            #[wire(int = u48, le)] millis: u64,
            #[wire(len = u24)] body: Vec<u8>,
        }",
    );
}

#[test]
fn tag_from_parent_with_context() {
    check(
        "tag_from_parent_with_context",
        "#[wire(ctx_tag = u8, ctx(flags: u8))]
        enum Payload {
            #[wire(tag = 1)]
            Headers {
                #[wire(if = flags & 0x20 != 0)] priority: Option<u32>,
                #[wire(rest)] block: Vec<u8>,
            },
            #[wire(other)]
            Unknown(u8, #[wire(rest)] Vec<u8>),
        }",
    );
}

#[test]
fn temp_values() {
    check(
        "temp_values",
        "struct Message {
            id: u16,
            #[wire(temp(qdcount: u16), count = qdcount)]
            questions: Vec<u32>,
            #[wire(temp(has_name: u8 = name.is_some()), if = *has_name != 0, len = u8)]
            name: Option<String>,
        }",
    );
}

#[test]
fn biased_prefixes() {
    check(
        "biased_prefixes",
        "struct Compact<'a> {
            #[wire(len = varint + 1)] topic: &'a str,
            #[wire(len = varint + 1, nullable)] client_id: Option<&'a str>,
        }",
    );
}

#[test]
fn rfc_bit_diagram() {
    check(
        "rfc_bit_diagram",
        "#[wire(bits = u16, msb0)]
        struct DnsFlags {
            #[wire(bit = 0)] qr: bool,
            #[wire(bits = 1..5)] opcode: u8,
            #[wire(other_bits)] z: u16,
            #[wire(bits = 12..16)] rcode: u8,
        }",
    );
}

#[test]
fn constants_between_and_after_fields() {
    check(
        "constants_between_and_after_fields",
        "#[wire(trailer = [0xce])]
        struct Frame {
            kind: u8,
            channel: u16,
            #[wire(magic = b\"\\r\\n\", len = u32)] payload: Vec<u8>,
        }",
    );
}

#[test]
fn field_checks() {
    check(
        "field_checks",
        "struct Bounded {
            version: u8,
            #[wire(validate = if *len <= 1024 { Ok(()) } else { Err(\"too long\") })]
            len: u32,
            #[wire(len = len)] body: Vec<u8>,
        }",
    );
}

#[test]
fn peeked_tag_on_encode() {
    check(
        "peeked_tag_on_encode",
        "#[wire(tag = u8, tag_bits = 4..8, peek)]
        enum Packet {
            #[wire(tag = 12)] PingReq(u8, u8),
            #[wire(tag = 13)] PingResp(u8, u8),
        }",
    );
}

#[test]
fn counts_inside_an_earlier_field() {
    check(
        "counts_inside_an_earlier_field",
        "struct Message {
            header: Header,
            #[wire(count = header.qdcount)] questions: Vec<u32>,
        }",
    );
}

#[test]
fn user_prefixes_and_markers() {
    check(
        "user_prefixes_and_markers",
        "struct Row<'a> {
            #[wire(len = QuicVarint)] token: &'a [u8],
            #[wire(count = quic::Varint + 1)] ids: Vec<u16>,
            size: Words,
            #[wire(len = size)] options: &'a [u8],
            #[wire(len = i32, nullable = negative)] bytes: Option<&'a [u8]>,
            #[wire(len = i32, nullable, not_set = -2)] value: Tristate<&'a [u8]>,
        }",
    );
}

#[test]
fn checked_padding() {
    check(
        "checked_padding",
        "struct Aligned {
            #[wire(pad_before = 3)] a: u8,
            #[wire(pad_after = 2, padding = ignore)] b: u16,
        }",
    );
}

#[test]
fn byte_literal_tags_and_tuple_names() {
    check(
        "byte_literal_tags_and_tuple_names",
        "#[wire(tag = u16)]
        enum Command {
            #[wire(tag = b'Q')] Query(u8),
            #[wire(tag = b\"MZ\", validate = if *_0 <= *_1 { Ok(()) } else { Err(\"empty\") })]
            Range(u8, u8),
        }",
    );
}

#[test]
fn terminated_and_fixed_width() {
    check(
        "terminated_and_fixed_width",
        "struct Row<'a> {
            #[wire(until = 0)] name: &'a str,
            #[wire(until = b\"\\r\\n\", max_len = 512)] line: String,
            #[wire(width = 8, pad_with = b' ')] id: &'a str,
            #[wire(until = |b| b & 0x80 == 0)] groups: Vec<u8>,
            #[wire(until = 0)] words: Vec<u16>,
        }",
    );
}

#[test]
fn aligned_fields() {
    check(
        "aligned_fields",
        "struct XdrFile<'a> {
            #[wire(len = u32, align = 4)] name: &'a str,
            kind: u32,
            #[wire(len = u32, align = 4, padding = ignore)] data: Vec<u8>,
        }",
    );
}

#[test]
fn checksum_fields() {
    check(
        "checksum_after_and_inside",
        "struct Ipv4 {
            version_ihl: u8,
            ttl: u8,
            #[wire(checksum = InternetChecksum, over = ..)] checksum: u16,
            source: [u8; 4],
        }",
    );
    check(
        "checksum_before_its_data",
        "struct Chunk<'a> {
            #[wire(checksum = Crc32, over = data)] crc: u32,
            length: u32,
            #[wire(len = length)] data: &'a [u8],
        }",
    );
}

#[test]
fn length_bounds() {
    check(
        "length_bounds",
        "struct Bounded<'a> {
            #[wire(rest_len, inclusive, max = 4096)] size: u16,
            #[wire(len = u32, max = 1024)] payload: &'a [u8],
            #[wire(count = u16, max = 8)] ids: Vec<u32>,
        }",
    );
}

#[test]
fn prefixes_chosen_by_earlier_fields() {
    check(
        "prefixes_chosen_by_earlier_fields",
        "struct Chosen<'a> {
            flags: u8,
            #[wire(len = if *flags & 0x10 != 0 { u16 } else { u8 })] value: &'a [u8],
            len7: u8,
            #[wire(len = if *len7 == 126 { u16 } else if *len7 == 127 { u64 } else { usize::from(*len7) })]
            data: Vec<u8>,
            #[wire(count = if *flags & 1 != 0 { varint } else { u8 })] ids: Vec<u16>,
        }",
    );
}

#[test]
fn padding_from_a_field() {
    check(
        "padding_from_a_field",
        "#[wire(ctx(length: usize))]
        struct PaddedData<'a> {
            pad_length: u8,
            #[wire(len = length.checked_sub(1 + usize::from(*pad_length)), pad_after = pad_length)]
            data: &'a [u8],
        }",
    );
}

//! The hand-written JSON decoder against `rocketmq::decode_with_header`: the same frames
//! accepted, with the same fields, and the same refused.

use super::*;
use wire_protocols::rocketmq;

type Decoded = (i32, u8, i32, i32, i32, Option<String>, Vec<u8>, String);

fn frame(header: &[u8]) -> Vec<u8> {
    let body = b"body";
    let mut frame = Vec::new();
    frame.extend_from_slice(&((4 + header.len() + body.len()) as i32).to_be_bytes());
    frame.extend_from_slice(&(header.len() as u32).to_be_bytes());
    frame.extend_from_slice(header);
    frame.extend_from_slice(body);
    frame
}

fn wire(frame: &[u8]) -> Option<Decoded> {
    let (c, h) = rocketmq::decode_with_header::<SendMessageRequestHeaderV2<'_>>(frame).ok()?;
    let remark = c.remark().map(str::to_owned);
    let (language, flag) = (c.language().code(), c.flag().bits());
    let (code, version, opaque) = (c.code(), c.version(), c.opaque());
    Some((
        code,
        language,
        version,
        opaque,
        flag,
        remark,
        c.body().to_vec(),
        format!("{h:?}"),
    ))
}

fn hand(frame: &[u8]) -> Option<Decoded> {
    let (c, h) = decode_typed(frame)?;
    let remark = c.remark.map(Cow::into_owned);
    let language = c.language.code();
    Some((
        c.code,
        language,
        c.version,
        c.opaque,
        c.flag,
        remark,
        c.body.to_vec(),
        format!("{h:?}"),
    ))
}

fn same(header: &str) {
    let frame = frame(header.as_bytes());
    assert_eq!(hand(&frame), wire(&frame), "{header}");
}

const EXT: &str = r#"{"a":"g","b":"T","c":"TBW102","d":"4","e":"0","f":"0","g":"17","h":"0"}"#;

fn with(rest: &str) -> String {
    format!(r#"{{"code":310,"extFields":{EXT}{rest}}}"#)
}

#[test]
fn the_bench_frame_decodes_as_wire_decodes_it() {
    let frame = crate::rocketmq_remoting::send_v2_json_frame(&[7; 256]);
    assert!(wire(&frame).is_some());
    assert_eq!(hand(&frame), wire(&frame));
    assert_eq!(typed(&frame), crate::rocketmq_remoting::wire_typed(&frame));
}

#[test]
fn accepted_and_refused_headers_agree_with_wire() {
    let ext_escaped = r#"{"\u0061":"g\n\"x\"\ud83d\ude00","b":"T\/","c":"C","d":"4","e":"0","f":"0","g":"17","h":"0","i":"K\u0001"}"#;
    let cases = [
        with(""),
        format!(" \n{{ \"extFields\" :\t{EXT} , \"code\" : -5 }} \r\n"),
        format!(r#"{{"extFields":{ext_escaped}}}"#),
        with(r#","language":"GO","version":433,"opaque":-2147483648,"flag":2147483647"#),
        with(r#","language":3"#),
        with(r#","language":300"#),
        with(r#","language":"KLINGON""#),
        with(r#","language":"G\u004f""#),
        with(r#","remark":null,"serializeTypeCurrentRPC":null"#),
        with(r#","remark":"r\u00e9\tmark","serializeTypeCurrentRPC":"ROCKETMQ""#),
        with(r#","serializeTypeCurrentRPC":"XML""#),
        with(r#","x":[1,-2.5e+3,{"y":[true,false,null,"s"]},{}, []],"z":0"#),
        with(r#","x":01"#),
        with(r#","x":1."#),
        with(r#","x":-"#),
        with(r#","x":tru"#),
        with(r#","code":1"#),
        with(r#","code":-0,"language":255"#),
        with(r#","language":-1"#),
        with(r#","serializeTypeCurrentRPC":"JSON","serializeTypeCurrentRPC":null"#),
        with(r#","x":{"a":{"b":{"c":[{"d":{}}]}}}"#),
        format!(r#"{{"extFields":{{"\u0078y":"1",{}}}}}"#, &EXT[1..EXT.len() - 1]),
        with(r#","\u0063ode":1"#),
        with(r#","opaque":2147483648"#),
        with(r#","opaque":1.5"#),
        with(r#","opaque":1e3"#),
        with(r#","opaque":"1""#),
        with(r#","remark":"a\x""#),
        with(r#","remark":"\ud800""#),
        with(r#","remark":"\udc00x""#),
        with(r#","remark":"\ud800\u0041""#),
        with(r#","remark":"\u12G4""#),
        with("\u{1}"),
        with(r#","remark":"tab	in""#),
        with(",\"remark\":\"unit\u{1f}separator\""),
        with(",\"remark\":\"caf\u{e9} and more than sixteen bytes \u{1f600}\""),
        with(",\"remark\":\"\u{7f} is not a control character in JSON\""),
        r#"{"extFields":{"a":1}}"#.to_string(),
        r#"{"extFields":{"d":"x","a":"g","b":"T","c":"C","e":"0","f":"0","g":"1","h":"0"}}"#.to_string(),
        r#"{"extFields":{"d":"4","d":"5","a":"g","b":"T","c":"C","e":"0","f":"0","g":"1","h":"0","k":"true","m":"false"}}"#.to_string(),
        r#"{"extFields":{"a":"g","b":"T","c":"C","d":"4","e":"0","f":"0","g":"1","h":"0","k":"yes"}}"#.to_string(),
        r#"{"extFields":{"a":"g"}}"#.to_string(),
        r#"{"extFields":null}"#.to_string(),
        r#"{"extFields":{}}"#.to_string(),
        "{}".to_string(),
        "[]".to_string(),
        with("}"),
        with(",").replace(",}", ","),
        format!(
            r#"{{"x":{}1{},"extFields":{EXT}}}"#,
            "[".repeat(63),
            "]".repeat(63)
        ),
        format!(
            r#"{{"x":{}1{},"extFields":{EXT}}}"#,
            "[".repeat(64),
            "]".repeat(64)
        ),
    ];
    let mut accepted = 0;
    for case in &cases {
        same(case);
        accepted += usize::from(wire(&frame(case.as_bytes())).is_some());
    }
    assert!(accepted >= 10, "only {accepted} of the cases decode");
    assert!(accepted < cases.len(), "every case decodes");
}

#[test]
fn frames_the_envelope_refuses_agree_with_wire() {
    let good = frame(with("").as_bytes());
    assert!(wire(&good).is_some());
    let mut frames = Vec::new();
    for cut in [0, 3, 7, 8, good.len() - 1] {
        frames.push(good[..cut].to_vec());
    }
    for (at, byte) in [
        (0, 0x80),
        (3, 0x00),
        (3, 0xff),
        (4, 1),
        (4, 2),
        (7, 0xff),
        (6, 0x7f),
    ] {
        let mut changed = good.clone();
        changed[at] = byte;
        frames.push(changed);
    }
    for frame in frames {
        assert_eq!(hand(&frame), wire(&frame), "{frame:02x?}");
    }
}

#[test]
fn every_cut_and_every_changed_byte_agrees_with_wire() {
    let header = with(r#","language":"JAVA","remark":"r\u00e9","x":[1,{"y":null}]"#);
    let bytes = header.as_bytes();
    for len in 0..bytes.len() {
        let frame = frame(&bytes[..len]);
        assert_eq!(hand(&frame), wire(&frame), "cut at {len}");
    }
    for at in 0..bytes.len() {
        for byte in [
            b'"', b'\\', b'{', b'}', b',', b':', b' ', b'0', b'x', 0x01, 0xc3, 0xff,
        ] {
            let mut changed = bytes.to_vec();
            changed[at] = byte;
            let frame = frame(&changed);
            assert_eq!(
                hand(&frame),
                wire(&frame),
                "{:?}",
                String::from_utf8_lossy(&changed)
            );
        }
    }
}

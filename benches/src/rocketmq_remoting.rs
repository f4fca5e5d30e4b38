//! RocketMQ remoting workloads: a SEND_MESSAGE_V2 request (typical extFields, 256-byte body)
//! with a JSON and with a binary header, the rocketmq-client-go seed's `Benchmark_decode`
//! frame, and a PULL_MESSAGE body of 32 stored messages. `wire` uses
//! `wire_protocols::rocketmq`; `hand` is careful hand-written code for the same layouts;
//! `serde_json` is the envelope by hand and the JSON header deserialized borrowed by
//! serde_json, the floor a serde_json-based decoder cannot go below.

use std::borrow::Cow;
use wire_protocols::rocketmq::{
    self, HostAddr, MessageExt, PropertiesBuf, RemotingCommand, RequestCode,
    SendMessageRequestHeaderV2, SerializeType, Topic,
};
use wire_runtime::WireEncode;

/// The SEND_MESSAGE_V2 body size.
pub const BODY_LEN: usize = 256;

/// The extFields of a SEND_MESSAGE_V2 request as a Java producer sends them.
pub fn send_v2_header() -> SendMessageRequestHeaderV2<'static> {
    SendMessageRequestHeaderV2 {
        producer_group: "please_rename_unique_group_name".into(),
        topic: "TopicTest".into(),
        default_topic: "TBW102".into(),
        default_topic_queue_nums: 4,
        queue_id: 0,
        sys_flag: 0,
        born_timestamp: 1_767_225_600_123,
        flag: 0,
        properties: Some("KEYS\u{1}k1\u{2}WAIT\u{1}true\u{2}TAGS\u{1}TagA\u{2}".into()),
        reconsume_times: Some(0),
        unit_mode: Some(false),
        max_reconsume_times: None,
        batch: Some(false),
        broker_name: Some("broker-a".into()),
    }
}

/// The request: code 310, language JAVA, version 433, opaque 42, no remark.
pub fn send_v2(body: &[u8]) -> RemotingCommand<'_> {
    RemotingCommand::request(RequestCode::SendMessageV2, 42)
        .with_language(rocketmq::LanguageCode::Java)
        .with_version(433)
        .with_header(&send_v2_header())
        .with_body(body)
}

/// The request with a binary header (486 bytes).
pub fn send_v2_binary_frame(body: &[u8]) -> Vec<u8> {
    send_v2(body).to_vec(SerializeType::RocketMq).unwrap()
}

/// The request with a JSON header written the way Java's fastjson does: keys sorted, control
/// characters escaped as `\u0001`, no remark.
pub fn send_v2_json_frame(body: &[u8]) -> Vec<u8> {
    let header = concat!(
        r#"{"code":310,"extFields":{"a":"please_rename_unique_group_name","b":"TopicTest","#,
        r#""c":"TBW102","d":"4","e":"0","f":"0","g":"1767225600123","h":"0","#,
        r#""i":"KEYS\u0001k1\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002","j":"0","#,
        r#""k":"false","m":"false","n":"broker-a"},"flag":0,"language":"JAVA","opaque":42,"#,
        r#""serializeTypeCurrentRPC":"JSON","version":433}"#
    );
    frame(0, header.as_bytes(), body)
}

fn frame(serialize_type: u8, header: &[u8], body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + header.len() + body.len());
    out.extend(((4 + header.len() + body.len()) as i32).to_be_bytes());
    out.extend((u32::from(serialize_type) << 24 | header.len() as u32).to_be_bytes());
    out.extend(header);
    out.extend(body);
    out
}

/// The rocketmq-client-go seed's `Benchmark_decode` frame (`../shared/notes/go-seeds.md`):
/// a JSON header `{"code":501,"language":"GO","version":317,"opaque":4,"flag":0,"remark":"",
/// "extFields":{...}}` with 10 extFields whose keys and values are random lowercase strings
/// of 0 to 19 characters, and a 1-byte body. The draw is pseudo-random and fixed: the first
/// one whose header is 302 bytes, as in the frame the Go figures were measured on (307 bytes
/// after the length prefix).
pub fn go_seed_frame() -> Vec<u8> {
    (1u64..)
        .map(go_seed_header)
        .find(|header| header.len() == 302)
        .map(|header| frame(0, header.as_bytes(), b"x"))
        .expect("some draw has a 302-byte header")
}

/// A JSON-header frame with `"serializeTypeCurrentRPC":"JSON"` added at the end of its header
/// (rocketmq-rust requires it; the Go client does not send it).
pub fn with_serialize_type(frame: &[u8]) -> Vec<u8> {
    let header_len = (u32::from_be_bytes(frame[4..8].try_into().unwrap()) & 0xff_ffff) as usize;
    let header = &frame[8..8 + header_len];
    let mut with = header[..header.len() - 1].to_vec();
    with.extend(br#","serializeTypeCurrentRPC":"JSON"}"#);
    self::frame(0, &with, &frame[8 + header_len..])
}

fn go_seed_header(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut random = |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let mut word = || -> String {
        let len = random(20);
        (0..len)
            .map(|_| (b'a' + random(26) as u8) as char)
            .collect()
    };
    let mut header = String::from(
        r#"{"code":501,"language":"GO","version":317,"opaque":4,"flag":0,"remark":"","extFields":{"#,
    );
    let mut keys = std::collections::HashSet::new();
    while keys.len() < 10 {
        let key = word();
        if keys.insert(key.clone()) {
            if keys.len() > 1 {
                header.push(',');
            }
            header.push_str(&format!(r#""{key}":"{}""#, word()));
        }
    }
    header.push_str("}}");
    header
}

/// A PULL_MESSAGE response body: `count` stored V1 messages of `body_len` bytes each, with the
/// properties a broker keeps (keys, tags, unique id, wait flag, queue offsets).
pub fn pull_body(count: usize, body_len: usize) -> Vec<u8> {
    let bodies: Vec<Vec<u8>> = (0..count)
        .map(|i| (0..body_len).map(|j| (i * 7 + j) as u8).collect())
        .collect();
    let mut out = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        let props = PropertiesBuf::new()
            .with("KEYS", &format!("order-{i}"))
            .with("TAGS", "TagA")
            .with("UNIQ_KEY", &format!("7F0000010E5C18B4AAC2{i:012X}"))
            .with("WAIT", "true")
            .with("MIN_OFFSET", "0")
            .with("MAX_OFFSET", "1000");
        let mut m = MessageExt {
            queue_id: 1,
            queue_offset: 100 + i as i64,
            physic_offset: 4096 * i as i64,
            born_timestamp: 1_767_225_600_000 + i as i64,
            born_host: HostAddr::V4 {
                ip: [10, 0, 0, 7],
                port: 53_211,
            },
            store_timestamp: 1_767_225_600_005 + i as i64,
            store_host: HostAddr::V4 {
                ip: [127, 0, 0, 1],
                port: 10_911,
            },
            body,
            topic: Topic::new("TopicTest"),
            properties: props.as_properties(),
            ..MessageExt::default()
        };
        m.set_body_crc();
        m.encode(&mut out).unwrap();
    }
    out
}

/// What a consumer does with each message in these benches: count it, its body bytes and
/// properties, and sum the offsets, so that no field can be skipped.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Messages seen.
    pub messages: u64,
    /// Their body bytes.
    pub body_bytes: u64,
    /// Their properties.
    pub properties: u64,
    /// Queue offsets plus topic lengths, summed.
    pub check: i64,
}

/// Iterates a PULL_MESSAGE body with `wire`; `crc` checks every body.
pub fn wire_pull(body: &[u8], crc: bool) -> Option<Tally> {
    let mut tally = Tally::default();
    for m in rocketmq::decode_messages(body).check_crc(crc) {
        let m = m.ok()?;
        tally.messages += 1;
        tally.body_bytes += m.body.len() as u64;
        tally.properties += m.properties.iter().count() as u64;
        tally.check += m.queue_offset + m.topic.as_str().len() as i64;
    }
    Some(tally)
}

/// A typed SEND_MESSAGE_V2 header of a decoded frame with `wire`, observed by [`observe_typed`].
pub fn wire_typed(frame: &[u8]) -> Option<i64> {
    let (command, h) =
        rocketmq::decode_with_header::<SendMessageRequestHeaderV2<'_>>(frame).ok()?;
    Some(observe_typed(&h, command.body()))
}

/// What every implementation does with its typed header: its strings kept (`black_box`),
/// its numbers and the body's length summed.
#[inline(always)]
pub fn observe_typed(h: &SendMessageRequestHeaderV2<'_>, body: &[u8]) -> i64 {
    std::hint::black_box((&h.producer_group, &h.topic, &h.properties, &h.broker_name));
    h.born_timestamp + i64::from(h.queue_id + h.default_topic_queue_nums) + body.len() as i64
}

pub mod hand {
    //! The same workloads written by hand: straight-line loads after one bounds check per
    //! run of fixed fields, UTF-8 checked with an ASCII fast path, extFields validated and
    //! kept as their bytes, as the derived decoder does.
    use super::Tally;
    use crate::utf8;
    use std::borrow::Cow;
    use wire_protocols::rocketmq::SendMessageRequestHeaderV2;

    /// A command decoded from a binary-header frame.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Command<'a> {
        pub code: i16,
        pub language: u8,
        pub version: i16,
        pub opaque: i32,
        pub flag: i32,
        pub remark: Option<&'a str>,
        /// The extFields section, every entry validated.
        pub ext: Option<&'a [u8]>,
        pub body: &'a [u8],
    }

    #[inline(always)]
    fn i32_at(b: &[u8; 4]) -> i32 {
        i32::from_be_bytes(*b)
    }

    #[inline(always)]
    fn take<'a>(input: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        if n > input.len() {
            return None;
        }
        let (head, tail) = input.split_at(n);
        *input = tail;
        Some(head)
    }

    #[inline(always)]
    fn len_i32(input: &mut &[u8]) -> Option<usize> {
        let (len, rest) = input.split_first_chunk::<4>()?;
        *input = rest;
        usize::try_from(i32_at(len)).ok()
    }

    /// Checks that `ext` is `{i16 key, i32 value}*` with UTF-8 strings, exactly. An all-ASCII
    /// section (the usual one) has only its layout walked, in a loop of its own (one loop
    /// with a per-string "checked?" test measured 1.6 ns slower).
    #[inline]
    fn validate_ext(mut ext: &[u8]) -> Option<()> {
        if ext.is_ascii() {
            while !ext.is_empty() {
                let (klen, rest) = ext.split_first_chunk::<2>()?;
                ext = rest;
                let klen = usize::try_from(i16::from_be_bytes(*klen)).ok()?;
                take(&mut ext, klen)?;
                let vlen = len_i32(&mut ext)?;
                take(&mut ext, vlen)?;
            }
            return Some(());
        }
        while !ext.is_empty() {
            let (klen, rest) = ext.split_first_chunk::<2>()?;
            ext = rest;
            let klen = usize::try_from(i16::from_be_bytes(*klen)).ok()?;
            utf8(take(&mut ext, klen)?)?;
            let vlen = len_i32(&mut ext)?;
            utf8(take(&mut ext, vlen)?)?;
        }
        Some(())
    }

    /// Decodes a whole binary-header frame.
    #[inline]
    pub fn decode_binary(frame: &[u8]) -> Option<Command<'_>> {
        let command = frame_parts(frame)?;
        if let Some(ext) = command.ext {
            validate_ext(ext)?;
        }
        Some(command)
    }

    /// A binary-header frame with its extFields section taken but not yet checked.
    #[inline(always)]
    fn frame_parts(frame: &[u8]) -> Option<Command<'_>> {
        let (head, rest) = frame.split_first_chunk::<8>()?;
        let length =
            usize::try_from(i32::from_be_bytes([head[0], head[1], head[2], head[3]])).ok()?;
        let word = u32::from_be_bytes([head[4], head[5], head[6], head[7]]);
        if length != rest.len() + 4 || word >> 24 != 1 {
            return None;
        }
        let header_len = (word & 0xff_ffff) as usize;
        if header_len > rest.len() {
            return None;
        }
        let (header, body) = rest.split_at(header_len);
        let (fixed, mut h) = header.split_first_chunk::<17>()?;
        let code = i16::from_be_bytes([fixed[0], fixed[1]]);
        let language = fixed[2];
        let version = i16::from_be_bytes([fixed[3], fixed[4]]);
        let opaque = i32::from_be_bytes([fixed[5], fixed[6], fixed[7], fixed[8]]);
        let flag = i32::from_be_bytes([fixed[9], fixed[10], fixed[11], fixed[12]]);
        let remark_len = usize::try_from(i32::from_be_bytes([
            fixed[13], fixed[14], fixed[15], fixed[16],
        ]))
        .ok()?;
        let remark = match remark_len {
            0 => None,
            n => Some(utf8(take(&mut h, n)?)?),
        };
        let ext_len = len_i32(&mut h)?;
        let ext = take(&mut h, ext_len)?;
        if !h.is_empty() {
            return None;
        }
        let ext = match ext_len {
            0 => None,
            _ => Some(ext),
        };
        Some(Command {
            code,
            language,
            version,
            opaque,
            flag,
            remark,
            ext,
            body,
        })
    }

    /// The typed SEND_MESSAGE_V2 header of a binary-header frame, the same
    /// `SendMessageRequestHeaderV2` wire builds (strings borrowed), with the same checks:
    /// every required field present, every number and boolean parsed, a repeated key's last
    /// value kept; observed by [`super::observe_typed`]. The extFields section is checked
    /// in the same walk that reads it, as `rocketmq::decode_with_header` does.
    #[inline]
    pub fn typed(frame: &[u8]) -> Option<i64> {
        let command = frame_parts(frame)?;
        let h = typed_header(command.ext?)?;
        Some(super::observe_typed(&h, command.body))
    }

    /// Reads an extFields section as the SEND_MESSAGE_V2 header, checking it as it goes: its
    /// layout, and its text (a whole-section ASCII test first, each string's UTF-8 if that
    /// fails).
    #[inline(always)]
    pub fn typed_header(mut ext: &[u8]) -> Option<SendMessageRequestHeaderV2<'_>> {
        let ascii = ext.is_ascii();
        let text = |bytes| {
            if ascii {
                // SAFETY: `bytes` lies inside an all-ASCII section.
                Some(unsafe { std::str::from_utf8_unchecked(bytes) })
            } else {
                utf8(bytes)
            }
        };
        let (mut a, mut b, mut c, mut i, mut n) = (None, None, None, None, None);
        let (mut d, mut e, mut f, mut g, mut h) = (None, None, None, None, None);
        let (mut j, mut k, mut l, mut m) = (None, None, None, None);
        while !ext.is_empty() {
            let (klen, rest) = ext.split_first_chunk::<2>()?;
            ext = rest;
            let klen = usize::try_from(i16::from_be_bytes(*klen)).ok()?;
            let key = text(take(&mut ext, klen)?)?.as_bytes();
            let vlen = len_i32(&mut ext)?;
            let value = text(take(&mut ext, vlen)?)?;
            let int = || value.parse::<i32>().ok();
            let boolean = || match value.as_bytes() {
                b"true" => Some(true),
                b"false" => Some(false),
                _ => None,
            };
            match key {
                b"a" => a = Some(value),
                b"b" => b = Some(value),
                b"c" => c = Some(value),
                b"d" => d = Some(int()?),
                b"e" => e = Some(int()?),
                b"f" => f = Some(int()?),
                b"g" => g = Some(value.parse::<i64>().ok()?),
                b"h" => h = Some(int()?),
                b"i" => i = Some(value),
                b"j" => j = Some(int()?),
                b"k" => k = Some(boolean()?),
                b"l" => l = Some(int()?),
                b"m" => m = Some(boolean()?),
                b"n" => n = Some(value),
                _ => {}
            }
        }
        Some(SendMessageRequestHeaderV2 {
            producer_group: Cow::Borrowed(a?),
            topic: Cow::Borrowed(b?),
            default_topic: Cow::Borrowed(c?),
            default_topic_queue_nums: d?,
            queue_id: e?,
            sys_flag: f?,
            born_timestamp: g?,
            flag: h?,
            properties: i.map(Cow::Borrowed),
            reconsume_times: j,
            unit_mode: k,
            max_reconsume_times: l,
            batch: m,
            broker_name: n.map(Cow::Borrowed),
        })
    }

    #[inline(always)]
    fn i64_at(b: &[u8], at: usize) -> i64 {
        i64::from_be_bytes(b[at..at + 8].try_into().unwrap())
    }

    /// Iterates a PULL_MESSAGE body: every record's sizes, magic, hosts by sys flag, body,
    /// topic and properties (UTF-8, pairs counted), exact store size; `crc` checks bodies.
    pub fn pull(mut input: &[u8], crc: bool) -> Option<Tally> {
        let mut tally = Tally::default();
        while !input.is_empty() {
            let (size, _) = input.split_first_chunk::<4>()?;
            let size = usize::try_from(i32::from_be_bytes(*size)).ok()?;
            if size > input.len() {
                return None;
            }
            let (record, rest) = input.split_at(size);
            input = rest;
            // storeSize .. bornTimestamp: 48 bytes.
            let (fixed, mut r) = record.split_first_chunk::<48>()?;
            let v2 = match u32::from_be_bytes([fixed[4], fixed[5], fixed[6], fixed[7]]) {
                0xDAA3_20A7 => false,
                0xDAA3_20AB => true,
                _ => return None,
            };
            let body_crc = i32::from_be_bytes([fixed[8], fixed[9], fixed[10], fixed[11]]);
            let queue_offset = i64_at(fixed, 20);
            let sys_flag = i32::from_be_bytes([fixed[36], fixed[37], fixed[38], fixed[39]]);
            let born = if sys_flag & 0x10 != 0 { 20 } else { 8 };
            let store = if sys_flag & 0x20 != 0 { 20 } else { 8 };
            // Born host, store timestamp, store host, reconsume times, prepared offset.
            take(&mut r, born + 8 + store + 4 + 8)?;
            let body_len = len_i32(&mut r)?;
            let body = take(&mut r, body_len)?;
            let topic_len = if v2 {
                let (len, rest) = r.split_first_chunk::<2>()?;
                r = rest;
                usize::try_from(i16::from_be_bytes(*len)).ok()?
            } else {
                let (&len, rest) = r.split_first()?;
                r = rest;
                usize::from(len)
            };
            let topic = utf8(take(&mut r, topic_len)?)?;
            let (props_len, rest) = r.split_first_chunk::<2>()?;
            r = rest;
            let props_len = usize::try_from(i16::from_be_bytes(*props_len)).ok()?;
            let props = utf8(take(&mut r, props_len)?)?;
            if !r.is_empty() {
                return None;
            }
            if crc && (crc32fast::hash(body) & 0x7fff_ffff) as i32 != body_crc {
                return None;
            }
            let pairs = props
                .split('\u{2}')
                .filter(|e| matches!(e.split_once('\u{1}'), Some((k, v)) if !k.is_empty() && !v.is_empty()))
                .count();
            tally.messages += 1;
            tally.body_bytes += body.len() as u64;
            tally.properties += pairs as u64;
            tally.check += queue_offset + topic.len() as i64;
        }
        Some(tally)
    }
}

pub mod json {
    //! The serde_json baseline: the envelope by hand, the header deserialized borrowed (strings
    //! without escapes borrow; extFields into a `Vec`).
    use serde::Deserialize;
    use serde::de::{self, Deserializer, MapAccess, Visitor};
    use std::borrow::Cow;
    use std::fmt;

    /// A string that borrows from the input unless it has escapes.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct BStr<'a>(pub Cow<'a, str>);

    impl<'de: 'a, 'a> Deserialize<'de> for BStr<'a> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = BStr<'de>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a string")
                }
                fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
                    Ok(BStr(Cow::Borrowed(s)))
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                    Ok(BStr(Cow::Owned(s.to_owned())))
                }
            }
            d.deserialize_str(V)
        }
    }

    /// extFields in wire order.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Pairs<'a>(pub Vec<(BStr<'a>, BStr<'a>)>);

    impl<'de: 'a, 'a> Deserialize<'de> for Pairs<'a> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Pairs<'de>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("an object of strings")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                    let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(16));
                    while let Some(pair) = map.next_entry()? {
                        pairs.push(pair);
                    }
                    Ok(Pairs(pairs))
                }
            }
            d.deserialize_map(V)
        }
    }

    /// The JSON header, borrowed where serde can.
    #[derive(Debug, Deserialize)]
    pub struct Header<'a> {
        #[serde(default)]
        pub code: i32,
        #[serde(borrow)]
        pub language: BStr<'a>,
        #[serde(default)]
        pub version: i32,
        #[serde(default)]
        pub opaque: i32,
        #[serde(default)]
        pub flag: i32,
        #[serde(borrow, default)]
        pub remark: Option<BStr<'a>>,
        #[serde(borrow, default, rename = "extFields")]
        pub ext_fields: Option<Pairs<'a>>,
        #[serde(borrow, default, rename = "serializeTypeCurrentRPC")]
        pub serialize_type: Option<BStr<'a>>,
    }

    /// Decodes a JSON-header frame: header and body.
    #[inline]
    pub fn decode(frame: &[u8]) -> Option<(Header<'_>, &[u8])> {
        let (head, rest) = frame.split_first_chunk::<8>()?;
        let length =
            usize::try_from(i32::from_be_bytes([head[0], head[1], head[2], head[3]])).ok()?;
        let word = u32::from_be_bytes([head[4], head[5], head[6], head[7]]);
        if length != rest.len() + 4 || word >> 24 != 0 {
            return None;
        }
        let header_len = (word & 0xff_ffff) as usize;
        if header_len > rest.len() {
            return None;
        }
        let (header, body) = rest.split_at(header_len);
        Some((serde_json::from_slice(header).ok()?, body))
    }
}

/// The wire decoder's output for the same frames, for comparing implementations in the bench
/// self-checks: every extFields entry.
pub fn ext_pairs(frame: &[u8]) -> Vec<(String, String)> {
    let command = rocketmq::decode(frame).unwrap();
    command
        .ext_fields()
        .into_iter()
        .flat_map(|e| e.iter())
        .map(|(k, v): (Cow<'_, str>, Cow<'_, str>)| (k.into_owned(), v.into_owned()))
        .collect()
}

//! RocketMQ dissection (remoting frames, MessageExt records, batch bodies), and the way back:
//! the JSON a dissection prints, encoded to the frame's bytes.
//!
//! The values are built from the JSON by hand, through the protocol module's public types
//! ([`JsonHeader`], [`BinaryHeader`], [`MessageExt`], [`BatchMessage`] and their parts), and
//! encoded by their codecs. A remoting frame is its header's bytes behind the two words that
//! frame it (the length of the rest, then the [`HeaderWord`]), and its body; every frame built
//! here is decoded again before it is returned.
//!
//! What round-trips exactly: frames in their canonical encoding. A binary ("ROCKETMQ") header
//! has one encoding. A JSON header is written in the rocketmq-rust layout (every key, in one
//! order, no spaces, `null` for an absent remark or extFields, `serializeTypeCurrentRPC`
//! last); a JSON header from another implementation (other key order, spacing, escapes, no
//! `serializeTypeCurrentRPC`) comes back in that layout, which decodes to the same JSON.
//! Properties are written `name\u{1}value\u{2}` per pair, as Java writes them.

use crate::cli::Protocol;
use crate::frames::{self, Length, Sink, Span, Summary};
use serde::Serialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::io;
use wire_protocols::rocketmq::{
    self as rmq, BatchMessage, BinaryHeader, ExtFields, Flags, HeaderWord, HostAddr, JsonHeader,
    LanguageCode, MessageExt, MessageVersion, Properties, RemotingCommand, RequestCode,
    ResponseCode, SerializeType, SysFlag, Topic, TransactionType,
};
use wire_runtime::{DecodeError, DecodeErrorKind, WireEncode};

/// The frame name of a MessageExt record (`rocketmq-message`).
const MESSAGE_EXT: &str = "MessageExt";
/// The frame name of one message of a batch body (`rocketmq-batch`).
const BATCH_MESSAGE: &str = "BatchMessage";

/// The smallest MessageExt record: IPv4 hosts, empty body, topic and properties (V1).
const MIN_MESSAGE_EXT: usize = 91;
/// The smallest batch message: empty body and properties.
const MIN_BATCH_MESSAGE: usize = 22;

/// Dissects RocketMQ input.
pub fn dissect(protocol: Protocol, bytes: &[u8], sink: &mut impl Sink) -> io::Result<Summary> {
    match protocol {
        Protocol::Rocketmq => frames::framed(
            bytes,
            sink,
            |b| frames::u32_prefixed(b, rmq::frame_len(b, rmq::DEFAULT_MAX_FRAME)),
            remoting_frame,
        ),
        Protocol::RocketmqMessage => frames::framed(
            bytes,
            sink,
            |b| {
                record_len(
                    b,
                    MIN_MESSAGE_EXT,
                    ("MessageExt", "store_size"),
                    "store size below the 91 bytes of the smallest record",
                )
            },
            |record, sink, span| {
                // Records read back from a broker carry their body CRC.
                let verify = sink.verifies_checksums();
                frames::decode_frame(sink, span, record, |spans| {
                    let message = frames::whole::<MessageExt<'_>, ()>(record, (), true, spans)?;
                    if verify {
                        message.verify_body_crc()?;
                    }
                    Ok((MESSAGE_EXT.into(), message))
                })
            },
        ),
        Protocol::RocketmqBatch => frames::framed(
            bytes,
            sink,
            |b| {
                record_len(
                    b,
                    MIN_BATCH_MESSAGE,
                    ("BatchMessage", "total_size"),
                    "total size below the 22 bytes of the smallest message",
                )
            },
            |record, sink, span| {
                frames::decode_frame(sink, span, record, |spans| {
                    let message = frames::whole::<BatchMessage<'_>, ()>(record, (), true, spans)?;
                    Ok((BATCH_MESSAGE.into(), message))
                })
            },
        ),
        other => Err(io::Error::other(format!(
            "{} is not a RocketMQ layer",
            other.name()
        ))),
    }
}

/// What a dissected remoting frame shows: the serialization its header word announces, and
/// the command.
#[derive(Serialize)]
struct RemotingFields<'a> {
    serialize_type: SerializeType,
    command: RemotingCommand<'a>,
}

fn remoting_frame<S: Sink>(frame: &[u8], sink: &mut S, span: Span) -> io::Result<bool> {
    // `framed` hands over whole frames: at least the length and the header word.
    frames::decode_frame(sink, span, frame, |spans| {
        let command = frames::whole::<RemotingCommand<'_>, ()>(frame, (), true, spans)?;
        let name = command_name(command.is_response(), command.request_code().code());
        let fields = RemotingFields {
            serialize_type: command.serialize_type(),
            command,
        };
        Ok((name.into(), fields))
    })
}

/// The length of the record at the front of `buf`, which starts with its own `i32` size (the
/// size included): whole, cut short, or an error when the size cannot be a record's (the
/// framing is lost then).
fn record_len(
    buf: &[u8],
    min: usize,
    (ty, field): (&'static str, &'static str),
    too_small: &'static str,
) -> Result<Length, DecodeError> {
    let Some(size) = buf.first_chunk::<4>() else {
        return Ok(Length::Partial(None));
    };
    let size = i32::from_be_bytes(*size);
    let why = match usize::try_from(size) {
        Ok(size) if size > rmq::DEFAULT_MAX_FRAME => {
            "record size larger than the largest frame that could carry it (16 MiB)"
        }
        Ok(size) if size >= min => {
            return Ok(if size <= buf.len() {
                Length::Whole(size)
            } else {
                Length::Partial(Some(size - buf.len()))
            });
        }
        _ => too_small,
    };
    Err(DecodeError::new(DecodeErrorKind::InvalidValue(why), 0).in_field(ty, field))
}

/// The name of a command: its request code's (`SEND_MESSAGE_V2`), or `RESPONSE` and its
/// response code's (`RESPONSE SUCCESS`); codes not in the tables by number (`REQUEST 7777`,
/// `RESPONSE 7777`).
fn command_name(response: bool, code: i32) -> String {
    if response {
        match ResponseCode::from_code(code) {
            ResponseCode::Unknown(code) => format!("RESPONSE {code}"),
            known => format!("RESPONSE {}", screaming_snake(&format!("{known:?}"))),
        }
    } else {
        match RequestCode::from_code(code) {
            RequestCode::Unknown(code) => format!("REQUEST {code}"),
            // Java's spelling, where it is not the variant's name in upper snake case.
            RequestCode::GetEarliestMsgStoreTime => "GET_EARLIEST_MSG_STORETIME".into(),
            RequestCode::UpdateAndCreateSubscriptionGroup => {
                "UPDATE_AND_CREATE_SUBSCRIPTIONGROUP".into()
            }
            RequestCode::GetAllSubscriptionGroupConfig => "GET_ALL_SUBSCRIPTIONGROUP_CONFIG".into(),
            RequestCode::DeleteSubscriptionGroup => "DELETE_SUBSCRIPTIONGROUP".into(),
            RequestCode::ChangeMessageInvisibleTime => "CHANGE_MESSAGE_INVISIBLETIME".into(),
            known => screaming_snake(&format!("{known:?}")),
        }
    }
}

/// `SendMessageV2` as `SEND_MESSAGE_V2`.
fn screaming_snake(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 8);
    let mut after_word = false;
    for c in camel.chars() {
        if c.is_ascii_uppercase() && after_word {
            out.push('_');
        }
        after_word = c.is_ascii_lowercase() || c.is_ascii_digit();
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Encodes a RocketMQ frame from its JSON.
pub fn encode(protocol: Protocol, message: &str, fields: &Value) -> Result<Vec<u8>, String> {
    let fields = Obj::root(fields)?;
    match protocol {
        Protocol::Rocketmq => remoting(message, &fields),
        Protocol::RocketmqMessage => {
            expect_name(message, MESSAGE_EXT)?;
            message_ext(&fields)
        }
        Protocol::RocketmqBatch => {
            expect_name(message, BATCH_MESSAGE)?;
            batch_message(&fields)
        }
        other => Err(format!("{} is not a RocketMQ layer", other.name())),
    }
    .map_err(|e| format!("{message}: {e}"))
}

fn expect_name(message: &str, name: &str) -> Result<(), String> {
    if message == name {
        Ok(())
    } else {
        Err(format!("not a frame of this layer (its frames are {name})"))
    }
}

/// A remoting frame: `{"serialize_type", "command"}`.
fn remoting(message: &str, fields: &Obj<'_>) -> Result<Vec<u8>, String> {
    let serialize_type = serialize_type_field(fields, "serialize_type")?;
    let c = fields.object("command")?;
    // The command's own serialize_type, where it prints one, must agree.
    if c.get("serialize_type").is_some()
        && serialize_type_field(&c, "serialize_type")? != serialize_type
    {
        return Err("serialize_type and command.serialize_type differ".into());
    }
    let code: i32 = c.int("code")?;
    let flag: i32 = c.int("flag")?;
    let expected = command_name(Flags(flag).is_response(), code);
    if message != expected {
        return Err(format!(
            "the command (code {code}, flag {flag}) is {expected}, not {message}"
        ));
    }
    let language = language(&c, "language")?;
    let version: i32 = c.int("version")?;
    let opaque: i32 = c.int("opaque")?;
    let remark = c.opt_str("remark")?;
    let ext_fields = ext_fields(&c, "ext_fields")?;
    let body = c.hex("body_hex")?;
    let header = match serialize_type {
        SerializeType::Json => JsonHeader {
            code,
            language,
            version,
            opaque,
            flag,
            remark: remark.map(Cow::Borrowed),
            ext_fields,
        }
        .encode_to_vec(),
        SerializeType::RocketMq => BinaryHeader {
            code: i16::try_from(code)
                .map_err(|_| c.bad("code", "does not fit the binary header's i16"))?,
            language: language.code(),
            version: i16::try_from(version)
                .map_err(|_| c.bad("version", "does not fit the binary header's i16"))?,
            opaque,
            flag,
            // A binary header has no empty remark or extFields: length 0 is none.
            remark: remark.filter(|r| !r.is_empty()),
            ext_fields: ext_fields.filter(|ext| !ext.is_empty()),
        }
        .encode_to_vec(),
    }
    .map_err(|e| format!("encoding the header: {e}"))?;
    let header_length = u32::try_from(header.len())
        .ok()
        .filter(|len| *len < 1 << 24)
        .ok_or("the header is longer than the 24 bits of its length can say")?;
    let word = HeaderWord {
        serialize_type,
        header_length,
    }
    .encode_to_vec()
    .map_err(|e| e.to_string())?;
    let length = i32::try_from(word.len() + header.len() + body.len())
        .map_err(|_| "the frame is longer than its i32 length can say")?;
    let mut frame = Vec::with_capacity(4 + word.len() + header.len() + body.len());
    frame.extend_from_slice(&length.to_be_bytes());
    frame.extend_from_slice(&word);
    frame.extend_from_slice(&header);
    frame.extend_from_slice(&body);
    rmq::decode(&frame).map_err(|e| format!("the frame built does not decode: {e}"))?;
    Ok(frame)
}

fn serialize_type_field(obj: &Obj<'_>, key: &str) -> Result<SerializeType, String> {
    match obj.str(key)? {
        "JSON" => Ok(SerializeType::Json),
        "ROCKETMQ" => Ok(SerializeType::RocketMq),
        _ => Err(obj.bad(key, "must be \"JSON\" or \"ROCKETMQ\"")),
    }
}

/// A language by name (`"JAVA"`) or, for bytes not in the table, by number.
fn language(obj: &Obj<'_>, key: &str) -> Result<LanguageCode, String> {
    match obj.required(key)? {
        Value::String(name) => {
            LanguageCode::from_name(name).ok_or_else(|| obj.bad(key, "is not a language name"))
        }
        Value::Number(_) => Ok(LanguageCode::from_code(obj.int(key)?)),
        _ => Err(obj.bad(key, "must be a language name or its byte")),
    }
}

/// extFields: `null` (or absent) or an object of strings, in order.
fn ext_fields<'v>(obj: &Obj<'v>, key: &str) -> Result<Option<ExtFields<'v>>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| match v {
                Value::String(v) => Ok((k.as_str(), v.as_str())),
                _ => Err(obj.bad(&format!("{key}.{k}"), "must be a string")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|pairs| Some(pairs.into_iter().collect())),
        Some(_) => Err(obj.bad(key, "must be an object of strings or null")),
    }
}

/// A MessageExt record; `store_size` is computed, `magic` picks the topic's length width.
fn message_ext(f: &Obj<'_>) -> Result<Vec<u8>, String> {
    let topic = f.str("topic")?;
    let topic = match f.str("magic")? {
        "V1" => Topic::V1(topic),
        "V2" => Topic::V2(topic),
        _ => return Err(f.bad("magic", "must be \"V1\" or \"V2\"")),
    };
    let body = f.hex("body_hex")?;
    let properties = properties(f, "properties")?;
    let message = MessageExt {
        store_size: 0,
        magic: MessageVersion::default(),
        body_crc: f.int("body_crc")?,
        queue_id: f.int("queue_id")?,
        flag: f.int("flag")?,
        queue_offset: f.int("queue_offset")?,
        physic_offset: f.int("physic_offset")?,
        sys_flag: sys_flag(&f.object("sys_flag")?)?,
        born_timestamp: f.int("born_timestamp")?,
        born_host: host(f, "born_host")?,
        store_timestamp: f.int("store_timestamp")?,
        store_host: host(f, "store_host")?,
        reconsume_times: f.int("reconsume_times")?,
        prepared_transaction_offset: f.int("prepared_transaction_offset")?,
        body: &body,
        topic,
        properties: Properties::new(&properties),
    };
    let bytes = message.encode_to_vec().map_err(|e| e.to_string())?;
    wire_runtime::decode::<MessageExt<'_>>(&bytes)
        .map_err(|e| format!("the record built does not decode: {e}"))?;
    Ok(bytes)
}

fn sys_flag(f: &Obj<'_>) -> Result<SysFlag, String> {
    let transaction = match f.str("transaction")? {
        "NotType" => TransactionType::NotType,
        "Prepared" => TransactionType::Prepared,
        "Commit" => TransactionType::Commit,
        "Rollback" => TransactionType::Rollback,
        _ => {
            return Err(f.bad(
                "transaction",
                "must be \"NotType\", \"Prepared\", \"Commit\" or \"Rollback\"",
            ));
        }
    };
    let compression: u8 = f.int("compression")?;
    if compression > 7 {
        return Err(f.bad("compression", "has 3 bits"));
    }
    let other: u32 = f.int("other")?;
    if other >= 1 << 21 {
        return Err(f.bad("other", "has 21 bits (11..32)"));
    }
    Ok(SysFlag {
        compressed: f.bool("compressed")?,
        multi_tags: f.bool("multi_tags")?,
        transaction,
        born_host_v6: f.bool("born_host_v6")?,
        store_host_v6: f.bool("store_host_v6")?,
        need_unwrap: f.bool("need_unwrap")?,
        inner_batch: f.bool("inner_batch")?,
        compression,
        other,
    })
}

/// `{"V4": {"ip": [4 bytes], "port": n}}` or `{"V6": {"ip": [16 bytes], "port": n}}`.
/// A host as `decode` prints it, `10.0.0.1:10911` or `[::1]:10911`, or the older
/// `{"V4": {"ip": [..], "port": ..}}`.
fn host(f: &Obj<'_>, key: &str) -> Result<HostAddr, String> {
    match f.required(key)? {
        Value::String(text) => text.parse().map_err(|why| f.bad(key, why)),
        _ => host_object(&f.object(key)?),
    }
}

fn host_object(f: &Obj<'_>) -> Result<HostAddr, String> {
    if f.map.len() != 1 {
        return Err(f.bad("", "must be {\"V4\": ..} or {\"V6\": ..}"));
    }
    let (v4, addr) = match f.get("V4") {
        Some(_) => (true, f.object("V4")?),
        None => (false, f.object("V6")?),
    };
    let port: i32 = addr.int("port")?;
    let ip = match addr.required("ip")? {
        Value::Array(items) => items
            .iter()
            .map(|b| b.as_u64().and_then(|b| u8::try_from(b).ok()))
            .collect::<Option<Vec<u8>>>(),
        _ => None,
    }
    .ok_or_else(|| addr.bad("ip", "must be an array of bytes"))?;
    Ok(if v4 {
        HostAddr::V4 {
            ip: ip
                .try_into()
                .map_err(|_| addr.bad("ip", "must have 4 bytes"))?,
            port,
        }
    } else {
        HostAddr::V6 {
            ip: ip
                .try_into()
                .map_err(|_| addr.bad("ip", "must have 16 bytes"))?,
            port,
        }
    })
}

/// Properties from their map, as Java writes them: `name\u{1}value\u{2}` per pair.
fn properties(f: &Obj<'_>, key: &str) -> Result<String, String> {
    let Value::Object(map) = f.required(key)? else {
        return Err(f.bad(key, "must be an object of strings"));
    };
    let mut text = String::new();
    for (name, value) in map {
        let Value::String(value) = value else {
            return Err(f.bad(&format!("{key}.{name}"), "must be a string"));
        };
        let separators: &[char] = &[rmq::NAME_VALUE_SEPARATOR, rmq::PROPERTY_SEPARATOR];
        if name.is_empty() || value.is_empty() || name.contains(separators) {
            return Err(f.bad(
                &format!("{key}.{name}"),
                "names and values are not empty, names hold no \\u0001 or \\u0002",
            ));
        }
        if value.contains(rmq::PROPERTY_SEPARATOR) {
            return Err(f.bad(&format!("{key}.{name}"), "a value holds no \\u0002"));
        }
        text.push_str(name);
        text.push(rmq::NAME_VALUE_SEPARATOR);
        text.push_str(value);
        text.push(rmq::PROPERTY_SEPARATOR);
    }
    Ok(text)
}

/// One message of a batch body; `total_size` is computed.
fn batch_message(f: &Obj<'_>) -> Result<Vec<u8>, String> {
    let body = f.hex("body_hex")?;
    let properties = properties(f, "properties")?;
    let message = BatchMessage {
        total_size: 0,
        magic: f.int("magic")?,
        body_crc: f.int("body_crc")?,
        flag: f.int("flag")?,
        body: &body,
        properties: Properties::new(&properties),
    };
    let bytes = message.encode_to_vec().map_err(|e| e.to_string())?;
    wire_runtime::decode::<BatchMessage<'_>>(&bytes)
        .map_err(|e| format!("the message built does not decode: {e}"))?;
    Ok(bytes)
}

/// A JSON object and where it sits, for messages naming the field.
struct Obj<'v> {
    map: &'v Map<String, Value>,
    /// `""` or `"command."`.
    path: String,
}

impl<'v> Obj<'v> {
    fn root(value: &'v Value) -> Result<Self, String> {
        match value {
            Value::Object(map) => Ok(Obj {
                map,
                path: String::new(),
            }),
            _ => Err("\"fields\" must be an object".into()),
        }
    }

    fn bad(&self, key: &str, why: &str) -> String {
        let path = format!("{}{key}", self.path);
        format!("{}: {why}", path.trim_end_matches('.'))
    }

    fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key)
    }

    fn required(&self, key: &str) -> Result<&'v Value, String> {
        self.get(key).ok_or_else(|| self.bad(key, "missing"))
    }

    fn object(&self, key: &str) -> Result<Obj<'v>, String> {
        match self.required(key)? {
            Value::Object(map) => Ok(Obj {
                map,
                path: format!("{}{key}.", self.path),
            }),
            _ => Err(self.bad(key, "must be an object")),
        }
    }

    fn int<T: TryFrom<i64>>(&self, key: &str) -> Result<T, String> {
        let value = self.required(key)?;
        value
            .as_i64()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                self.bad(
                    key,
                    &format!(
                        "must be an integer in the range of {}",
                        std::any::type_name::<T>()
                    ),
                )
            })
    }

    fn bool(&self, key: &str) -> Result<bool, String> {
        self.required(key)?
            .as_bool()
            .ok_or_else(|| self.bad(key, "must be true or false"))
    }

    fn str(&self, key: &str) -> Result<&'v str, String> {
        self.required(key)?
            .as_str()
            .ok_or_else(|| self.bad(key, "must be a string"))
    }

    /// A string, or none for `null` or an absent key.
    fn opt_str(&self, key: &str) -> Result<Option<&'v str>, String> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(self.bad(key, "must be a string or null")),
        }
    }

    /// Bytes as lower-case hex.
    fn hex(&self, key: &str) -> Result<Vec<u8>, String> {
        wire_protocols::hex::parse(self.str(key)?).map_err(|e| self.bad(key, e))
    }
}

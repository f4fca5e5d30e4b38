//! Stored messages (`MessageExt`) as PULL_MESSAGE responses carry them: records back to back,
//! each the commit log's layout (`MessageDecoder.decode`).

use super::properties::Properties;
use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use wire_runtime::{DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode};

/// Magic code of version 1 records (topic length `u8`), `0xDAA320A7`.
pub const MESSAGE_MAGIC_V1: u32 = 0xDAA3_20A7;
/// Magic code of version 2 records (topic length `i16`), `0xDAA320AB`.
pub const MESSAGE_MAGIC_V2: u32 = 0xDAA3_20AB;
/// Magic code of the commit log's end-of-file filler, which is not a message: `0xCBD43194`.
pub const BLANK_MAGIC: u32 = 0xCBD4_3194;

/// A record's format version, from its magic code. Any other code (the end-of-file filler
/// included) is an error.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[wire(tag = u32)]
pub enum MessageVersion {
    /// `0xDAA320A7`: the topic's length is a `u8`.
    #[default]
    #[wire(tag = MESSAGE_MAGIC_V1)]
    V1,
    /// `0xDAA320AB`: the topic's length is an `i16`.
    #[wire(tag = MESSAGE_MAGIC_V2)]
    V2,
}

/// Transaction state, bits 2..4 of [`SysFlag`].
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[wire(tag = u8)]
pub enum TransactionType {
    /// 0: not part of a transaction.
    #[default]
    #[wire(tag = 0)]
    NotType,
    /// 1 (`0x4`): prepared.
    #[wire(tag = 1)]
    Prepared,
    /// 2 (`0x8`): committed.
    #[wire(tag = 2)]
    Commit,
    /// 3 (`0xC`): rolled back.
    #[wire(tag = 3)]
    Rollback,
}

/// Compression codecs of bits 8..11 of [`SysFlag`] (0 means zlib, for old writers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompressionType {
    /// 1
    Lz4,
    /// 2
    Zstd,
    /// 3 (or 0)
    Zlib,
}

/// The message sys flag (`MessageSysFlag.java`): one `i32` of bits. Every bit is kept, named
/// or not.
///
/// ```
/// use wire_protocols::rocketmq::{SysFlag, TransactionType};
///
/// let flag: SysFlag = wire_runtime::decode(&[0, 0, 0x03, 0x19])?;
/// assert!(flag.compressed && flag.born_host_v6 && !flag.store_host_v6);
/// assert_eq!(flag.transaction, TransactionType::Commit);
/// assert_eq!(flag.compression, 3);
/// assert_eq!(wire_runtime::WireEncode::encode_to_vec(&flag)?, [0, 0, 0x03, 0x19]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[wire(bits = u32)]
pub struct SysFlag {
    /// `0x1`: the body is compressed (codec in `compression`).
    #[wire(bit = 0)]
    pub compressed: bool,
    /// `0x2`: several tags.
    #[wire(bit = 1)]
    pub multi_tags: bool,
    /// `0xC`: transaction state.
    #[wire(bits = 2..4)]
    pub transaction: TransactionType,
    /// `0x10`: the born host is IPv6 (16 bytes).
    #[wire(bit = 4)]
    pub born_host_v6: bool,
    /// `0x20`: the store host is IPv6 (16 bytes).
    #[wire(bit = 5)]
    pub store_host_v6: bool,
    /// `0x40`: needs unwrapping.
    #[wire(bit = 6)]
    pub need_unwrap: bool,
    /// `0x80`: an inner batch.
    #[wire(bit = 7)]
    pub inner_batch: bool,
    /// `0x700`: the compression codec.
    #[wire(bits = 8..11)]
    pub compression: u8,
    /// Bits 11 and up, kept as they are.
    #[wire(bits = 11..32)]
    pub other: u32,
}

impl SysFlag {
    /// The codec of a compressed body (0 and 3 are zlib), `None` for unknown values.
    pub fn compression_type(&self) -> Option<CompressionType> {
        match self.compression {
            0 | 3 => Some(CompressionType::Zlib),
            1 => Some(CompressionType::Lz4),
            2 => Some(CompressionType::Zstd),
            _ => None,
        }
    }
}

/// A host: IPv4 or IPv6 address (as [`SysFlag`] says) and an `i32` port. Displayed (and
/// serialized) as people write socket addresses, `127.0.0.1:10911` or `[::1]:10911`, and parsed
/// back from that form.
///
/// ```
/// use wire_protocols::rocketmq::HostAddr;
///
/// let host: HostAddr = "[2001:db8::1]:10911".parse()?;
/// assert!(host.is_v6());
/// assert_eq!(host.to_string(), "[2001:db8::1]:10911");
/// assert_eq!("10.0.0.1:40000".parse::<HostAddr>()?.port(), 40000);
/// # Ok::<(), &'static str>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[wire(ctx_tag = u8)]
pub enum HostAddr {
    /// 4 address bytes.
    #[wire(tag = 0)]
    V4 {
        /// Address.
        ip: [u8; 4],
        /// Port.
        port: i32,
    },
    /// 16 address bytes.
    #[wire(tag = 1)]
    V6 {
        /// Address.
        ip: [u8; 16],
        /// Port.
        port: i32,
    },
}

impl HostAddr {
    /// True for IPv6.
    pub fn is_v6(&self) -> bool {
        matches!(self, HostAddr::V6 { .. })
    }

    /// The address.
    pub fn ip(&self) -> IpAddr {
        match *self {
            HostAddr::V4 { ip, .. } => IpAddr::V4(Ipv4Addr::from(ip)),
            HostAddr::V6 { ip, .. } => IpAddr::V6(Ipv6Addr::from(ip)),
        }
    }

    /// The port as it is on the wire.
    pub fn port(&self) -> i32 {
        match *self {
            HostAddr::V4 { port, .. } | HostAddr::V6 { port, .. } => port,
        }
    }

    /// A socket address, `None` for a port outside `u16`.
    pub fn socket_addr(&self) -> Option<SocketAddr> {
        Some(SocketAddr::new(self.ip(), u16::try_from(self.port()).ok()?))
    }

    /// The address bytes then the port, as the offset message id has them.
    fn id_bytes(&self, out: &mut Vec<u8>) {
        match self {
            HostAddr::V4 { ip, .. } => out.extend_from_slice(ip),
            HostAddr::V6 { ip, .. } => out.extend_from_slice(ip),
        }
        out.extend_from_slice(&self.port().to_be_bytes());
    }
}

impl From<SocketAddr> for HostAddr {
    fn from(addr: SocketAddr) -> Self {
        let port = i32::from(addr.port());
        match addr.ip() {
            IpAddr::V4(ip) => HostAddr::V4 {
                ip: ip.octets(),
                port,
            },
            IpAddr::V6(ip) => HostAddr::V6 {
                ip: ip.octets(),
                port,
            },
        }
    }
}

impl std::fmt::Display for HostAddr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ip() {
            IpAddr::V4(ip) => write!(f, "{ip}:{}", self.port()),
            IpAddr::V6(ip) => write!(f, "[{ip}]:{}", self.port()),
        }
    }
}

impl std::str::FromStr for HostAddr {
    type Err = &'static str;

    /// `a.b.c.d:port` or `[v6]:port`, the port any `i32` (as the wire holds it).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (ip, port) = text
            .rsplit_once(':')
            .ok_or("a host is written address:port")?;
        let port: i32 = port.parse().map_err(|_| "the port is not an integer")?;
        let ip = match ip.strip_prefix('[') {
            Some(v6) => v6
                .strip_suffix(']')
                .ok_or("an IPv6 address is written [address]")?,
            None => ip,
        };
        match ip.parse::<IpAddr>() {
            Ok(IpAddr::V4(ip)) if !text.starts_with('[') => Ok(HostAddr::V4 {
                ip: ip.octets(),
                port,
            }),
            Ok(IpAddr::V6(ip)) if text.starts_with('[') => Ok(HostAddr::V6 {
                ip: ip.octets(),
                port,
            }),
            _ => Err("not an IPv4 address, or an IPv6 one in brackets"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for HostAddr {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A topic, whose length prefix depends on the record's [`MessageVersion`].
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[wire(ctx_tag = u32)]
pub enum Topic<'a> {
    /// Version 1: `u8` length.
    #[wire(tag = MESSAGE_MAGIC_V1)]
    V1(#[wire(len = u8)] &'a str),
    /// Version 2: `i16` length.
    #[wire(tag = MESSAGE_MAGIC_V2)]
    V2(#[wire(len = i16)] &'a str),
}

impl<'a> Topic<'a> {
    /// The topic.
    pub fn as_str(&self) -> &'a str {
        match *self {
            Topic::V1(topic) | Topic::V2(topic) => topic,
        }
    }

    /// The record version this topic is written for.
    pub fn version(&self) -> MessageVersion {
        match self {
            Topic::V1(_) => MessageVersion::V1,
            Topic::V2(_) => MessageVersion::V2,
        }
    }

    /// `topic` with the smallest version that can hold it (V1 up to 255 bytes).
    pub fn new(topic: &'a str) -> Self {
        if topic.len() <= usize::from(u8::MAX) {
            Topic::V1(topic)
        } else {
            Topic::V2(topic)
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Topic<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One stored message (`MessageExt`), borrowed from the response body.
///
/// `store_size` counts the whole record, itself included, and must be exactly what its
/// fields take (on encode it is computed). The magic code picks the topic's length width; on
/// encode it follows `topic`'s variant. Bits 4 and 5 of `sys_flag` pick 4- or 16-byte hosts;
/// on encode they must agree with the hosts. `body_crc` is not checked while decoding (Java
/// checks it only on request): see [`MessageExt::verify_body_crc`] and [`decode_messages`].
///
/// ```
/// use wire_protocols::rocketmq::{HostAddr, MessageExt, PropertiesBuf, SysFlag, Topic};
///
/// let props = PropertiesBuf::new().with("KEYS", "k1");
/// let mut message = MessageExt {
///     queue_id: 1,
///     queue_offset: 42,
///     born_host: "10.0.0.1:40000".parse::<std::net::SocketAddr>()?.into(),
///     store_host: "127.0.0.1:10911".parse::<std::net::SocketAddr>()?.into(),
///     body: b"hello",
///     topic: Topic::new("TopicTest"),
///     properties: props.as_properties(),
///     ..MessageExt::default()
/// };
/// message.set_body_crc();
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&message)?;
/// let decoded: MessageExt<'_> = wire_runtime::decode(&bytes)?;
/// assert_eq!(decoded.store_size as usize, bytes.len());
/// decoded.verify_body_crc()?;
/// assert_eq!((decoded.topic.as_str(), decoded.body), ("TopicTest", &b"hello"[..]));
/// assert_eq!(decoded.properties.keys().next(), Some("k1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[wire(validate = hosts_agree(sys_flag, born_host, store_host))]
pub struct MessageExt<'a> {
    /// Length of the whole record, this field included.
    #[wire(rest_len, inclusive)]
    pub store_size: i32,
    /// The record's format.
    #[wire(fill = topic.version())]
    pub magic: MessageVersion,
    /// `CRC32(body) & 0x7FFFFFFF`.
    pub body_crc: i32,
    /// Queue.
    pub queue_id: i32,
    /// The producer's flag.
    pub flag: i32,
    /// Offset in the queue.
    pub queue_offset: i64,
    /// Offset in the commit log.
    pub physic_offset: i64,
    /// Host widths, compression, transaction state.
    pub sys_flag: SysFlag,
    /// When the producer created it (ms since the epoch).
    pub born_timestamp: i64,
    /// The producer.
    #[wire(ctx = sys_flag.born_host_v6 as u8)]
    pub born_host: HostAddr,
    /// When the broker stored it (ms since the epoch).
    pub store_timestamp: i64,
    /// The broker.
    #[wire(ctx = sys_flag.store_host_v6 as u8)]
    pub store_host: HostAddr,
    /// Redeliveries so far.
    pub reconsume_times: i32,
    /// Offset of the prepared half message of a transaction.
    pub prepared_transaction_offset: i64,
    /// The body, compressed if `sys_flag.compressed`.
    #[wire(len = i32)]
    #[cfg_attr(
        feature = "serde",
        serde(rename = "body_hex", serialize_with = "crate::hex::serialize")
    )]
    pub body: &'a [u8],
    /// Topic.
    #[wire(ctx = magic.wire_tag())]
    pub topic: Topic<'a>,
    /// Properties.
    #[wire(len = i16)]
    pub properties: Properties<'a>,
}

fn hosts_agree(
    sys_flag: &SysFlag,
    born_host: &HostAddr,
    store_host: &HostAddr,
) -> Result<(), &'static str> {
    if sys_flag.born_host_v6 != born_host.is_v6() {
        Err("sys_flag bit 0x10 and the born host's address family differ")
    } else if sys_flag.store_host_v6 != store_host.is_v6() {
        Err("sys_flag bit 0x20 and the store host's address family differ")
    } else {
        Ok(())
    }
}

impl Default for MessageExt<'_> {
    /// An empty V1 record with IPv4 hosts 0.0.0.0:0.
    fn default() -> Self {
        let host = HostAddr::V4 {
            ip: [0; 4],
            port: 0,
        };
        MessageExt {
            store_size: 0,
            magic: MessageVersion::V1,
            body_crc: 0,
            queue_id: 0,
            flag: 0,
            queue_offset: 0,
            physic_offset: 0,
            sys_flag: SysFlag::default(),
            born_timestamp: 0,
            born_host: host,
            store_timestamp: 0,
            store_host: host,
            reconsume_times: 0,
            prepared_transaction_offset: 0,
            body: &[],
            topic: Topic::V1(""),
            properties: Properties::default(),
        }
    }
}

/// `CRC32(body) & 0x7FFFFFFF`, as `UtilAll.crc32` computes it.
pub fn body_crc(body: &[u8]) -> i32 {
    (crc32fast::hash(body) & 0x7fff_ffff) as i32
}

impl<'a> MessageExt<'a> {
    /// Sets `body_crc` from the body, and the host bits of `sys_flag` from the hosts.
    pub fn set_body_crc(&mut self) {
        self.body_crc = body_crc(self.body);
        self.sys_flag.born_host_v6 = self.born_host.is_v6();
        self.sys_flag.store_host_v6 = self.store_host.is_v6();
    }

    /// Checks `body_crc` against the body (as stored: compressed bodies are checked
    /// compressed, as in Java).
    pub fn verify_body_crc(&self) -> Result<(), DecodeError> {
        self.verify_body_crc_at(0)
    }

    /// As [`MessageExt::verify_body_crc`], the error placed at `offset`.
    fn verify_body_crc_at(&self, offset: usize) -> Result<(), DecodeError> {
        let actual = body_crc(self.body);
        if actual == self.body_crc {
            Ok(())
        } else {
            Err(DecodeError::new(
                DecodeErrorKind::ChecksumMismatch {
                    expected: u64::from(self.body_crc as u32),
                    actual: u64::from(actual as u32),
                },
                offset,
            )
            .in_field("MessageExt", "body_crc"))
        }
    }

    /// The offset message id (`MessageDecoder.createMessageId`): store host address, port and
    /// commit log offset, in upper-case hex.
    pub fn offset_msg_id(&self) -> String {
        let mut bytes = Vec::with_capacity(28);
        self.store_host.id_bytes(&mut bytes);
        bytes.extend_from_slice(&self.physic_offset.to_be_bytes());
        bytes.iter().map(|b| format!("{b:02X}")).collect()
    }

    /// The body, decompressed if `sys_flag.compressed` (borrowed otherwise). zlib needs the
    /// `zlib` feature; LZ4 and zstd are reported as unsupported. The output may not grow past
    /// `max_len` bytes.
    pub fn decompressed_body(&self, max_len: usize) -> Result<Cow<'a, [u8]>, DecodeError> {
        if !self.sys_flag.compressed {
            return Ok(Cow::Borrowed(self.body));
        }
        match self.sys_flag.compression_type() {
            #[cfg(feature = "zlib")]
            Some(CompressionType::Zlib) => inflate(self.body, max_len).map(Cow::Owned),
            #[cfg(not(feature = "zlib"))]
            Some(CompressionType::Zlib) => {
                let _ = max_len;
                Err(unsupported("zlib (enable the `zlib` feature)"))
            }
            Some(CompressionType::Lz4) => Err(unsupported("lz4 compression")),
            Some(CompressionType::Zstd) => Err(unsupported("zstd compression")),
            None => Err(unsupported("unknown compression type")),
        }
    }
}

fn unsupported(what: &'static str) -> DecodeError {
    DecodeError::new(DecodeErrorKind::Unsupported(what), 0).in_field("MessageExt", "body")
}

#[cfg(feature = "zlib")]
fn inflate(data: &[u8], max_len: usize) -> Result<Vec<u8>, DecodeError> {
    use std::io::Read;
    // Deflate expands at most ~1032:1; trust neither that nor the caller's limit for the
    // first allocation.
    let mut out = Vec::with_capacity(data.len().saturating_mul(4).min(max_len).min(1 << 20));
    let mut decoder = flate2::read::ZlibDecoder::new(data).take(max_len as u64 + 1);
    if decoder.read_to_end(&mut out).is_err() {
        return Err(
            DecodeError::new(DecodeErrorKind::InvalidValue("corrupt zlib data"), 0)
                .in_field("MessageExt", "body"),
        );
    }
    if out.len() > max_len {
        return Err(DecodeError::new(
            DecodeErrorKind::InvalidValue("decompressed body larger than allowed"),
            0,
        )
        .in_field("MessageExt", "body"));
    }
    Ok(out)
}

/// The records of a PULL_MESSAGE response body, decoded one at a time (optionally with their
/// body CRC checked). The body is complete by declaration: a record cut short is malformed.
/// Offsets in errors count from the start of the body.
///
/// ```
/// use wire_protocols::rocketmq::{decode_messages, MessageExt, Topic};
///
/// let mut body = Vec::new();
/// for offset in 0..3 {
///     let mut m = MessageExt { queue_offset: offset, body: b"x", topic: Topic::new("T"), ..MessageExt::default() };
///     m.set_body_crc();
///     wire_runtime::WireEncode::encode(&m, &mut body)?;
/// }
/// let offsets: Vec<i64> = decode_messages(&body)
///     .check_crc(true)
///     .map(|m| m.map(|m| m.queue_offset))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(offsets, [0, 1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decode_messages(body: &[u8]) -> Messages<'_> {
    Messages {
        reader: Reader::new_section(body),
        check_crc: false,
        done: false,
    }
}

/// Iterator over the records of a body (see [`decode_messages`]).
#[derive(Debug, Clone)]
pub struct Messages<'a> {
    reader: Reader<'a>,
    check_crc: bool,
    done: bool,
}

impl Messages<'_> {
    /// Also checks each record's body CRC (a mismatch is a `ChecksumMismatch` error).
    pub fn check_crc(mut self, on: bool) -> Self {
        self.check_crc = on;
        self
    }
}

impl<'a> Iterator for Messages<'a> {
    type Item = Result<MessageExt<'a>, DecodeError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.reader.is_empty() {
            return None;
        }
        let at = self.reader.offset();
        let message = match self.reader.read::<MessageExt<'a>>() {
            Ok(message) => message,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        if self.check_crc {
            if let Err(e) = message.verify_body_crc_at(at) {
                self.done = true;
                return Some(Err(e));
            }
        }
        Some(Ok(message))
    }
}

//! [`RemotingCommand`]: one type for every command, whatever its header's serialization.

use super::binary::BinaryHeader;
use super::codes::{Flags, LanguageCode, RequestCode, ResponseCode};
use super::ext::ExtFields;
use super::frame::{Frame, Header, HeaderWord, SerializeType};
use super::headers::CustomHeader;
use super::json_header::JsonHeader;
use bytes::BufMut;
use std::borrow::Cow;
use std::vec::Vec;
use wire_runtime::{DecodeError, EncodeError, EncodeErrorKind, WireEncode};

/// A remoting command (`RemotingCommand.java`): request or response, with its header fields,
/// its extFields and its body, borrowed from the frame it was decoded from.
///
/// Decoding accepts both header serializations; encoding takes the serialization as an
/// argument, so a command decoded from a JSON frame can be re-encoded with a binary header.
///
/// ```
/// use wire_protocols::rocketmq::{self, RemotingCommand, RequestCode, SerializeType};
///
/// let request = RemotingCommand::request(RequestCode::GetKvConfig, 7)
///     .with_ext([("namespace", "ci"), ("key", "k1")]);
/// for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
///     let frame = request.to_vec(serialize_type)?;
///     let decoded = rocketmq::decode(&frame)?;
///     assert_eq!(decoded, request);
///     assert_eq!(decoded.ext("key").as_deref(), Some("k1"));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RemotingCommand<'a> {
    /// Request code ([`RequestCode`]) or response code ([`ResponseCode`]).
    pub code: i32,
    /// The sender's language.
    pub language: LanguageCode,
    /// The sender's version (Go clients send 317, rocketmq-rust 474).
    pub version: i32,
    /// Request id; a response carries its request's.
    pub opaque: i32,
    /// Response and oneway bits.
    pub flag: Flags,
    /// A message, mostly for errors.
    pub remark: Option<Cow<'a, str>>,
    /// The custom header's fields.
    pub ext_fields: Option<ExtFields<'a>>,
    /// The body; empty when there is none.
    pub body: &'a [u8],
}

/// What an absent extFields reads as.
static EMPTY_EXT: ExtFields<'static> = ExtFields::new();

/// The version this crate sends by default (that of the Go client).
pub const DEFAULT_VERSION: i32 = 317;

impl<'a> RemotingCommand<'a> {
    /// A request with the given code and opaque, language RUST.
    pub fn request(code: impl Into<i32>, opaque: i32) -> Self {
        RemotingCommand {
            code: code.into(),
            language: LanguageCode::Rust,
            version: DEFAULT_VERSION,
            opaque,
            ..RemotingCommand::default()
        }
    }

    /// A response to `request`, with the given code.
    pub fn response_to(request: &RemotingCommand<'_>, code: impl Into<i32>) -> Self {
        RemotingCommand {
            code: code.into(),
            language: LanguageCode::Rust,
            version: DEFAULT_VERSION,
            opaque: request.opaque,
            flag: Flags::RESPONSE,
            ..RemotingCommand::default()
        }
    }

    /// The same command with these extFields.
    pub fn with_ext<K, V>(mut self, ext: impl IntoIterator<Item = (K, V)>) -> Self
    where
        K: Into<Cow<'a, str>>,
        V: Into<Cow<'a, str>>,
    {
        self.ext_fields = Some(ext.into_iter().collect());
        self
    }

    /// The same command with a typed custom header as its extFields.
    pub fn with_header<H: CustomHeader<'a>>(mut self, header: &H) -> Self {
        self.ext_fields = Some(header.to_ext_fields());
        self
    }

    /// The same command with this body.
    pub fn with_body(mut self, body: &'a [u8]) -> Self {
        self.body = body;
        self
    }

    /// The same command with this remark.
    pub fn with_remark(mut self, remark: impl Into<Cow<'a, str>>) -> Self {
        self.remark = Some(remark.into());
        self
    }

    /// The same command marked oneway.
    pub fn oneway(mut self) -> Self {
        self.flag = self.flag.with_oneway(true);
        self
    }

    /// True for responses.
    pub fn is_response(&self) -> bool {
        self.flag.is_response()
    }

    /// True for oneway requests.
    pub fn is_oneway(&self) -> bool {
        self.flag.is_oneway()
    }

    /// The code as a request code.
    pub fn request_code(&self) -> RequestCode {
        RequestCode::from_code(self.code)
    }

    /// The code as a response code.
    pub fn response_code(&self) -> ResponseCode {
        ResponseCode::from_code(self.code)
    }

    /// The value of an extFields entry.
    pub fn ext(&self, key: &str) -> Option<Cow<'_, str>> {
        self.ext_fields.as_ref()?.get(key)
    }

    /// The extFields read as a typed custom header (an absent extFields is an empty one).
    pub fn header<'s, H: CustomHeader<'s>>(&'s self) -> Result<H, DecodeError> {
        match &self.ext_fields {
            Some(ext) => H::from_ext_fields(ext),
            None => H::from_ext_fields(&EMPTY_EXT),
        }
    }

    /// The body as a zero-copy slice of `frame`, the `Bytes` this command was decoded from.
    ///
    /// # Panics
    /// If the body does not lie inside `frame`.
    pub fn body_bytes(&self, frame: &bytes::Bytes) -> bytes::Bytes {
        if self.body.is_empty() {
            bytes::Bytes::new()
        } else {
            frame.slice_ref(self.body)
        }
    }

    /// The same command owning its strings (the body stays borrowed).
    pub fn into_owned_fields(self) -> RemotingCommand<'a> {
        let remark: Option<Cow<'a, str>> = self.remark.map(|r| Cow::Owned(r.into_owned()));
        let ext_fields: Option<ExtFields<'a>> = self.ext_fields.map(ExtFields::into_owned);
        RemotingCommand {
            remark,
            ext_fields,
            ..self
        }
    }

    /// The frame layout of this command with a header of `serialize_type`, borrowing from it.
    /// Fails for a binary header whose code or version does not fit an `i16`.
    pub fn frame(&self, serialize_type: SerializeType) -> Result<Frame<'_>, EncodeError> {
        let header = match serialize_type {
            SerializeType::Json => Header::Json(JsonHeader {
                code: self.code,
                language: self.language,
                version: self.version,
                opaque: self.opaque,
                flag: self.flag.bits(),
                remark: self.remark.as_deref().map(Cow::Borrowed),
                ext_fields: self.ext_fields.as_ref().map(ExtFields::reborrow),
            }),
            SerializeType::RocketMq => Header::RocketMq(BinaryHeader {
                code: narrow(self.code, "the binary header's code is an i16")?,
                language: self.language.code(),
                version: narrow(self.version, "the binary header's version is an i16")?,
                opaque: self.opaque,
                flag: self.flag.bits(),
                remark: self.remark.as_deref().filter(|r| !r.is_empty()),
                ext_fields: self
                    .ext_fields
                    .as_ref()
                    .filter(|ext| !ext.is_empty())
                    .map(ExtFields::reborrow),
            }),
        };
        Ok(Frame {
            length: 0,
            word: HeaderWord::default(),
            header,
            body: self.body,
        })
    }

    /// The encoded size of the frame, length prefix included (0 if it cannot be encoded).
    pub fn encoded_len(&self, serialize_type: SerializeType) -> usize {
        self.frame(serialize_type).map_or(0, |f| f.encoded_len())
    }

    /// Appends the frame to `buf`. On error, a prefix of the frame may have been written.
    pub fn encode<B: BufMut + ?Sized>(
        &self,
        serialize_type: SerializeType,
        buf: &mut B,
    ) -> Result<(), EncodeError> {
        self.frame(serialize_type)?.encode(buf)
    }

    /// The frame in a buffer allocated once at its exact size.
    pub fn to_vec(&self, serialize_type: SerializeType) -> Result<Vec<u8>, EncodeError> {
        self.frame(serialize_type)?.encode_to_vec()
    }
}

fn narrow(value: i32, why: &'static str) -> Result<i16, EncodeError> {
    i16::try_from(value).map_err(|_| EncodeError::new(EncodeErrorKind::Custom(why)))
}

impl<'a> From<Frame<'a>> for RemotingCommand<'a> {
    #[inline]
    fn from(frame: Frame<'a>) -> Self {
        match frame.header {
            Header::RocketMq(h) => RemotingCommand {
                code: h.code.into(),
                language: LanguageCode::from_code(h.language),
                version: h.version.into(),
                opaque: h.opaque,
                flag: Flags(h.flag),
                remark: h.remark.map(Cow::Borrowed),
                ext_fields: h.ext_fields,
                body: frame.body,
            },
            Header::Json(h) => RemotingCommand {
                code: h.code,
                language: h.language,
                version: h.version,
                opaque: h.opaque,
                flag: Flags(h.flag),
                remark: h.remark,
                ext_fields: h.ext_fields,
                body: frame.body,
            },
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RemotingCommand<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("RemotingCommand", 8)?;
        st.serialize_field("code", &self.code)?;
        st.serialize_field("language", &self.language)?;
        st.serialize_field("version", &self.version)?;
        st.serialize_field("opaque", &self.opaque)?;
        st.serialize_field("flag", &self.flag.bits())?;
        st.serialize_field("remark", &self.remark)?;
        st.serialize_field("ext_fields", &self.ext_fields)?;
        st.serialize_field("body_hex", &crate::hex::Hex(self.body).to_string())?;
        st.end()
    }
}

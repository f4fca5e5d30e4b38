//! [`RemotingCommand`]: the frame, one type for every command whatever its header's
//! serialization.

use super::codes::{Flags, LanguageCode, RequestCode, ResponseCode};
use super::ext::ExtFields;
use super::frame::{Header, HeaderWord, SerializeType};
use super::headers::CustomHeader;
use super::json_header::JsonHeader;
use bytes::BufMut;
use std::borrow::Cow;
use std::fmt;
use wire_runtime::{DecodeError, EncodeError, WireDecode, WireEncode};

/// A remoting command (`RemotingCommand.java`), request or response, and the frame it travels
/// in: an `i32` length (of what follows), the [`HeaderWord`] (serialize type and header
/// length), the header (JSON or binary, as the word says, exactly as long as it says), and the
/// body, the rest of the frame. On encode the length and the word are computed.
///
/// The layout is declared with the derive, and a decoded command *is* the decoded frame: its
/// [`Header`] holds the fields of either serialization in one [`JsonHeader`] (which carries
/// every value of both: a binary header has an `i16` code and version), borrowed from the
/// input, with the serialization they came in. Encoding takes the serialization as an
/// argument; a decoded binary header's extFields section is copied as it came.
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
///     assert_eq!(decoded.serialize_type(), serialize_type);
///     assert_eq!((decoded.code(), decoded.opaque()), (101, 7));
///     assert_eq!(decoded.ext("key").as_deref(), Some("k1"));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Clone)]
pub struct RemotingCommand<'a> {
    /// Bytes after this field: 4 + header length + body length.
    #[wire(rest_len)]
    length: i32,
    /// Serialize type and header length.
    #[wire(fill = header.word())]
    word: HeaderWord,
    /// The header, decoded as the word says.
    #[wire(len = word.header_length, ctx = word.serialize_type.wire_tag())]
    header: Header<'a>,
    /// The rest of the frame.
    #[wire(rest)]
    body: &'a [u8],
}

/// What an absent extFields reads as.
static EMPTY_EXT: ExtFields<'static> = ExtFields::new();

/// The version this crate sends by default (that of the Go client).
pub const DEFAULT_VERSION: i32 = 317;

impl Default for RemotingCommand<'_> {
    /// Code 0, language JAVA, version 0, opaque 0, flag 0: Java's defaults.
    fn default() -> Self {
        RemotingCommand::from_header(Header::default(), &[])
    }
}

impl<'a> RemotingCommand<'a> {
    /// A command with this header and body.
    pub fn from_header(header: Header<'a>, body: &'a [u8]) -> Self {
        RemotingCommand {
            length: 0,
            word: HeaderWord::default(),
            header,
            body,
        }
    }

    /// A request with the given code and opaque, language RUST, version [`DEFAULT_VERSION`].
    pub fn request(code: impl Into<i32>, opaque: i32) -> Self {
        RemotingCommand::from_header(
            Header {
                serialize_type: SerializeType::Json,
                fields: JsonHeader {
                    code: code.into(),
                    language: LanguageCode::Rust,
                    version: DEFAULT_VERSION,
                    opaque,
                    ..JsonHeader::default()
                },
            },
            &[],
        )
    }

    /// A response to `request`, with the given code.
    pub fn response_to(request: &RemotingCommand<'_>, code: impl Into<i32>) -> Self {
        RemotingCommand::request(code, request.opaque()).with_flag(Flags::RESPONSE)
    }

    /// The header: its fields and the serialization it came in (JSON for a built command).
    pub fn header(&self) -> &Header<'a> {
        &self.header
    }

    /// The header's fields, to change them (as every `with_*` and `set_*` method does). The
    /// serialization stays as it is: a decoded binary command is still sent as binary by
    /// [`WireEncode::encode`], which then fails if its code or version no longer fits an
    /// `i16`, and an empty remark or extFields is sent as absent; choose JSON with
    /// [`RemotingCommand::encode_as`] or [`RemotingCommand::to_vec`]. Its extFields stay the
    /// section as it came until they are changed.
    pub fn fields_mut(&mut self) -> &mut JsonHeader<'a> {
        &mut self.header.fields
    }

    /// The serialization of the header as it is held (as received, for a decoded command).
    pub fn serialize_type(&self) -> SerializeType {
        self.header.serialize_type
    }

    /// Request code ([`RequestCode`]) or response code ([`ResponseCode`]).
    #[inline]
    pub fn code(&self) -> i32 {
        self.header.fields.code
    }

    /// The sender's language.
    #[inline]
    pub fn language(&self) -> LanguageCode {
        self.header.fields.language
    }

    /// The sender's version (Go clients send 317, rocketmq-rust 474).
    #[inline]
    pub fn version(&self) -> i32 {
        self.header.fields.version
    }

    /// Request id; a response carries its request's.
    #[inline]
    pub fn opaque(&self) -> i32 {
        self.header.fields.opaque
    }

    /// Response and oneway bits.
    #[inline]
    pub fn flag(&self) -> Flags {
        Flags(self.header.fields.flag)
    }

    /// A message, mostly for errors (`None` when absent, JSON `null`, or empty in a binary
    /// header).
    #[inline]
    pub fn remark(&self) -> Option<&str> {
        self.header.fields.remark.as_deref()
    }

    /// The custom header's fields (`None` when absent, JSON `null`, or empty in a binary
    /// header).
    #[inline]
    pub fn ext_fields(&self) -> Option<&ExtFields<'a>> {
        self.header.fields.ext_fields.as_ref()
    }

    /// The body; empty when there is none.
    #[inline]
    pub fn body(&self) -> &'a [u8] {
        self.body
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

    /// True for responses.
    pub fn is_response(&self) -> bool {
        self.flag().is_response()
    }

    /// True for oneway requests.
    pub fn is_oneway(&self) -> bool {
        self.flag().is_oneway()
    }

    /// The code as a request code.
    pub fn request_code(&self) -> RequestCode {
        RequestCode::from_code(self.code())
    }

    /// The code as a response code.
    pub fn response_code(&self) -> ResponseCode {
        ResponseCode::from_code(self.code())
    }

    /// The value of an extFields entry.
    pub fn ext(&self, key: &str) -> Option<Cow<'_, str>> {
        self.ext_fields()?.get(key)
    }

    /// The extFields read as a typed custom header (an absent extFields is an empty one).
    pub fn custom_header<'s, H: CustomHeader<'s>>(&'s self) -> Result<H, DecodeError> {
        H::from_ext_fields(self.ext_fields().unwrap_or(&EMPTY_EXT))
    }

    /// The same command with this opaque.
    pub fn with_opaque(mut self, opaque: i32) -> Self {
        self.set_opaque(opaque);
        self
    }

    /// Sets the opaque.
    pub fn set_opaque(&mut self, opaque: i32) {
        self.header.fields.opaque = opaque;
    }

    /// The same command with this code.
    pub fn with_code(mut self, code: impl Into<i32>) -> Self {
        self.fields_mut().code = code.into();
        self
    }

    /// The same command with these flags.
    pub fn with_flag(mut self, flag: Flags) -> Self {
        self.fields_mut().flag = flag.bits();
        self
    }

    /// The same command marked oneway.
    pub fn oneway(self) -> Self {
        let flag = self.flag().with_oneway(true);
        self.with_flag(flag)
    }

    /// The same command with this language.
    pub fn with_language(mut self, language: LanguageCode) -> Self {
        self.fields_mut().language = language;
        self
    }

    /// The same command with this version.
    pub fn with_version(mut self, version: i32) -> Self {
        self.fields_mut().version = version;
        self
    }

    /// The same command with this remark.
    pub fn with_remark(mut self, remark: impl Into<Cow<'a, str>>) -> Self {
        self.fields_mut().remark = Some(remark.into());
        self
    }

    /// The same command with these extFields.
    pub fn with_ext<K, V>(self, ext: impl IntoIterator<Item = (K, V)>) -> Self
    where
        K: Into<Cow<'a, str>>,
        V: Into<Cow<'a, str>>,
    {
        self.with_ext_fields(Some(ext.into_iter().collect()))
    }

    /// The same command with these extFields (or none).
    pub fn with_ext_fields(mut self, ext: Option<ExtFields<'a>>) -> Self {
        self.fields_mut().ext_fields = ext;
        self
    }

    /// The same command with a typed custom header as its extFields.
    pub fn with_header<H: CustomHeader<'a>>(self, header: &H) -> Self {
        self.with_ext_fields(Some(header.to_ext_fields()))
    }

    /// The same command with this body.
    pub fn with_body(mut self, body: &'a [u8]) -> Self {
        self.body = body;
        self
    }

    /// The same command owning its strings (the body stays borrowed).
    pub fn into_owned_fields(mut self) -> RemotingCommand<'a> {
        let h = self.fields_mut();
        h.remark = h.remark.take().map(|r| Cow::Owned(r.into_owned()));
        h.ext_fields = h.ext_fields.take().map(ExtFields::into_owned);
        self
    }

    /// This command with a header of `serialize_type`, borrowing from it. Fails for a binary
    /// header whose code or version does not fit an `i16`.
    pub fn with_serialize_type(
        &self,
        serialize_type: SerializeType,
    ) -> Result<RemotingCommand<'_>, EncodeError> {
        let h = &self.header.fields;
        let header = Header {
            serialize_type,
            fields: JsonHeader {
                remark: h.remark.as_deref().map(Cow::Borrowed),
                ext_fields: h.ext_fields.as_ref().map(ExtFields::reborrow),
                ..*h
            },
        };
        if serialize_type == SerializeType::RocketMq {
            header.narrow_check()?;
        }
        Ok(RemotingCommand::from_header(header, self.body))
    }

    /// The encoded size of the frame, length prefix included (0 if it cannot be encoded).
    pub fn encoded_len_as(&self, serialize_type: SerializeType) -> usize {
        self.with_serialize_type(serialize_type)
            .map_or(0, |c| c.encoded_len())
    }

    /// Appends the frame to `buf` with a header of `serialize_type`. On error, a prefix of the
    /// frame may have been written.
    pub fn encode_as<B: BufMut + ?Sized>(
        &self,
        serialize_type: SerializeType,
        buf: &mut B,
    ) -> Result<(), EncodeError> {
        if self.serialize_type() == serialize_type {
            return self.encode(buf);
        }
        self.with_serialize_type(serialize_type)?.encode(buf)
    }

    /// The frame with a header of `serialize_type`, in a buffer allocated once at its size.
    pub fn to_vec(&self, serialize_type: SerializeType) -> Result<Vec<u8>, EncodeError> {
        if self.serialize_type() == serialize_type {
            return self.encode_to_vec();
        }
        self.with_serialize_type(serialize_type)?.encode_to_vec()
    }
}

impl PartialEq for RemotingCommand<'_> {
    /// The same fields and body, whatever the serialization each holds.
    fn eq(&self, other: &Self) -> bool {
        self.code() == other.code()
            && self.language() == other.language()
            && self.version() == other.version()
            && self.opaque() == other.opaque()
            && self.flag() == other.flag()
            && self.remark() == other.remark()
            && self.ext_fields() == other.ext_fields()
            && self.body == other.body
    }
}

impl Eq for RemotingCommand<'_> {}

impl fmt::Debug for RemotingCommand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RemotingCommand")
            .field("serialize_type", &self.serialize_type())
            .field("code", &self.code())
            .field("language", &self.language())
            .field("version", &self.version())
            .field("opaque", &self.opaque())
            .field("flag", &self.flag())
            .field("remark", &self.remark())
            .field("ext_fields", &self.ext_fields())
            .field("body", &self.body)
            .finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for RemotingCommand<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("RemotingCommand", 9)?;
        st.serialize_field("serialize_type", &self.serialize_type())?;
        st.serialize_field("code", &self.code())?;
        st.serialize_field("language", &self.language())?;
        st.serialize_field("version", &self.version())?;
        st.serialize_field("opaque", &self.opaque())?;
        st.serialize_field("flag", &self.flag().bits())?;
        st.serialize_field("remark", &self.remark())?;
        st.serialize_field("ext_fields", &self.ext_fields())?;
        st.serialize_field("body_hex", &crate::hex::Hex(self.body).to_string())?;
        st.end()
    }
}

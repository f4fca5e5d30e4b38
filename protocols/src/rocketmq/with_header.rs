//! Whole frames read in one pass: [`decode_with_header`], a frame and its typed custom header
//! with the extFields read once, and the path [`super::decode`] takes.

use super::binary::{BinaryHeader, BinaryHeaderParts};
use super::command::RemotingCommand;
use super::ext::{ExtFields, ExtVisitor};
use super::frame::{Header, SerializeType, WireHeader};
use super::headers::{CustomHeader, ExtSource};
use super::json_header::{self, JsonHeader};
use std::borrow::Cow;
use wire_runtime::{DecodeError, DecodeErrorKind};

/// Decodes one whole frame, as [`super::decode`] does, and reads its extFields as the custom
/// header `H`, as [`RemotingCommand::custom_header`] does, with the same results and errors.
///
/// The header's strings borrow the frame, not the command, so both can be kept. The extFields
/// are handed to `H` while they are checked (a JSON object's strings and escapes, a binary
/// section's lengths and text), instead of being walked again afterwards.
///
/// ```
/// use wire_protocols::rocketmq::{self, GetKvConfigRequestHeader, RemotingCommand, SerializeType};
///
/// let request = RemotingCommand::request(100, 7).with_ext([("namespace", "ci"), ("key", "k1")]);
/// for serialize_type in [SerializeType::Json, SerializeType::RocketMq] {
///     let frame = request.to_vec(serialize_type)?;
///     let (command, header) =
///         rocketmq::decode_with_header::<GetKvConfigRequestHeader<'_>>(&frame)?;
///     assert_eq!(command, request);
///     assert_eq!((&*header.namespace, &*header.key), ("ci", "k1"));
/// }
/// // A missing required field is an error naming it.
/// let frame = RemotingCommand::request(100, 7).with_ext([("key", "k1")]).to_vec(SerializeType::Json)?;
/// let err = rocketmq::decode_with_header::<GetKvConfigRequestHeader<'_>>(&frame).unwrap_err();
/// assert_eq!(err.path().to_string(), "GetKvConfigRequestHeader.namespace");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// Always inlined: out of line, the command and header (over 300 bytes) came back through
// memory and a caller's `?` copied them out with a `memcpy` per frame.
#[inline(always)]
pub fn decode_with_header<'a, H: CustomHeader<'a>>(
    frame: &'a [u8],
) -> Result<(RemotingCommand<'a>, H), DecodeError> {
    let mut command = None;
    let header = H::from_entries(Framed {
        frame,
        command: &mut command,
    })
    // The frame's own error if it has one, else the header's.
    .map_err(|e| derived(frame).err().unwrap_or(e))?;
    let command = match command {
        Some(command) => command,
        // An `H` that did not read its entries.
        None => super::decode(frame)?,
    };
    Ok((command, header))
}

/// A frame as an [`ExtSource`]: visiting its entries decodes it into `command`.
struct Framed<'a, 'o> {
    frame: &'a [u8],
    command: &'o mut Option<RemotingCommand<'a>>,
}

impl<'a> ExtSource<'a> for Framed<'a, '_> {
    #[inline(always)]
    fn visit_entries<V: ExtVisitor<'a, Error = DecodeError>>(
        self,
        visitor: &mut V,
    ) -> Result<(), DecodeError> {
        *self.command = Some(read_frame(self.frame, Some(visitor))?);
        Ok(())
    }
}

/// Reads a whole frame as [`derived`] does, handing its extFields entries to `visitor`, if
/// any, while they are checked (without one, no JSON string is unescaped). The length and the
/// header word are two fixed words, read directly; the header is read by the JSON parser or as
/// [`BinaryHeaderParts`], whose section is then walked once. Its errors do not say where the frame is wrong: on an error, a caller
/// decodes again with [`derived`] for that (a header's own error, from `visitor`, aside).
#[inline(always)]
pub(crate) fn read_frame<'a, V: ExtVisitor<'a, Error = DecodeError>>(
    frame: &'a [u8],
    visitor: Option<&mut V>,
) -> Result<RemotingCommand<'a>, DecodeError> {
    Ok(match parts(frame) {
        Some((SerializeType::Json, header, body)) => {
            let fields = match visitor {
                None => json_header::parse(header, 8)?,
                Some(visitor) => json_visiting(header, visitor)?,
            };
            let header = Header {
                serialize_type: SerializeType::Json,
                fields,
            };
            RemotingCommand::from_header(header, body)
        }
        Some((SerializeType::RocketMq, header, body)) => {
            let h: BinaryHeaderParts<'a> = wire_runtime::decode(header)?;
            let ext_fields = match h.ext_fields {
                [] => None,
                section => Some(match visitor {
                    Some(visitor) => ExtFields::decode_visiting(section, visitor)?,
                    None => ExtFields::decode_visiting(section, &mut Skip)?,
                }),
            };
            let header = WireHeader::RocketMq(BinaryHeader {
                code: h.code,
                language: h.language,
                version: h.version,
                opaque: h.opaque,
                flag: h.flag,
                remark: h.remark,
                ext_fields,
            });
            RemotingCommand::from_header(Header::from(header), body)
        }
        // `parts` refuses only frames the derived decoder refuses too (too short, a serialize
        // type other than 0 or 1, a length that is not the frame's, a header longer than the
        // frame): its error is theirs. The tests and the fuzz target compare the two paths.
        None => {
            return Err(derived(frame).err().unwrap_or_else(|| {
                DecodeError::new(DecodeErrorKind::InvalidValue("frame envelope"), 0)
            }));
        }
    })
}

/// A JSON header, its extFields entries handed to `visitor` as they are checked; a header's
/// own error is returned as it is, without the paths the JSON parser adds to its errors.
#[inline(always)]
fn json_visiting<'a, V: ExtVisitor<'a, Error = DecodeError>>(
    header: &'a [u8],
    visitor: &mut V,
) -> Result<JsonHeader<'a>, DecodeError> {
    let mut refused = None;
    let fields = json_header::parse_with(header, 8, |key, value| {
        visitor.entry(&key.value(), value.value()).map_err(|e| {
            refused = Some(e);
            DecodeError::new(DecodeErrorKind::InvalidValue("refused"), 0)
        })
    });
    match refused {
        Some(e) => Err(e),
        None => fields,
    }
}

/// The frame decoded by the derived [`RemotingCommand`] decoder, whose errors name the field
/// path and offset.
#[inline(never)]
#[cold]
pub(crate) fn derived(frame: &[u8]) -> Result<RemotingCommand<'_>, DecodeError> {
    wire_runtime::decode::<RemotingCommand<'_>>(frame)
}

/// What plain decoding hands the entries to: nothing.
pub(crate) struct Skip;

impl ExtVisitor<'_> for Skip {
    type Error = DecodeError;

    #[inline(always)]
    fn entry(&mut self, _key: &str, _value: Cow<'_, str>) -> Result<(), DecodeError> {
        Ok(())
    }
}

/// The serialization, header and body of a frame whose length and header word are right;
/// `None` for any other frame, which [`super::decode`] reports.
#[inline(always)]
fn parts(frame: &[u8]) -> Option<(SerializeType, &[u8], &[u8])> {
    let (head, rest) = frame.split_first_chunk::<8>()?;
    let [l0, l1, l2, l3, w0, w1, w2, w3] = *head;
    let length = u32::from_be_bytes([l0, l1, l2, l3]);
    // One load for the word: its top byte is the serialize type, the rest the header length.
    let word = u32::from_be_bytes([w0, w1, w2, w3]);
    let serialize_type = match word >> 24 {
        0 => SerializeType::Json,
        1 => SerializeType::RocketMq,
        _ => return None,
    };
    if usize::try_from(length).ok()? != rest.len() + 4 {
        return None;
    }
    let header_length = (word & 0x00ff_ffff) as usize;
    let (header, body) = rest.split_at_checked(header_length)?;
    Some((serialize_type, header, body))
}

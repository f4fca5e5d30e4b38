//! The envelope: an `i32` payload length, and the `IGNI` magic on the first message.

use wire_runtime::{DecodeError, DecodeErrorKind, WireDecode, WireEncode};

/// The magic that starts the first message in each direction.
pub const MAGIC: [u8; 4] = *b"IGNI";

/// A message: the `i32` length of the body (filled in on encode), then the body, which must
/// fill it exactly.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Message<T> {
    /// The msgpack values of the message.
    #[wire(len = i32)]
    pub body: T,
}

/// The first message of a connection in either direction: `IGNI`, then a [`Message`].
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(magic = MAGIC)]
pub struct First<T> {
    /// The message after the magic.
    #[wire(len = i32)]
    pub body: T,
}

/// The length of the message at the front of `buf` (envelope included; `first` when the magic
/// comes first), `Ok(None)` when more bytes are needed, or an error for a wrong magic or a
/// negative length.
pub fn frame_len(buf: &[u8], first: bool) -> Result<Option<usize>, DecodeError> {
    let magic = if first { MAGIC.len() } else { 0 };
    if first {
        let have = buf.len().min(magic);
        if buf[..have] != MAGIC[..have] {
            return Err(DecodeError::new(DecodeErrorKind::MagicMismatch, 0));
        }
    }
    let Some(len) = buf.get(magic..magic + 4) else {
        return Ok(None);
    };
    let len = i32::from_be_bytes([len[0], len[1], len[2], len[3]]);
    let len = usize::try_from(len)
        .map_err(|_| DecodeError::new(DecodeErrorKind::NegativeLength(i64::from(len)), magic))?;
    let total = magic + 4 + len;
    Ok((buf.len() >= total).then_some(total))
}

//! Splitting a byte stream into frames, and a `tokio_util` codec.

use wire_runtime::{DecodeError, ErrorKind};

/// The total length (size prefix included) of the frame at the front of `buf`, `Ok(None)` if
/// more bytes are needed, or an error for a frame above `max_len` bytes (0 means no limit).
///
/// On a consumer, `max_len` must not be the negotiated `frame_max`: RabbitMQ sends each osiris
/// chunk whole in one Deliver frame whatever `frame_max` says (3.10 sends 3.3 MB Deliver frames
/// on a connection tuned to 1 MiB), so allow for the largest chunk.
///
/// ```
/// use wire_protocols::stream::frame_len;
///
/// assert_eq!(frame_len(&[0, 0, 0, 4, 0, 0x17, 0, 1, 0xff], 0)?, Some(8));
/// assert_eq!(frame_len(&[0, 0, 0, 4, 0], 0)?, None);
/// assert!(frame_len(&[0x7f, 0xff, 0xff, 0xff], 1 << 20).is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
    let Some(size) = buf.first_chunk::<4>() else {
        return Ok(None);
    };
    let total = u32::from_be_bytes(*size) as usize + 4;
    if max_len != 0 && total > max_len {
        return Err(
            DecodeError::new(ErrorKind::InvalidValue("frame larger than frame_max"), 0)
                .in_field("Frame", "size"),
        );
    }
    Ok((buf.len() >= total).then_some(total))
}

/// Feeds bytes as they arrive and hands out whole frames; a partial frame stays buffered.
///
/// ```
/// use wire_protocols::stream::{Command, FrameSplitter};
///
/// let mut splitter = FrameSplitter::new(1 << 20);
/// splitter.extend(&[0, 0, 0, 4, 0, 0x17]);         // half a Heartbeat
/// assert!(splitter.next_frame()?.is_none());
/// splitter.extend(&[0, 1]);
/// let frame = splitter.next_frame()?.unwrap();
/// assert!(matches!(wire_protocols::stream::decode(&frame)?, Command::Heartbeat(_)));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub type FrameSplitter = wire_runtime::FrameSplitter<StreamFrames>;

/// RabbitMQ Stream's framing: a `u32` size, then that many bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamFrames;

impl wire_runtime::Framing for StreamFrames {
    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
        frame_len(buf, max_len)
    }
}

/// A `tokio_util::codec` codec: decodes whole frames as `Bytes` (decode them with
/// [`super::decode`], borrowing from the frame), encodes [`super::Command`]s.
#[cfg(feature = "tokio")]
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamCodec {
    /// Largest frame accepted (0: no limit). Deliver frames can exceed the negotiated
    /// `frame_max` (see [`frame_len`]).
    pub max_len: usize,
}

#[cfg(feature = "tokio")]
impl tokio_util::codec::Decoder for StreamCodec {
    type Item = bytes::Bytes;
    type Error = std::io::Error;

    fn decode(
        &mut self,
        src: &mut bytes::BytesMut,
    ) -> Result<Option<bytes::Bytes>, std::io::Error> {
        wire_runtime::next_frame::<StreamFrames>(src, self.max_len)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}

#[cfg(feature = "tokio")]
impl tokio_util::codec::Encoder<&super::Command<'_>> for StreamCodec {
    type Error = std::io::Error;

    fn encode(
        &mut self,
        command: &super::Command<'_>,
        dst: &mut bytes::BytesMut,
    ) -> Result<(), std::io::Error> {
        super::encode_into(command, dst)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))
    }
}

//! Splitting a byte stream into frames, and a `tokio_util` codec.

use wire_runtime::{DecodeError, DecodeErrorKind};

/// The total length (size prefix included) of the frame at the front of `buf`, `Ok(None)` if
/// more bytes are needed, or an error for a frame above `max_len` bytes.
///
/// On a consumer, `max_len` must not be the negotiated `frame_max`: RabbitMQ sends each osiris
/// chunk whole in one Deliver frame whatever `frame_max` says (3.10 sends 3.3 MB Deliver frames
/// on a connection tuned to 1 MiB), so allow for the largest chunk.
///
/// ```
/// use wire_protocols::stream::frame_len;
///
/// assert_eq!(frame_len(&[0, 0, 0, 4, 0, 0x17, 0, 1, 0xff], 8)?, Some(8));
/// assert_eq!(frame_len(&[0, 0, 0, 4, 0], 8)?, None);
/// assert!(frame_len(&[0, 0, 0, 4, 0], 7).is_err());
/// assert!(frame_len(&[0x7f, 0xff, 0xff, 0xff], 1 << 20).is_err());
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
    let Some(size) = buf.first_chunk::<4>() else {
        return Ok(None);
    };
    let total = u32::from_be_bytes(*size) as usize + 4;
    if total > max_len {
        return Err(DecodeError::new(
            DecodeErrorKind::InvalidValue("frame larger than frame_max"),
            0,
        )
        .in_field("Frame", "size"));
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
pub type FrameSplitter = wire_runtime::framing::FrameSplitter<StreamFrames>;

/// RabbitMQ Stream's framing: a `u32` size, then that many bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamFrames;

impl wire_runtime::framing::Framing for StreamFrames {
    const DEFAULT_MAX_LEN: usize = DEFAULT_MAX_FRAME;

    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
        frame_len(buf, max_len)
    }
}

/// Frames of up to 64 MiB: Deliver frames carry a whole osiris chunk whatever `frame_max`
/// says (see [`frame_len`]), so the default allows for large producer batches.
pub const DEFAULT_MAX_FRAME: usize = 64 << 20;

/// The `tokio_util` codec: whole frames in as `Bytes` (decode them with [`super::decode`],
/// borrowing from the frame), [`super::Command`]s out, each written as a whole frame (its size,
/// then the command); frames above [`DEFAULT_MAX_FRAME`] bytes unless set otherwise.
///
/// ```
/// use wire_protocols::stream::{Command, StreamCodec};
/// use tokio_util::codec::{Decoder, Encoder};
///
/// let mut codec = StreamCodec::default();
/// let mut buf = bytes::BytesMut::new();
/// codec.encode(&Command::Heartbeat(Default::default()), &mut buf)?;
/// assert_eq!(&buf[..], [0, 0, 0, 4, 0, 0x17, 0, 1]);
/// let frame = codec.decode(&mut buf)?.expect("a whole frame");
/// assert!(matches!(wire_protocols::stream::decode(&frame)?, Command::Heartbeat(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "tokio")]
pub type StreamCodec = wire_runtime::framing::FrameCodec<StreamFrames>;

/// What [`StreamCodec`] writes: commands, each as a whole frame.
#[cfg(feature = "tokio")]
impl wire_runtime::framing::Outgoing for StreamFrames {
    type Message<'a> = super::Command<'a>;
    type Context = StreamFrames;
}

/// A command encoded as a whole frame: its `u32` size, then the command (what
/// `StreamCodec` writes, with [`StreamFrames`] as the context).
impl wire_runtime::EncodeWith<StreamFrames> for super::Command<'_> {
    fn encoded_len_with(&self, _: StreamFrames) -> usize {
        super::frame_encoded_len(self)
    }

    fn encode_with<B: bytes::BufMut + ?Sized>(
        &self,
        buf: &mut B,
        _: StreamFrames,
    ) -> Result<(), wire_runtime::EncodeError> {
        super::encode_into(self, buf)
    }
}

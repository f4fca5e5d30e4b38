//! Splitting a byte stream into packets, and a `tokio_util` codec.

use wire_runtime::{DecodeError, DecodeErrorKind, Reader, int::Vbi};

/// The total length of the packet at the front of `buf` (fixed header, remaining length and
/// body), `Ok(None)` if more bytes are needed to know or to hold it, or an error for a
/// malformed remaining length or a packet above `max_len`.
#[inline]
pub fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
    // Asking for more builds no error: the remaining length is complete once a byte without
    // the continuation bit is there, or malformed (too long) after four bytes.
    let Some(length) = buf.get(1..) else {
        return Ok(None);
    };
    if length.len() < 4 && length.iter().all(|b| b & 0x80 != 0) {
        return Ok(None);
    }
    let mut r = Reader::new(buf);
    r.take(1)?;
    let Vbi(remaining) = r.read::<Vbi>()?;
    let remaining = remaining as usize;
    let total = r.offset() + remaining;
    if total > max_len {
        return Err(DecodeError::new(
            DecodeErrorKind::InvalidValue("packet larger than the maximum packet size"),
            0,
        ));
    }
    Ok((buf.len() >= total).then_some(total))
}

/// Feeds bytes as they arrive and hands out whole packets; a partial packet stays buffered.
///
/// ```
/// use wire_protocols::mqtt::{FrameSplitter, Packet, Version};
///
/// let mut splitter = FrameSplitter::new(1 << 20);
/// splitter.extend(&[0xc0]);                 // half a PINGREQ
/// assert!(splitter.next_frame()?.is_none());
/// splitter.extend(&[0x00, 0xd0, 0x00]);     // its second half and a PINGRESP
/// let frame = splitter.next_frame()?.unwrap();
/// let (packet, _) = wire_protocols::mqtt::decode(&frame, Version::V311)?;
/// assert!(matches!(packet, Packet::PingReq { .. }));
/// assert_eq!(&splitter.next_frame()?.unwrap()[..], &[0xd0, 0x00]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub type FrameSplitter = wire_runtime::framing::FrameSplitter<MqttFrames>;

/// MQTT's framing: the fixed header byte and the remaining length (a Variable Byte Integer).
#[derive(Debug, Clone, Copy, Default)]
pub struct MqttFrames;

/// The largest packet MQTT can carry: a fixed header byte, a four-byte remaining length and
/// 268,435,455 bytes (MQTT 5.0 §1.5.5). The default limit: MQTT 5 peers announce smaller ones
/// in CONNECT and CONNACK (Maximum Packet Size), which a client passes to
/// [`FrameSplitter::new`] or `MqttCodec::with_max_len`.
pub const MAX_PACKET_LEN: usize = 1 + 4 + 268_435_455;

impl wire_runtime::framing::Framing for MqttFrames {
    const DEFAULT_MAX_LEN: usize = MAX_PACKET_LEN;

    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
        frame_len(buf, max_len)
    }
}

/// The `tokio_util` codec: whole packets in as `Bytes` frames (decode them with
/// [`super::decode`], borrowing from the frame), [`super::Packet`]s out, encoded for the
/// codec's protocol version; frames above [`MAX_PACKET_LEN`] bytes unless set otherwise.
///
/// ```
/// use wire_protocols::mqtt::{MqttCodec, Version};
///
/// let codec = MqttCodec::new(Version::V5).with_max_len(1 << 20);
/// assert_eq!(codec.max_len(), 1 << 20);
/// assert_eq!(MqttCodec::new(Version::V311).max_len(), wire_protocols::mqtt::MAX_PACKET_LEN);
/// ```
#[cfg(feature = "tokio")]
pub type MqttCodec = wire_runtime::framing::FrameCodec<MqttFrames>;

/// What [`MqttCodec`] writes: packets, for a protocol version.
#[cfg(feature = "tokio")]
impl wire_runtime::framing::Outgoing for MqttFrames {
    type Message<'a> = super::Packet<'a>;
    type Context = super::Version;
}

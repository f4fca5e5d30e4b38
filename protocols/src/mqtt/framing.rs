//! Splitting a byte stream into packets, and a `tokio_util` codec.

use wire_runtime::{DecodeError, ErrorKind, Reader, Vbi};

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
            ErrorKind::InvalidValue("packet larger than the maximum packet size"),
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
pub type FrameSplitter = wire_runtime::FrameSplitter<MqttFrames>;

/// MQTT's framing: the fixed header byte and the remaining length (a Variable Byte Integer).
#[derive(Debug, Clone, Copy, Default)]
pub struct MqttFrames;

impl wire_runtime::Framing for MqttFrames {
    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
        frame_len(buf, max_len)
    }
}

/// A `tokio_util::codec` codec: decodes whole packets as `Bytes` frames (decode them with
/// [`super::decode`], borrowing from the frame), encodes [`super::Packet`]s.
#[cfg(feature = "tokio")]
#[derive(Debug, Clone, Copy)]
pub struct MqttCodec {
    /// Protocol version used to encode packets.
    pub version: super::Version,
    /// Largest packet accepted.
    pub max_len: usize,
}

#[cfg(feature = "tokio")]
impl tokio_util::codec::Decoder for MqttCodec {
    type Item = bytes::Bytes;
    type Error = std::io::Error;

    fn decode(
        &mut self,
        src: &mut bytes::BytesMut,
    ) -> Result<Option<bytes::Bytes>, std::io::Error> {
        wire_runtime::next_frame::<MqttFrames>(src, self.max_len)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}

#[cfg(feature = "tokio")]
impl tokio_util::codec::Encoder<&super::Packet<'_>> for MqttCodec {
    type Error = std::io::Error;

    fn encode(
        &mut self,
        packet: &super::Packet<'_>,
        dst: &mut bytes::BytesMut,
    ) -> Result<(), std::io::Error> {
        use wire_runtime::EncodeWith;
        dst.reserve(packet.encoded_len_with(self.version));
        packet
            .encode_with(dst, self.version)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))
    }
}

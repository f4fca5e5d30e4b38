//! Splitting a byte stream into frames, a `tokio_util` codec, and matching responses to
//! requests by opaque.

use super::command::RemotingCommand;
use std::collections::HashMap;
use wire_runtime::{DecodeError, DecodeErrorKind};

/// The largest frame Java's `NettyDecoder` accepts by default (`FRAME_MAX_LENGTH`), length
/// prefix included: 16 MiB.
pub const DEFAULT_MAX_FRAME: usize = 16 << 20;

/// The total length (prefix included) of the frame at the front of `buf`, `Ok(None)` if more
/// bytes are needed, or an error for a negative length, one too small for the header word,
/// or a frame above `max_len` bytes.
///
/// ```
/// use wire_protocols::rocketmq::frame_len;
///
/// assert_eq!(frame_len(&[0, 0, 0, 4, 1, 0, 0, 0, 0xff], 1 << 20)?, Some(8));
/// assert_eq!(frame_len(&[0, 0, 0, 4, 1], 1 << 20)?, None);
/// assert!(frame_len(&[0x7f, 0xff, 0xff, 0xff], 1 << 20).is_err()); // 2 GiB
/// assert!(frame_len(&[0xff, 0xff, 0xff, 0xff], 0).is_err());      // negative
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
    let Some(length) = buf.first_chunk::<4>() else {
        return Ok(None);
    };
    let length = i32::from_be_bytes(*length);
    let why = if length < 0 {
        "negative frame length"
    } else if length < 4 {
        "frame length below the 4 bytes of the header word"
    } else {
        let total = length as usize + 4;
        if total <= max_len {
            return Ok((buf.len() >= total).then_some(total));
        }
        "frame larger than the maximum"
    };
    Err(DecodeError::new(DecodeErrorKind::InvalidValue(why), 0).in_field("Frame", "length"))
}

/// Feeds bytes as they arrive and hands out whole frames; a partial frame stays buffered.
///
/// ```
/// use wire_protocols::rocketmq::{self, FrameSplitter, RemotingCommand, SerializeType};
///
/// let frame = RemotingCommand::request(106, 1).to_vec(SerializeType::RocketMq)?;
/// let mut splitter = FrameSplitter::new(rocketmq::DEFAULT_MAX_FRAME);
/// splitter.extend(&frame[..10]);
/// assert!(splitter.next_frame()?.is_none());
/// splitter.extend(&frame[10..]);
/// let whole = splitter.next_frame()?.unwrap();
/// assert_eq!(rocketmq::decode(&whole)?.code(), 106);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type FrameSplitter = wire_runtime::framing::FrameSplitter<RemotingFrames>;

/// RocketMQ remoting framing: an `i32` length, then that many bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct RemotingFrames;

impl wire_runtime::framing::Framing for RemotingFrames {
    const DEFAULT_MAX_LEN: usize = DEFAULT_MAX_FRAME;

    fn frame_len(buf: &[u8], max_len: usize) -> Result<Option<usize>, DecodeError> {
        frame_len(buf, max_len)
    }
}

/// The `tokio_util` codec: whole frames in as `Bytes` (decode them with [`super::decode`],
/// borrowing from the frame), [`RemotingCommand`]s out, each with its own header's
/// serialization (choose another with [`RemotingCommand::with_serialize_type`]); frames above
/// [`DEFAULT_MAX_FRAME`] bytes unless set otherwise.
///
/// ```
/// use tokio_util::codec::{Decoder, Encoder};
/// use wire_protocols::rocketmq::{RemotingCodec, RemotingCommand, RequestCode, SerializeType};
///
/// let mut codec = RemotingCodec::default();
/// let mut buf = bytes::BytesMut::new();
/// let request = RemotingCommand::request(RequestCode::GetRouteinfoByTopic, 7);
/// codec.encode(&request.with_serialize_type(SerializeType::RocketMq)?, &mut buf)?;
/// let frame = codec.decode(&mut buf)?.expect("a whole frame");
/// assert_eq!(wire_protocols::rocketmq::decode(&frame)?.opaque(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "tokio")]
pub type RemotingCodec = wire_runtime::framing::FrameCodec<RemotingFrames>;

/// What [`RemotingCodec`] writes: commands, each with its own header's serialization.
#[cfg(feature = "tokio")]
impl wire_runtime::framing::Outgoing for RemotingFrames {
    type Message<'a> = RemotingCommand<'a>;
    type Context = ();
}

/// Requests waiting for their responses, by opaque. Servers answer pipelined requests in any
/// order (rocketmq-rust does); this hands each response the state its request left.
///
/// ```
/// use wire_protocols::rocketmq::{InFlight, RemotingCommand};
///
/// let mut in_flight = InFlight::new();
/// let a = in_flight.start("first");
/// let b = in_flight.start("second");
/// let response_b = RemotingCommand::response_to(&RemotingCommand::request(10, b), 0);
/// assert_eq!(in_flight.complete(&response_b), Some("second"));
/// assert_eq!(in_flight.complete(&response_b), None); // answered already
/// assert_eq!(in_flight.len(), 1);
/// # let _ = a;
/// ```
#[derive(Debug, Clone)]
pub struct InFlight<T> {
    next: i32,
    waiting: HashMap<i32, T>,
}

impl<T> Default for InFlight<T> {
    fn default() -> Self {
        InFlight::new()
    }
}

impl<T> InFlight<T> {
    /// Nothing in flight; opaques start at 1.
    pub fn new() -> Self {
        InFlight {
            next: 1,
            waiting: HashMap::new(),
        }
    }

    /// Records a request with a fresh opaque (one not in flight) and returns the opaque.
    pub fn start(&mut self, state: T) -> i32 {
        while self.waiting.contains_key(&self.next) {
            self.next = self.next.wrapping_add(1);
        }
        let opaque = self.next;
        self.next = self.next.wrapping_add(1);
        self.waiting.insert(opaque, state);
        opaque
    }

    /// Records a request with an opaque of the caller's; returns the state it replaces.
    pub fn insert(&mut self, opaque: i32, state: T) -> Option<T> {
        self.waiting.insert(opaque, state)
    }

    /// The state of the request `response` answers, removed; `None` for a command that is
    /// not a response or answers nothing in flight.
    pub fn complete(&mut self, response: &RemotingCommand<'_>) -> Option<T> {
        if !response.is_response() {
            return None;
        }
        self.waiting.remove(&response.opaque())
    }

    /// Requests in flight.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// True when no request is in flight.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

//! The RabbitMQ Stream protocol: every command of `rabbit_stream_core`, declared with the
//! derive, and the osiris chunks that Deliver carries.
//!
//! A frame is `Size:u32`, `Key:u16` (bit 15 set on responses), `Version:u16` and the command's
//! content; [`Command`] dispatches on key and version in one step and keeps frames it does not
//! know as [`Command::Unknown`]. Where PROTOCOL.adoc and the server differ, this follows the
//! server: SaslHandshake has no mechanism field, Subscribe properties and Open response
//! properties may be absent, the SASL challenge has an `i16` length.
//!
//! ```
//! use wire_protocols::stream::{self, Command, Open};
//!
//! let open = Command::Open(Open { correlation_id: 5, virtual_host: "/" });
//! let frame = stream::encode(&open)?;
//! assert_eq!(frame, [0, 0, 0, 11, 0, 0x15, 0, 1, 0, 0, 0, 5, 0, 1, b'/']);
//! assert_eq!(stream::decode(&frame)?, open);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chunk;
mod command;
mod connection;
mod consuming;
mod entry;
mod framing;
mod publishing;
mod streams;
mod types;

pub use chunk::{CHUNK_MAGIC, Chunk, ChunkType, Entries, Record, Records};
pub use command::{Command, Frame, Heartbeat, RESPONSE_BIT, Response};
pub use connection::{
    Close, CommandVersion, ExchangeCommandVersions, ExchangeCommandVersionsResponse, Open,
    OpenResponse, PeerProperties, PeerPropertiesResponse, SaslAuthenticate,
    SaslAuthenticateResponse, SaslHandshake, SaslHandshakeResponse, Tune,
};
pub use consuming::{
    ConsumerUpdate, ConsumerUpdateResponse, Credit, CreditResponse, Deliver, DeliverV2,
    QueryOffset, QueryOffsetResponse, ResolveOffsetSpec, ResolveOffsetSpecResponse, StoreOffset,
    Subscribe, Unsubscribe,
};
pub use entry::{Compression, Entry, SubBatch, SubBatchHeader, SubBatchRecords, write_records};
pub use framing::{DEFAULT_MAX_FRAME, FrameSplitter, StreamFrames, frame_len};
pub use publishing::{
    DeclarePublisher, DeletePublisher, FilteredMessage, Publish, PublishConfirm, PublishError,
    PublishV2, PublishedMessage, PublishingError, QueryPublisherSequence,
    QueryPublisherSequenceResponse,
};
pub use streams::{
    Broker, Create, CreateSuperStream, Delete, DeleteSuperStream, Metadata, MetadataResponse,
    MetadataUpdate, Partitions, Route, StreamMetadata, StreamStats, StreamStatsResponse,
    StreamsResponse,
};
pub use types::{OffsetSpec, Properties, ResponseCode};

#[cfg(feature = "tokio")]
pub use framing::StreamCodec;

use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode};

/// Decodes one whole frame (size prefix included); bytes after it are an error.
pub fn decode(frame: &[u8]) -> Result<Command<'_>, DecodeError> {
    wire_runtime::decode::<Frame<'_>>(frame).map(|frame| frame.command)
}

/// As [`decode`], leaving the chunk CRC of a Deliver unverified, for consumers who skip the
/// check or verify it later ([`Chunk::verify_crc`]).
pub fn decode_unverified(frame: &[u8]) -> Result<Command<'_>, DecodeError> {
    let mut r = Reader::new(frame).without_checksums();
    let decoded = Frame::decode(&mut r)?;
    r.expect_end()?;
    Ok(decoded.command)
}

/// Decodes the frame at the front of `input`; returns it and the bytes it took. Running out of
/// input is an `Incomplete` error, so this also works on a partial stream.
pub fn decode_prefix(input: &[u8]) -> Result<(Command<'_>, usize), DecodeError> {
    let mut r = Reader::new(input);
    let frame = Frame::decode(&mut r)?;
    Ok((frame.command, r.offset()))
}

/// The encoded size of `command` as a frame, size prefix included.
pub fn frame_encoded_len(command: &Command<'_>) -> usize {
    4 + command.encoded_len()
}

/// Appends `command` as a frame to `out`.
pub fn encode_into<B: bytes::BufMut + ?Sized>(
    command: &Command<'_>,
    out: &mut B,
) -> Result<(), EncodeError> {
    let len = command.encoded_len();
    let size = u32::try_from(len)
        .map_err(|_| EncodeError::new(wire_runtime::EncodeErrorKind::LengthOverflow { len }))?;
    out.put_u32(size);
    command.encode(out)
}

/// Encodes `command` as a frame into a buffer allocated once at the exact size.
pub fn encode(command: &Command<'_>) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(frame_encoded_len(command));
    encode_into(command, &mut out)?;
    Ok(out)
}

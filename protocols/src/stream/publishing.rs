//! Publishing: declare a publisher, publish entries, confirms and errors, sequence queries.

use super::entry::Entry;
use super::types::ResponseCode;
use wire_runtime::{WireDecode, WireEncode};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// DeclarePublisher (0x0001): a publisher id for a stream, with an optional deduplication
/// reference (empty for none).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct DeclarePublisher<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// Chosen by the client, unique on the connection.
    pub publisher_id: u8,
    /// Deduplication name; empty for none.
    #[wire(len = i16)]
    pub publisher_reference: &'a str,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// One message of a Publish v1: its publishing id (sequence) and its entry.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PublishedMessage<'a> {
    /// Sequence number, echoed by PublishConfirm.
    pub publishing_id: u64,
    /// A simple entry or a sub-batch.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub entry: Entry<'a>,
}

/// Publish v1 (0x0002): entries for a declared publisher; no correlation id, no response
/// (the server confirms with PublishConfirm).
///
/// ```
/// use wire_protocols::stream::{Command, Entry, Publish, PublishedMessage};
///
/// let publish = Command::Publish(Publish {
///     publisher_id: 1,
///     messages: vec![PublishedMessage { publishing_id: 0, entry: Entry::simple(b"hello") }],
/// });
/// let frame = wire_protocols::stream::encode(&publish)?;
/// assert_eq!(&frame[..8], &[0, 0, 0, 26, 0, 2, 0, 1]);
/// assert_eq!(wire_protocols::stream::decode(&frame)?, publish);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Publish<'a> {
    /// The declared publisher.
    pub publisher_id: u8,
    /// The messages, behind a `u32` count.
    #[wire(count = u32)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub messages: Vec<PublishedMessage<'a>>,
}

/// One message of a Publish v2: with a filter value for server-side filtering.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct FilteredMessage<'a> {
    /// Sequence number, echoed by PublishConfirm.
    pub publishing_id: u64,
    /// The filter value; `None` is written as length -1.
    #[wire(len = i16, nullable)]
    pub filter_value: Option<&'a str>,
    /// A simple entry or a sub-batch.
    pub entry: Entry<'a>,
}

/// Publish v2 (0x0002, version 2): as v1, each message with a filter value.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PublishV2<'a> {
    /// The declared publisher.
    pub publisher_id: u8,
    /// The messages, behind a `u32` count.
    #[wire(count = u32)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub messages: Vec<FilteredMessage<'a>>,
}

/// PublishConfirm (0x0003, server to client): publishing ids now stored.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PublishConfirm {
    /// The publisher.
    pub publisher_id: u8,
    /// Confirmed publishing ids.
    #[wire(count = i32)]
    pub publishing_ids: Vec<u64>,
}

/// One failed message of a PublishError.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PublishingError {
    /// The message's publishing id.
    pub publishing_id: u64,
    /// Why it failed.
    pub code: ResponseCode,
}

/// PublishError (0x0004, server to client): messages that were not stored.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PublishError {
    /// The publisher.
    pub publisher_id: u8,
    /// Failed messages.
    #[wire(count = i32)]
    pub errors: Vec<PublishingError>,
}

/// QueryPublisherSequence (0x0005): the last publishing id stored for a reference.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct QueryPublisherSequence<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The publisher's deduplication name.
    #[wire(len = i16)]
    pub publisher_reference: &'a str,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// The response to QueryPublisherSequence (0x8005).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct QueryPublisherSequenceResponse {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The last stored publishing id (0 if none).
    pub sequence: u64,
}

/// DeletePublisher (0x0006).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct DeletePublisher {
    /// Matches the response.
    pub correlation_id: u32,
    /// The publisher.
    pub publisher_id: u8,
}

//! Consuming: subscriptions, chunk delivery, credit, offset tracking, single active consumer.

use super::chunk::Chunk;
use super::types::{OffsetSpec, Properties, ResponseCode};
use wire_runtime::{WireDecode, WireEncode};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Subscribe (0x0007): start consuming a stream at an offset, with initial credit (chunks the
/// server may send before the client asks for more).
///
/// ```
/// use wire_protocols::stream::{Command, OffsetSpec, Properties, Subscribe};
///
/// let subscribe = Command::Subscribe(Subscribe {
///     correlation_id: 3,
///     subscription_id: 0,
///     stream: "orders",
///     offset: OffsetSpec::First,
///     credit: 10,
///     properties: Properties::default(),
/// });
/// let frame = wire_protocols::stream::encode(&subscribe)?;
/// // Empty properties are left out, as the server's own encoder does.
/// assert_eq!(frame.len(), 4 + 2 + 2 + 4 + 1 + 8 + 2 + 2);
/// assert_eq!(wire_protocols::stream::decode(&frame)?, subscribe);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Subscribe<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// Chosen by the client; Deliver frames carry it.
    pub subscription_id: u8,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
    /// Where to start.
    pub offset: OffsetSpec,
    /// Initial credit.
    pub credit: u16,
    /// `single-active-consumer`, `name`, `filter.N`, ...: may be absent (then empty).
    #[wire(optional)]
    pub properties: Properties<'a>,
}

/// Deliver v1 (0x0008, server to client): one chunk for a subscription.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Deliver<'a> {
    /// The subscription.
    pub subscription_id: u8,
    /// The chunk.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub chunk: Chunk<'a>,
}

/// Deliver v2 (0x0008, version 2): with the committed chunk id.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct DeliverV2<'a> {
    /// The subscription.
    pub subscription_id: u8,
    /// The last chunk id committed by a quorum of the stream's members.
    pub committed_chunk_id: u64,
    /// The chunk.
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub chunk: Chunk<'a>,
}

/// Credit (0x0009): more chunks for a subscription; no response unless it fails.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Credit {
    /// The subscription.
    pub subscription_id: u8,
    /// Chunks granted (the server reads it as signed 16-bit).
    pub credit: u16,
}

/// The response to a failed Credit (0x8009): no correlation id.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct CreditResponse {
    /// Why it failed.
    pub response_code: ResponseCode,
    /// The subscription.
    pub subscription_id: u8,
}

/// StoreOffset (0x000a): store a consumer's offset on the server; no response.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StoreOffset<'a> {
    /// The consumer's name.
    #[wire(len = i16)]
    pub reference: &'a str,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
    /// The offset.
    pub offset: u64,
}

/// QueryOffset (0x000b): the offset stored for a consumer.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct QueryOffset<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The consumer's name.
    #[wire(len = i16)]
    pub reference: &'a str,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// The response to QueryOffset (0x800b).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct QueryOffsetResponse {
    /// From the request.
    pub correlation_id: u32,
    /// `NoOffset` when nothing was stored.
    pub response_code: ResponseCode,
    /// The stored offset.
    pub offset: u64,
}

/// Unsubscribe (0x000c).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Unsubscribe {
    /// Matches the response.
    pub correlation_id: u32,
    /// The subscription.
    pub subscription_id: u8,
}

/// ConsumerUpdate (0x001a, server to client): a single-active consumer became active or not.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ConsumerUpdate {
    /// Matches the client's response.
    pub correlation_id: u32,
    /// The subscription.
    pub subscription_id: u8,
    /// Whether it is now the active one (a byte that must be 0 or 1).
    pub active: bool,
}

/// The client's response to ConsumerUpdate (0x801a): where the now active consumer starts.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ConsumerUpdateResponse {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// Where to start (`OffsetSpec::None` when inactive).
    pub offset: OffsetSpec,
}

/// ResolveOffsetSpec (0x001f): the offset an offset specification points at.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ResolveOffsetSpec<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
    /// The specification.
    pub offset: OffsetSpec,
    /// As for Subscribe; may be absent.
    #[wire(optional)]
    pub properties: Properties<'a>,
}

/// The response to ResolveOffsetSpec (0x801f).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ResolveOffsetSpecResponse {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The offset type resolved.
    pub offset_type: u16,
    /// The offset.
    pub offset: u64,
}

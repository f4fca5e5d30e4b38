//! Stream management: create, delete, metadata, statistics, super streams and routing.

use super::types::{Properties, ResponseCode};
use wire_runtime::{WireDecode, WireEncode};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Create (0x000d): create a stream with arguments (`max-length-bytes`, `queue-leader-locator`, ...).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Create<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
    /// Its arguments.
    pub arguments: Properties<'a>,
}

/// Delete (0x000e): delete a stream.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Delete<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// Metadata (0x000f): brokers and leaders of streams.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Metadata<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The streams asked about.
    #[wire(count = i32, item(len = i16))]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub streams: Vec<&'a str>,
}

/// A broker in a Metadata response, referred to by its `reference` index.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Broker<'a> {
    /// Index used by [`StreamMetadata`].
    pub reference: u16,
    /// Advertised host.
    #[wire(len = i16)]
    pub host: &'a str,
    /// Advertised port.
    pub port: u32,
}

/// One stream in a Metadata response; `leader` is `0xffff` and `replicas` empty for a stream
/// that does not exist or is not available.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StreamMetadata<'a> {
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
    /// Outcome for this stream.
    pub response_code: ResponseCode,
    /// The leader's broker reference.
    pub leader: u16,
    /// The replicas' broker references.
    #[wire(count = i32)]
    pub replicas: Vec<u16>,
}

/// The response to Metadata (0x800f); it has no top-level response code.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MetadataResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Brokers.
    #[wire(count = i32)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub brokers: Vec<Broker<'a>>,
    /// Streams.
    #[wire(count = i32)]
    pub streams: Vec<StreamMetadata<'a>>,
}

/// MetadataUpdate (0x0010, server to client): a stream's topology changed or it was deleted.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MetadataUpdate<'a> {
    /// Why (`StreamNotAvailable`, ...).
    pub code: ResponseCode,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// Route (0x0018): the partitions of a super stream a routing key goes to.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Route<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The routing key.
    #[wire(len = i16)]
    pub routing_key: &'a str,
    /// The super stream.
    #[wire(len = i16)]
    pub super_stream: &'a str,
}

/// Partitions (0x0019): the partitions of a super stream.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Partitions<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The super stream.
    #[wire(len = i16)]
    pub super_stream: &'a str,
}

/// The response to Route (0x8018) and Partitions (0x8019): stream names.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StreamsResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// The streams.
    #[wire(count = i32, item(len = i16))]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub streams: Vec<&'a str>,
}

/// StreamStats (0x001c): statistics of a stream.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StreamStats<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The stream.
    #[wire(len = i16)]
    pub stream: &'a str,
}

/// The response to StreamStats (0x801c): named counters (`first_chunk_id`,
/// `committed_chunk_id`, ...).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StreamStatsResponse<'a> {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
    /// Statistics in wire order.
    #[wire(count = i32, key(len = i16))]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub stats: Vec<(&'a str, i64)>,
}

/// CreateSuperStream (0x001d).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct CreateSuperStream<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The super stream.
    #[wire(len = i16)]
    pub name: &'a str,
    /// Its partition streams.
    #[wire(count = i32, item(len = i16))]
    pub partitions: Vec<&'a str>,
    /// One binding key per partition.
    #[wire(count = i32, item(len = i16))]
    pub binding_keys: Vec<&'a str>,
    /// Stream arguments.
    pub arguments: Properties<'a>,
}

/// DeleteSuperStream (0x001e).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct DeleteSuperStream<'a> {
    /// Matches the response.
    pub correlation_id: u32,
    /// The super stream.
    #[wire(len = i16)]
    pub name: &'a str,
}

//! The frame and the command enum, dispatched on (key, version) in one step.

use super::connection::*;
use super::consuming::*;
use super::publishing::*;
use super::streams::*;
use super::types::ResponseCode;
use wire_runtime::{WireDecode, WireEncode};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Bit 15 of a key: the frame is a response.
pub const RESPONSE_BIT: u16 = 0x8000;

/// The response of commands that answer with a code only (DeclarePublisher, Subscribe,
/// Create, ...).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Response {
    /// From the request.
    pub correlation_id: u32,
    /// Outcome.
    pub response_code: ResponseCode,
}

/// A whole frame: `Size:u32` (excluding itself), then the command, which must fill it.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
pub struct Frame<'a> {
    /// Key, version and content.
    #[wire(len = u32)]
    pub command: Command<'a>,
}

macro_rules! commands {
    ($($(#[$doc:meta])* $variant:ident($ty:ty) = ($key:literal, $version:literal) $($corr:ident)?;)*) => {
        /// Every command of the protocol, requests and responses, keyed by (key, version);
        /// frames with another key or version are kept as [`Command::Unknown`].
        #[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
        // Serialized as the command's own fields (the name is `Command::name`); deserialized
        // from `{"<name>": fields}`.
        #[cfg_attr(feature = "serde", derive(Deserialize))]
        #[wire(tag(key: u16, version: u16))]
        pub enum Command<'a> {
            $($(#[$doc])* #[wire(tag = ($key, $version))] $variant($ty),)*
            /// A key or version this crate does not know, with the frame's content.
            #[wire(other)]
            Unknown {
                /// The key, response bit included.
                key: u16,
                /// The version.
                version: u16,
                /// Everything after them.
                #[wire(rest)]
                #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::hex::deserialize"))]
                content: &'a [u8],
            },
        }

        #[cfg(feature = "serde")]
        impl Serialize for Command<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $(Command::$variant(command) => command.serialize(s),)*
                    Command::Unknown { key, version, content } => {
                        use serde::ser::SerializeStruct;
                        let mut st = s.serialize_struct("Unknown", 3)?;
                        st.serialize_field("key", key)?;
                        st.serialize_field("version", version)?;
                        st.serialize_field("content", &crate::hex::Hex(content).to_string())?;
                        st.end()
                    }
                }
            }
        }

        impl Command<'_> {
            /// The correlation id, for commands that carry one.
            pub fn correlation_id(&self) -> Option<u32> {
                match self {
                    $(Command::$variant(_command) => commands!(@corr _command $($corr)?),)*
                    Command::Unknown { .. } => None,
                }
            }

            /// The variant's name, such as `"DeclarePublisherResponse"`.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Command::$variant(_) => stringify!($variant),)*
                    Command::Unknown { .. } => "Unknown",
                }
            }
        }
    };
    (@corr $command:ident correlated) => { Some($command.correlation_id) };
    (@corr $command:ident) => { None };
}

commands! {
    /// 0x0001
    DeclarePublisher(DeclarePublisher<'a>) = (0x0001, 1) correlated;
    /// 0x8001
    DeclarePublisherResponse(Response) = (0x8001, 1) correlated;
    /// 0x0002 v1
    Publish(Publish<'a>) = (0x0002, 1);
    /// 0x0002 v2
    PublishV2(PublishV2<'a>) = (0x0002, 2);
    /// 0x0003
    PublishConfirm(PublishConfirm) = (0x0003, 1);
    /// 0x0004
    PublishError(PublishError) = (0x0004, 1);
    /// 0x0005
    QueryPublisherSequence(QueryPublisherSequence<'a>) = (0x0005, 1) correlated;
    /// 0x8005
    QueryPublisherSequenceResponse(QueryPublisherSequenceResponse) = (0x8005, 1) correlated;
    /// 0x0006
    DeletePublisher(DeletePublisher) = (0x0006, 1) correlated;
    /// 0x8006
    DeletePublisherResponse(Response) = (0x8006, 1) correlated;
    /// 0x0007
    Subscribe(Subscribe<'a>) = (0x0007, 1) correlated;
    /// 0x8007
    SubscribeResponse(Response) = (0x8007, 1) correlated;
    /// 0x0008 v1
    Deliver(Deliver<'a>) = (0x0008, 1);
    /// 0x0008 v2
    DeliverV2(DeliverV2<'a>) = (0x0008, 2);
    /// 0x0009
    Credit(Credit) = (0x0009, 1);
    /// 0x8009, sent only when Credit fails
    CreditResponse(CreditResponse) = (0x8009, 1);
    /// 0x000a
    StoreOffset(StoreOffset<'a>) = (0x000a, 1);
    /// 0x000b
    QueryOffset(QueryOffset<'a>) = (0x000b, 1) correlated;
    /// 0x800b
    QueryOffsetResponse(QueryOffsetResponse) = (0x800b, 1) correlated;
    /// 0x000c
    Unsubscribe(Unsubscribe) = (0x000c, 1) correlated;
    /// 0x800c
    UnsubscribeResponse(Response) = (0x800c, 1) correlated;
    /// 0x000d
    Create(Create<'a>) = (0x000d, 1) correlated;
    /// 0x800d
    CreateResponse(Response) = (0x800d, 1) correlated;
    /// 0x000e
    Delete(Delete<'a>) = (0x000e, 1) correlated;
    /// 0x800e
    DeleteResponse(Response) = (0x800e, 1) correlated;
    /// 0x000f
    Metadata(Metadata<'a>) = (0x000f, 1) correlated;
    /// 0x800f
    MetadataResponse(MetadataResponse<'a>) = (0x800f, 1) correlated;
    /// 0x0010
    MetadataUpdate(MetadataUpdate<'a>) = (0x0010, 1);
    /// 0x0011
    PeerProperties(PeerProperties<'a>) = (0x0011, 1) correlated;
    /// 0x8011
    PeerPropertiesResponse(PeerPropertiesResponse<'a>) = (0x8011, 1) correlated;
    /// 0x0012
    SaslHandshake(SaslHandshake) = (0x0012, 1) correlated;
    /// 0x8012
    SaslHandshakeResponse(SaslHandshakeResponse<'a>) = (0x8012, 1) correlated;
    /// 0x0013
    SaslAuthenticate(SaslAuthenticate<'a>) = (0x0013, 1) correlated;
    /// 0x8013
    SaslAuthenticateResponse(SaslAuthenticateResponse<'a>) = (0x8013, 1) correlated;
    /// 0x0014, from the server
    Tune(Tune) = (0x0014, 1);
    /// 0x8014, the client's reply
    TuneResponse(Tune) = (0x8014, 1);
    /// 0x0015
    Open(Open<'a>) = (0x0015, 1) correlated;
    /// 0x8015
    OpenResponse(OpenResponse<'a>) = (0x8015, 1) correlated;
    /// 0x0016
    Close(Close<'a>) = (0x0016, 1) correlated;
    /// 0x8016
    CloseResponse(Response) = (0x8016, 1) correlated;
    /// 0x0017
    Heartbeat(Heartbeat) = (0x0017, 1);
    /// 0x0018
    Route(Route<'a>) = (0x0018, 1) correlated;
    /// 0x8018
    RouteResponse(StreamsResponse<'a>) = (0x8018, 1) correlated;
    /// 0x0019
    Partitions(Partitions<'a>) = (0x0019, 1) correlated;
    /// 0x8019
    PartitionsResponse(StreamsResponse<'a>) = (0x8019, 1) correlated;
    /// 0x001a
    ConsumerUpdate(ConsumerUpdate) = (0x001a, 1) correlated;
    /// 0x801a
    ConsumerUpdateResponse(ConsumerUpdateResponse) = (0x801a, 1) correlated;
    /// 0x001b
    ExchangeCommandVersions(ExchangeCommandVersions) = (0x001b, 1) correlated;
    /// 0x801b
    ExchangeCommandVersionsResponse(ExchangeCommandVersionsResponse) = (0x801b, 1) correlated;
    /// 0x001c
    StreamStats(StreamStats<'a>) = (0x001c, 1) correlated;
    /// 0x801c
    StreamStatsResponse(StreamStatsResponse<'a>) = (0x801c, 1) correlated;
    /// 0x001d
    CreateSuperStream(CreateSuperStream<'a>) = (0x001d, 1) correlated;
    /// 0x801d
    CreateSuperStreamResponse(Response) = (0x801d, 1) correlated;
    /// 0x001e
    DeleteSuperStream(DeleteSuperStream<'a>) = (0x001e, 1) correlated;
    /// 0x801e
    DeleteSuperStreamResponse(Response) = (0x801e, 1) correlated;
    /// 0x001f
    ResolveOffsetSpec(ResolveOffsetSpec<'a>) = (0x001f, 1) correlated;
    /// 0x801f
    ResolveOffsetSpecResponse(ResolveOffsetSpecResponse) = (0x801f, 1) correlated;
}

/// Heartbeat (0x0017, either side): no content.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Heartbeat;

impl Command<'_> {
    /// The key (response bit included) and version on the wire.
    pub fn key_version(&self) -> (u16, u16) {
        self.wire_tag()
    }

    /// True for responses (bit 15 of the key set).
    pub fn is_response(&self) -> bool {
        self.key_version().0 & RESPONSE_BIT != 0
    }
}

//! MQTT 5.0 reason codes (section 2.4).

use wire_runtime::{WireDecode, WireEncode};

macro_rules! reason_codes {
    ($($(#[$doc:meta])* $name:ident = $value:literal,)*) => {
        /// A reason code; values this crate does not know stay visible as `Unknown`.
        #[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[wire(tag = u8)]
        pub enum ReasonCode {
            /// 0x00: Success, Normal disconnection, Granted QoS 0.
            #[default]
            #[wire(tag = 0x00)]
            Success,
            $($(#[$doc])* #[wire(tag = $value)] $name,)*
            /// A value that is not in the 5.0 table.
            #[wire(other)]
            Unknown(u8),
        }
    };
}

reason_codes! {
    /// 0x01
    GrantedQoS1 = 0x01,
    /// 0x02
    GrantedQoS2 = 0x02,
    /// 0x04
    DisconnectWithWill = 0x04,
    /// 0x10
    NoMatchingSubscribers = 0x10,
    /// 0x11
    NoSubscriptionExisted = 0x11,
    /// 0x18
    ContinueAuthentication = 0x18,
    /// 0x19
    ReAuthenticate = 0x19,
    /// 0x80
    UnspecifiedError = 0x80,
    /// 0x81
    MalformedPacket = 0x81,
    /// 0x82
    ProtocolError = 0x82,
    /// 0x83
    ImplementationSpecificError = 0x83,
    /// 0x84
    UnsupportedProtocolVersion = 0x84,
    /// 0x85
    ClientIdentifierNotValid = 0x85,
    /// 0x86
    BadUserNameOrPassword = 0x86,
    /// 0x87
    NotAuthorized = 0x87,
    /// 0x88
    ServerUnavailable = 0x88,
    /// 0x89
    ServerBusy = 0x89,
    /// 0x8A
    Banned = 0x8a,
    /// 0x8B
    ServerShuttingDown = 0x8b,
    /// 0x8C
    BadAuthenticationMethod = 0x8c,
    /// 0x8D
    KeepAliveTimeout = 0x8d,
    /// 0x8E
    SessionTakenOver = 0x8e,
    /// 0x8F
    TopicFilterInvalid = 0x8f,
    /// 0x90
    TopicNameInvalid = 0x90,
    /// 0x91
    PacketIdentifierInUse = 0x91,
    /// 0x92
    PacketIdentifierNotFound = 0x92,
    /// 0x93
    ReceiveMaximumExceeded = 0x93,
    /// 0x94
    TopicAliasInvalid = 0x94,
    /// 0x95
    PacketTooLarge = 0x95,
    /// 0x96
    MessageRateTooHigh = 0x96,
    /// 0x97
    QuotaExceeded = 0x97,
    /// 0x98
    AdministrativeAction = 0x98,
    /// 0x99
    PayloadFormatInvalid = 0x99,
    /// 0x9A
    RetainNotSupported = 0x9a,
    /// 0x9B
    QoSNotSupported = 0x9b,
    /// 0x9C
    UseAnotherServer = 0x9c,
    /// 0x9D
    ServerMoved = 0x9d,
    /// 0x9E
    SharedSubscriptionsNotSupported = 0x9e,
    /// 0x9F
    ConnectionRateExceeded = 0x9f,
    /// 0xA0
    MaximumConnectTime = 0xa0,
    /// 0xA1
    SubscriptionIdentifiersNotSupported = 0xa1,
    /// 0xA2
    WildcardSubscriptionsNotSupported = 0xa2,
}

impl ReasonCode {
    /// The numeric value on the wire.
    pub fn value(self) -> u8 {
        self.wire_tag()
    }
}

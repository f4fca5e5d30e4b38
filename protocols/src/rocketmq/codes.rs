//! The numbers of the protocol: languages, request codes, response codes, flag bits.

#[cfg(feature = "serde")]
use serde::{Serialize, Serializer};

/// The language of the peer that sent a command (`LanguageCode.java`). The binary header
/// carries its byte, the JSON header its name; bytes this crate does not know stay visible as
/// [`LanguageCode::Unknown`].
///
/// ```
/// use wire_protocols::rocketmq::LanguageCode;
///
/// assert_eq!(LanguageCode::from_name("GO"), Some(LanguageCode::Go));
/// assert_eq!(LanguageCode::Go.code(), 9);
/// assert_eq!(LanguageCode::from_code(200), LanguageCode::Unknown(200));
/// ```
// `repr(u8)`, each known language's discriminant its byte: `code` and `from_code` compile to
// a compare and a select, not a table walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum LanguageCode {
    /// 0, the default of the Java remoting command.
    #[default]
    Java = 0,
    /// 1
    Cpp = 1,
    /// 2
    Dotnet = 2,
    /// 3
    Python = 3,
    /// 4
    Delphi = 4,
    /// 5
    Erlang = 5,
    /// 6
    Ruby = 6,
    /// 7
    Other = 7,
    /// 8
    Http = 8,
    /// 9
    Go = 9,
    /// 10
    Php = 10,
    /// 11
    Oms = 11,
    /// 12
    Rust = 12,
    /// 13
    NodeJs = 13,
    /// A byte that is not in the table.
    Unknown(u8) = 14,
}

const LANGUAGES: [(LanguageCode, &str); 14] = [
    (LanguageCode::Java, "JAVA"),
    (LanguageCode::Cpp, "CPP"),
    (LanguageCode::Dotnet, "DOTNET"),
    (LanguageCode::Python, "PYTHON"),
    (LanguageCode::Delphi, "DELPHI"),
    (LanguageCode::Erlang, "ERLANG"),
    (LanguageCode::Ruby, "RUBY"),
    (LanguageCode::Other, "OTHER"),
    (LanguageCode::Http, "HTTP"),
    (LanguageCode::Go, "GO"),
    (LanguageCode::Php, "PHP"),
    (LanguageCode::Oms, "OMS"),
    (LanguageCode::Rust, "RUST"),
    (LanguageCode::NodeJs, "NODE_JS"),
];

impl LanguageCode {
    /// The byte of the binary header.
    #[inline]
    pub fn code(self) -> u8 {
        match self {
            LanguageCode::Java => 0,
            LanguageCode::Cpp => 1,
            LanguageCode::Dotnet => 2,
            LanguageCode::Python => 3,
            LanguageCode::Delphi => 4,
            LanguageCode::Erlang => 5,
            LanguageCode::Ruby => 6,
            LanguageCode::Other => 7,
            LanguageCode::Http => 8,
            LanguageCode::Go => 9,
            LanguageCode::Php => 10,
            LanguageCode::Oms => 11,
            LanguageCode::Rust => 12,
            LanguageCode::NodeJs => 13,
            LanguageCode::Unknown(code) => code,
        }
    }

    /// The language of a byte of the binary header.
    #[inline]
    pub fn from_code(code: u8) -> Self {
        match code {
            0 => LanguageCode::Java,
            1 => LanguageCode::Cpp,
            2 => LanguageCode::Dotnet,
            3 => LanguageCode::Python,
            4 => LanguageCode::Delphi,
            5 => LanguageCode::Erlang,
            6 => LanguageCode::Ruby,
            7 => LanguageCode::Other,
            8 => LanguageCode::Http,
            9 => LanguageCode::Go,
            10 => LanguageCode::Php,
            11 => LanguageCode::Oms,
            12 => LanguageCode::Rust,
            13 => LanguageCode::NodeJs,
            code => LanguageCode::Unknown(code),
        }
    }

    /// The name the JSON header uses (`"JAVA"`, `"NODE_JS"`), `None` for unknown bytes.
    pub fn name(self) -> Option<&'static str> {
        LANGUAGES.iter().find(|(l, _)| *l == self).map(|(_, n)| *n)
    }

    /// The language of a JSON header name; `None` for names not in the table.
    pub fn from_name(name: &str) -> Option<Self> {
        LANGUAGES.iter().find(|(_, n)| *n == name).map(|(l, _)| *l)
    }
}

#[cfg(feature = "serde")]
impl Serialize for LanguageCode {
    /// The name, or the byte for unknown languages.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            Some(name) => s.serialize_str(name),
            None => s.serialize_u8(self.code()),
        }
    }
}

/// Bit 0 of the flag: the command is a response (`RPC_TYPE`).
pub const FLAG_RESPONSE: i32 = 1;
/// Bit 1 of the flag: the request expects no response (`RPC_ONEWAY`).
pub const FLAG_ONEWAY: i32 = 2;

/// The flag word of a command: bit 0 response, bit 1 oneway; other bits are kept as they are.
///
/// ```
/// use wire_protocols::rocketmq::Flags;
///
/// let flags = Flags::REQUEST.with_oneway(true);
/// assert!(flags.is_oneway() && !flags.is_response());
/// assert_eq!(flags.bits(), 2);
/// assert_eq!(Flags::RESPONSE.bits(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Flags(pub i32);

impl Flags {
    /// A request that expects a response: 0.
    pub const REQUEST: Flags = Flags(0);
    /// A response: 1.
    pub const RESPONSE: Flags = Flags(FLAG_RESPONSE);

    /// The word as it is on the wire.
    pub fn bits(self) -> i32 {
        self.0
    }

    /// True for responses.
    pub fn is_response(self) -> bool {
        self.0 & FLAG_RESPONSE != 0
    }

    /// True for oneway requests.
    pub fn is_oneway(self) -> bool {
        self.0 & FLAG_ONEWAY != 0
    }

    /// The same flags with the response bit set or cleared.
    pub fn with_response(self, on: bool) -> Self {
        Flags(if on {
            self.0 | FLAG_RESPONSE
        } else {
            self.0 & !FLAG_RESPONSE
        })
    }

    /// The same flags with the oneway bit set or cleared.
    pub fn with_oneway(self, on: bool) -> Self {
        Flags(if on {
            self.0 | FLAG_ONEWAY
        } else {
            self.0 & !FLAG_ONEWAY
        })
    }
}

macro_rules! codes {
    ($(#[$tdoc:meta])* $ty:ident { $($(#[$doc:meta])* $name:ident = $value:literal,)* }) => {
        $(#[$tdoc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $ty {
            $($(#[$doc])* $name,)*
            /// A code that is not in the table.
            Unknown(i32),
        }

        impl $ty {
            /// The code as it is on the wire.
            pub fn code(self) -> i32 {
                match self {
                    $($ty::$name => $value,)*
                    $ty::Unknown(code) => code,
                }
            }

            /// The variant for a code as it is on the wire.
            pub fn from_code(code: i32) -> Self {
                match code {
                    $($value => $ty::$name,)*
                    other => $ty::Unknown(other),
                }
            }
        }

        impl From<i32> for $ty {
            fn from(code: i32) -> Self {
                $ty::from_code(code)
            }
        }

        impl From<$ty> for i32 {
            fn from(code: $ty) -> i32 {
                code.code()
            }
        }

        #[cfg(feature = "serde")]
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i32(self.code())
            }
        }
    };
}

codes! {
    /// What a request asks for (`RequestCode.java`); codes this crate does not know stay
    /// visible as `Unknown`. Codes above 32767 (POP_MESSAGE and later) only fit in JSON headers.
    ///
    /// ```
    /// use wire_protocols::rocketmq::RequestCode;
    ///
    /// assert_eq!(RequestCode::SendMessageV2.code(), 310);
    /// assert_eq!(RequestCode::from(105), RequestCode::GetRouteinfoByTopic);
    /// assert_eq!(RequestCode::from(7777), RequestCode::Unknown(7777));
    /// ```
    RequestCode {
        /// 10, header [`super::SendMessageRequestHeader`]
        SendMessage = 10,
        /// 11, header [`super::PullMessageRequestHeader`]
        PullMessage = 11,
        /// 12
        QueryMessage = 12,
        /// 13
        QueryBrokerOffset = 13,
        /// 14
        QueryConsumerOffset = 14,
        /// 15
        UpdateConsumerOffset = 15,
        /// 17, header [`super::CreateTopicRequestHeader`]
        UpdateAndCreateTopic = 17,
        /// 18
        UpdateAndCreateTopicList = 18,
        /// 21
        GetAllTopicConfig = 21,
        /// 25
        UpdateBrokerConfig = 25,
        /// 26
        GetBrokerConfig = 26,
        /// 28
        GetBrokerRuntimeInfo = 28,
        /// 29
        SearchOffsetByTimestamp = 29,
        /// 30, header [`super::GetMaxOffsetRequestHeader`]
        GetMaxOffset = 30,
        /// 31
        GetMinOffset = 31,
        /// 32
        GetEarliestMsgStoreTime = 32,
        /// 33
        ViewMessageById = 33,
        /// 34
        HeartBeat = 34,
        /// 35
        UnregisterClient = 35,
        /// 36
        ConsumerSendMsgBack = 36,
        /// 37
        EndTransaction = 37,
        /// 38
        GetConsumerListByGroup = 38,
        /// 39
        CheckTransactionState = 39,
        /// 40
        NotifyConsumerIdsChanged = 40,
        /// 41
        LockBatchMq = 41,
        /// 42
        UnlockBatchMq = 42,
        /// 43
        GetAllConsumerOffset = 43,
        /// 45
        GetAllDelayOffset = 45,
        /// 46
        CheckClientConfig = 46,
        /// 100, header [`super::PutKvConfigRequestHeader`]
        PutKvConfig = 100,
        /// 101, header [`super::GetKvConfigRequestHeader`]
        GetKvConfig = 101,
        /// 102
        DeleteKvConfig = 102,
        /// 103
        RegisterBroker = 103,
        /// 104
        UnregisterBroker = 104,
        /// 105, header [`super::GetRouteInfoRequestHeader`]
        GetRouteinfoByTopic = 105,
        /// 106
        GetBrokerClusterInfo = 106,
        /// 200
        UpdateAndCreateSubscriptionGroup = 200,
        /// 201
        GetAllSubscriptionGroupConfig = 201,
        /// 202
        GetTopicStatsInfo = 202,
        /// 203
        GetConsumerConnectionList = 203,
        /// 204
        GetProducerConnectionList = 204,
        /// 205
        WipeWritePermOfBroker = 205,
        /// 206
        GetAllTopicListFromNameserver = 206,
        /// 207
        DeleteSubscriptionGroup = 207,
        /// 208
        GetConsumeStats = 208,
        /// 215
        DeleteTopicInBroker = 215,
        /// 216
        DeleteTopicInNamesrv = 216,
        /// 219
        GetKvlistByNamespace = 219,
        /// 220
        ResetConsumerClientOffset = 220,
        /// 224
        GetTopicsByCluster = 224,
        /// 300
        QueryTopicConsumeByWho = 300,
        /// 304
        GetSystemTopicListFromNs = 304,
        /// 307
        GetConsumerRunningInfo = 307,
        /// 309
        ConsumeMessageDirectly = 309,
        /// 310, header [`super::SendMessageRequestHeaderV2`]
        SendMessageV2 = 310,
        /// 320, body [`super::BatchMessage`]s, header [`super::SendMessageRequestHeaderV2`]
        SendBatchMessage = 320,
        /// 321
        QueryConsumeQueue = 321,
        /// 322
        QueryDataVersion = 322,
        /// 324
        SendReplyMessage = 324,
        /// 325
        SendReplyMessageV2 = 325,
        /// 326
        PushReplyMessageToClient = 326,
        /// 361
        LitePullMessage = 361,
        /// 370
        RecallMessage = 370,
        /// 400
        QueryAssignment = 400,
        /// 401
        SetMessageRequestMode = 401,
        /// 200050
        PopMessage = 200050,
        /// 200051
        AckMessage = 200051,
        /// 200052
        PeekMessage = 200052,
        /// 200053
        ChangeMessageInvisibleTime = 200053,
        /// 200054
        Notification = 200054,
        /// 200055
        PollingInfo = 200055,
        /// 200151
        BatchAckMessage = 200151,
    }
}

codes! {
    /// The outcome a response reports (`RemotingSysResponseCode.java`, `ResponseCode.java`);
    /// codes this crate does not know stay visible as `Unknown`.
    ///
    /// ```
    /// use wire_protocols::rocketmq::ResponseCode;
    ///
    /// assert_eq!(ResponseCode::from(17), ResponseCode::TopicNotExist);
    /// assert!(ResponseCode::Success.is_success());
    /// ```
    ResponseCode {
        /// 0
        Success = 0,
        /// 1
        SystemError = 1,
        /// 2
        SystemBusy = 2,
        /// 3
        RequestCodeNotSupported = 3,
        /// 4
        TransactionFailed = 4,
        /// 10
        FlushDiskTimeout = 10,
        /// 11
        SlaveNotAvailable = 11,
        /// 12
        FlushSlaveTimeout = 12,
        /// 13
        MessageIllegal = 13,
        /// 14
        ServiceNotAvailable = 14,
        /// 15
        VersionNotSupported = 15,
        /// 16
        NoPermission = 16,
        /// 17
        TopicNotExist = 17,
        /// 18
        TopicExistAlready = 18,
        /// 19
        PullNotFound = 19,
        /// 20
        PullRetryImmediately = 20,
        /// 21
        PullOffsetMoved = 21,
        /// 22
        QueryNotFound = 22,
        /// 23
        SubscriptionParseFailed = 23,
        /// 24
        SubscriptionNotExist = 24,
        /// 25
        SubscriptionNotLatest = 25,
        /// 26
        SubscriptionGroupNotExist = 26,
        /// 27
        FilterDataNotExist = 27,
        /// 28
        FilterDataNotLatest = 28,
        /// 29
        InvalidParameter = 29,
        /// 200
        TransactionShouldCommit = 200,
        /// 201
        TransactionShouldRollback = 201,
        /// 202
        TransactionStateUnknow = 202,
        /// 203
        TransactionStateGroupWrong = 203,
        /// 204
        NoBuyerId = 204,
        /// 205
        NotInCurrentUnit = 205,
        /// 206
        ConsumerNotOnline = 206,
        /// 207
        ConsumeMsgTimeout = 207,
        /// 208
        NoMessage = 208,
        /// 209
        PollingFull = 209,
        /// 210
        PollingTimeout = 210,
        /// 211
        BrokerNotExist = 211,
        /// 212
        BrokerDispatchNotComplete = 212,
        /// 213
        BroadcastConsumption = 213,
        /// 215
        FlowControl = 215,
        /// 501
        NotLeaderForQueue = 501,
        /// 604
        IllegalOperation = 604,
        /// 1500
        GoAway = 1500,
        /// -1000
        RpcUnknown = -1000,
        /// -1002
        RpcAddrIsNull = -1002,
        /// -1004
        RpcSendToChannelFailed = -1004,
        /// -1006
        RpcTimeOut = -1006,
    }
}

impl ResponseCode {
    /// True for [`ResponseCode::Success`].
    pub fn is_success(self) -> bool {
        self == ResponseCode::Success
    }
}

#[cfg(test)]
mod tests {
    use super::{LANGUAGES, LanguageCode};

    /// Every byte round-trips, the table's languages are its bytes 0-13 (as in
    /// `LanguageCode.java`), and the rest are unknown.
    #[test]
    fn language_bytes_match_the_table() {
        for code in 0..=u8::MAX {
            let language = LanguageCode::from_code(code);
            assert_eq!(language.code(), code);
            match LANGUAGES.get(usize::from(code)) {
                Some((known, name)) => {
                    assert_eq!(language, *known);
                    assert_eq!(language.name(), Some(*name));
                    assert_eq!(LanguageCode::from_name(name), Some(language));
                }
                None => {
                    assert_eq!(language, LanguageCode::Unknown(code));
                    assert_eq!(language.name(), None);
                }
            }
        }
        assert_eq!(LanguageCode::Go.code(), 9);
        assert_eq!(LanguageCode::NodeJs.code(), 13);
    }
}

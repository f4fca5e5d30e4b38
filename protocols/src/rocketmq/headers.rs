//! Typed custom headers: request and response fields that travel as extFields strings
//! (`CommandCustomHeader` in Java: `makeCustomHeaderToNet` / `decodeCommandCustomHeader`).
//!
//! Each header is declared once with [`custom_header!`], which generates the struct and its
//! conversions: numbers and booleans in decimal and `true`/`false`, strings borrowed from the
//! extFields they are read from. A missing required field or a value that does not parse is a
//! [`DecodeError`] naming the header and the field (offsets are not meaningful in a map: 0);
//! keys a header does not declare are ignored.

use super::ext::{ExtFields, ExtVisitor};
use std::borrow::Cow;
use wire_runtime::{DecodeError, DecodeErrorKind};

/// A typed view of extFields.
///
/// ```
/// use wire_protocols::rocketmq::{CustomHeader, ExtFields, GetMaxOffsetRequestHeader};
///
/// let header = GetMaxOffsetRequestHeader { topic: "TopicTest".into(), queue_id: 3, committed: None };
/// let ext = header.to_ext_fields();
/// assert_eq!(ext.get("queueId").as_deref(), Some("3"));
/// assert_eq!(GetMaxOffsetRequestHeader::from_ext_fields(&ext)?, header);
///
/// let err = GetMaxOffsetRequestHeader::from_ext_fields(&ExtFields::from_iter([("topic", "T")]))
///     .unwrap_err();
/// assert_eq!(err.path().to_string(), "GetMaxOffsetRequestHeader.queue_id");
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
pub trait CustomHeader<'a>: Sized {
    /// Reads the header from the entries `source` hands out, borrowing its strings: what
    /// [`CustomHeader::from_ext_fields`] and [`super::decode_with_header`] call.
    fn from_entries<S: ExtSource<'a>>(source: S) -> Result<Self, DecodeError>;

    /// Reads the header from `ext`, borrowing its strings.
    #[inline]
    fn from_ext_fields(ext: &'a ExtFields<'_>) -> Result<Self, DecodeError> {
        Self::from_entries(ext)
    }

    /// The header's fields as extFields, in declaration order (absent optional fields left
    /// out).
    fn to_ext_fields(&self) -> ExtFields<'a>;
}

/// Where a [`CustomHeader`] reads its entries from: decoded or built [`ExtFields`], or a frame
/// being decoded, whose JSON extFields are handed out as they are checked
/// ([`super::decode_with_header`]).
///
/// ```
/// use std::borrow::Cow;
/// use wire_protocols::rocketmq::{CustomHeader, ExtSource, ExtVisitor, GetKvConfigRequestHeader};
/// use wire_runtime::DecodeError;
///
/// /// Entries from a list of pairs.
/// struct Listed<'a>(&'a [(&'a str, &'a str)]);
///
/// impl<'a> ExtSource<'a> for Listed<'a> {
///     fn visit_entries<V: ExtVisitor<'a, Error = DecodeError>>(
///         self,
///         visitor: &mut V,
///     ) -> Result<(), DecodeError> {
///         self.0.iter().try_for_each(|(k, v)| visitor.entry(k, Cow::Borrowed(v)))
///     }
/// }
///
/// let header = GetKvConfigRequestHeader::from_entries(Listed(&[("namespace", "ci"), ("key", "k")]))?;
/// assert_eq!((&*header.namespace, &*header.key), ("ci", "k"));
/// # Ok::<(), DecodeError>(())
/// ```
pub trait ExtSource<'a> {
    /// Hands every entry to `visitor`, in wire order, stopping at the first error.
    fn visit_entries<V: ExtVisitor<'a, Error = DecodeError>>(
        self,
        visitor: &mut V,
    ) -> Result<(), DecodeError>;
}

impl<'a> ExtSource<'a> for &'a ExtFields<'_> {
    #[inline(always)]
    fn visit_entries<V: ExtVisitor<'a, Error = DecodeError>>(
        self,
        visitor: &mut V,
    ) -> Result<(), DecodeError> {
        self.visit(visitor)
    }
}

/// A field value of a custom header: how it reads from and writes to its string.
pub trait HeaderValue<'a>: Sized {
    /// The value of a string, `None` if it does not parse.
    fn parse(text: Cow<'a, str>) -> Result<Self, &'static str>;
    /// The value as a string.
    fn render(&self) -> Cow<'a, str>;
}

impl<'a> HeaderValue<'a> for Cow<'a, str> {
    #[inline(always)]
    fn parse(text: Cow<'a, str>) -> Result<Self, &'static str> {
        Ok(text)
    }

    fn render(&self) -> Cow<'a, str> {
        self.clone()
    }
}

macro_rules! number_values {
    ($($ty:ty),*) => {$(
        impl<'a> HeaderValue<'a> for $ty {
            #[inline(always)]
            fn parse(text: Cow<'a, str>) -> Result<Self, &'static str> {
                text.parse().map_err(|_| concat!("not an ", stringify!($ty)))
            }

            fn render(&self) -> Cow<'a, str> {
                Cow::Owned(self.to_string())
            }
        }
    )*};
}

number_values!(i32, i64);

impl<'a> HeaderValue<'a> for bool {
    #[inline(always)]
    fn parse(text: Cow<'a, str>) -> Result<Self, &'static str> {
        // As byte patterns: compared as a string, "false" became a call to `bcmp`.
        match text.as_bytes() {
            b"true" => Ok(true),
            b"false" => Ok(false),
            _ => Err("not a boolean (true or false)"),
        }
    }

    fn render(&self) -> Cow<'a, str> {
        Cow::Borrowed(if *self { "true" } else { "false" })
    }
}

/// The error for a value that does not parse.
#[cold]
pub fn bad_value(header: &'static str, field: &'static str, why: &'static str) -> DecodeError {
    DecodeError::new(DecodeErrorKind::InvalidValue(why), 0).in_field(header, field)
}

/// The error for a required field that is absent.
#[cold]
pub fn missing(header: &'static str, field: &'static str) -> DecodeError {
    bad_value(header, field, "required header field missing")
}

/// Declares a custom header: a struct whose fields are read from and written to extFields
/// keys. `required` fields must be present; `optional` ones are `Option`s. Lifetime `'a`, if
/// any, is the one string fields (`Cow<'a, str>`) borrow for.
///
/// ```
/// use std::borrow::Cow;
/// use wire_protocols::custom_header;
/// use wire_protocols::rocketmq::{CustomHeader, ExtFields};
///
/// custom_header! {
///     /// A header of my own.
///     pub struct Hello<'a> {
///         /// Who.
///         required name: Cow<'a, str> = "name",
///         /// How often.
///         optional times: i32 = "times",
///     }
/// }
///
/// let ext = ExtFields::from_iter([("name", "wire"), ("other", "x")]);
/// let hello = Hello::from_ext_fields(&ext)?;
/// assert_eq!((hello.name.as_ref(), hello.times), ("wire", None));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[macro_export]
macro_rules! custom_header {
    (
        $(#[$doc:meta])*
        pub struct $name:ident $(<$lt:lifetime>)? {
            $($(#[$fdoc:meta])* $presence:ident $field:ident : $ty:ty = $key:literal,)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Default)]
        pub struct $name $(<$lt>)? {
            $($(#[$fdoc])* #[doc = concat!("\n\nKey `", $key, "`.")] pub $field: $crate::custom_header!(@ty $presence $ty),)*
        }

        impl<'a> $crate::rocketmq::CustomHeader<'a> for $name $(<$lt>)? {
            #[inline(always)]
            fn from_entries<S: $crate::rocketmq::ExtSource<'a>>(
                source: S,
            ) -> ::core::result::Result<Self, $crate::__wire::DecodeError> {
                // Each field as it is found; a key seen again replaces the value.
                #[allow(non_camel_case_types)]
                struct __Found<'a> {
                    $($field: ::core::option::Option<$ty>,)*
                    __lifetime: ::core::marker::PhantomData<&'a ()>,
                }
                impl<'a> $crate::rocketmq::ExtVisitor<'a> for __Found<'a> {
                    type Error = $crate::__wire::DecodeError;

                    #[inline(always)]
                    fn entry(
                        &mut self,
                        key: &str,
                        value: ::std::borrow::Cow<'a, str>,
                    ) -> ::core::result::Result<(), $crate::__wire::DecodeError> {
                        match key {
                            $($key => {
                                self.$field = ::core::option::Option::Some(
                                    <$ty as $crate::rocketmq::HeaderValue<'a>>::parse(value)
                                        .map_err(|why| $crate::rocketmq::__bad_value(
                                            stringify!($name), stringify!($field), why,
                                        ))?,
                                );
                            })*
                            _ => {}
                        }
                        ::core::result::Result::Ok(())
                    }
                }
                let mut found = __Found {
                    $($field: ::core::option::Option::None,)*
                    __lifetime: ::core::marker::PhantomData,
                };
                source.visit_entries(&mut found)?;
                ::core::result::Result::Ok($name {
                    $($field: $crate::custom_header!(@take $presence found.$field, $name, $field),)*
                })
            }

            fn to_ext_fields(&self) -> $crate::rocketmq::ExtFields<'a> {
                let mut ext = $crate::rocketmq::ExtFields::new();
                $($crate::custom_header!(@put $presence ext, self.$field, $key, $ty);)*
                ext
            }
        }
    };
    (@ty required $ty:ty) => { $ty };
    (@ty optional $ty:ty) => { ::core::option::Option<$ty> };
    (@take required $value:expr, $name:ident, $field:ident) => {
        match $value {
            ::core::option::Option::Some(value) => value,
            ::core::option::Option::None => {
                return ::core::result::Result::Err($crate::rocketmq::__missing(
                    stringify!($name),
                    stringify!($field),
                ))
            }
        }
    };
    (@take optional $value:expr, $name:ident, $field:ident) => { $value };
    (@put required $ext:ident, $value:expr, $key:literal, $ty:ty) => {
        $ext.push($key, <$ty as $crate::rocketmq::HeaderValue<'a>>::render(&$value));
    };
    (@put optional $ext:ident, $value:expr, $key:literal, $ty:ty) => {
        if let ::core::option::Option::Some(value) = &$value {
            $ext.push($key, <$ty as $crate::rocketmq::HeaderValue<'a>>::render(value));
        }
    };
}

custom_header! {
    /// SEND_MESSAGE (10) request: `SendMessageRequestHeader`.
    pub struct SendMessageRequestHeader<'a> {
        /// Producer group.
        required producer_group: Cow<'a, str> = "producerGroup",
        /// Topic.
        required topic: Cow<'a, str> = "topic",
        /// Topic whose config creates `topic` if it does not exist (`TBW102`).
        required default_topic: Cow<'a, str> = "defaultTopic",
        /// Queues of an auto-created topic.
        required default_topic_queue_nums: i32 = "defaultTopicQueueNums",
        /// Queue.
        required queue_id: i32 = "queueId",
        /// Message sys flag.
        required sys_flag: i32 = "sysFlag",
        /// Milliseconds since the epoch.
        required born_timestamp: i64 = "bornTimestamp",
        /// Message flag.
        required flag: i32 = "flag",
        /// Message properties, `name\u{1}value\u{2}` pairs.
        optional properties: Cow<'a, str> = "properties",
        /// Redeliveries so far.
        optional reconsume_times: i32 = "reconsumeTimes",
        /// Unit mode.
        optional unit_mode: bool = "unitMode",
        /// The body is a batch.
        optional batch: bool = "batch",
        /// Redeliveries allowed.
        optional max_reconsume_times: i32 = "maxReconsumeTimes",
    }
}

custom_header! {
    /// SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320) request: the fields of
    /// [`SendMessageRequestHeader`] under single-letter keys.
    pub struct SendMessageRequestHeaderV2<'a> {
        /// Producer group.
        required producer_group: Cow<'a, str> = "a",
        /// Topic.
        required topic: Cow<'a, str> = "b",
        /// Topic whose config creates `topic` if it does not exist.
        required default_topic: Cow<'a, str> = "c",
        /// Queues of an auto-created topic.
        required default_topic_queue_nums: i32 = "d",
        /// Queue.
        required queue_id: i32 = "e",
        /// Message sys flag.
        required sys_flag: i32 = "f",
        /// Milliseconds since the epoch.
        required born_timestamp: i64 = "g",
        /// Message flag.
        required flag: i32 = "h",
        /// Message properties, `name\u{1}value\u{2}` pairs.
        optional properties: Cow<'a, str> = "i",
        /// Redeliveries so far.
        optional reconsume_times: i32 = "j",
        /// Unit mode.
        optional unit_mode: bool = "k",
        /// Redeliveries allowed.
        optional max_reconsume_times: i32 = "l",
        /// The body is a batch.
        optional batch: bool = "m",
        /// Broker name.
        optional broker_name: Cow<'a, str> = "n",
    }
}

impl<'a> From<SendMessageRequestHeader<'a>> for SendMessageRequestHeaderV2<'a> {
    fn from(v1: SendMessageRequestHeader<'a>) -> Self {
        SendMessageRequestHeaderV2 {
            producer_group: v1.producer_group,
            topic: v1.topic,
            default_topic: v1.default_topic,
            default_topic_queue_nums: v1.default_topic_queue_nums,
            queue_id: v1.queue_id,
            sys_flag: v1.sys_flag,
            born_timestamp: v1.born_timestamp,
            flag: v1.flag,
            properties: v1.properties,
            reconsume_times: v1.reconsume_times,
            unit_mode: v1.unit_mode,
            max_reconsume_times: v1.max_reconsume_times,
            batch: v1.batch,
            broker_name: None,
        }
    }
}

impl<'a> From<SendMessageRequestHeaderV2<'a>> for SendMessageRequestHeader<'a> {
    /// The broker name has no V1 key and is dropped.
    fn from(v2: SendMessageRequestHeaderV2<'a>) -> Self {
        SendMessageRequestHeader {
            producer_group: v2.producer_group,
            topic: v2.topic,
            default_topic: v2.default_topic,
            default_topic_queue_nums: v2.default_topic_queue_nums,
            queue_id: v2.queue_id,
            sys_flag: v2.sys_flag,
            born_timestamp: v2.born_timestamp,
            flag: v2.flag,
            properties: v2.properties,
            reconsume_times: v2.reconsume_times,
            unit_mode: v2.unit_mode,
            batch: v2.batch,
            max_reconsume_times: v2.max_reconsume_times,
        }
    }
}

custom_header! {
    /// SEND_MESSAGE / SEND_MESSAGE_V2 response: `SendMessageResponseHeader`.
    pub struct SendMessageResponseHeader<'a> {
        /// The stored message's offset id (store host, port, commit log offset, in hex).
        required msg_id: Cow<'a, str> = "msgId",
        /// Queue the message went to.
        required queue_id: i32 = "queueId",
        /// Its offset in the queue.
        required queue_offset: i64 = "queueOffset",
        /// Transaction id.
        optional transaction_id: Cow<'a, str> = "transactionId",
        /// Unique id of a batch.
        optional batch_uniq_id: Cow<'a, str> = "batchUniqId",
        /// Handle to recall a delayed message.
        optional recall_handle: Cow<'a, str> = "recallHandle",
    }
}

custom_header! {
    /// PULL_MESSAGE (11) request: `PullMessageRequestHeader`.
    pub struct PullMessageRequestHeader<'a> {
        /// Consumer group.
        required consumer_group: Cow<'a, str> = "consumerGroup",
        /// Topic.
        required topic: Cow<'a, str> = "topic",
        /// Queue.
        required queue_id: i32 = "queueId",
        /// First offset wanted.
        required queue_offset: i64 = "queueOffset",
        /// Most messages wanted.
        required max_msg_nums: i32 = "maxMsgNums",
        /// Pull sys flag (commit offset 1, suspend 2, subscription 4, class filter 8).
        required sys_flag: i32 = "sysFlag",
        /// Consumer offset to commit.
        required commit_offset: i64 = "commitOffset",
        /// How long the broker may hold the request when there is nothing new.
        required suspend_timeout_millis: i64 = "suspendTimeoutMillis",
        /// Subscription version.
        required sub_version: i64 = "subVersion",
        /// Subscription expression (`*`, `TagA || TagB`).
        optional subscription: Cow<'a, str> = "subscription",
        /// Expression type (`TAG`, `SQL92`).
        optional expression_type: Cow<'a, str> = "expressionType",
        /// Most bytes wanted.
        optional max_msg_bytes: i32 = "maxMsgBytes",
        /// Request source.
        optional request_source: i32 = "requestSource",
        /// Client id behind a proxy (the key's spelling is Java's).
        optional proxy_forward_client_id: Cow<'a, str> = "proxyFrowardClientId",
    }
}

custom_header! {
    /// PULL_MESSAGE response: `PullMessageResponseHeader`; the body holds the messages.
    pub struct PullMessageResponseHeader {
        /// Broker to pull from next.
        required suggest_which_broker_id: i64 = "suggestWhichBrokerId",
        /// Offset to pull from next.
        required next_begin_offset: i64 = "nextBeginOffset",
        /// Smallest offset of the queue.
        required min_offset: i64 = "minOffset",
        /// Offset after the last message of the queue.
        required max_offset: i64 = "maxOffset",
        /// Offset delta.
        optional offset_delta: i64 = "offsetDelta",
        /// Topic sys flag.
        optional topic_sys_flag: i32 = "topicSysFlag",
        /// Group sys flag.
        optional group_sys_flag: i32 = "groupSysFlag",
        /// Forbidden type.
        optional forbidden_type: i32 = "forbiddenType",
    }
}

custom_header! {
    /// GET_ROUTEINFO_BY_TOPIC (105) request; the response has no custom header, its body is
    /// the route as JSON.
    pub struct GetRouteInfoRequestHeader<'a> {
        /// Topic.
        required topic: Cow<'a, str> = "topic",
        /// Ask for standard JSON in the response body.
        optional accept_standard_json_only: bool = "acceptStandardJsonOnly",
    }
}

custom_header! {
    /// GET_MAX_OFFSET (30) request.
    pub struct GetMaxOffsetRequestHeader<'a> {
        /// Topic.
        required topic: Cow<'a, str> = "topic",
        /// Queue.
        required queue_id: i32 = "queueId",
        /// Only committed messages (Java's default: true).
        optional committed: bool = "committed",
    }
}

custom_header! {
    /// GET_MAX_OFFSET response.
    pub struct GetMaxOffsetResponseHeader {
        /// Offset after the last message of the queue.
        required offset: i64 = "offset",
    }
}

custom_header! {
    /// PUT_KV_CONFIG (100) request to a name server.
    pub struct PutKvConfigRequestHeader<'a> {
        /// Namespace.
        required namespace: Cow<'a, str> = "namespace",
        /// Key.
        required key: Cow<'a, str> = "key",
        /// Value.
        required value: Cow<'a, str> = "value",
    }
}

custom_header! {
    /// GET_KV_CONFIG (101) request to a name server.
    pub struct GetKvConfigRequestHeader<'a> {
        /// Namespace.
        required namespace: Cow<'a, str> = "namespace",
        /// Key.
        required key: Cow<'a, str> = "key",
    }
}

custom_header! {
    /// GET_KV_CONFIG response.
    pub struct GetKvConfigResponseHeader<'a> {
        /// The value (absent when the key is not found).
        optional value: Cow<'a, str> = "value",
    }
}

custom_header! {
    /// UPDATE_AND_CREATE_TOPIC (17) request to a broker.
    pub struct CreateTopicRequestHeader<'a> {
        /// Topic.
        required topic: Cow<'a, str> = "topic",
        /// Topic the new one copies its config from (`TBW102`).
        required default_topic: Cow<'a, str> = "defaultTopic",
        /// Read queues.
        required read_queue_nums: i32 = "readQueueNums",
        /// Write queues.
        required write_queue_nums: i32 = "writeQueueNums",
        /// Permissions (2 write, 4 read, 6 both).
        required perm: i32 = "perm",
        /// Filter type (`SINGLE_TAG`, `MULTI_TAG`).
        required topic_filter_type: Cow<'a, str> = "topicFilterType",
        /// Ordered topic.
        required order: bool = "order",
        /// Topic sys flag.
        optional topic_sys_flag: i32 = "topicSysFlag",
        /// Attributes (`+key=value,...`).
        optional attributes: Cow<'a, str> = "attributes",
        /// Update even if it exists.
        optional force: bool = "force",
    }
}

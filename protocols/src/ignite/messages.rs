//! Request and response headers, the error block, and a representative set of operations.

use super::op::ClientOp;
use super::types::{BitSet, Uuid};
use wire_runtime::msgpack::Value;
use wire_runtime::{WireDecode, WireEncode};

/// Every request starts with the operation code and the request id.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct RequestHeader {
    /// What to do.
    pub op: ClientOp,
    /// Echoed by the response.
    pub request_id: i64,
}

/// Every response starts with the request id, the flags and the observable timestamp; the
/// partition-assignment flag (bit 0) adds the extra long in between.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct ResponseHeader {
    /// The request answered.
    pub request_id: i64,
    /// 1 partition assignment changed, 2 notification, 4 error, 8 server-to-client operation.
    pub flags: i32,
    /// Present when bit 0 of `flags` is set.
    #[wire(if = *flags & 1 != 0)]
    pub max_start_time: Option<i64>,
    /// The server's observable timestamp.
    pub observable_timestamp: i64,
}

impl ResponseHeader {
    /// Bit 2: the payload is an [`ErrorCore`].
    pub fn is_error(&self) -> bool {
        self.flags & 4 != 0
    }
}

/// A key and a value of any msgpack type (handshake and error extensions).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct Extension<'a> {
    /// The key.
    pub key: &'a str,
    /// The value.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::msgpack_value",
            deserialize_with = "crate::hex::deserialize_msgpack_value"
        )
    )]
    pub value: Value<'a>,
}

/// Error extensions: an integer count, then the pairs.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct ErrorExtensions<'a> {
    /// The pairs, in wire order.
    #[wire(counted)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub list: Vec<Extension<'a>>,
}

/// The error block of a failed request or handshake.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct ErrorCore<'a> {
    /// Trace id for the server logs.
    pub trace_id: Uuid,
    /// `(group << 16) | code`.
    pub code: i32,
    /// Java class of the exception.
    pub class_name: &'a str,
    /// The message, or nil.
    pub message: Option<&'a str>,
    /// The stack trace, or nil.
    pub stack_trace: Option<&'a str>,
    /// nil, or the extensions.
    pub extensions: Option<ErrorExtensions<'a>>,
}

/// A response body: the header, then the error block if the error flag is set, then the
/// operation's payload (msgpack values, borrowed as bytes; decode them with the operation's
/// response type).
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Response<'a> {
    /// Request id, flags, timestamps.
    pub header: ResponseHeader,
    /// Present exactly when the error flag is set.
    #[wire(if = header.is_error())]
    pub error: Option<ErrorCore<'a>>,
    /// The rest of the message.
    #[wire(rest)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub payload: &'a [u8],
}

/// Any request: its header, then the operation's payload (msgpack values, borrowed as bytes;
/// decode them with the operation's request type). For dissectors and routers.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Request<'a> {
    /// Operation and request id.
    pub header: RequestHeader,
    /// The rest of the message.
    #[wire(rest)]
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub payload: &'a [u8],
}

/// HEARTBEAT: no payload.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct HeartbeatRequest {
    /// `ClientOp::Heartbeat`.
    pub header: RequestHeader,
}

/// TABLES_GET: no payload.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct TablesGetRequest {
    /// `ClientOp::TablesGet`.
    pub header: RequestHeader,
}

/// One table of a TABLES_GET response.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct Table<'a> {
    /// Table id.
    pub id: i32,
    /// Table name.
    pub name: &'a str,
}

/// The TABLES_GET payload: an integer count, then `id name` per table.
#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct TablesGetResponse<'a> {
    /// The tables.
    #[wire(counted)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    pub tables: Vec<Table<'a>>,
}

/// TABLE_GET: the table name.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct TableGetRequest<'a> {
    /// `ClientOp::TableGet`.
    pub header: RequestHeader,
    /// Table name.
    pub name: &'a str,
}

/// The TABLE_GET payload: the table id, or nil when there is no such table.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct TableGetResponse {
    /// The id, if the table exists.
    pub id: Option<i32>,
}

/// The common head of tuple operations (TUPLE_GET, TUPLE_UPSERT, ...): the table, the
/// transaction, the schema version, the columns without a value, and the binary tuple, carried
/// as bytes.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct TupleRequest<'a> {
    /// `ClientOp::TupleGet`, `ClientOp::TupleUpsert`, ...
    pub header: RequestHeader,
    /// Table id.
    pub table_id: i32,
    /// Transaction resource id, or nil outside a transaction.
    pub tx: Option<i64>,
    /// Schema version the tuple is written in.
    pub schema_id: i32,
    /// Columns with no value set.
    pub no_value_set: BitSet<'a>,
    /// The tuple in Ignite's binary tuple format.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub tuple: &'a [u8],
}

/// SQL arguments: their count, then a binary tuple holding them.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct SqlArguments<'a> {
    /// Number of arguments.
    pub count: i32,
    /// The arguments as a binary tuple.
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub tuple: &'a [u8],
}

/// SQL_EXEC, as `ClientSqlExecuteRequest` reads it (apache/ignite-3 at 0286e317): transaction,
/// session settings (each nil for the default), the session properties as a binary tuple, the
/// query, the arguments, and the observable timestamp.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(msgpack)]
pub struct SqlExecRequest<'a> {
    /// `ClientOp::SqlExec`.
    pub header: RequestHeader,
    /// Transaction resource id, or nil.
    pub tx: Option<i64>,
    /// Default schema, or nil.
    pub schema: Option<&'a str>,
    /// Page size, or nil.
    pub page_size: Option<i32>,
    /// Query timeout in milliseconds, or nil.
    pub query_timeout_ms: Option<i64>,
    /// Session idle timeout in milliseconds, or nil.
    pub idle_timeout_ms: Option<i64>,
    /// Number of session properties.
    pub property_count: i32,
    /// Session properties as a binary tuple (name, type, scale, value per property).
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub properties: &'a [u8],
    /// The SQL text.
    pub query: &'a str,
    /// The arguments, or nil.
    pub arguments: Option<SqlArguments<'a>>,
    /// Observable timestamp.
    pub observable_timestamp: i64,
}

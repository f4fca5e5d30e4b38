//! `ClientOp`: the operation codes of requests, every one of Ignite 3's `ClientOp` (42, once
//! JDBC_QUERY_META, is no longer used).

use wire_runtime::{WireDecode, WireEncode};

macro_rules! ops {
    ($($(#[$doc:meta])* $name:ident = $value:literal,)*) => {
        /// A request's operation code, written as a msgpack integer; codes this crate does not
        /// know stay visible as `Other`.
        #[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[wire(msgpack, tag = i32)]
        pub enum ClientOp {
            $($(#[$doc])* #[wire(tag = $value)] $name,)*
            /// Another code (1000 to 2000 are reserved for extensions).
            #[wire(other)]
            Other(i32),
        }
    };
}

ops! {
    /// 1
    Heartbeat = 1,
    /// 3
    TablesGet = 3,
    /// 4
    TableGet = 4,
    /// 5
    SchemasGet = 5,
    /// 10
    TupleUpsert = 10,
    /// 12
    TupleGet = 12,
    /// 13
    TupleUpsertAll = 13,
    /// 15
    TupleGetAll = 15,
    /// 16
    TupleGetAndUpsert = 16,
    /// 18
    TupleInsert = 18,
    /// 20
    TupleInsertAll = 20,
    /// 22
    TupleReplace = 22,
    /// 24
    TupleReplaceExact = 24,
    /// 26
    TupleGetAndReplace = 26,
    /// 28
    TupleDelete = 28,
    /// 29
    TupleDeleteAll = 29,
    /// 30
    TupleDeleteExact = 30,
    /// 31
    TupleDeleteAllExact = 31,
    /// 32
    TupleGetAndDelete = 32,
    /// 33
    TupleContainsKey = 33,
    /// 34
    JdbcExec = 34,
    /// 35
    JdbcNext = 35,
    /// 36
    JdbcExecBatch = 36,
    /// 37
    JdbcCursorClose = 37,
    /// 38
    JdbcTableMeta = 38,
    /// 39
    JdbcColumnMeta = 39,
    /// 40
    JdbcSchemasMeta = 40,
    /// 41
    JdbcPkMeta = 41,
    /// 43
    TxBegin = 43,
    /// 44
    TxCommit = 44,
    /// 45
    TxRollback = 45,
    /// 46
    JdbcSqlExecPsBatch = 46,
    /// 47
    ComputeExecute = 47,
    /// 48
    ClusterGetNodes = 48,
    /// 49
    ComputeExecuteColocated = 49,
    /// 50
    SqlExec = 50,
    /// 51
    SqlCursorNextPage = 51,
    /// 52
    SqlCursorClose = 52,
    /// 53
    PartitionAssignmentGet = 53,
    /// 54
    JdbcConnect = 54,
    /// 55
    JdbcTxFinish = 55,
    /// 56
    SqlExecScript = 56,
    /// 57
    SqlQueryMeta = 57,
    /// 58
    JdbcMoreResults = 58,
    /// 59
    ComputeGetState = 59,
    /// 60
    ComputeCancel = 60,
    /// 61
    ComputeChangePriority = 61,
    /// 62
    StreamerBatchSend = 62,
    /// 63
    SqlExecBatch = 63,
    /// 64
    ComputeExecuteMapReduce = 64,
    /// 65
    PrimaryReplicasGet = 65,
    /// 66
    StreamerWithReceiverBatchSend = 66,
    /// 67
    TupleContainsAllKeys = 67,
    /// 68
    JdbcCancel = 68,
    /// 69
    ComputeExecutePartitioned = 69,
    /// 70
    OperationCancel = 70,
    /// 71
    TablesGetQualified = 71,
    /// 72
    TableGetQualified = 72,
    /// 73
    ServerOpResponse = 73,
    /// 74
    SqlCursorNextResultSet = 74,
    /// 75
    TxDiscard = 75,
}

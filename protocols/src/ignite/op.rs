//! `ClientOp`: the operation codes of requests.

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
    /// 43
    TxBegin = 43,
    /// 44
    TxCommit = 44,
    /// 45
    TxRollback = 45,
    /// 47
    ComputeExecute = 47,
    /// 48
    ClusterGetNodes = 48,
    /// 50
    SqlExec = 50,
    /// 51
    SqlCursorNextPage = 51,
    /// 52
    SqlCursorClose = 52,
    /// 53
    PartitionAssignmentGet = 53,
    /// 56
    SqlExecScript = 56,
    /// 62
    StreamerBatchSend = 62,
    /// 65
    PrimaryReplicasGet = 65,
    /// 67
    TupleContainsAllKeys = 67,
    /// 70
    OperationCancel = 70,
    /// 71
    TablesGetQualified = 71,
    /// 72
    TableGetQualified = 72,
    /// 73
    ServerOpResponse = 73,
    /// 75
    TxDiscard = 75,
}

//! The Apache Ignite 3 thin-client protocol: msgpack values in an `i32` length envelope, the
//! first message in each direction prefixed with the magic `IGNI`.
//!
//! Every message body is a sequence of msgpack values with no enclosing array, declared with the
//! derive's msgpack mode (`#[wire(msgpack)]`).
//!
//! ```
//! use wire_protocols::ignite::{ClientOp, Message, RequestHeader, TableGetRequest};
//! use wire_runtime::{decode, WireEncode};
//!
//! let request = Message {
//!     body: TableGetRequest { header: RequestHeader { op: ClientOp::TableGet, request_id: 7 }, name: "PUBLIC.T" },
//! };
//! let bytes = request.encode_to_vec()?;
//! assert_eq!(&bytes[..6], &[0, 0, 0, 11, 0x04, 0x07]);
//! assert_eq!(decode::<Message<TableGetRequest<'_>>>(&bytes)?, request);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod framing;
mod handshake;
mod messages;
mod op;
mod types;

pub use framing::{First, MAGIC, Message, frame_len};
pub use handshake::{HandshakeDetails, HandshakeRequest, HandshakeResponse, ProductVersion};
pub use messages::{
    ErrorCore, ErrorExtensions, Extension, HeartbeatRequest, Request, RequestHeader, Response,
    ResponseHeader, SqlArguments, SqlExecRequest, Table, TableGetRequest, TableGetResponse,
    TablesGetRequest, TablesGetResponse, TupleRequest,
};
pub use op::ClientOp;
pub use types::{BitSet, BitSetBytes, Uuid, UuidBits};

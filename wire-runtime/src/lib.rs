//! # wire-runtime
//!
//! The runtime half of **wire**: derive [`WireDecode`] and [`WireEncode`] on a struct or enum and
//! get a monomorphic, reflection-free, big-endian reader and writer for it.
//!
//! ```
//! use wire_runtime::{decode, WireDecode, WireEncode};
//!
//! #[derive(WireDecode, WireEncode, Debug, PartialEq)]
//! struct Publish<'a> {
//!     #[wire(len = u16)]
//!     topic: &'a str,
//!     packet_id: u16,
//!     #[wire(rest)]
//!     payload: &'a [u8],
//! }
//!
//! let bytes = b"\x00\x03a/b\x00\x0ahello";
//! let publish: Publish<'_> = decode(bytes)?;
//! assert_eq!(publish, Publish { topic: "a/b", packet_id: 10, payload: b"hello" });
//! assert_eq!(publish.encode_to_vec().unwrap(), bytes);
//! # Ok::<(), wire_runtime::DecodeError>(())
//! ```
//!
//! Decoding borrows from the input: `&str` and `&[u8]` fields point into it, and `bytes::Bytes`
//! fields share its storage when decoding with [`decode_bytes`]. Errors carry the field path and
//! the byte offset, and tell incomplete input ([`DecodeError::is_incomplete`]) from malformed.
//!
//! # Features
//!
//! | feature | default | gives | pulls in |
//! |---|---|---|---|
//! | `std` | yes | `WireDecode`/`WireEncode` for `HashMap` | `std` of `bytes`, `memchr` and `crc32fast` |
//! | `derive` | yes | `#[derive(WireDecode, WireEncode)]`, re-exported here | `wire-derive` (`syn`, `quote`, `proc-macro2`) |
//! | `crc32` | yes | `Crc32`, the CRC-32 checksum | `crc32fast` |
//! | `tokio` | no | `FrameCodec`, a `tokio_util` codec over any protocol's [`Framing`] | `std`, `tokio-util` with `codec` |
//!
//! Always: `bytes` (re-exported as [`bytes`]) and `memchr` (terminator scans). With
//! `default-features = false` the crate is `no_std` + `alloc`. It declares Rust 1.85
//! (`rust-version`); CI builds it with 1.95.
#![no_std]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bits;
mod checksum;
mod checksum_hooks;
#[cfg(feature = "tokio")]
mod codec;
mod error;
mod framing;
mod impls;
mod len_value;
pub mod msgpack;
mod prefix;
mod reader;
mod spans;
mod terminated;
mod text;
mod traits;
mod tristate;
mod uint;
mod validate;
mod varint;
mod window;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use bits::BitField;
#[cfg(feature = "crc32")]
pub use checksum::Crc32;
pub use checksum::{Checksum, ChecksumValue, InternetChecksum};
pub use checksum_hooks::ChecksumWriter;
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use codec::{FrameCodec, Outgoing};
pub use error::{DecodeError, EncodeError, EncodeErrorKind, ErrorKind, FieldPath};
pub use framing::{FrameSplitter, Framing, next_frame};
pub use len_value::LenValue;
pub use prefix::{Biased, ByteOrder, LenPrefix, Marked};
pub use reader::{DEFAULT_MAX_DEPTH, Reader};
pub use spans::{FieldSpan, Spans};
pub use text::{is_ascii, utf8};
pub use traits::{
    DecodeWith, EncodeWith, WireDecode, WireEncode, decode, decode_bytes, decode_prefix,
};
pub use tristate::Tristate;
pub use uint::{U24, U40, U48, U56, uint_from_be, uint_from_le, uint_to_be, uint_to_le};
pub use validate::reject;
pub use varint::{VarInt, Vbi};
pub use window::{Window, write_in_window};

pub use bytes;

/// Derives [`WireDecode`] (or [`DecodeWith`] for types with `#[wire(ctx(...))]`).
#[cfg(feature = "derive")]
pub use wire_derive::WireDecode;
/// Derives [`WireEncode`] (or [`EncodeWith`] for types with `#[wire(ctx(...))]`).
#[cfg(feature = "derive")]
pub use wire_derive::WireEncode;

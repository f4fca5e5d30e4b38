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
//! | `tokio` | no | `FrameCodec`, a `tokio_util` codec over any protocol's [`Framing`](framing::Framing) | `std`, `tokio-util` with `codec` |
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
pub mod checksum;
mod checksum_hooks;
#[cfg(feature = "tokio")]
mod codec;
pub mod error;
pub mod framing;
mod impls;
mod len_value;
pub mod msgpack;
mod prefix;
mod reader;
mod spans;
mod std_prefixes;
mod terminated;
pub mod text;
mod traits;
mod tristate;
mod uint;
mod validate;
mod varint;
mod window;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

pub use error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
pub use reader::Reader;
pub use traits::{
    DecodeWith, EncodeWith, WireDecode, WireEncode, decode, decode_bytes, decode_prefix,
};
pub use validate::reject;

/// The former name of [`DecodeErrorKind`], beside [`EncodeErrorKind`]: use that.
#[deprecated(
    since = "0.3.0",
    note = "renamed `DecodeErrorKind`, beside `EncodeErrorKind`"
)]
pub type ErrorKind = DecodeErrorKind;

pub use bytes;

/// Reading: the cursor, the entry points, and where each decoded field lies.
pub mod read {
    pub use crate::reader::{DEFAULT_MAX_DEPTH, Reader};
    pub use crate::spans::{FieldSpan, Spans};
    pub use crate::traits::{decode, decode_bytes, decode_prefix};
}

/// Writing by hand beside derived code: a value written through one capacity check.
pub mod write {
    pub use crate::window::{Window, write_in_window};
}

/// Lengths and their prefixes: how a length is written before its value ([`LenPrefix`](len::LenPrefix):
/// `len = u16`, `len = varint + 1`, a type of your own), and which field types can hold a
/// length that a later field's section uses ([`LenValue`](len::LenValue): `len = size`).
///
/// They are two ideas, not one. A prefix is a format: a stateless type that names how to read
/// and write a length, and its null markers, standing just before the value, so it is never a
/// field's value. A length value is a field: it is decoded and encoded as any field is (its own
/// `WireDecode`), kept in the struct, and only converts to and from `usize` for the section it
/// sizes. The built-in integers, [`Vbi`](crate::int::Vbi) and [`VarInt`](crate::int::VarInt)
/// are both; a Kafka-style compact length is a prefix, a length inside a header struct a value.
pub mod len {
    pub use crate::len_value::LenValue;
    pub use crate::prefix::{Biased, ByteOrder, LenPrefix, Marked};
    pub use crate::tristate::Tristate;
}

/// Integers beyond the primitives: odd widths (`U24` to `U56`), variable-length encodings
/// (MQTT's [`Vbi`](int::Vbi), LEB128 [`VarInt`](int::VarInt)), the length prefixes of other
/// standards whose first byte chooses their width ([`QuicVarInt`](int::QuicVarInt),
/// [`CompactSize`](int::CompactSize), [`LenEnc`](int::LenEnc), [`CborHead`](int::CborHead)),
/// and the members of bit-field words ([`BitField`](int::BitField)).
pub mod int {
    pub use crate::bits::BitField;
    pub use crate::std_prefixes::{
        CborArray, CborBytes, CborHead, CborMap, CborText, CompactSize, LenEnc, QuicVarInt,
    };
    pub use crate::uint::{U24, U40, U48, U56};
    pub use crate::varint::{VarInt, Vbi};
}

/// Derives [`WireDecode`] (or [`DecodeWith`] for types with `#[wire(ctx(...))]`).
#[cfg(feature = "derive")]
pub use wire_derive::WireDecode;
/// Derives [`WireEncode`] (or [`EncodeWith`] for types with `#[wire(ctx(...))]`).
#[cfg(feature = "derive")]
pub use wire_derive::WireEncode;

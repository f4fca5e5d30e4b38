//! msgpack primitives: zero-allocation writers into any `BufMut` and readers over [`Reader`],
//! for every format family of the msgpack specification.
//!
//! Writers pick the smallest form; readers accept every valid width (non-minimal encodings are
//! valid msgpack) and report the wrong family, an out-of-range value or the never-used byte
//! `0xc1` as errors.
//!
//! ```
//! use wire_runtime::{msgpack, Reader};
//!
//! let mut buf = Vec::new();
//! msgpack::write_int(&mut buf, 12345);
//! msgpack::write_str(&mut buf, "TestTable1")?;
//! assert_eq!(&buf[..3], &[0xcd, 0x30, 0x39]);
//!
//! let mut r = Reader::new(&buf);
//! assert_eq!(msgpack::read_int::<i32>(&mut r)?, 12345);
//! assert_eq!(msgpack::read_str(&mut r)?, "TestTable1");
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! [`Reader`]: crate::Reader

mod bin;
mod dynamic;
mod read;
mod value;
mod write;

pub use bin::{BinDecode, BinEncode};
pub use dynamic::Value;
pub use value::{MsgPackDecode, MsgPackEncode, Timestamp};

pub use read::{
    ExtRef, read_array_len, read_bin, read_bool, read_ext, read_ext_section, read_f32, read_f64,
    read_int, read_map_len, read_nil, read_str, read_timestamp, timestamp_from_data, try_read_nil,
};
pub use write::{
    array_len_size, bin_size, ext_size, int_size, str_size, timestamp_size, uint_size,
    write_array_len, write_bin, write_bool, write_ext, write_ext_header, write_ext_value,
    write_f32, write_f64, write_int, write_map_len, write_nil, write_str, write_timestamp,
    write_uint,
};

/// The timestamp extension type.
pub const TIMESTAMP_EXT: i8 = -1;

/// Format markers (first bytes) that are not ranges.
pub mod marker {
    /// nil
    pub const NIL: u8 = 0xc0;
    /// never used
    pub const NEVER_USED: u8 = 0xc1;
    /// false
    pub const FALSE: u8 = 0xc2;
    /// true
    pub const TRUE: u8 = 0xc3;
    /// bin 8
    pub const BIN8: u8 = 0xc4;
    /// bin 16
    pub const BIN16: u8 = 0xc5;
    /// bin 32
    pub const BIN32: u8 = 0xc6;
    /// ext 8
    pub const EXT8: u8 = 0xc7;
    /// ext 16
    pub const EXT16: u8 = 0xc8;
    /// ext 32
    pub const EXT32: u8 = 0xc9;
    /// float 32
    pub const F32: u8 = 0xca;
    /// float 64
    pub const F64: u8 = 0xcb;
    /// uint 8
    pub const U8: u8 = 0xcc;
    /// uint 16
    pub const U16: u8 = 0xcd;
    /// uint 32
    pub const U32: u8 = 0xce;
    /// uint 64
    pub const U64: u8 = 0xcf;
    /// int 8
    pub const I8: u8 = 0xd0;
    /// int 16
    pub const I16: u8 = 0xd1;
    /// int 32
    pub const I32: u8 = 0xd2;
    /// int 64
    pub const I64: u8 = 0xd3;
    /// fixext 1
    pub const FIXEXT1: u8 = 0xd4;
    /// fixext 16
    pub const FIXEXT16: u8 = 0xd8;
    /// str 8
    pub const STR8: u8 = 0xd9;
    /// str 16
    pub const STR16: u8 = 0xda;
    /// str 32
    pub const STR32: u8 = 0xdb;
    /// array 16
    pub const ARRAY16: u8 = 0xdc;
    /// array 32
    pub const ARRAY32: u8 = 0xdd;
    /// map 16
    pub const MAP16: u8 = 0xde;
    /// map 32
    pub const MAP32: u8 = 0xdf;
}

#[cfg(test)]
mod tests;

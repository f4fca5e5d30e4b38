//! MQTT's UTF-8 strings and binary data: a `u16` length, then the bytes.

use wire_runtime::{WireDecode, WireEncode};

/// A UTF-8 Encoded String: at most 65 535 bytes, valid UTF-8, no U+0000 ([MQTT-1.5.4]).
/// Borrowed from the input.
#[derive(
    WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default,
)]
#[wire(validate = if str.contains('\0') { Err("U+0000 in an MQTT string") } else { Ok(()) })]
pub struct Utf8Str<'a> {
    #[wire(len = u16)]
    /// The string, borrowed from the input.
    pub str: &'a str,
}

impl<'a> Utf8Str<'a> {
    /// The string.
    pub fn as_str(&self) -> &'a str {
        self.str
    }
}

impl<'a> From<&'a str> for Utf8Str<'a> {
    fn from(str: &'a str) -> Self {
        Utf8Str { str }
    }
}

impl core::ops::Deref for Utf8Str<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        self.str
    }
}

impl PartialEq<str> for Utf8Str<'_> {
    fn eq(&self, other: &str) -> bool {
        self.str == other
    }
}

impl PartialEq<&str> for Utf8Str<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.str == *other
    }
}

/// Binary Data: a `u16` length and up to 65 535 bytes, borrowed from the input.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Binary<'a> {
    #[wire(len = u16)]
    /// The bytes, borrowed from the input.
    pub bytes: &'a [u8],
}

impl<'a> From<&'a [u8]> for Binary<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        Binary { bytes }
    }
}

impl core::ops::Deref for Binary<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.bytes
    }
}

//! Byte strings as lower-case hex in serialized output.

use serde::Serializer;

/// Serializes bytes as a lower-case hex string, for `#[serde(serialize_with = ...)]`.
pub fn serialize<S: Serializer>(bytes: &&[u8], s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&Hex(bytes))
}

/// Serializes optional bytes as a hex string or `null`.
pub fn serialize_option<S: Serializer>(bytes: &Option<&[u8]>, s: S) -> Result<S::Ok, S::Error> {
    match bytes {
        Some(bytes) => s.collect_str(&Hex(bytes)),
        None => s.serialize_none(),
    }
}

/// Displays bytes as lower-case hex.
#[derive(Debug, Clone, Copy)]
pub struct Hex<'a>(pub &'a [u8]);

impl core::fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

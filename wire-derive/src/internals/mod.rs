//! The checked model of a `#[derive(WireDecode, WireEncode)]` input: parse attributes, lower
//! them onto field types, check them across fields, and only then generate code.

pub mod ast;
pub mod attr;
mod bits;
pub mod check;
mod check_enum;
mod checksums;
mod container;
pub mod ctxt;
mod delimited;
pub mod exprs;
pub mod ints;
pub mod keys;
mod lower;
mod prefixes;
mod tags;
pub mod types;
mod unknown_key;

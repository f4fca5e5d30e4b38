//! Integration tests of wire. The README's examples are compiled and run as this crate's
//! doctests.
#![doc = include_str!("../../README.md")]

/// The examples of each published crate's README, run as doctests.
pub mod crate_readmes {
    #[doc = include_str!("../../wire-runtime/README.md")]
    pub mod wire_runtime {}
    #[doc = include_str!("../../wire-derive/README.md")]
    pub mod wire_derive {}
    #[doc = include_str!("../../protocols/README.md")]
    pub mod wire_protocols {}
}

pub mod alloc_count;
pub mod checksums;
pub mod delimited;
pub mod everything;
pub mod trickle;
pub mod user_layouts;
pub mod vectors;
pub mod vocabulary;

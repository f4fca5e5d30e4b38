//! Integration tests of wire. The README's examples are compiled and run as this crate's
//! doctests.
#![doc = include_str!("../../README.md")]

pub mod alloc_count;
pub mod everything;
pub mod vectors;

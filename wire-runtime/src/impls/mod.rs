//! Codec impls for primitives and standard types.

mod primitives;
pub(crate) use primitives::bool_from_byte;
mod sequences;
mod wrappers;

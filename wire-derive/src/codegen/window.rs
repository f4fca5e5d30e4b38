//! Windows: a run of small writes through one capacity check (`wire_runtime::write_in_window`).

use super::rt;
use crate::internals::ast::{Codec, CodecKind};
use proc_macro2::TokenStream;
use quote::quote;

/// True when a length-prefixed value is a type's own encoding (a struct, an enum, a list of
/// their own): a run of many small writes, which [`in_window`] makes cheaper. A borrowed
/// string or byte slice is one copy, written directly.
pub fn writes_a_run(inner: &Codec) -> bool {
    matches!(inner.kind, CodecKind::Plain { .. }) && !matches!(inner.ty, syn::Type::Reference(_))
}

/// `write` (statements on `__buf`, the prefix holding `__n` first) through one capacity check
/// when the buffer's chunk holds the prefix and the `__n` bytes after it
/// (`wire_runtime::write_in_window`), else directly.
pub fn in_window(prefix: &TokenStream, write: &TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        let __room = #rt::len_size::<#prefix>(__n) + __n;
        let __done = #rt::write_in_window(__buf, __room, #[inline(always)] |__buf| {
            #write
            #rt::Ok(())
        });
        match __done {
            #rt::Some(__done) => __done?,
            #rt::None => { #write }
        }
    }
}

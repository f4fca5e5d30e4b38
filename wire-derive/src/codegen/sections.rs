//! Decoding what surrounds a field: the section a `rest_len` field opens for the fields after
//! it, and padding (`pad_before`, `pad_after`, `align`).

use super::{lit, rt};
use crate::internals::ast::Field;
use proc_macro2::TokenStream;
use quote::quote;

/// After a `rest_len` field: the following fields read from a section of that length; a
/// `trailer` after it, and the continuation, from the reader outside (`__outer`).
pub(super) fn enter_rest_section(name: &str, f: &Field<'_>) -> TokenStream {
    let rt = rt();
    if f.rest_len.is_none() {
        return quote!();
    }
    let fname = &f.name;
    let slot = &f.slot;
    // `max = N` bounds the length as the field holds it (its own bytes included when it is
    // `inclusive`), before the section is read.
    let raw = match &f.max {
        Some(max) => {
            quote!({ let __n = #rt::len_value(&#slot, __r)?; #rt::check_max(__n, #max, __r)?; __n })
        }
        None => quote!(#rt::len_value(&#slot, __r)?),
    };
    let len = match f.inclusive {
        None => raw,
        Some(size) => {
            let own = lit(size);
            quote! {
            match #raw.checked_sub(#own) {
                #rt::Some(len) => len,
                #rt::None => return #rt::Err(__r.error(#rt::ErrorKind::InvalidValue(
                    "a length that counts itself is smaller than its own field",
                ))),
            }
            }
        }
    };
    // The reader outside the section stays in reach: a trailer follows the section, and the
    // continuation gets the reader after it.
    quote! {
        let __rest_len: usize = #rt::field(#name, #fname, #[inline(always)] || #rt::Ok(#len))?;
        let __outer = __r;
        let __r = &mut #rt::field(#name, #fname, #[inline(always)] || __outer.section(__rest_len))?;
    }
}

/// Padding after the field: `pad_after` bytes, then up to its `align`ment.
pub(super) fn pad_after(name: &str, f: &Field<'_>) -> TokenStream {
    let mut stmts = match &f.pad_after {
        Some(pad) => skip_padding(name, f, pad),
        None => quote!(),
    };
    if let Some(align) = &f.align {
        let (rt, fname, checked) = (rt(), &f.name, f.pad_checked);
        stmts.extend(quote! {
            #rt::skip_align(__r, __start, #align, #checked).map_err(|e| e.in_field(#name, #fname))?;
        });
    }
    stmts
}

/// Skips `pad` bytes of padding, checked to be zero unless the field says `padding = ignore`.
pub(super) fn skip_padding(name: &str, f: &Field<'_>, pad: &syn::Expr) -> TokenStream {
    let fname = &f.name;
    let skip = if f.pad_checked {
        let rt = rt();
        quote!(#rt::skip_zeros(__r, #pad))
    } else {
        quote!(__r.take(#pad))
    };
    quote!(#skip.map_err(|e| e.in_field(#name, #fname))?;)
}

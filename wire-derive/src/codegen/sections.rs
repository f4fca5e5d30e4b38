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
    let n = pad_len(pad, PadUse::Decode);
    let skip = if f.pad_checked {
        let rt = rt();
        quote!(#rt::skip_zeros(__r, #n))
    } else {
        quote!(__r.take(#n))
    };
    quote!(#skip.map_err(|e| e.in_field(#name, #fname))?;)
}

/// Where a padding length is used: decode (errors with `?` as `DecodeError`), encode (as
/// `EncodeError`), or `encoded_len` (no errors: encode reports them).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PadUse {
    Decode,
    Encode,
    Len,
}

/// The number of padding bytes `pad` says, as a `usize`. A bare name (`pad_after =
/// pad_length`, an earlier field or a context value) is a length value of any integer type
/// (HTTP/2's `Pad Length`), converted as `len = field` is; any other expression is a `usize`
/// as written.
pub(super) fn pad_len(pad: &syn::Expr, use_: PadUse) -> TokenStream {
    let rt = rt();
    let syn::Expr::Path(p) = pad else {
        return quote!(#pad);
    };
    if p.path.get_ident().is_none() {
        return quote!(#pad);
    }
    match use_ {
        PadUse::Decode => quote!(#rt::len_value(#pad, __r)?),
        PadUse::Encode => quote!(#rt::pad_len(#pad)?),
        PadUse::Len => quote!(#rt::AsLen::into_len(#pad).unwrap_or(0)),
    }
}

//! A length whose prefix an earlier value chooses (`len = if *ext { u16 } else { u8 }`): one
//! `if` chain per direction, each branch a prefix (read, written, sized as `len = u16` alone)
//! or the length itself (nothing on the wire; checked on encode as `len = expr` is).

use super::{order_tokens, rt};
use crate::internals::ast::{LenBranch, LenSource};
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

/// `if c1 { a } else if c2 { b } else { c }` from each branch's code.
fn chain(branches: &[LenBranch], code: impl Fn(&LenSource) -> TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, branch) in branches.iter().enumerate() {
        let body = code(&branch.source);
        let keyword = if i == 0 { quote!() } else { quote!(else) };
        out.extend(match &branch.cond {
            Some(cond) => quote!(#keyword if #cond { #body }),
            None => quote!(#keyword { #body }),
        });
    }
    out
}

/// Decode: the length, read from `r` by the chosen prefix or given by the branch (an `if`
/// expression: it stands where `let __n = ...;` wants a value).
pub fn read(branches: &[LenBranch], r: &Ident) -> TokenStream {
    let rt = rt();
    chain(branches, |source| match source {
        LenSource::Prefix { ty, order, .. } => {
            let order = order_tokens(*order);
            quote!(#rt::read_len::<#ty>(#r, #order)?)
        }
        LenSource::Expr(expr) => quote!(#rt::len_value(#expr, #r)?),
        _ => quote!(0),
    })
}

/// Encode: the statement writing length `n` with the chosen prefix, or checking it against
/// the branch's length.
pub fn write(branches: &[LenBranch], n: &TokenStream) -> TokenStream {
    let rt = rt();
    chain(branches, |source| match source {
        LenSource::Prefix { ty, order, .. } => {
            let order = order_tokens(*order);
            quote!(#rt::write_len::<#ty, _>(__buf, #n, #order)?;)
        }
        LenSource::Expr(expr) => quote!(#rt::check_declared_len(#expr, #n)?;),
        _ => quote!(),
    })
}

/// `encoded_len`: the bytes the chosen prefix takes for length `n` (none for a length given
/// by the branch).
pub fn size(branches: &[LenBranch], n: &TokenStream) -> TokenStream {
    let rt = rt();
    let code = chain(branches, |source| match source {
        LenSource::Prefix { ty, .. } => quote!(#rt::len_size::<#ty>(#n)),
        _ => quote!(0),
    });
    quote!((#code))
}

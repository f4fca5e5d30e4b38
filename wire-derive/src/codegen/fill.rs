//! Values encode computes instead of writing a field as stored: `fill = expr`, lengths and
//! counts filled from the fields they size (directly or inside an earlier field), `rest_len`,
//! and `temp` values.

use super::encoded_len::len_value;
use super::{rt, value_ident};
use crate::internals::ast::{Codec, CodecKind, Field, Fields, Fill, NestedFill, Role};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `let n = &<filled value>;` for a field whose written value is computed.
pub fn fill_code(name: &str, fields: &Fields<'_>, f: &Field<'_>) -> (TokenStream, TokenStream) {
    let rt = rt();
    let ty = &*f.ty;
    let value = value_ident(f);
    let fill = fill_ident(&value);
    let fname = &f.name;
    if let Fill::Nested(nested) = &f.fill {
        return nested_fill_code(name, fields, f, nested);
    }
    let computed = match &f.fill {
        Fill::None | Fill::Nested(_) => return (quote!(), quote!()),
        Fill::Expr(expr) => quote!(#rt::Ok::<#ty, #rt::EncodeError>(#expr)),
        Fill::Calc(expr) => quote!(#rt::calc::<#ty, _>(#expr)),
        Fill::LenOf { target, count } => {
            let len = target_len(fields, *target, *count);
            quote!(#rt::len_into::<#ty>(#len))
        }
        Fill::RestLen => {
            let index = fields
                .fields
                .iter()
                .position(|g| g.slot == f.slot)
                .unwrap_or(0);
            let parts: Vec<TokenStream> =
                fields.fields[index + 1..].iter().map(field_len).collect();
            let own = proc_macro2::Literal::usize_unsuffixed(f.inclusive.unwrap_or(0));
            quote!(#rt::len_into::<#ty>(#own #(+ #parts)*))
        }
    };
    let enc = quote! {
        let #fill: #ty = #computed.map_err(|e| e.in_field(#name, #fname))?;
        let #value = &#fill;
    };
    // encoded_len only needs the filled value when its size depends on it.
    let is_prim = matches!(
        &f.role,
        Role::Wire(Codec {
            kind: CodecKind::Prim { .. },
            ..
        })
    );
    let len = if is_prim {
        quote!()
    } else {
        // On error `encode` reports it; the length only has to be harmless.
        quote! {
            let #fill: #ty = match #computed {
                #rt::Ok(value) => value,
                #rt::Err(_) => return 0,
            };
            let #value = &#fill;
        }
    };
    (len, enc)
}

/// The byte length (or element count) of field `target`, as its `len` (`count`) declares it.
fn target_len(fields: &Fields<'_>, target: usize, count: bool) -> TokenStream {
    let target = &fields.fields[target];
    let value = value_ident(target);
    let value = quote!(#value);
    match &target.role {
        Role::Wire(Codec {
            kind: CodecKind::Section { inner, .. },
            ..
        }) if !count => len_value(inner, &value, 1),
        _ => quote!(#value.len()),
    }
}

/// `count = header.qdcount`: encode fills the lengths inside field `f` into a copy of it, so
/// that the field and what it counts cannot disagree.
fn nested_fill_code(
    name: &str,
    fields: &Fields<'_>,
    f: &Field<'_>,
    nested: &[NestedFill],
) -> (TokenStream, TokenStream) {
    let rt = rt();
    let ty = &*f.ty;
    let value = value_ident(f);
    let fill = fill_ident(&value);
    let fname = &f.name;
    let (mut enc_sets, mut len_sets) = (TokenStream::new(), TokenStream::new());
    for n in nested {
        let len = target_len(fields, n.target, n.count);
        let path = &n.path;
        enc_sets.extend(quote! {
            #fill #(.#path)* = #rt::len_into(#len).map_err(|e| e.in_field(#name, #fname))?;
        });
        len_sets.extend(quote! {
            #fill #(.#path)* = match #rt::len_into(#len) {
                #rt::Ok(value) => value,
                #rt::Err(_) => return 0,
            };
        });
    }
    let copy = quote!(let mut #fill: #ty = ::core::clone::Clone::clone(#value););
    (
        quote!(#copy #len_sets let #value = &#fill;),
        quote!(#copy #enc_sets let #value = &#fill;),
    )
}

/// The encoded length of one field, padding included.
fn field_len(f: &Field<'_>) -> TokenStream {
    let pads = f
        .pad_before
        .iter()
        .chain(&f.pad_after)
        .map(|pad| quote!(+ (#pad)))
        .chain(
            f.magic
                .iter()
                .map(|magic| quote!(+ ::core::convert::AsRef::<[u8]>::as_ref(&#magic).len())),
        );
    let len = match &f.role {
        Role::Skip(_) => quote!(0),
        Role::Wire(codec) => {
            let value = value_ident(f);
            len_value(codec, &quote!(#value), 1)
        }
    };
    if f.optional.is_some() {
        let omit = format_ident!("__omit_{}", f.slot);
        return quote!((if #omit { 0 } else { #len }));
    }
    quote!((#len #(#pads)*))
}

/// `__fill_len` for `len`, `__fill_0` for a tuple field's `_0`: snake case either way.
fn fill_ident(value: &proc_macro2::Ident) -> proc_macro2::Ident {
    let name = value.to_string();
    format_ident!("__fill_{}", name.trim_start_matches('_'))
}

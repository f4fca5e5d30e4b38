//! Values encode computes instead of writing a field as stored: `fill = expr`, lengths and
//! counts filled from the fields they size (directly or inside an earlier field), `rest_len`,
//! and `temp` values.

use super::encoded_len::len_value;
use super::plan::FieldPlan;
use super::sections::{PadUse, pad_len};
use super::{rt, value_ident};
use crate::internals::ast::{Codec, CodecKind, Field, Fields, Fill, NestedFill, Role};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// `let n = &<filled value>;` for a field whose written value is computed, in `encoded_len`
/// and in `encode`.
///
/// `encoded_len` needs the filled value where the field's size depends on it, or where a later
/// field's size does (a `ctx = *kind` of a filled or `temp` kind); for a primitive only the
/// latter can hold, and [`Fill::len_if_used`] keeps its binding only where it is named.
pub fn fill_code(name: &str, fields: &Fields<'_>, plan: &FieldPlan, f: &Field<'_>) -> FillCode {
    let rt = rt();
    let ty = &*f.ty;
    let value = value_ident(f);
    let fill = fill_ident(&value);
    let fname = &f.name;
    if let Fill::Nested(nested) = &f.fill {
        let (len, enc) = nested_fill_code(name, fields, f, nested);
        return FillCode {
            len,
            enc,
            len_if_used: None,
        };
    }
    let computed = match &f.fill {
        Fill::None | Fill::Nested(_) => return FillCode::default(),
        Fill::Expr(expr) => quote!(#rt::Ok::<#ty, #rt::EncodeError>(#expr)),
        Fill::Calc(expr) => quote!(#rt::calc::<#ty, _>(#expr)),
        Fill::LenOf { target, count } => {
            let len = target_len(fields, *target, *count);
            quote!(#rt::len_into::<#ty>(#len))
        }
        Fill::RestLen => {
            // The section's extent is the plan's: decode reads these fields inside it.
            let covers = plan.rest.as_ref().map_or(0..0, |rest| rest.covers.clone());
            let parts: Vec<TokenStream> = fields.fields[covers].iter().map(field_len).collect();
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
    // On error `encode` reports it; the length only has to be harmless.
    let len = quote! {
        let #fill: #ty = match #computed {
            #rt::Ok(value) => value,
            #rt::Err(_) => return 0,
        };
        let #value = &#fill;
    };
    FillCode {
        len,
        enc,
        len_if_used: is_prim.then_some(value),
    }
}

/// What [`fill_code`] gives for one field.
#[derive(Default)]
pub struct FillCode {
    /// Statements binding the filled value in `encoded_len`.
    pub len: TokenStream,
    /// Statements binding it in `encode`.
    pub enc: TokenStream,
    /// `Some(name)` when `len` is only needed where `encoded_len` names the value: a primitive,
    /// whose own size does not depend on it.
    pub len_if_used: Option<proc_macro2::Ident>,
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
        .map(|pad| {
            let pad = pad_len(pad, PadUse::Len);
            quote!(+ (#pad))
        })
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

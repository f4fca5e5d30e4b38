//! Code generation from the checked model: `de` writes `WireDecode`, `ser` writes `WireEncode`.

pub mod de;
pub mod ser;

use crate::internals::ast::{Container, Field, Fields, Style};
use crate::internals::attr::Order;
use crate::internals::types::{Prim, PrimKind};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Ident, Lifetime};

/// `::wire_runtime::__private`, the path every generated item goes through.
pub fn rt() -> TokenStream {
    quote!(::wire_runtime::__private)
}

pub fn order_tokens(order: Order) -> TokenStream {
    let rt = rt();
    match order {
        Order::Big => quote!(#rt::ByteOrder::Big),
        Order::Little => quote!(#rt::ByteOrder::Little),
    }
}

/// The `from_be_bytes`/`to_be_bytes` pair of a byte order.
pub fn conv(order: Order, decode: bool) -> Ident {
    let name = match (order, decode) {
        (Order::Big, true) => "from_be_bytes",
        (Order::Little, true) => "from_le_bytes",
        (Order::Big, false) => "to_be_bytes",
        (Order::Little, false) => "to_le_bytes",
    };
    Ident::new(name, Span::call_site())
}

/// Loads a primitive from `LEN` bytes at `at` of the array `run` (of length `n`).
pub fn prim_load(
    prim: &Prim,
    order: Order,
    run: &TokenStream,
    at: usize,
    n: usize,
    offset: &TokenStream,
) -> TokenStream {
    let rt = rt();
    let size = prim.size;
    match &prim.kind {
        PrimKind::Number(ty) => {
            let from = conv(order, true);
            if size == n && at == 0 {
                quote!(#ty::#from(*#run))
            } else {
                quote!(#ty::#from(#rt::chunk::<#at, #size, #n>(#run)))
            }
        }
        PrimKind::Bool => quote!(#rt::bool_from_byte(#run[#at], #offset + #at)?),
        PrimKind::ByteArray if size == n && at == 0 => quote!(*#run),
        PrimKind::ByteArray => quote!(#rt::chunk::<#at, #size, #n>(#run)),
    }
}

/// The bytes of a primitive held by reference in `value`.
pub fn prim_bytes(prim: &Prim, order: Order, value: &TokenStream) -> TokenStream {
    match &prim.kind {
        PrimKind::Number(_) => {
            let to = conv(order, false);
            quote!(#value.#to())
        }
        PrimKind::Bool => quote!([u8::from(*#value)]),
        PrimKind::ByteArray => quote!(*#value),
    }
}

/// The impl generics with `'de` added (bounded by every lifetime of the type) and the where
/// clause with `bound` on every type parameter.
pub fn split_generics(
    cont: &Container<'_>,
    with_de: bool,
    bound: TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let mut generics = cont.generics.clone();
    let type_params: Vec<Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    {
        let where_clause = generics.make_where_clause();
        for param in &type_params {
            where_clause
                .predicates
                .push(syn::parse_quote!(#param: #bound));
        }
    }
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ty_generics = quote!(#ty_generics);
    let where_clause = generics.where_clause.clone();
    if with_de {
        let de = Lifetime::new("'de", Span::call_site());
        let bounds: Vec<&Lifetime> = cont.generics.lifetimes().map(|l| &l.lifetime).collect();
        let mut de_param: syn::LifetimeParam = syn::LifetimeParam::new(de);
        de_param.bounds.extend(bounds.into_iter().cloned());
        generics
            .params
            .insert(0, syn::GenericParam::Lifetime(de_param));
    }
    let (impl_generics, _, _) = generics.split_for_impl();
    (quote!(#impl_generics), ty_generics, quote!(#where_clause))
}

/// Name of the value of field `f` inside generated functions: the field's own name (named
/// fields, so attribute expressions can use it) or its slot (tuple fields).
pub fn value_ident(f: &Field<'_>) -> Ident {
    f.binding.clone().unwrap_or_else(|| f.slot.clone())
}

/// A pattern binding every field by reference: `{ a, b }` or `(__wire_0, __wire_1)`.
pub fn destructure(fields: &Fields<'_>) -> TokenStream {
    let names = fields.fields.iter().map(value_ident);
    match fields.style {
        Style::Named => quote!({ #(#names),* }),
        Style::Tuple => quote!((#(#names),*)),
        Style::Unit => quote!(),
    }
}

/// A string literal of the type's name, as it appears in error paths.
pub fn type_name(cont: &Container<'_>) -> String {
    cont.ident.to_string()
}

/// The value type of a tag: `u32` for a `vbi` tag, `u64` for `varint`, the type otherwise.
pub fn tag_value_type(name: &str, ty: &TokenStream) -> TokenStream {
    match name {
        "vbi" => quote!(u32),
        "varint" => quote!(u64),
        _ => ty.clone(),
    }
}

//! Code generation from the checked model: `de` writes `WireDecode`, `ser` writes `WireEncode`.

mod bits;
pub mod de;
pub mod ser;
mod tags;

use crate::internals::ast::{
    Codec, CodecKind, Container, Data, Enum, Field, Fields, Role, Style, Tag,
};
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

/// `#[inline(always)]` for a `#[wire(inline)]` type, `#[inline]` otherwise.
///
/// A large decoder left out of line returns its value through memory, field by field; a caller
/// that moves it on (into a tuple with the bytes consumed, say) loads it back in wider words
/// straight after those stores, and each such load waits for the stores to retire instead of
/// being forwarded. Inlined, the value is built where it ends up.
pub fn inline_attr(cont: &Container<'_>) -> TokenStream {
    if cont.attrs.inline.is_set() {
        quote!(#[inline(always)])
    } else {
        quote!(#[inline])
    }
}

/// The context type of a container, if it takes one.
pub fn ctx_type(cont: &Container<'_>) -> Option<TokenStream> {
    if let Data::Enum(Enum {
        tag: tag @ Tag::Ctx { .. },
        ..
    }) = &cont.data
    {
        return Some(tag.value_type());
    }
    let (_, tys) = cont.ctx_params()?;
    Some(match tys.as_slice() {
        [one] => quote!(#one),
        many => quote!((#(#many,)*)),
    })
}

/// `let flags = __ctx;` or `let (a, b) = __ctx;`.
pub fn ctx_binding(cont: &Container<'_>) -> TokenStream {
    match cont.ctx_params() {
        Some((names, _)) if names.len() == 1 => {
            let name = names[0];
            quote!(let #name = __ctx;)
        }
        Some((names, _)) => quote!(let (#(#names,)*) = __ctx;),
        None => quote!(),
    }
}

/// A field's default: the `default = expr` given, or `Default::default()`.
pub fn default_value(default: Option<&syn::Expr>) -> TokenStream {
    let rt = rt();
    match default {
        Some(expr) => quote!(#expr),
        None => quote!(#rt::Default::default()),
    }
}

/// Where the run of inline primitives starting at `start` ends (`start` if there is none).
pub fn run_end(all: &[Field<'_>], start: usize) -> usize {
    let mut end = start;
    while end < all.len() {
        let f = &all[end];
        let is_prim = matches!(
            &f.role,
            Role::Wire(Codec {
                kind: CodecKind::Prim { .. },
                ..
            })
        );
        if !is_prim || f.optional.is_some() || (end > start && f.pad_before.is_some()) {
            break;
        }
        end += 1;
        if f.pad_after.is_some() || f.rest_len.is_some() {
            break;
        }
    }
    end
}

pub fn field_fixed_size(f: &Field<'_>, trait_path: TokenStream) -> TokenStream {
    let rt = rt();
    if f.pad_before.is_some() || f.pad_after.is_some() {
        return quote!(#rt::None);
    }
    match &f.role {
        Role::Skip(_) => quote!(#rt::Some(0)),
        Role::Wire(Codec {
            kind: CodecKind::Prim { prim, .. },
            ..
        }) => {
            let size = prim.size;
            quote!(#rt::Some(#size))
        }
        Role::Wire(Codec {
            kind: CodecKind::Plain { ctx: None },
            ty,
        }) => quote!(<#ty as #trait_path>::FIXED_SIZE),
        Role::Wire(_) => quote!(#rt::None),
    }
}

/// The encoded size of an enum whose variants carry nothing but the tag.
pub fn fieldless_tag_size(e: &Enum<'_>) -> Option<usize> {
    let size = match &e.tag {
        Tag::Single {
            kind, peek: false, ..
        } => kind.size()?,
        Tag::Bits { peek: false, .. } => 1,
        _ => return None,
    };
    let fieldless = e.variants.iter().all(|v| {
        v.magic.is_none() && v.fields.fields.len() == if v.other { e.tag.arity() } else { 0 }
    });
    fieldless.then_some(size)
}

pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// `let name = &slot;`: a named field's value under its own name, for attribute expressions.
pub fn bind_ref(f: &Field<'_>) -> TokenStream {
    match &f.binding {
        Some(binding) => {
            let slot = &f.slot;
            quote!(let #binding = &#slot;)
        }
        None => quote!(),
    }
}

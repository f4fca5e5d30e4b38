//! Bit-field words: decode and encode of `#[wire(bits = u8)]` structs, and `BitField` for
//! fieldless enums that sit in a bit range.

use super::{body, fieldless_tag_size, lit, mask, rt, rt_path, type_name};
use crate::internals::ast::{BitStruct, Container, Data, Style, Tag};
use crate::internals::ints::IntKind;
use proc_macro2::{Span, TokenStream};
use quote::quote;

pub fn decode_bits(cont: &Container<'_>, bits: &BitStruct<'_>) -> TokenStream {
    let rt = rt();
    let name = type_name(cont);
    let word = bits.word.value_type();
    let size = lit(bits.word.size().unwrap_or(1));
    let from = super::conv(cont.order, true);
    let mut stmts = quote! {
        let __at = __r.offset();
        let __word = #word::#from(*__r.take_array::<#size>()?) as u64;
    };
    for reserved in &bits.reserved {
        let mask = mask(reserved.bits.hi - reserved.bits.lo) << reserved.bits.lo;
        let value = reserved.value << reserved.bits.lo;
        stmts.extend(quote!(#rt::check_reserved(__word, #mask, #value, __at)?;));
    }
    for m in &bits.fields {
        let slot = &m.slot;
        let ty = m.ty;
        let lo = m.shift;
        let mask = m.mask;
        let fname = match &m.member {
            syn::Member::Named(i) => i.to_string(),
            syn::Member::Unnamed(i) => i.index.to_string(),
        };
        stmts.extend(quote! {
            let #slot: #ty = #rt::bits_from::<#ty>(__word, #lo, #mask, __at).map_err(|e| e.in_field(#name, #fname))?;
        });
    }
    let members = bits.fields.iter().map(|m| &m.member);
    let slots = bits.fields.iter().map(|m| &m.slot);
    let construct = match bits.style {
        Style::Named => quote!(Self { #(#members: #slots),* }),
        Style::Tuple => quote!(Self(#(#slots),*)),
        Style::Unit => quote!(Self),
    };
    quote! {
        #stmts
        #rt::Ok(#construct)
    }
}

/// `BitField` for fieldless enums with an integer tag, so they can sit in a bit range.
pub fn bitfield_impl(cont: &Container<'_>) -> TokenStream {
    let rt = rt();
    let Data::Enum(e) = &cont.data else {
        return quote!();
    };
    let kind = match &e.tag {
        Tag::Single { kind, .. } => *kind,
        Tag::Bits { .. } => IntKind::U8,
        _ => return quote!(),
    };
    let ty = kind.value_type();
    // Bit ranges hold unsigned values: an enum with a signed tag is no bit field.
    if kind.is_signed()
        || kind.size().is_none()
        || fieldless_tag_size(e).is_none() && !matches!(e.tag, Tag::Single { peek: true, .. })
    {
        return quote!();
    }
    if e.variants
        .iter()
        .any(|v| v.magic.is_some() || (!v.other && !v.fields.fields.is_empty()))
    {
        return quote!();
    }
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut from_arms = TokenStream::new();
    let mut to_arms = TokenStream::new();
    let mut fallback = quote!(_ => return #rt::None);
    for v in &e.variants {
        let vident = v.ident;
        if v.other {
            let construct = match v.fields.style {
                Style::Named => {
                    let member = &v.fields.fields[0].member;
                    quote!(Self::#vident { #member: __other })
                }
                _ => quote!(Self::#vident(__other)),
            };
            fallback = quote!(__other => #construct);
            let pattern = match v.fields.style {
                Style::Named => {
                    let member = &v.fields.fields[0].member;
                    quote!(Self::#vident { #member: __tag })
                }
                _ => quote!(Self::#vident(__tag)),
            };
            to_arms.extend(quote!(#pattern => *__tag as u64,));
        } else if let Some(tag) = &v.tag {
            // `V`, `V()` or `V {}`: a variant without fields, as it was declared.
            let empty = match v.fields.style {
                Style::Unit => quote!(),
                Style::Tuple => quote!(()),
                Style::Named => quote!({}),
            };
            from_arms.extend(quote!(#tag => Self::#vident #empty,));
            to_arms.extend(quote!(Self::#vident #empty => (#tag) as u64,));
        }
    }
    let from_bits = body(quote! {
        let __tag = <#ty as ::core::convert::TryFrom<u64>>::try_from(bits).ok()?;
        #rt::Some(match __tag {
            #from_arms
            #[allow(unreachable_patterns)]
            #fallback
        })
    });
    let rt = rt_path();
    quote! {
        #[automatically_derived]
        impl #impl_generics #rt::BitField for #ident #ty_generics #where_clause {
            #[inline]
            fn from_bits(bits: u64) -> #rt::Option<Self> {
                #from_bits
            }

            #[inline]
            fn to_bits(&self) -> u64 {
                match self {
                    #to_arms
                }
            }
        }
    }
}

pub fn encode_bits(cont: &Container<'_>, bits: &BitStruct<'_>) -> (TokenStream, TokenStream) {
    let rt = rt();
    let name = type_name(cont);
    let word = bits.word.value_type();
    let size = lit(bits.word.size().unwrap_or(1));
    let to = super::conv(cont.order, false);
    let reserved: u64 = bits
        .reserved
        .iter()
        .map(|r| r.value << r.bits.lo)
        .fold(0, |a, b| a | b);
    let slots = bits.fields.iter().map(|m| &m.slot);
    let members = bits.fields.iter().map(|m| &m.member);
    let pattern = match bits.style {
        Style::Named => quote!(Self { #(#members: #slots),* }),
        Style::Tuple => quote!(Self(#(#slots),*)),
        Style::Unit => quote!(Self),
    };
    let mut stmts = quote!(let #pattern = self; let mut __word: u64 = #reserved;);
    for m in &bits.fields {
        let slot = &m.slot;
        let ty = m.ty;
        let lo = m.shift;
        let mask = m.mask;
        let fname = match &m.member {
            syn::Member::Named(i) => i.to_string(),
            syn::Member::Unnamed(i) => i.index.to_string(),
        };
        // A `bool` always fits its bit: no range check to pay for.
        let is_bool = matches!(ty, syn::Type::Path(p) if p.path.is_ident("bool"));
        if is_bool {
            stmts.extend(quote!(__word |= u64::from(*#slot) << #lo;));
        } else {
            stmts.extend(quote!(__word |= #rt::bits_to::<#ty>(#slot, #lo, #mask).map_err(|e| e.in_field(#name, #fname))?;));
        }
    }
    let _ = Span::call_site();
    (
        quote!(#size),
        quote!(#stmts __buf.put_slice(&(__word as #word).#to()); #rt::Ok(())),
    )
}

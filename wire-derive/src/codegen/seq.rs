//! Decoding of sequences and maps: counted, to the end of their section, and the bound on
//! what a count may allocate.

use super::de::{Mode, decode_value, read_len};
use super::{lit, rt};
use crate::internals::ast::{Codec, CodecKind, LenSource};
use crate::internals::types::{self, SeqKind};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

pub fn decode_seq(
    ty: &syn::Type,
    seq: SeqKind,
    count: Option<&LenSource>,
    max: Option<&syn::Expr>,
    item: &Codec,
    r: &Ident,
    depth: usize,
) -> TokenStream {
    let rt = rt();
    // `max = N`: the count is bounded before any element is read.
    let bound = max.map(|max| quote!(#rt::check_max(__n, #max, #r)?;));
    let is_bytes =
        seq == SeqKind::Vec && matches!(&item.kind, CodecKind::Prim { prim, .. } if prim.is_u8());
    if is_bytes {
        return match count {
            Some(count) => {
                let n = read_len(count, r);
                quote!({ let __n = #n; #bound #r.take(__n)?.to_vec() })
            }
            None => quote!(#r.take_rest().to_vec()),
        };
    }
    let body = decode_seq_body(ty, seq, count, bound, item, r, depth);
    if !can_recurse(item) {
        return body;
    }
    // Elements of other types may be (or contain) the type being decoded: a type that
    // recurses through a sequence or map, without a `Box`, must not be able to exhaust the
    // stack either, so the sequence counts as one nesting level of the reader's depth limit.
    quote!(#r.nested(|#r: &mut #rt::Reader<'de>| -> #rt::Result<#ty, #rt::DecodeError> {
        #rt::Ok(#body)
    })?)
}

/// Whether decoding `codec` may decode the type being derived again: any type of its own may
/// (a user type, a `with` module, a msgpack value); primitives, strings and bytes cannot.
pub fn can_recurse(codec: &Codec) -> bool {
    match &codec.kind {
        CodecKind::Prim { .. } | CodecKind::MsgPackBin | CodecKind::Delimited { .. } => false,
        CodecKind::Plain { ctx: None } => !types::is_leaf(&codec.ty),
        CodecKind::Section { inner, .. } | CodecKind::Cond { inner, .. } => can_recurse(inner),
        CodecKind::Seq { item, .. } | CodecKind::SeqUntil { item, .. } => can_recurse(item),
        CodecKind::Pair(k, v) => can_recurse(k) || can_recurse(v),
        CodecKind::Plain { ctx: Some(_) }
        | CodecKind::With(_)
        | CodecKind::MsgPack
        | CodecKind::MsgPackExt { .. }
        | CodecKind::MsgPackCounted { .. } => true,
    }
}

fn decode_seq_body(
    ty: &syn::Type,
    seq: SeqKind,
    count: Option<&LenSource>,
    bound: Option<TokenStream>,
    item: &Codec,
    r: &Ident,
    depth: usize,
) -> TokenStream {
    let rt = rt();
    let element = format_ident!("__e{}", depth);
    let item_value = decode_value(item, &element, depth + 1, Mode::Plain);
    let add = match seq {
        SeqKind::Vec => quote!(__items.push(__item);),
        SeqKind::BTreeMap | SeqKind::HashMap => quote! {
            let (__key, __value) = __item;
            if __items.insert(__key, __value).is_some() {
                return #rt::Err(#rt::DecodeError::new(#rt::ErrorKind::DuplicateKey, __at));
            }
        },
    };
    let at = if seq == SeqKind::Vec {
        quote!()
    } else {
        quote!(let __at = #r.offset();)
    };
    let min = min_size(item);
    let start_empty = match seq {
        SeqKind::Vec => quote!(#rt::Vec::with_capacity(#rt::capacity_for_rest(#r, #min))),
        _ => quote!(#rt::Default::default()),
    };
    match count {
        None => quote!({
            let mut __items: #ty = #start_empty;
            while !#r.is_empty() {
                #at
                let __item = #rt::decode_progressing(#r, |#element| #rt::Ok(#item_value))?;
                #add
            }
            __items
        }),
        Some(count) => {
            let n = read_len(count, r);
            let with_capacity = match seq {
                SeqKind::Vec => {
                    let item_ty = &item.ty;
                    quote!(#rt::Vec::with_capacity(#rt::capacity_for_count::<#item_ty>(__n, #r)))
                }
                _ => quote!(#rt::Default::default()),
            };
            quote!({
                let __n = #n;
                #bound
                let __n = #r.check_count(__n as u64, #min)?;
                let mut __items: #ty = #with_capacity;
                for _ in 0..__n {
                    #at
                    let #element = &mut *#r;
                    let __item = #item_value;
                    #add
                }
                __items
            })
        }
    }
}

/// The fewest bytes one element can take, to bound counts before allocating.
fn min_size(item: &Codec) -> TokenStream {
    let rt = rt();
    match &item.kind {
        CodecKind::Prim { prim, .. } => {
            let size = lit(prim.size.max(1));
            quote!(#size)
        }
        CodecKind::Plain { ctx: None } => {
            let ty = &item.ty;
            quote!(#rt::min_size::<#ty>())
        }
        CodecKind::Section {
            len: LenSource::Prefix { ty, .. },
            ..
        }
        | CodecKind::Seq {
            count: Some(LenSource::Prefix { ty, .. }),
            ..
        } => {
            quote!(#rt::len_size::<#ty>(0))
        }
        CodecKind::Pair(k, v) => {
            let (k, v) = (min_size(k), min_size(v));
            quote!((#k + #v))
        }
        _ => quote!(1),
    }
}

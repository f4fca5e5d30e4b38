//! The encoded length of a value, as an expression: what `encoded_len` sums, what a length
//! prefix holds, and what a length field is filled with.

use super::ser::pair_pattern;
use super::{lit, marker_tokens, rt};
use crate::internals::ast::{Codec, CodecKind, Delimiter, LenSource, NullMode, SeqEnd};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// An expression for the encoded length of `value` (a reference) under `codec`.
pub fn len_value(codec: &Codec, value: &TokenStream, depth: usize) -> TokenStream {
    let rt = rt();
    let ty = &codec.ty;
    let x = format_ident!("__x{}", depth);
    match &codec.kind {
        CodecKind::MsgPack => quote!(<#ty as #rt::msgpack::MsgPackEncode>::msgpack_len(#value)),
        CodecKind::MsgPackBin => quote!(<#ty as #rt::msgpack::BinEncode>::bin_len(#value)),
        CodecKind::MsgPackExt { .. } => {
            quote!(#rt::msgpack::ext_size(<#ty as #rt::WireEncode>::encoded_len(#value)))
        }
        CodecKind::MsgPackCounted { item } => quote!(
            #rt::msgpack::int_size(#value.len() as i64)
                + #value.iter().map(<#item as #rt::msgpack::MsgPackEncode>::msgpack_len).sum::<usize>()
        ),
        CodecKind::Prim { prim, .. } => {
            let size = lit(prim.size);
            quote!(#size)
        }
        CodecKind::Plain { ctx: None } => quote!(<#ty as #rt::WireEncode>::encoded_len(#value)),
        CodecKind::Plain { ctx: Some(ctx) } => {
            quote!({ use #rt::Ctx as _; (#ctx).encoded_len_as::<#ty>(#value) })
        }
        CodecKind::With(path) => quote!(#path::encoded_len(#value)),
        CodecKind::SeqUntil { end, item } => {
            let x = format_ident!("__x{}", depth);
            let item_len = len_value(item, &quote!(#x), depth + 1);
            let items = quote!(#value.iter().map(|#x| #item_len).sum::<usize>());
            match end {
                SeqEnd::Last(_) => items,
                SeqEnd::Sentinel(sentinel) => {
                    let item_ty = &item.ty;
                    let end_len = len_value(item, &quote!((&__end)), depth + 1);
                    quote!(#items + { let __end: #item_ty = #sentinel; #end_len })
                }
            }
        }
        CodecKind::Delimited { delimiter, .. } => match delimiter {
            Delimiter::Until { terminator, .. } => {
                quote!(::core::convert::AsRef::<[u8]>::as_ref(#value).len() + (#terminator).len())
            }
            Delimiter::Width { width, .. } => quote!(#width),
        },
        CodecKind::Section {
            len, null, inner, ..
        } => {
            let inner_len = len_value(inner, &quote!(#x), depth + 1);
            let with_prefix = |n: TokenStream| match len {
                LenSource::Prefix { ty, .. } => {
                    quote!({ let __n = #n; #rt::len_size::<#ty>(__n) + __n })
                }
                LenSource::Choice(branches) => {
                    let size = super::choice::size(branches, &quote!(__n));
                    quote!({ let __n = #n; #size + __n })
                }
                _ => n,
            };
            match (null, len) {
                (NullMode::Never, _) => {
                    let inner_len = len_value(inner, value, depth + 1);
                    with_prefix(inner_len)
                }
                (NullMode::Markers { null, not_set }, LenSource::Prefix { ty, .. }) => {
                    let some = with_prefix(inner_len);
                    let null = marker_tokens(null.unwrap_or(-1));
                    match not_set {
                        Some(not_set) => {
                            let not_set = marker_tokens(*not_set);
                            quote!(match #value {
                                #rt::Tristate::Value(#x) => #some,
                                #rt::Tristate::Null => #rt::marker_size::<#ty>(#null),
                                #rt::Tristate::NotSet => #rt::marker_size::<#ty>(#not_set),
                            })
                        }
                        None => quote!(match #value {
                            #rt::Some(#x) => #some,
                            #rt::None => #rt::marker_size::<#ty>(#null),
                        }),
                    }
                }
                (_, LenSource::Prefix { ty, .. }) => {
                    let some = with_prefix(inner_len);
                    quote!(match #value { #rt::Some(#x) => #some, #rt::None => #rt::len_size::<#ty>(0) })
                }
                _ => quote!(match #value { #rt::Some(#x) => #inner_len, #rt::None => 0 }),
            }
        }
        CodecKind::Seq {
            seq, count, item, ..
        } => {
            let prefix = match count {
                Some(LenSource::Prefix { ty, .. }) => quote!(#rt::len_size::<#ty>(#value.len()) +),
                Some(LenSource::Choice(branches)) => {
                    let size = super::choice::size(branches, &quote!(#value.len()));
                    quote!(#size +)
                }
                _ => quote!(),
            };
            let items = match &item.kind {
                CodecKind::Prim { prim, .. } => {
                    let size = lit(prim.size);
                    quote!(#value.len() * #size)
                }
                CodecKind::Pair(k, v) => {
                    let (kx, vx) = (format_ident!("__k{}", depth), format_ident!("__v{}", depth));
                    let k = len_value(k, &quote!(#kx), depth + 1);
                    let v = len_value(v, &quote!(#vx), depth + 1);
                    let pattern = pair_pattern(*seq, &kx, &vx);
                    quote!(#value.iter().map(|#pattern| #k + #v).sum::<usize>())
                }
                _ => {
                    let item_len = len_value(item, &quote!(#x), depth + 1);
                    quote!(#value.iter().map(|#x| #item_len).sum::<usize>())
                }
            };
            quote!(#prefix #items)
        }
        CodecKind::Pair(..) => quote!(0),
        CodecKind::Cond { inner, .. } => {
            let inner_len = len_value(inner, &quote!(#x), depth + 1);
            quote!(match #value { #rt::Some(#x) => #inner_len, #rt::None => 0 })
        }
    }
}

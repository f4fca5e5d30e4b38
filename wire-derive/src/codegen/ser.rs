//! `WireEncode` / `EncodeWith` generation.

use super::bits::encode_bits;
use super::checksum;
use super::encoded_len::len_value;
use super::fill::{FillCode, fill_code};
use super::plan::{FieldPlan, Runs};
use super::runs::{encode_run, sum};
use super::sections::{PadUse, pad_len};
use super::tags::{peeked_tag_check, tag_code, tag_method};
use super::window::{self, in_window, writes_a_run};
use super::{
    bind_self, body, ctx_binding, ctx_type, default_value, destructure, fixed_size, inline_attr,
    lit, marker_tokens, order_tokens, other_tag_value, prim_bytes, rt, rt_path, split_generics,
    type_name, uses_value, value_ident,
};
use crate::Direction;
use crate::internals::ast::{
    Codec, CodecKind, Container, Data, Delimiter, Enum, Field, Fields, LenSource, NullMode, Role,
    SeqEnd,
};
use crate::internals::types::{PrimKind, SeqKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

pub fn expand(cont: &Container<'_>) -> TokenStream {
    let rt = rt_path();
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) =
        split_generics(cont, false, quote!(#rt::WireEncode));
    let (len_body, encode_body) = match &cont.data {
        Data::Struct(fields) => {
            let (len_stmts, len, enc) = fields_code(
                cont,
                fields,
                cont.attrs.magic.get(),
                0,
                cont.attrs.validate.get(),
            );
            let len = quote!(#len_stmts #len);
            let (bind_len, bind_enc) = (bind_self(fields, &len), bind_self(fields, &enc));
            let ok = super::rt();
            (quote!(#bind_len #len), quote!(#bind_enc #enc #ok::Ok(())))
        }
        Data::Bits(bits) => encode_bits(cont, bits),
        Data::Enum(e) => encode_enum(cont, e),
    };
    let ctx_binding = ctx_binding(cont);
    let len_body = body(quote!(#ctx_binding #len_body));
    let encode_body = body(quote!(#ctx_binding #encode_body));
    let tag_method = tag_method(cont);
    // A small enum's `encode` is a dispatch over a few short bodies; left to the inliner it
    // stays out of line (one variant may be long), and then every element of a `Vec` of them
    // pays a call and round-trips the buffer through memory (a Publish batch of stream entries
    // ran 1.3x slower than hand-written code that way).
    let encode_inline = match &cont.data {
        Data::Enum(e) if e.variants.len() <= SMALL_ENUM => quote!(#[inline(always)]),
        _ => inline_attr(cont),
    };
    let item = match ctx_type(cont) {
        Some(ctx_ty) => quote! {
            #[automatically_derived]
            impl #impl_generics #rt::EncodeWith<#ctx_ty> for #ident #ty_generics #where_clause {
                #[inline]
                #[allow(unused_variables)]
                fn encoded_len_with(&self, __ctx: #ctx_ty) -> usize {
                    #len_body
                }

                #encode_inline
                #[allow(unused_variables, clippy::needless_question_mark)]
                fn encode_with<__B: #rt::BufMut + ?::core::marker::Sized>(&self, __buf: &mut __B, __ctx: #ctx_ty) -> #rt::Result<(), #rt::EncodeError> {
                    #encode_body
                }
            }
        },
        None => {
            let fixed = fixed_size(cont, Direction::Encode);
            quote! {
                #[automatically_derived]
                impl #impl_generics #rt::WireEncode for #ident #ty_generics #where_clause {
                    const FIXED_SIZE: #rt::Option<usize> = #fixed;

                    #[inline]
                    #[allow(unused_variables)]
                    fn encoded_len(&self) -> usize {
                        #len_body
                    }

                    #encode_inline
                    #[allow(unused_variables, clippy::needless_question_mark)]
                    fn encode<__B: #rt::BufMut + ?::core::marker::Sized>(&self, __buf: &mut __B) -> #rt::Result<(), #rt::EncodeError> {
                        #encode_body
                    }
                }
            }
        }
    };
    let msgpack = msgpack_impl(cont);
    let hint = context_hint(cont);
    quote!(#item #tag_method #msgpack #hint)
}

/// A context-taking type gets an `encoded_len()` that cannot be called: its bound (true of no
/// type) makes the call an error that names `encoded_len_with`, where rustc would otherwise
/// offer whatever method is spelled nearest.
fn context_hint(cont: &Container<'_>) -> TokenStream {
    let rt = rt_path();
    if ctx_type(cont).is_none() {
        return quote!();
    }
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc(hidden)]
            #[allow(dead_code)]
            pub fn encoded_len<'__wire>(&'__wire self) -> usize
            where
                &'__wire Self: #rt::EncodedLenNeedsContext,
            {
                0
            }
        }
    }
}

/// Enums with at most this many variants have their `encode` inlined at every use.
const SMALL_ENUM: usize = 4;

/// The bodies of `encoded_len` (its statements, then its expression) and `encode` for
/// `fields`, already bound by reference, leaving out the `skip` leading fields that hold an
/// `other` variant's tag.
fn fields_code(
    cont: &Container<'_>,
    fields: &Fields<'_>,
    magic: Option<&syn::Expr>,
    skip: usize,
    validate: Option<&syn::Expr>,
) -> (TokenStream, TokenStream, TokenStream) {
    let rt = rt();
    let name = type_name(cont);
    let mut len_stmts = TokenStream::new();
    let mut len_parts: Vec<TokenStream> = Vec::new();
    let mut enc = TokenStream::new();
    if let Some(validate) = validate {
        enc.extend(quote! {
            if let #rt::Err(__why) = #rt::validation(#validate) {
                return #rt::Err(#rt::EncodeError::new(#rt::EncodeErrorKind::Custom(__why)));
            }
        });
    }
    // Optional fields are left out, from the last one back, while they hold their defaults.
    let mut later_omitted: Option<syn::Ident> = None;
    for f in fields.fields[skip..].iter().rev() {
        let Some(optional) = &f.optional else {
            continue;
        };
        let value = value_ident(f);
        let omit = format_ident!("__omit_{}", f.slot);
        let default = default_value(optional.default.as_ref());
        let rest = later_omitted.iter().map(|o| quote!(#o &&));
        let ty = &*f.ty;
        let is_default = quote!({ let __default: #ty = #default; *#value == __default });
        let stmt = match &optional.when {
            None => quote!(let #omit = #(#rest)* #is_default;),
            Some(when) => {
                // Where the field cannot be present, it must hold its default.
                let fname = &f.name;
                enc.extend(quote! {
                    if !(#when) && !#is_default {
                        return #rt::Err(#rt::EncodeError::new(#rt::EncodeErrorKind::ConditionMismatch).in_field(#name, #fname));
                    }
                });
                quote!(let #omit = #(#rest)* (!(#when) || #is_default);)
            }
        };
        len_stmts.extend(stmt.clone());
        enc.extend(stmt);
        later_omitted = Some(omit);
    }
    // Then filled fields, so that a `rest_len` knows which optional fields are left out and
    // conditions see the values that are written. Later fields first: a length filled in from
    // the fields after it sees their final values.
    let field_plan = FieldPlan::new(&fields.fields, skip, Runs::Encode);
    let mut len_fills: Vec<FillCode> = Vec::new();
    for f in fields.fields[skip..].iter().rev() {
        let fill = fill_code(&name, fields, &field_plan, f);
        enc.extend(fill.enc.clone());
        len_fills.push(fill);
    }
    // Field checks, before anything of the value is written.
    for f in &fields.fields[skip..] {
        if let Some(check) = max_check(&name, f) {
            enc.extend(check);
        }
        if let Some(validate) = &f.validate {
            let fname = &f.name;
            enc.extend(quote! {
                if let #rt::Err(__why) = #rt::validation(#validate) {
                    return #rt::Err(#rt::EncodeError::new(#rt::EncodeErrorKind::Custom(__why))
                        .in_field(#name, #fname));
                }
            });
        }
    }
    if let Some(magic) = magic {
        let bytes = quote!(::core::convert::AsRef::<[u8]>::as_ref(&#magic));
        len_parts.push(quote!(#bytes.len()));
        enc.extend(quote!(__buf.put_slice(#bytes);));
    }
    let all = &fields.fields;
    // `align` counts from where the fields begin, after the struct's `magic`.
    let mut align_stmts = TokenStream::new();
    let fields_begin = len_parts.len();
    if all.iter().any(|f| f.align.is_some()) {
        enc.extend(quote!(let __start = #rt::BufMut::remaining_mut(__buf);));
    }
    let pieces = &field_plan.pieces;
    let mut p = 0;
    // A checksum field: covered fields before it go through a checksumming writer, those
    // after it into a scratch buffer (unless their bytes are their value), and the encoding
    // from the checksum field on is kept apart until the sum's statements are known.
    let plan = checksum::Plan::new(all);
    let (mut covered, mut scratch, mut head) = (TokenStream::new(), TokenStream::new(), None);
    // Every field a primitive: one array, the sum put into it, one copy.
    if let Some(plan) = plan.as_ref().filter(|_| skip == 0) {
        if let Some((size, write)) = checksum::encode_one_run(&name, all, plan) {
            len_parts.push(quote!(#size));
            enc.extend(write);
            p = pieces.len();
        }
    }
    while p < pieces.len() {
        let piece = &pieces[p];
        let (i, last) = (piece.first(), piece.last());
        if let Some(plan) = &plan {
            if plan.prefix.is_some_and(|(_, last)| i == last + 1) {
                enc.extend(plan.close_prefix(&std::mem::take(&mut covered)));
            }
            if i == plan.c {
                head = Some(std::mem::take(&mut enc));
                let value = value_ident(&all[i]);
                enc.extend(quote!(let #value = &__ck_sum;));
            }
            if plan.scratch_start() == Some(i) {
                enc.extend(quote!(__buf.put_slice(&__ck_scratch);));
            }
        }
        let out = match plan.as_ref().map(|plan| plan.region(i)) {
            Some(checksum::Region::Prefix) => &mut covered,
            Some(checksum::Region::Scratch) => &mut scratch,
            _ => &mut enc,
        };
        p += 1;
        if plan.is_none() {
            if let Some(body) = window::body_after_head(all, i) {
                let (lens, write) = window::head_and_body(&name, &all[i..=body]);
                len_parts.extend(lens);
                out.extend(write);
                // The window took the pieces up to the body, which is a piece of its own.
                while pieces.get(p).is_some_and(|piece| piece.first() <= body) {
                    p += 1;
                }
                continue;
            }
        }
        let f = &all[i];
        if let (Some(_), Role::Wire(codec)) = (&f.optional, &f.role) {
            let omit = format_ident!("__omit_{}", f.slot);
            let (len, write) = field_write(&name, f, codec);
            len_parts.push(quote!(if #omit { 0 } else { #len }));
            out.extend(quote!(if !#omit { #write }));
            continue;
        }
        if let Some(magic) = &f.magic {
            let bytes = quote!(::core::convert::AsRef::<[u8]>::as_ref(&#magic));
            len_parts.push(quote!(#bytes.len()));
            out.extend(quote!(__buf.put_slice(#bytes);));
        }
        if let Some(pad) = &f.pad_before {
            let (len, n) = (pad_len(pad, PadUse::Len), pad_len(pad, PadUse::Encode));
            len_parts.push(len);
            out.extend(quote!(__buf.put_bytes(0, #n);));
        }
        if piece.run {
            let (size, run) = encode_run(&name, &all[piece.fields.clone()]);
            let size = lit(size);
            len_parts.push(quote!(#size));
            out.extend(run);
        } else if let Role::Wire(codec) = &f.role {
            let (len, write) = field_write(&name, f, codec);
            len_parts.push(len);
            out.extend(write);
        }
        if let Some(pad) = &all[last].pad_after {
            let (len, n) = (pad_len(pad, PadUse::Len), pad_len(pad, PadUse::Encode));
            len_parts.push(len);
            out.extend(quote!(__buf.put_bytes(0, #n);));
        }
        if let Some(align) = &all[last].align {
            // The length so far, rounded up: later parts add to it.
            let at = format_ident!("__at{}", last + 1);
            let so_far = sum(&len_parts[fields_begin..]);
            align_stmts.extend(quote! {
                let #at = #so_far;
                let #at = #at + #rt::align_pad(#at, #align);
            });
            len_parts.truncate(fields_begin);
            len_parts.push(quote!(#at));
            out.extend(quote!(#rt::put_align(__buf, __start, #align);));
        }
    }
    if let (Some(plan), Some(head)) = (&plan, head) {
        let sum = plan.before_field(&scratch);
        enc = quote!(#head #sum #enc);
    }
    if let Some(trailer) = &fields.trailer {
        let bytes = quote!(::core::convert::AsRef::<[u8]>::as_ref(&#trailer));
        len_parts.push(quote!(#bytes.len()));
        enc.extend(quote!(__buf.put_slice(#bytes);));
    }
    let mut len = sum(&len_parts);
    if !align_stmts.is_empty() {
        len = quote!({ #align_stmts #len });
    }
    // A filled primitive's value matters to `encoded_len` only where it is named (a later
    // field's `ctx`, or another fill): bind it there, as `encode` does, so both agree.
    for (i, fill) in len_fills.iter().enumerate() {
        let others = len_fills.iter().enumerate().filter(|(j, _)| *j != i);
        let others = others.map(|(_, other)| &other.len);
        let named = |value: &Ident| uses_value(&quote!(#len #(#others)*), value);
        if fill.len_if_used.as_ref().is_none_or(named) {
            len_stmts.extend(fill.len.clone());
        }
    }
    (len_stmts, len, enc)
}

/// `max = N`: the field's length or count (a `rest_len`'s filled value, a section's bytes, a
/// sequence's elements) is at most N, checked before anything is written.
fn max_check(name: &str, f: &Field<'_>) -> Option<TokenStream> {
    let rt = rt();
    let max = f.max.as_ref()?;
    let value = value_ident(f);
    let fname = &f.name;
    let check = |len: TokenStream| quote!(#rt::check_max_len(#len, #max).map_err(|e| e.in_field(#name, #fname))?;);
    if f.rest_len.is_some() {
        return Some(check(
            quote!(#rt::AsLen::into_len(#value).unwrap_or(usize::MAX)),
        ));
    }
    let Role::Wire(codec) = &f.role else {
        return None;
    };
    bounded(codec, &quote!(#value), 1, &check)
}

/// The check of `max_check` for `value` under `codec`, through `if` and null markers.
fn bounded(
    codec: &Codec,
    value: &TokenStream,
    depth: usize,
    check: &dyn Fn(TokenStream) -> TokenStream,
) -> Option<TokenStream> {
    let rt = rt();
    let x = format_ident!("__x{}", depth);
    match &codec.kind {
        CodecKind::Cond { inner, .. } => {
            let inside = bounded(inner, &quote!(#x), depth + 1, check)?;
            Some(quote!(if let #rt::Some(#x) = #value { #inside }))
        }
        CodecKind::Seq { .. } => Some(check(quote!(#value.len()))),
        CodecKind::Section { inner, null, .. } => Some(match null {
            NullMode::Never => check(len_value(inner, value, depth + 1)),
            NullMode::Markers {
                not_set: Some(_), ..
            } => {
                let bound = check(len_value(inner, &quote!(#x), depth + 1));
                quote!(if let #rt::Tristate::Value(#x) = #value { #bound })
            }
            _ => {
                let bound = check(len_value(inner, &quote!(#x), depth + 1));
                quote!(if let #rt::Some(#x) = #value { #bound })
            }
        }),
        _ => None,
    }
}

/// A field's `encoded_len` and the statement writing it with `codec`, alone (not in a run).
///
/// Every field's write is a closure (for its error path), always inlined as on decode: left to
/// the inliner, inside a large enum's `encode` the closures stayed out of line and each took
/// the buffer through memory (`mqtt311_publish_64_encode` into a `BytesMut`: 14.1 ns that way,
/// 11.2 ns inlined, peers 10.6-11.3 ns).
pub(super) fn field_write(name: &str, f: &Field<'_>, codec: &Codec) -> (TokenStream, TokenStream) {
    let rt = rt();
    let value = value_ident(f);
    let value = quote!(#value);
    let len = len_value(codec, &value, 1);
    let write = encode_value(codec, &value, 1);
    let fname = &f.name;
    let write =
        quote!(#rt::encode_field(#name, #fname, #[inline(always)] || { #write #rt::Ok(()) })?;);
    (len, write)
}

/// The loop pattern for a pair: maps iterate `(&K, &V)`, `Vec<(K, V)>` iterates `&(K, V)`.
pub(super) fn pair_pattern(seq: SeqKind, k: &Ident, v: &Ident) -> TokenStream {
    match seq {
        SeqKind::Vec => quote!((#k, #v)),
        SeqKind::BTreeMap | SeqKind::HashMap => quote!((#k, #v)),
    }
}

/// Statements writing `value` (a reference) under `codec`, using `?` for errors.
pub fn encode_value(codec: &Codec, value: &TokenStream, depth: usize) -> TokenStream {
    let rt = rt();
    let ty = &codec.ty;
    let x = format_ident!("__x{}", depth);
    match &codec.kind {
        CodecKind::MsgPack => {
            quote!(<#ty as #rt::msgpack::MsgPackEncode>::encode_msgpack(#value, __buf)?;)
        }
        CodecKind::MsgPackBin => {
            quote!(<#ty as #rt::msgpack::BinEncode>::encode_bin(#value, __buf)?;)
        }
        CodecKind::MsgPackExt { ext_type } => quote! {
            #rt::msgpack::write_ext_value::<#ty, _>(__buf, #ext_type, #value)?;
        },
        CodecKind::MsgPackCounted { item } => quote! {
            #rt::msgpack::write_int(__buf, #value.len() as i64);
            for #x in #value {
                <#item as #rt::msgpack::MsgPackEncode>::encode_msgpack(#x, __buf)?;
            }
        },
        CodecKind::Prim { prim, order } => {
            let bytes = prim_bytes(prim, *order, value);
            match prim.kind {
                PrimKind::ByteArray => quote!(__buf.put_slice(&#value[..]);),
                _ => quote!(__buf.put_slice(&#bytes);),
            }
        }
        CodecKind::Plain { ctx: None } => quote!(<#ty as #rt::WireEncode>::encode(#value, __buf)?;),
        CodecKind::Plain { ctx: Some(ctx) } => {
            quote!({ use #rt::Ctx as _; (#ctx).encode_as::<#ty, _>(#value, __buf)?; })
        }
        CodecKind::With(path) => quote!(#path::encode(#value, __buf)?;),
        CodecKind::SeqUntil { end, item } => {
            let x = format_ident!("__x{}", depth);
            let item_ty = &item.ty;
            let write = encode_value(item, &quote!(#x), depth + 1);
            match end {
                SeqEnd::Last(until) => quote! {
                    #rt::check_sequence_end(#value.iter().map(|#x| #rt::ends_sequence::<#item_ty>(#until, #x)))?;
                    for #x in #value.iter() { #write }
                },
                SeqEnd::Sentinel(sentinel) => {
                    let write_end = encode_value(item, &quote!((&__end)), depth + 1);
                    quote! {
                        let __end: #item_ty = #sentinel;
                        #rt::check_no_sentinel(#value.iter().map(|#x| *#x == __end))?;
                        for #x in #value.iter() { #write }
                        #write_end
                    }
                }
            }
        }
        CodecKind::Delimited { delimiter, .. } => {
            let bytes = quote!(::core::convert::AsRef::<[u8]>::as_ref(#value));
            match delimiter {
                Delimiter::Until { terminator, max } => {
                    let max = match max {
                        Some(max) => quote!(#rt::Some(#max)),
                        None => quote!(#rt::None),
                    };
                    quote!(#rt::write_terminated(__buf, #bytes, #terminator, #max)?;)
                }
                Delimiter::Width { width, pad, .. } => {
                    quote!(#rt::write_padded(__buf, #bytes, #width, #pad)?;)
                }
            }
        }
        CodecKind::Section {
            len, null, inner, ..
        } => {
            // `non_empty`: `empty_is_none` writes `None` as length 0, so `Some` must not be empty.
            let write_inner = |v: &TokenStream, non_empty: bool| {
                let inner_len = len_value(inner, v, depth + 1);
                let inner_enc = encode_value(inner, v, depth + 1);
                match len {
                    LenSource::Prefix { ty, order, .. } => {
                        let order = order_tokens(*order);
                        let check = non_empty.then(|| quote!(#rt::check_not_empty(__n)?;));
                        let write = quote! {
                            #rt::write_len::<#ty, _>(__buf, __n, #order)?;
                            #inner_enc
                        };
                        let write = if writes_a_run(inner) {
                            in_window(ty, &[], &write)
                        } else {
                            write
                        };
                        quote! {
                            let __n = #inner_len;
                            #check
                            #write
                        }
                    }
                    LenSource::Expr(expr) => quote! {
                        #rt::check_declared_len(#expr, #inner_len)?;
                        #inner_enc
                    },
                    LenSource::Field(_) => inner_enc,
                    LenSource::Choice(branches) => {
                        let write = super::choice::write(branches, &quote!(__n));
                        quote! {
                            let __n = #inner_len;
                            #write
                            #inner_enc
                        }
                    }
                }
            };
            match (null, len) {
                (NullMode::Never, _) => write_inner(value, false),
                (NullMode::Markers { null, not_set }, LenSource::Prefix { ty, order, .. }) => {
                    let some = write_inner(&quote!(#x), false);
                    let order = order_tokens(*order);
                    let write = |m: i64| {
                        let m = marker_tokens(m);
                        quote!(#rt::write_marker::<#ty, _>(__buf, #m, #order)?)
                    };
                    let none = write(null.unwrap_or(-1));
                    match not_set {
                        Some(not_set) => {
                            let not_set = write(*not_set);
                            quote!(match #value {
                                #rt::Tristate::Value(#x) => { #some }
                                #rt::Tristate::Null => #none,
                                #rt::Tristate::NotSet => #not_set,
                            })
                        }
                        None => {
                            quote!(match #value { #rt::Some(#x) => { #some } #rt::None => #none, })
                        }
                    }
                }
                (_, LenSource::Prefix { ty, order, .. }) => {
                    let some = write_inner(&quote!(#x), true);
                    let order = order_tokens(*order);
                    let none = quote!(#rt::write_len::<#ty, _>(__buf, 0, #order)?);
                    quote!(match #value { #rt::Some(#x) => { #some } #rt::None => #none, })
                }
                _ => {
                    let some = write_inner(&quote!(#x), false);
                    quote!(if let #rt::Some(#x) = #value { #some })
                }
            }
        }
        CodecKind::Seq {
            seq, count, item, ..
        } => {
            let prefix = match count {
                Some(LenSource::Prefix { ty, order, .. }) => {
                    let order = order_tokens(*order);
                    quote!(#rt::write_len::<#ty, _>(__buf, #value.len(), #order)?;)
                }
                Some(LenSource::Expr(expr)) => {
                    quote!(#rt::check_declared_len(#expr, #value.len())?;)
                }
                Some(LenSource::Choice(branches)) => {
                    super::choice::write(branches, &quote!(#value.len()))
                }
                Some(LenSource::Field(_)) | None => quote!(),
            };
            let is_bytes = *seq == SeqKind::Vec
                && matches!(&item.kind, CodecKind::Prim { prim, .. } if prim.is_u8());
            let items = if is_bytes {
                quote!(__buf.put_slice(#value);)
            } else if let CodecKind::Pair(k, v) = &item.kind {
                let (kx, vx) = (format_ident!("__k{}", depth), format_ident!("__v{}", depth));
                let k = encode_value(k, &quote!(#kx), depth + 1);
                let v = encode_value(v, &quote!(#vx), depth + 1);
                let pattern = pair_pattern(*seq, &kx, &vx);
                quote!(for #pattern in #value { #k #v })
            } else {
                let item_enc = encode_value(item, &quote!(#x), depth + 1);
                quote!(for #x in #value { #item_enc })
            };
            quote!(#prefix #items)
        }
        CodecKind::Pair(..) => quote!(),
        CodecKind::Cond { cond, inner } => {
            let inner_enc = encode_value(inner, &quote!(#x), depth + 1);
            quote! {
                #rt::check_presence(#cond, #value.is_some())?;
                if let #rt::Some(#x) = #value { #inner_enc }
            }
        }
    }
}

/// A `#[wire(msgpack)]` type is also one msgpack field of another: its values, inline.
fn msgpack_impl(cont: &Container<'_>) -> TokenStream {
    let rt = rt_path();
    if !cont.attrs.msgpack.is_set() || ctx_type(cont).is_some() {
        return quote!();
    }
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) =
        split_generics(cont, false, quote!(#rt::WireEncode));
    quote! {
        #[automatically_derived]
        impl #impl_generics #rt::msgpack::MsgPackEncode for #ident #ty_generics #where_clause {
            #[inline]
            fn msgpack_len(&self) -> usize {
                <Self as #rt::WireEncode>::encoded_len(self)
            }

            #[inline]
            fn encode_msgpack<__B: #rt::BufMut + ?::core::marker::Sized>(&self, __buf: &mut __B) -> #rt::Result<(), #rt::EncodeError> {
                <Self as #rt::WireEncode>::encode(self, __buf)
            }
        }
    }
}

fn encode_enum(cont: &Container<'_>, e: &Enum<'_>) -> (TokenStream, TokenStream) {
    let rt = rt();
    let mut len_arms = TokenStream::new();
    let mut enc_arms = TokenStream::new();
    // An `other` variant must not hold a tag a named variant owns: it would decode as that one.
    let known: Vec<&syn::Expr> = e
        .variants
        .iter()
        .filter(|v| !v.other)
        .filter_map(|v| v.tag.as_ref())
        .collect();
    let known_check: Vec<TokenStream> = match e.variants.iter().find(|v| v.other) {
        Some(other) if !known.is_empty() => {
            let value = other_tag_value(other, e.tag.arity());
            vec![quote! {
                #[allow(unreachable_patterns, clippy::manual_range_patterns)]
                if matches!(#value, #(#known)|*) {
                    return #rt::Err(#rt::known_tag_in_other());
                }
            }]
        }
        _ => Vec::new(),
    };
    for v in &e.variants {
        let ident = v.ident;
        let (tag_len, mut tag_enc) = tag_code(cont, &e.tag, v);
        if v.other {
            tag_enc = quote!(#(#known_check)* #tag_enc);
        } else {
            tag_enc.extend(peeked_tag_check(&e.tag, v));
        }
        let (len_stmts, len, enc) = fields_code(
            cont,
            &v.fields,
            v.magic.as_ref(),
            if v.other { e.tag.arity() } else { 0 },
            v.validate.as_ref(),
        );
        // Statements binding filled values make the variant's length a block.
        let len = match len_stmts.is_empty() {
            true => quote!(#tag_len + #len),
            false => quote!(#tag_len + { #len_stmts #len }),
        };
        let pattern = destructure(&v.fields, &len);
        len_arms.extend(quote!(Self::#ident #pattern => #len,));
        let vname = ident.to_string();
        let name = type_name(cont);
        let enc = quote!(#tag_enc #enc);
        let pattern = destructure(&v.fields, &enc);
        enc_arms.extend(quote!(Self::#ident #pattern => #rt::encode_field(#name, #vname, #[inline(always)] || { #enc #rt::Ok(()) })?,));
    }
    if e.variants.is_empty() {
        return (quote!(match *self {}), quote!(match *self {}));
    }
    (
        quote!(match self { #len_arms }),
        quote!(match self { #enc_arms } #rt::Ok(())),
    )
}

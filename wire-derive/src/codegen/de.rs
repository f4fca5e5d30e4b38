//! `WireDecode` / `DecodeWith` generation.

use super::bits::{bitfield_impl, decode_bits};
use super::checksum;
use super::plan::{FieldPlan, Runs};
use super::runs::{decode_run, run_sizes};
use super::sections::{enter_rest_section, pad_after, skip_padding};
use super::seq::{can_recurse, decode_seq};
use super::tags::read_tag;
use super::{
    Names, bind_ref, ctx_binding, ctx_type, default_value, fixed_size, inline_attr, lit,
    markers_tokens, order_tokens, prim_load, rt, rt_path, split_generics, type_name,
};
use crate::Direction;
use crate::internals::ast::{
    Codec, CodecKind, Container, Data, Delimiter, Enum, Field, Fields, LenSource, NullMode, Role,
    SeqEnd, Style, Tag,
};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

pub fn expand(cont: &Container<'_>) -> TokenStream {
    let rt = rt_path();
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) =
        split_generics(cont, true, quote!(#rt::WireDecode<'de>));
    let ctx_binding = ctx_binding(cont);
    let inline = inline_attr(cont);
    let mut extra = bitfield_impl(cont);
    extra.extend(msgpack_impl(cont));
    // The method the body goes in, and its context parameter (none for `WireDecode`).
    let ctx_ty = ctx_type(cont);
    let methods = match &cont.data {
        Data::Bits(bits) => {
            let bits_body = decode_bits(cont, bits);
            let body = super::body(quote!(#ctx_binding #bits_body));
            let (method, ctx_param) = match &ctx_ty {
                Some(ctx_ty) => (quote!(decode_with), quote!(__ctx: #ctx_ty,)),
                None => (quote!(decode), quote!()),
            };
            quote! {
                #inline
                #[allow(unused_variables, clippy::needless_question_mark)]
                fn #method(__r: &mut #rt::Reader<'de>, #ctx_param) -> #rt::Result<Self, #rt::DecodeError> {
                    #body
                }
            }
        }
        Data::Struct(fields) => sink_methods(cont, &ctx_binding, decode_struct(cont, fields)),
        Data::Enum(e) => sink_methods(cont, &ctx_binding, decode_enum(cont, e)),
    };
    let item = match ctx_ty {
        Some(ctx_ty) => quote! {
            #[automatically_derived]
            impl #impl_generics #rt::DecodeWith<'de, #ctx_ty> for #ident #ty_generics #where_clause {
                #methods
            }
        },
        None => {
            let fixed = fixed_size(cont, Direction::Decode);
            quote! {
                #[automatically_derived]
                impl #impl_generics #rt::WireDecode<'de> for #ident #ty_generics #where_clause {
                    const FIXED_SIZE: #rt::Option<usize> = #fixed;

                    #methods
                }
            }
        }
    };
    quote!(#item #extra)
}

/// A `#[wire(msgpack)]` type is also one msgpack field of another: its values, inline.
fn msgpack_impl(cont: &Container<'_>) -> TokenStream {
    let rt = rt_path();
    if !cont.attrs.msgpack.is_set() || ctx_type(cont).is_some() {
        return quote!();
    }
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) =
        split_generics(cont, true, quote!(#rt::WireDecode<'de>));
    quote! {
        #[automatically_derived]
        impl #impl_generics #rt::msgpack::MsgPackDecode<'de> for #ident #ty_generics #where_clause {
            #[inline]
            fn decode_msgpack(__r: &mut #rt::Reader<'de>) -> #rt::Result<Self, #rt::DecodeError> {
                <Self as #rt::WireDecode<'de>>::decode(__r)
            }
        }
    }
}

fn magic_check(cont: &Container<'_>, magic: Option<&syn::Expr>) -> TokenStream {
    let rt = rt();
    let name = type_name(cont);
    match magic {
        Some(magic) => quote! {
            __r.expect_magic(::core::convert::AsRef::<[u8]>::as_ref(&#magic))
                .map_err(|e| e.in_field(#name, "magic"))?;
        },
        None => {
            let _ = rt;
            quote!()
        }
    }
}

/// How a nested value is read: as usual (`Plain`: sequence elements, one span to their
/// parent), or through the span sink (`Sink`: a field's value, whose own fields are recorded
/// when the sink records).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Plain,
    Sink,
}

/// The one decode body of a struct or an enum (`__decode_sink`, generic over where spans go,
/// handing the value to a continuation), and the trait's methods calling it: `decode` and
/// `decode_then` with `NoSpans`, whose calls compile to nothing, `decode_spanned` with `Spans`.
fn sink_methods(cont: &Container<'_>, ctx_binding: &TokenStream, body: TokenStream) -> TokenStream {
    let rt = rt_path();
    let body = super::body(quote!(#ctx_binding #body));
    let inline = inline_attr(cont);
    let (ctx_param, ctx_arg) = match ctx_type(cont) {
        Some(ctx_ty) => (quote!(__ctx: #ctx_ty,), quote!(__ctx,)),
        None => (quote!(), quote!()),
    };
    let (sink, decode, then, spanned) = match ctx_type(cont) {
        Some(_) => (
            quote!(__decode_with_sink),
            quote!(decode_with),
            quote!(decode_with_then),
            quote!(decode_with_spanned),
        ),
        None => (
            quote!(__decode_sink),
            quote!(decode),
            quote!(decode_then),
            quote!(decode_spanned),
        ),
    };
    quote! {
        #[inline(always)]
        fn #decode(__r: &mut #rt::Reader<'de>, #ctx_param) -> #rt::Result<Self, #rt::DecodeError> {
            Self::#sink(__r, #ctx_arg &mut #rt::NoSpans, |__value, _| __value)
        }

        #[inline(always)]
        fn #then<__WireThen>(
            __r: &mut #rt::Reader<'de>,
            #ctx_param
            __then: impl #rt::FnOnce(Self, &#rt::Reader<'de>) -> __WireThen,
        ) -> #rt::Result<__WireThen, #rt::DecodeError> {
            Self::#sink(__r, #ctx_arg &mut #rt::NoSpans, __then)
        }

        #[inline]
        fn #spanned(
            __r: &mut #rt::Reader<'de>,
            #ctx_param
            __spans: &mut #rt::Spans,
        ) -> #rt::Result<Self, #rt::DecodeError> {
            Self::#sink(__r, #ctx_arg __spans, |__value, _| __value)
        }

        #inline
        #[allow(unused_variables, clippy::needless_question_mark)]
        fn #sink<__S: #rt::SpanSink, __WireThen>(
            __r: &mut #rt::Reader<'de>,
            #ctx_param
            __spans: &mut __S,
            __then: impl #rt::FnOnce(Self, &#rt::Reader<'de>) -> __WireThen,
        ) -> #rt::Result<__WireThen, #rt::DecodeError> {
            #body
        }
    }
}

fn decode_struct(cont: &Container<'_>, fields: &Fields<'_>) -> TokenStream {
    let rt = rt();
    let magic = magic_check(cont, cont.attrs.magic.get());
    let (stmts, construct, reader) =
        decode_fields(cont, fields, quote!(Self), 0, cont.attrs.validate.get());
    quote! {
        #magic
        #stmts
        #rt::Ok(__then(#construct, &*#reader))
    }
}

/// Statements decoding `fields` in order (leaving `skip_leading` fields already bound), the
/// expression that builds the value from them, and the reader after them (outside a
/// `rest_len` section), which the continuation gets.
fn decode_fields(
    cont: &Container<'_>,
    fields: &Fields<'_>,
    path: TokenStream,
    skip_leading: usize,
    validate: Option<&syn::Expr>,
) -> (TokenStream, TokenStream, TokenStream) {
    let rt = rt();
    let name = type_name(cont);
    let used = Names::in_expressions(fields, validate);
    let mut stmts = TokenStream::new();
    let all = &fields.fields;
    // Where the fields begin: the offset of a `validate` error, and what `align` counts from.
    if validate.is_some() || all.iter().any(|f| f.align.is_some()) {
        stmts.extend(quote!(let __start = __r.offset();));
    }
    let plan = FieldPlan::new(all, skip_leading, Runs::Decode);
    // A newtype's one field is the newtype: its fields are one level up.
    let newtype = fields.style == Style::Tuple && all.len() == 1;
    for (p, piece) in plan.pieces.iter().enumerate() {
        let (i, last) = (piece.first(), piece.last());
        let f = &all[i];
        stmts.extend(checksum::decode_before(
            all,
            i,
            false,
            &quote!(__r.offset()),
        ));
        if let Some(magic) = &f.magic {
            let fname = &f.name;
            stmts.extend(quote! {
                __r.expect_magic(::core::convert::AsRef::<[u8]>::as_ref(&#magic))
                    .map_err(|e| e.in_field(#name, #fname))?;
            });
        }
        if let Some(pad) = &f.pad_before {
            stmts.extend(skip_padding(&name, f, pad));
        }
        stmts.extend(checksum::decode_before(all, i, true, &quote!(__r.offset())));
        let mut after = checksum::decode_after(&name, all, last, &quote!(__r.offset()));
        if piece.run {
            // A run of inline primitives: one bounds check, then straight loads.
            let run = &all[piece.fields.clone()];
            // The checksum field inside the run: its offsets are counted from the run's start.
            let inside = checksum::decode_inside_run(&name, all, i, &run_sizes(run));
            // Where the run starts: the fields' spans, and the checksum's offsets inside it.
            if inside.is_some() || !newtype {
                stmts.extend(quote!(let __run_at = __r.offset();));
            }
            if let Some(offsets) = inside {
                after = offsets;
            }
            stmts.extend(decode_run(&name, run, &used, !newtype));
        } else {
            stmts.extend(decode_field(&name, f, &used, newtype));
        }
        stmts.extend(pad_after(&name, &all[last]));
        stmts.extend(after);
        if plan.opens_rest_after(p) {
            stmts.extend(enter_rest_section(&name, &all[last]));
        }
    }
    // The section opened by a `rest_len` field must be used up (or may keep unread bytes); it
    // ends before the trailer, as encode's filled `rest_len` counts it.
    let rest_len = plan.rest.as_ref().and_then(|rest| all[rest.field].rest_len);
    match rest_len {
        Some(false) => stmts.extend(quote!(__r.expect_end()?;)),
        Some(true) => stmts.extend(quote!(__r.take_rest();)),
        None => {}
    }
    let r = match rest_len {
        Some(_) => quote!(__outer),
        None => quote!(__r),
    };
    if let Some(trailer) = &fields.trailer {
        stmts.extend(quote! {
            #r.expect_magic(::core::convert::AsRef::<[u8]>::as_ref(&#trailer))
                .map_err(|e| e.in_field(#name, "trailer"))?;
        });
    }
    if let Some(validate) = validate {
        stmts.extend(quote! {
            if let #rt::Err(__why) = #rt::validation(#validate) {
                return #rt::Err(#rt::DecodeError::new(#rt::ErrorKind::InvalidValue(__why), __start));
            }
        });
    }
    let construct = construct(fields, path);
    (stmts, construct, r)
}

/// Statements decoding field `f` on its own (not in a run), its `validate` check after it.
fn decode_field(name: &str, f: &Field<'_>, used: &Names, newtype: bool) -> TokenStream {
    let rt = rt();
    let mut stmts = TokenStream::new();
    let slot = &f.slot;
    let ty = &*f.ty;
    let fname = &f.name;
    if f.validate.is_some() {
        stmts.extend(quote!(let __at = __r.offset();));
    }
    match &f.role {
        Role::Skip(default) => {
            let value = match default {
                Some(expr) => quote!(#expr),
                None => quote!(#rt::Default::default()),
            };
            stmts.extend(quote!(let #slot: #ty = #value;));
        }
        Role::Wire(codec) => {
            let value = decode_value(codec, &format_ident!("__r"), 1, Mode::Sink);
            let decoded = quote!(#rt::field(#name, #fname, #[inline(always)] || #rt::Ok(#value))?);
            let decoded = match &f.optional {
                None => decoded,
                Some(optional) => {
                    let default = default_value(optional.default.as_ref());
                    let absent = match &optional.when {
                        Some(when) => quote!(!(#when) || __r.is_empty()),
                        None => quote!(__r.is_empty()),
                    };
                    quote!(if #absent { #default } else { #decoded })
                }
            };
            stmts.extend(if newtype {
                quote!(let #slot: #ty = #decoded;)
            } else {
                quote! {
                    let __span = __spans.open(#fname, __r.offset());
                    let #slot: #ty = #decoded;
                    __spans.close(__span, __r.offset());
                }
            });
        }
    }
    stmts.extend(bind_ref(f, used));
    if let Some(validate) = &f.validate {
        stmts.extend(quote! {
            if let #rt::Err(__why) = #rt::validation(#validate) {
                return #rt::Err(#rt::DecodeError::new(#rt::ErrorKind::InvalidValue(__why), __at)
                    .in_field(#name, #fname));
            }
        });
    }
    stmts
}

fn construct(fields: &Fields<'_>, path: TokenStream) -> TokenStream {
    let stored = || fields.fields.iter().filter(|f| f.stored);
    let members = stored().map(|f| &f.member);
    let slots = stored().map(|f| &f.slot);
    match fields.style {
        Style::Named => quote!(#path { #(#members: #slots),* }),
        Style::Tuple => quote!(#path(#(#slots),*)),
        Style::Unit => path,
    }
}

/// An expression of the codec's type that reads from `r`, using `?` for errors.
pub fn decode_value(codec: &Codec, r: &Ident, depth: usize, mode: Mode) -> TokenStream {
    let rt = rt();
    let ty = &codec.ty;
    match &codec.kind {
        CodecKind::MsgPack => {
            quote!(<#ty as #rt::msgpack::MsgPackDecode<'de>>::decode_msgpack(#r)?)
        }
        CodecKind::MsgPackBin => quote!(<#ty as #rt::msgpack::BinDecode<'de>>::decode_bin(#r)?),
        CodecKind::MsgPackExt { ext_type } => quote!({
            let __s = &mut #rt::msgpack::read_ext_section(#r, #ext_type)?;
            let __v = <#ty as #rt::WireDecode<'de>>::decode(__s)?;
            __s.expect_end()?;
            __v
        }),
        // One nesting level, as for any sequence (see `decode_seq`).
        CodecKind::MsgPackCounted { item } => quote!(#r.nested(
            |#r: &mut #rt::Reader<'de>| -> #rt::Result<#ty, #rt::DecodeError> {
                let __n = #rt::msgpack::read_int::<u32>(#r)? as usize;
                let __n = #r.check_count(__n as u64, 1)?;
                let mut __items =
                    #rt::Vec::with_capacity(#rt::capacity_for_count::<#item>(__n, #r));
                for _ in 0..__n {
                    __items.push(<#item as #rt::msgpack::MsgPackDecode<'de>>::decode_msgpack(#r)?);
                }
                #rt::Ok(__items)
            }
        )?),
        CodecKind::Prim { prim, order } => {
            let n = prim.size;
            let n_lit = lit(n);
            let load = prim_load(prim, *order, &quote!(__run), 0, n, &quote!(__at));
            let at = if prim.is_bool() {
                quote!(let __at = #r.offset();)
            } else {
                quote!()
            };
            quote!({ #at let __run = #r.take_array::<#n_lit>()?; #load })
        }
        CodecKind::Plain { ctx: None } if mode == Mode::Sink => {
            quote!(<#ty as #rt::WireDecode<'de>>::__decode_sink(#r, __spans, |__value, _| __value)?)
        }
        CodecKind::Plain { ctx: None } => quote!(<#ty as #rt::WireDecode<'de>>::decode(#r)?),
        CodecKind::Plain { ctx: Some(ctx) } if mode == Mode::Sink => {
            quote!({ use #rt::Ctx as _; (#ctx).decode_as_sink::<#ty, _>(#r, __spans)? })
        }
        CodecKind::Plain { ctx: Some(ctx) } => {
            quote!({ use #rt::Ctx as _; (#ctx).decode_as::<#ty>(#r)? })
        }
        CodecKind::With(path) => quote!(#path::decode(#r)?),
        CodecKind::Section {
            len,
            null,
            inner,
            allow_trailing,
            max,
        } => {
            let section = format_ident!("__s{}", depth);
            let inner_value = decode_value(inner, &section, depth + 1, mode);
            let end = if *allow_trailing {
                quote!(#section.take_rest();)
            } else {
                quote!(#section.expect_end()?;)
            };
            let bound = max
                .as_ref()
                .map(|max| quote!(#rt::check_max(__n, #max, #r)?;));
            let stmts = quote! {
                #bound
                let #section = &mut #r.section(__n)?;
                let __v = #inner_value;
                #end
                __v
            };
            let body = quote!({ #stmts });
            match (null, len) {
                (NullMode::Markers { null, not_set }, LenSource::Prefix { ty: pty, order, .. }) => {
                    let order = order_tokens(*order);
                    let markers = markers_tokens(*null, *not_set);
                    let read = quote!(#rt::read_marked_len::<#pty>(#r, #order, #markers)?);
                    if not_set.is_some() {
                        quote!(match #read {
                            #rt::Tristate::Value(__n) => #rt::Tristate::Value(#body),
                            #rt::Tristate::Null => #rt::Tristate::Null,
                            #rt::Tristate::NotSet => #rt::Tristate::NotSet,
                        })
                    } else {
                        quote!(match #read {
                            #rt::Tristate::Value(__n) => #rt::Some(#body),
                            _ => #rt::None,
                        })
                    }
                }
                (NullMode::Empty, len) => {
                    let n = read_len(len, r);
                    quote!(match #n { 0 => #rt::None, __n => #rt::Some(#body) })
                }
                (_, len) => {
                    let n = read_len(len, r);
                    quote!({ let __n = #n; #stmts })
                }
            }
        }
        CodecKind::Delimited { delimiter, inner } => {
            let section = format_ident!("__s{}", depth);
            let inner_value = decode_value(inner, &section, depth + 1, mode);
            let open = match delimiter {
                Delimiter::Until { terminator, max } => {
                    let max = match max {
                        Some(max) => quote!(#rt::Some(#max)),
                        None => quote!(#rt::None),
                    };
                    quote!(#r.section_until(#terminator, #max)?)
                }
                Delimiter::Width {
                    width,
                    pad,
                    checked,
                } => quote!(#r.section_padded(#width, #pad, #checked)?),
            };
            quote!({
                let #section = &mut #open;
                let __v = #inner_value;
                #section.expect_end()?;
                __v
            })
        }
        CodecKind::Seq {
            seq,
            count,
            item,
            max,
        } => decode_seq(ty, *seq, count.as_ref(), max.as_ref(), item, r, depth),
        CodecKind::SeqUntil { end, item } => {
            let item_ty = &item.ty;
            let item_value = decode_value(item, r, depth + 1, Mode::Plain);
            // Every element must consume a byte, or the loop would not end.
            let read = quote! {
                let __at = #r.offset();
                let __item: #item_ty = #item_value;
                #rt::check_progress(__at, #r)?;
            };
            let step = match end {
                SeqEnd::Last(until) => quote! {
                    let __last = #rt::ends_sequence::<#item_ty>(#until, &__item);
                    __items.push(__item);
                    if __last { break; }
                },
                SeqEnd::Sentinel(sentinel) => quote! {
                    if __item == (#sentinel) { break; }
                    __items.push(__item);
                },
            };
            let body = quote!({
                let mut __items: #rt::Vec<#item_ty> = #rt::Vec::new();
                loop { #read #step }
                __items
            });
            if can_recurse(item) {
                quote!(#r.nested(|#r: &mut #rt::Reader<'de>| -> #rt::Result<#ty, #rt::DecodeError> {
                    #rt::Ok(#body)
                })?)
            } else {
                body
            }
        }
        CodecKind::Pair(k, v) => {
            let k = decode_value(k, r, depth, Mode::Plain);
            let v = decode_value(v, r, depth, Mode::Plain);
            quote!((#k, #v))
        }
        CodecKind::Cond { cond, inner } => {
            let inner = decode_value(inner, r, depth, mode);
            quote!(if #cond { #rt::Some(#inner) } else { #rt::None })
        }
    }
}

pub(super) fn read_len(len: &LenSource, r: &Ident) -> TokenStream {
    let rt = rt();
    match len {
        LenSource::Prefix { ty, order, .. } => {
            let order = order_tokens(*order);
            quote!(#rt::read_len::<#ty>(#r, #order)?)
        }
        LenSource::Expr(expr) => quote!(#rt::len_value(#expr, #r)?),
        LenSource::Field(ident) => quote!(#rt::len_value(#ident, #r)?),
        LenSource::Choice(branches) => super::choice::read(branches, r),
    }
}

fn decode_enum(cont: &Container<'_>, e: &Enum<'_>) -> TokenStream {
    let rt = rt();
    let name = type_name(cont);
    let read_tag = read_tag(cont, &e.tag);
    let mut arms = TokenStream::new();
    let mut fallback =
        quote!(__other => #rt::Err(#rt::invalid_tag(#rt::TagValue::tag_value(__other), __at)));
    for v in &e.variants {
        let vname = v.ident.to_string();
        let ident = v.ident;
        let magic = magic_check(cont, v.magic.as_ref());
        if v.other {
            let arity = e.tag.arity();
            let used = Names::in_expressions(&v.fields, &v.validate);
            let mut bind = TokenStream::new();
            for (i, f) in v.fields.fields.iter().take(arity).enumerate() {
                let slot = &f.slot;
                let ty = &*f.ty;
                let part = if arity == 1 {
                    quote!(__other)
                } else {
                    let index = syn::Index::from(i);
                    quote!(__other.#index)
                };
                bind.extend(quote!(let #slot: #ty = #part;));
                bind.extend(bind_ref(f, &used));
            }
            let (stmts, construct, reader) = decode_fields(
                cont,
                &v.fields,
                quote!(Self::#ident),
                arity,
                v.validate.as_ref(),
            );
            fallback = quote! {
                __other => #rt::field(#name, #vname, #[inline(always)] || {
                    #bind
                    #magic
                    #stmts
                    #rt::Ok(__then(#construct, &*#reader))
                })
            };
            continue;
        }
        let Some(tag) = &v.tag else { continue };
        let (stmts, construct, reader) = decode_fields(
            cont,
            &v.fields,
            quote!(Self::#ident),
            0,
            v.validate.as_ref(),
        );
        let body = if v.fields.fields.is_empty() && v.magic.is_none() {
            quote!(#rt::Ok(__then(#construct, &*__r)))
        } else {
            quote!(#rt::field(#name, #vname, #[inline(always)] || {
                #magic
                #stmts
                #rt::Ok(__then(#construct, &*#reader))
            }))
        };
        arms.extend(quote!(#tag => #body,));
    }
    // A peeked tag is part of the first field; a tag from the context is not in the input; the
    // tag of an enum without fields is all of it (one span, its parent's).
    let own_span = !matches!(
        e.tag,
        Tag::Single { peek: true, .. } | Tag::Bits { peek: true, .. } | Tag::Ctx { .. }
    ) && e.variants.iter().any(|v| {
        let tag_fields = if v.other { e.tag.arity() } else { 0 };
        v.fields.fields.len() > tag_fields
    });
    let read_tag = if !read_tag.is_empty() && own_span {
        quote! {
            let __span = __spans.open("tag", __at);
            #read_tag
            __spans.close(__span, __r.offset());
        }
    } else {
        read_tag
    };
    quote! {
        let __at = __r.offset();
        #read_tag
        #[deny(unreachable_patterns)]
        match __tag {
            #arms
            #[allow(unreachable_patterns)]
            #fallback
        }
    }
}

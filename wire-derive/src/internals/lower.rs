//! Lowering: a field's attributes and type become its [`Codec`], impossible combinations are
//! reported.

use super::ast::{
    ChecksumField, Codec, CodecKind, Field, Fields, Fill, LenSource, NullMode, Optional, Role,
    Style,
};
use super::attr::{FieldAttrs, Order, TempField};
use super::ctxt::Ctxt;
use super::delimited::delimited;
use super::ints::IntKind;
use super::keys::Place;
use super::prefixes::{len_source, null_mode};
use super::types;
use proc_macro2::Span;
use quote::format_ident;
use std::borrow::Cow;
use syn::spanned::Spanned;
use syn::{Expr, Type};

/// `inclusive`: the size of the `rest_len` integer it applies to, which its length counts too
/// (RocketMQ's `storeSize` covers the whole record, itself included).
fn inclusive_size(cx: &Ctxt, attrs: &FieldAttrs, role: &Role) -> Option<usize> {
    let span = attrs.inclusive.span()?;
    // Without `rest_len`, the key table reported it.
    if !attrs.rest_len.is_set() {
        return None;
    }
    match role {
        Role::Wire(Codec {
            kind: CodecKind::Prim { prim, .. },
            ..
        }) if matches!(
            prim.kind,
            types::PrimKind::Number(_) | types::PrimKind::Narrow(..)
        ) =>
        {
            Some(prim.size)
        }
        _ => {
            cx.error_at(span, "`inclusive` needs a fixed-size integer: a length that counts itself must know its own size before it is read");
            None
        }
    }
}

pub(super) fn fields<'a>(cx: &Ctxt, fields: &'a syn::Fields, order: Order) -> Fields<'a> {
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let mut out = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let attrs = FieldAttrs::parse(cx, &f.attrs);
        // `temp(...)` values come just before the field they are written on.
        out.extend(attrs.temp.iter().map(|temp| temp_field(cx, temp, order)));
        out.push(field(cx, i, f, attrs, order));
    }
    Fields {
        style,
        fields: out,
        trailer: None,
    }
}

/// A `temp(name: Type = expr)` value: decoded like a field and usable by later expressions,
/// not kept in the struct, computed on encode (or filled in as a later field's length).
fn temp_field<'a>(cx: &Ctxt, temp: &TempField, order: Order) -> Field<'a> {
    let name = temp.name.to_string();
    // `u24` and the other odd widths are no Rust types: held in a u32 or u64.
    let odd = match &temp.ty {
        Type::Path(p) => p.path.get_ident().filter(|ident| {
            IntKind::from_name(&ident.to_string()).is_some_and(IntKind::is_odd_width)
        }),
        _ => None,
    };
    let (ty, codec) = match odd {
        Some(width) => {
            let kind = IntKind::from_name(&width.to_string()).unwrap_or(IntKind::U32);
            let held: Type = syn::parse_str(kind.value_name()).expect("an integer type");
            let codec = narrow(cx, width, &held, order);
            (held, codec)
        }
        None => {
            let codec = lower(cx, &FieldAttrs::empty(), &temp.ty, order, temp.ty.span());
            (temp.ty.clone(), codec)
        }
    };
    Field {
        member: syn::Member::Named(temp.name.clone()),
        slot: format_ident!("__wire_{}", name.trim_start_matches("r#")),
        name,
        binding: Some(temp.name.clone()),
        ty: Cow::Owned(ty),
        role: Role::Wire(codec),
        magic: None,
        validate: None,
        pad_before: None,
        pad_after: None,
        pad_checked: true,
        align: None,
        checksum: None,
        fill: temp.value.clone().map_or(Fill::None, Fill::Calc),
        rest_span: None,
        rest_len: None,
        inclusive: None,
        max: None,
        optional: None,
        attrs_broken: false,
        stored: false,
    }
}

fn field<'a>(
    cx: &Ctxt,
    index: usize,
    f: &'a syn::Field,
    attrs: FieldAttrs,
    order: Order,
) -> Field<'a> {
    let (member, name, binding) = match &f.ident {
        Some(ident) => (
            syn::Member::Named(ident.clone()),
            ident.to_string(),
            Some(ident.clone()),
        ),
        // Expressions name a tuple field `_0`, `_1`, ... (as `self.0` would read).
        None => (
            syn::Member::Unnamed(index.into()),
            index.to_string(),
            Some(format_ident!("_{}", index, span = f.ty.span())),
        ),
    };
    let slot = format_ident!("__wire_{}", name.trim_start_matches("r#"));
    let place = if cx.msgpack.get() {
        Place::MsgPackField
    } else {
        Place::Field
    };
    attrs.check_place(cx, place);
    let role = if attrs.skip.is_set() {
        Role::Skip(attrs.default.get().cloned().flatten())
    } else {
        Role::Wire(lower(cx, &attrs, &f.ty, order, f.ty.span()))
    };
    let inclusive = inclusive_size(cx, &attrs, &role);
    let fill = match attrs.fill.get() {
        _ if attrs.rest_len.is_set() => Fill::RestLen,
        Some(expr) => Fill::Expr(expr.clone()),
        None => Fill::None,
    };
    Field {
        member,
        name,
        slot,
        binding,
        ty: Cow::Borrowed(&f.ty),
        role,
        magic: attrs.magic.get().cloned(),
        validate: attrs.validate.get().cloned(),
        pad_before: attrs.pad_before.get().cloned(),
        pad_after: attrs.pad_after.get().cloned(),
        pad_checked: pad_checked(cx, &attrs),
        align: attrs.align.get().cloned(),
        checksum: checksum_field(cx, &attrs),
        fill,
        rest_span: attrs.rest.span(),
        rest_len: attrs
            .rest_len
            .is_set()
            .then(|| attrs.allow_trailing.is_set()),
        inclusive,
        max: attrs.max.get().cloned(),
        optional: attrs.optional.is_set().then(|| Optional {
            default: attrs.default.get().cloned().flatten(),
            when: attrs.cond.get().cloned(),
        }),
        attrs_broken: attrs.broken,
        stored: true,
    }
}

/// Turns a field's attributes and type into its codec, reporting impossible combinations.
pub fn lower(cx: &Ctxt, attrs: &FieldAttrs, ty: &Type, order: Order, ty_span: Span) -> Codec {
    let order = attrs.order().unwrap_or(order);
    let codec = |kind| Codec {
        ty: ty.clone(),
        kind,
    };

    // With `optional`, `if` only says when the field may be present: see `Field::optional`.
    if let (Some(cond), false) = (attrs.cond.get(), attrs.optional.is_set()) {
        let Some(inner_ty) = types::option_inner(ty) else {
            cx.error_at(ty_span, "a field with `if` must have type `Option<T>`: it is `None` when the condition is false");
            return codec(CodecKind::Plain { ctx: None });
        };
        let inner = lower_unconditional(cx, attrs, inner_ty, order, ty_span);
        return codec(CodecKind::Cond {
            cond: cond.clone(),
            inner: Box::new(inner),
        });
    }
    lower_unconditional(cx, attrs, ty, order, ty_span)
}

fn lower_unconditional(
    cx: &Ctxt,
    attrs: &FieldAttrs,
    ty: &Type,
    order: Order,
    ty_span: Span,
) -> Codec {
    let codec = |kind| Codec {
        ty: ty.clone(),
        kind,
    };
    if cx.msgpack.get() {
        return lower_msgpack(cx, attrs, ty, ty_span);
    }
    // A msgpack key outside msgpack mode (reported) meant a msgpack value: its size is no
    // further error.
    let misplaced_msgpack = attrs.ext.is_set() || attrs.counted.is_set() || attrs.bin.is_set();

    // The key table reports what `with` excludes.
    if let Some(path) = attrs.with.get() {
        return codec(CodecKind::With(path.clone()));
    }

    if attrs.until.is_set() || attrs.width.is_set() {
        return delimited(cx, attrs, ty, order, ty_span);
    }

    let null = null_mode(cx, attrs);
    let null_span = attrs.nullable.span().or(attrs.empty_is_none.span());
    let null_key = if attrs.nullable.is_set() {
        "nullable"
    } else {
        "empty_is_none"
    };

    if let Some(len) = attrs.len.get() {
        let source = len_source(cx, len, order);
        let inner_ty = match null {
            NullMode::Never => ty,
            NullMode::Markers {
                not_set: Some(_), ..
            } => types::generic_inner(ty, "Tristate").unwrap_or_else(|| {
                cx.error_at(
                    attrs.not_set.span().unwrap_or(ty_span),
                    "`not_set` decodes a second marker beside null, so the field must have type `wire_runtime::len::Tristate<T>`",
                );
                ty
            }),
            _ => types::option_inner(ty).unwrap_or_else(|| {
                cx.error_at(
                    null_span.unwrap_or(ty_span),
                    format!("`{null_key}` decodes some lengths as `None`, so the field must have type `Option<T>`"),
                );
                ty
            }),
        };
        if null != NullMode::Never {
            match &source {
                LenSource::Prefix {
                    kind: Some(kind),
                    bias: 0,
                    ..
                } if matches!(null, NullMode::Markers { .. }) && !kind.is_signed() => {
                    cx.error_at(null_span.unwrap_or(ty_span), format!("`nullable` means a negative length, which needs a signed prefix (i8, i16, i32, i64), a biased one (`len = {} + 1`, where 0 is -1), or a prefix type of your own with markers, not `{}`", kind.name(), kind.name()));
                }
                LenSource::Prefix { .. } => {}
                LenSource::Choice(_) => cx.error_at(
                    null_span.unwrap_or(ty_span),
                    format!("`{null_key}` needs one length prefix to hold its marker; a length whose prefix a condition chooses has none: decode the absent case with `if = ...` instead"),
                ),
                _ => cx.error_at(
                    null_span.unwrap_or(ty_span),
                    format!("`{null_key}` needs a length prefix read from the wire, such as `len = i16`, not a length from a field or expression"),
                ),
            }
        }
        let prefixed = matches!(source, LenSource::Prefix { .. } | LenSource::Choice(_));
        let inner = lower_contents(cx, attrs, inner_ty, order, ty_span, None, prefixed);
        return codec(CodecKind::Section {
            len: source,
            null,
            inner: Box::new(inner),
            allow_trailing: attrs.allow_trailing.is_set(),
            max: attrs.max.get().cloned(),
        });
    }

    if let Some(count) = attrs.count.get() {
        if types::seq(ty).is_none() {
            cx.error_at(attrs.count.span().unwrap_or(ty_span), "`count` counts elements: use it on a `Vec`, `BTreeMap` or `HashMap` field (for a byte length, use `len`)");
            return codec(CodecKind::Plain { ctx: None });
        }
        let source = len_source(cx, count, order);
        let prefixed = matches!(source, LenSource::Prefix { .. } | LenSource::Choice(_));
        return lower_contents(cx, attrs, ty, order, ty_span, Some(source), prefixed);
    }

    if attrs.rest.is_set() {
        return lower_contents(cx, attrs, ty, order, ty_span, None, false);
    }

    // A misplaced msgpack attribute meant a msgpack value: its size is no further error.
    // With `int`, the field was meant to be an integer: `int` reports the type.
    if types::is_unsized_layout(ty) && !attrs.broken && !misplaced_msgpack && !attrs.int.is_set() {
        cx.error_at(ty_span, format!("this type has no size of its own: give it `#[wire(len = u16)]` (a byte-length prefix), `#[wire(count = u16)]` (an element count) or `#[wire(rest)]` (the rest of the input){}", own_type_hint(ty)));
    }
    lower_contents(cx, attrs, ty, order, ty_span, None, false)
}

/// For a bare `Bytes` or `String`, which the derive takes for the standard types by name: how
/// to say it is a type of one's own.
fn own_type_hint(ty: &Type) -> String {
    match ty {
        Type::Path(p) if p.path.is_ident("Bytes") || p.path.is_ident("String") => {
            let name = &p.path.segments[0].ident;
            format!(
                "; if `{name}` is a type of your own, write its path (`self::{name}`), and wire decodes it with its own `WireDecode`"
            )
        }
        _ => String::new(),
    }
}

/// The codec of a value that fills its section (or is counted): sequences loop, others are
/// primitives or plain types. `prefixed`: a length or count prefix took the field's byte order
/// (`le`), so the value need not.
pub(super) fn lower_contents(
    cx: &Ctxt,
    attrs: &FieldAttrs,
    ty: &Type,
    order: Order,
    ty_span: Span,
    count: Option<LenSource>,
    prefixed: bool,
) -> Codec {
    let codec = |kind| Codec {
        ty: ty.clone(),
        kind,
    };
    if let Some(seq) = types::seq(ty) {
        for (span, key) in [
            (attrs.int.span(), "int = ..."),
            (attrs.nonzero.span(), "nonzero"),
        ] {
            if let Some(span) = span {
                cx.error_at(span, format!("`{key}` describes one value; for the elements, write `item({key})` (`value({key})` in a map)"));
            }
        }
        let item = match seq.second {
            Some(value_ty) => {
                if let Some(span) = attrs.item.span() {
                    cx.error_at(span, "`item(...)` is for `Vec` elements; map entries take `key(...)` and `value(...)`");
                }
                pair(cx, attrs, seq.first, value_ty, order, ty_span)
            }
            None => match types::pair(seq.first) {
                Some((k, v)) if attrs.key.is_set() || attrs.value.is_set() => {
                    let pair_codec = pair(cx, attrs, k, v, order, ty_span);
                    Codec {
                        ty: seq.first.clone(),
                        kind: pair_codec.kind,
                    }
                }
                _ => {
                    reject_key_value(cx, attrs);
                    element(
                        cx,
                        attrs.item.get().map(|b| &**b),
                        seq.first,
                        order,
                        ty_span,
                        attrs.ctx.get(),
                        attrs.broken,
                    )
                }
            },
        };
        if seq.second.is_none() && attrs.ctx.is_set() && attrs.item.is_set() {
            cx.error_at(
                attrs.ctx.span().unwrap_or(ty_span),
                "put `ctx` inside `item(...)` to pass it to each element",
            );
        }
        // With `len` too, the bound is the byte length's (the section's), not the count's.
        let max = attrs.max.get().filter(|_| !attrs.len.is_set()).cloned();
        return codec(CodecKind::Seq {
            seq: seq.kind,
            count,
            item: Box::new(item),
            max,
        });
    }
    for (span, what) in [
        (attrs.item.span(), "item"),
        (attrs.key.span(), "key"),
        (attrs.value.span(), "value"),
    ] {
        if let Some(span) = span {
            cx.error_at(span, format!("`{what}(...)` describes elements: it applies to `Vec`, `BTreeMap` and `HashMap` fields"));
        }
    }
    if let Some(width) = attrs.int.get() {
        return narrow(cx, width, ty, order);
    }
    if let Some(span) = attrs.nonzero.span() {
        return match types::prim(ty) {
            Some(prim) if prim.is_bool() => Codec {
                ty: ty.clone(),
                kind: CodecKind::Prim {
                    prim: types::Prim {
                        kind: types::PrimKind::NonZeroBool,
                        size: 1,
                    },
                    order,
                },
            },
            _ => {
                cx.error_at(span, "`nonzero` reads a byte as a `bool` that any non-zero value makes true: the field must be a `bool`");
                scalar(cx, None, attrs.ctx.get(), ty, order)
            }
        };
    }
    let order_span = attrs.order_span().filter(|_| !prefixed);
    scalar(cx, order_span, attrs.ctx.get(), ty, order)
}

/// `int = u24` on an unsigned integer field: the value in fewer bytes than its type has.
fn narrow(cx: &Ctxt, width: &syn::Ident, ty: &Type, order: Order) -> Codec {
    let codec = |kind| Codec {
        ty: ty.clone(),
        kind,
    };
    let stand_in = || codec(CodecKind::Plain { ctx: None });
    let name = width.to_string();
    let kind = match IntKind::from_name(&name) {
        Some(kind) if !kind.is_signed() && kind.size().is_some() => kind,
        Some(IntKind::Vbi | IntKind::VarInt) => {
            let ty = if name == "vbi" { "Vbi" } else { "VarInt" };
            cx.error_spanned_by(width, format!("`int` gives a fixed width; a `{name}` field has the runtime's type: `wire_runtime::int::{ty}`"));
            return stand_in();
        }
        _ => {
            cx.error_spanned_by(width, format!("`int` takes an unsigned width: u8, u16, u24, u32, u40, u48, u56 or u64, not `{name}`"));
            return stand_in();
        }
    };
    let size = kind.size().unwrap_or(0);
    let held = match types::unsigned_name(ty) {
        Some(held) => held,
        None => {
            cx.error_spanned_by(ty, format!("`int = {name}` stores an unsigned integer in {size} bytes: the field must be u16, u32 or u64"));
            return stand_in();
        }
    };
    let held_size = types::prim(ty).map_or(0, |p| p.size);
    if held_size == size {
        cx.error_spanned_by(
            width,
            format!(
                "the field is already `{held}`, {size} bytes on the wire: remove `int = {name}`"
            ),
        );
    } else if held_size < size || held_size > 8 {
        cx.error_spanned_by(
            width,
            format!(
                "`{name}` values do not fit `{held}`: hold them in {}",
                if size <= 4 { "u32 or u64" } else { "u64" }
            ),
        );
        return stand_in();
    }
    let ident = syn::Ident::new(&held, width.span());
    codec(CodecKind::Prim {
        prim: types::Prim {
            kind: types::PrimKind::Narrow(ident, kind),
            size,
        },
        order,
    })
}

fn reject_key_value(cx: &Ctxt, attrs: &FieldAttrs) {
    for (span, what) in [(attrs.key.span(), "key"), (attrs.value.span(), "value")] {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!("`{what}(...)` applies to maps and `Vec<(K, V)>` fields"),
            );
        }
    }
}

fn pair(cx: &Ctxt, attrs: &FieldAttrs, k: &Type, v: &Type, order: Order, ty_span: Span) -> Codec {
    let key = element(
        cx,
        attrs.key.get().map(|b| &**b),
        k,
        order,
        ty_span,
        None,
        attrs.broken,
    );
    let value = element(
        cx,
        attrs.value.get().map(|b| &**b),
        v,
        order,
        ty_span,
        None,
        attrs.broken,
    );
    Codec {
        ty: syn::parse_quote!((#k, #v)),
        kind: CodecKind::Pair(Box::new(key), Box::new(value)),
    }
}

fn element(
    cx: &Ctxt,
    attrs: Option<&FieldAttrs>,
    ty: &Type,
    order: Order,
    ty_span: Span,
    outer_ctx: Option<&Expr>,
    broken: bool,
) -> Codec {
    match attrs {
        Some(attrs) => {
            attrs.check_place(cx, Place::Element);
            lower(cx, attrs, ty, order, ty_span)
        }
        None => {
            if types::is_unsized_layout(ty) && !broken {
                cx.error_at(ty_span, format!("the elements have no size of their own: describe them with `item(len = u16)` (or `key(...)`/`value(...)` for maps){}", own_type_hint(ty)));
            }
            scalar(cx, None, outer_ctx, ty, order)
        }
    }
}

fn scalar(
    cx: &Ctxt,
    order_span: Option<Span>,
    ctx: Option<&Expr>,
    ty: &Type,
    order: Order,
) -> Codec {
    let kind = match (types::prim(ty), ctx) {
        (Some(prim), None) => CodecKind::Prim { prim, order },
        (_, ctx) => {
            if let Some(span) = order_span {
                cx.error_at(span, "`le`/`be` apply to integers, floats, length prefixes and elements; this type decides its own byte order");
            }
            CodecKind::Plain { ctx: ctx.cloned() }
        }
    };
    Codec {
        ty: ty.clone(),
        kind,
    }
}

/// A field of a `#[wire(msgpack)]` container: one msgpack value, an extension carrying a binary
/// layout, or a counted list. Lengths are part of msgpack values, so prefixes do not apply.
fn lower_msgpack(cx: &Ctxt, attrs: &FieldAttrs, ty: &Type, ty_span: Span) -> Codec {
    // The key table reported the keys that do not apply here, and those that exclude each other.
    let kind = if let Some(path) = attrs.with.get() {
        CodecKind::With(path.clone())
    } else if let Some(ctx) = attrs.ctx.get() {
        // A child that takes context is a `#[wire(msgpack, ctx(...))]` type: its values, inline.
        CodecKind::Plain {
            ctx: Some(ctx.clone()),
        }
    } else if let Some(ext_type) = attrs.ext.get() {
        CodecKind::MsgPackExt {
            ext_type: ext_type.clone(),
        }
    } else if attrs.bin.is_set() {
        CodecKind::MsgPackBin
    } else if attrs.counted.is_set() {
        match types::seq(ty) {
            Some(seq) if seq.kind == types::SeqKind::Vec => CodecKind::MsgPackCounted {
                item: seq.first.clone(),
            },
            _ => {
                cx.error_at(
                    attrs.counted.span().unwrap_or(ty_span),
                    "`counted` writes a `Vec` as an integer count and its items",
                );
                CodecKind::MsgPack
            }
        }
    } else {
        CodecKind::MsgPack
    };
    Codec {
        ty: ty.clone(),
        kind,
    }
}

/// `padding = zero` (the default: padding bytes must be 0) or `padding = ignore`.
fn pad_checked(cx: &Ctxt, attrs: &FieldAttrs) -> bool {
    match attrs.padding.get() {
        None => true,
        Some(policy) if policy == "zero" => true,
        Some(policy) if policy == "ignore" => false,
        Some(policy) => {
            cx.error_spanned_by(policy, format!("`padding` is `zero` (padding bytes must be 0, the default) or `ignore` (read as anything, written as 0), not `{policy}`"));
            true
        }
    }
}

/// `checksum = Algo, over = ...`, the range resolved later by `check`.
fn checksum_field(cx: &Ctxt, attrs: &FieldAttrs) -> Option<ChecksumField> {
    let (algo, over) = (attrs.checksum.get()?, attrs.over.get()?);
    let algo = match algo {
        Expr::Path(p) if p.qself.is_none() => quote::quote!(#p),
        other => {
            cx.error_spanned_by(other, "`checksum` takes the algorithm's type: `Crc32`, `InternetChecksum`, or a type of your own implementing `wire_runtime::checksum::Checksum`");
            quote::quote!(())
        }
    };
    Some(ChecksumField {
        algo,
        over: over.clone(),
        first: 0,
        last: 0,
    })
}

//! The model code is generated from: every field lowered to a [`Codec`] tree.

use super::attr::{BitRange, ContainerAttrs, FieldAttrs, Order, Reserved, TagAttr, VariantAttrs};
use super::check;
use super::ctxt::Ctxt;
use super::types::{self, Prim, SeqKind};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;
use syn::{Expr, Ident, Type};

pub struct Container<'a> {
    pub ident: &'a Ident,
    pub generics: &'a syn::Generics,
    pub attrs: ContainerAttrs,
    pub order: Order,
    pub data: Data<'a>,
}

pub enum Data<'a> {
    Struct(Fields<'a>),
    Bits(BitStruct<'a>),
    Enum(Enum<'a>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Named,
    Tuple,
    Unit,
}

pub struct Fields<'a> {
    pub style: Style,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub member: syn::Member,
    /// Name in error paths: the field name, or its index.
    pub name: String,
    /// The local the decoded value lives in.
    pub slot: Ident,
    /// The name expressions use for this field (a reference), if it has one.
    pub binding: Option<Ident>,
    pub ty: &'a Type,
    pub role: Role,
    pub pad_before: Option<Expr>,
    pub pad_after: Option<Expr>,
    pub fill: Fill,
    /// Span of the `rest` key, checked to be on the last field.
    pub rest_span: Option<Span>,
    /// `rest_len`: the fields after this one are decoded inside a section of its value; the
    /// flag says whether bytes they leave are skipped (`allow_trailing`).
    pub rest_len: Option<bool>,
    /// `inclusive` (with `rest_len`): the length counts the field's own bytes too; holds that
    /// size.
    pub inclusive: Option<usize>,
    /// `optional`: see [`Optional`].
    pub optional: Option<Optional>,
    /// Some attribute of the field did not parse (already reported).
    pub attrs_broken: bool,
}

// Built once per field while expanding a derive; boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum Role {
    /// Not on the wire; decoded as `Default::default()` or the given expression.
    Skip(Option<Expr>),
    Wire(Codec),
}

/// An `optional` field: absent when the section is exhausted (or when `when` is false), decoded
/// as `default` (or `Default::default()`); left out on encode when it and every optional field
/// after it hold their defaults.
pub struct Optional {
    pub default: Option<Expr>,
    /// `if = expr` on an optional field: it can only be present when this holds.
    pub when: Option<Expr>,
}

/// What encoding writes for a field instead of its value.
pub enum Fill {
    None,
    /// `fill = expr`
    Expr(Expr),
    /// The length (`len = this`) or count (`count = this`) of a later field.
    LenOf {
        target: usize,
        count: bool,
    },
    /// `rest_len`: the byte length of all the fields after this one.
    RestLen,
}

/// How one value is laid out.
pub struct Codec {
    pub ty: Type,
    pub kind: CodecKind,
}

pub enum CodecKind {
    /// An inline integer, float, bool or byte array.
    Prim { prim: Prim, order: Order },
    /// The type's own `WireDecode`/`WireEncode` (or `DecodeWith`/`EncodeWith` with a context).
    Plain { ctx: Option<Expr> },
    /// A hand-written module with `decode`, `encode` and `encoded_len`.
    With(syn::Path),
    /// A value decoded inside a length-delimited section.
    Section {
        len: LenSource,
        null: NullMode,
        inner: Box<Codec>,
        /// Bytes the value leaves in its section are skipped instead of rejected.
        allow_trailing: bool,
    },
    /// Elements until the end of the section (`count: None`) or counted.
    Seq {
        seq: SeqKind,
        count: Option<LenSource>,
        item: Box<Codec>,
    },
    /// A key-value pair (map entries, `Vec<(K, V)>` items).
    Pair(Box<Codec>, Box<Codec>),
    /// `Option<T>` present when the expression holds.
    Cond { cond: Expr, inner: Box<Codec> },
    /// msgpack mode: the type's own msgpack value (`MsgPackDecode`/`MsgPackEncode`).
    MsgPack,
    /// msgpack mode: an extension value of this type whose data is the field's binary layout.
    MsgPackExt { ext_type: Expr },
    /// msgpack mode: a `Vec` as an integer count, then the items (Ignite's lists).
    MsgPackCounted { item: Type },
    /// msgpack mode: a byte container as one bin value (`BinDecode`/`BinEncode`).
    MsgPackBin,
}

pub enum LenSource {
    /// Read from a prefix of this type just before the value.
    Prefix {
        ty: TokenStream,
        name: String,
        order: Order,
    },
    /// An expression over earlier fields and the context; checked on encode.
    Expr(Expr),
    /// An earlier field, filled in on encode.
    Field(Ident),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NullMode {
    /// The value is always present.
    Never,
    /// `-1` means `None`.
    MinusOne,
    /// Length 0 means `None`.
    Empty,
}

pub struct BitStruct<'a> {
    pub word: Ident,
    pub word_size: usize,
    pub fields: Vec<BitMember<'a>>,
    pub reserved: Vec<Reserved>,
    pub style: Style,
}

pub struct BitMember<'a> {
    pub member: syn::Member,
    pub slot: Ident,
    pub ty: &'a Type,
    pub bits: BitRange,
}

pub struct Enum<'a> {
    pub tag: Tag,
    pub variants: Vec<Variant<'a>>,
}

pub enum Tag {
    /// `tag = u16`: read, or `peek`ed for `u8`.
    Single {
        ty: TokenStream,
        name: String,
        order: Order,
        peek: bool,
    },
    /// `tag = u8, tag_bits = 4..8`.
    Bits {
        ty: TokenStream,
        name: String,
        bits: BitRange,
        peek: bool,
    },
    /// `tag(key: u16, version: u16)`.
    Composite(Vec<(Ident, TokenStream, String)>),
    /// `ctx_tag = u16`: the parent read the tag.
    Ctx { ty: TokenStream },
}

impl Tag {
    /// Number of leading fields of an `other` variant that receive the tag.
    pub fn arity(&self) -> usize {
        match self {
            Tag::Composite(parts) => parts.len(),
            _ => 1,
        }
    }
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub tag: Option<Expr>,
    pub other: bool,
    /// Span of the `other` key.
    pub other_span: Option<Span>,
    pub magic: Option<Expr>,
    /// `validate = expr`: a `Result<(), &'static str>` checked after decoding, before encoding.
    pub validate: Option<Expr>,
    pub fields: Fields<'a>,
    /// Some attribute of the variant did not parse (already reported).
    pub attrs_broken: bool,
}

impl<'a> Container<'a> {
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = ContainerAttrs::parse(cx, &input.attrs);
        let order = attrs.order.get().copied().unwrap_or(Order::Big);
        cx.msgpack.set(attrs.msgpack.is_set());
        let data = match &input.data {
            syn::Data::Struct(s) if attrs.bits.is_set() => {
                Data::Bits(bit_struct(cx, &attrs, &s.fields))
            }
            syn::Data::Struct(s) => Data::Struct(fields(cx, &s.fields, order)),
            syn::Data::Enum(e) => Data::Enum(enumeration(cx, input, &attrs, e, order)),
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "wire cannot derive codecs for unions: use a struct or an enum with a tag",
                );
                return None;
            }
        };
        Some(Container {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            order,
            data,
        })
    }

    /// The container's context parameters, `(names, types)`.
    pub fn ctx_params(&self) -> Option<(Vec<&Ident>, Vec<&Type>)> {
        let params = self.attrs.ctx.get()?;
        Some((
            params.iter().map(|p| &p.name).collect(),
            params.iter().map(|p| &p.ty).collect(),
        ))
    }
}

/// `inclusive`: the size of the `rest_len` integer it applies to, which its length counts too
/// (RocketMQ's `storeSize` covers the whole record, itself included).
fn inclusive_size(cx: &Ctxt, attrs: &FieldAttrs, role: &Role) -> Option<usize> {
    let span = attrs.inclusive.span()?;
    if !attrs.rest_len.is_set() {
        cx.error_at(span, "`inclusive` says a `rest_len` length counts its own bytes too: it goes with `rest_len`");
        return None;
    }
    match role {
        Role::Wire(Codec {
            kind: CodecKind::Prim { prim, .. },
            ..
        }) if matches!(prim.kind, types::PrimKind::Number(_)) => Some(prim.size),
        _ => {
            cx.error_at(span, "`inclusive` needs a fixed-size integer: a length that counts itself must know its own size before it is read");
            None
        }
    }
}

fn fields<'a>(cx: &Ctxt, fields: &'a syn::Fields, order: Order) -> Fields<'a> {
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, f)| field(cx, i, f, order))
        .collect();
    Fields { style, fields }
}

fn field<'a>(cx: &Ctxt, index: usize, f: &'a syn::Field, order: Order) -> Field<'a> {
    let attrs = FieldAttrs::parse(cx, &f.attrs);
    let (member, name, binding) = match &f.ident {
        Some(ident) => (
            syn::Member::Named(ident.clone()),
            ident.to_string(),
            Some(ident.clone()),
        ),
        None => (syn::Member::Unnamed(index.into()), index.to_string(), None),
    };
    let slot = format_ident!("__wire_{}", name.trim_start_matches("r#"));
    if let Some(span) = attrs.bits.span() {
        cx.error_at(span, "`bit`/`bits` place a field in a bit-field word: add `#[wire(bits = u8)]` to the struct");
    }
    let role = if attrs.skip.is_set() {
        for (span, what) in [
            (attrs.len.span(), "len"),
            (attrs.count.span(), "count"),
            (attrs.rest.span(), "rest"),
            (attrs.cond.span(), "if"),
            (attrs.with.span(), "with"),
            (attrs.fill.span(), "fill"),
        ] {
            if let Some(span) = span {
                cx.error_at(span, format!("conflicting wire attributes: a `skip` field is not on the wire, so `{what}` has no effect"));
            }
        }
        Role::Skip(attrs.default.get().cloned().flatten())
    } else {
        if let (Some(span), false) = (attrs.default.span(), attrs.optional.is_set()) {
            cx.error_at(
                span,
                "`default` goes with `skip` or `optional`: a field on the wire is always decoded",
            );
        }
        if attrs.optional.is_set() {
            for (span, what) in [
                (attrs.pad_before.span(), "pad_before"),
                (attrs.pad_after.span(), "pad_after"),
                (attrs.rest_len.span(), "rest_len"),
                (attrs.rest.span(), "rest"),
            ] {
                if let Some(span) = span {
                    cx.error_at(span, format!("conflicting wire attributes: an `optional` field is present exactly when bytes are left, so it has no `{what}`"));
                }
            }
        }
        Role::Wire(lower(cx, &attrs, &f.ty, order, f.ty.span()))
    };
    if let Some(span) = attrs.rest_len.span() {
        for (other, what) in [
            (attrs.len.span(), "len"),
            (attrs.count.span(), "count"),
            (attrs.rest.span(), "rest"),
            (attrs.cond.span(), "if"),
            (attrs.skip.span(), "skip"),
            (attrs.fill.span(), "fill"),
            (attrs.with.span(), "with"),
        ] {
            if let Some(other) = other {
                cx.error_at(other, format!("conflicting wire attributes: a `rest_len` field is the length of the fields after it, so it has no `{what}`"));
            }
        }
        let _ = span;
    }
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
        ty: &f.ty,
        role,
        pad_before: attrs.pad_before.get().cloned(),
        pad_after: attrs.pad_after.get().cloned(),
        fill,
        rest_span: attrs.rest.span(),
        rest_len: attrs
            .rest_len
            .is_set()
            .then(|| attrs.allow_trailing.is_set()),
        inclusive,
        optional: attrs.optional.is_set().then(|| Optional {
            default: attrs.default.get().cloned().flatten(),
            when: attrs.cond.get().cloned(),
        }),
        attrs_broken: attrs.broken,
    }
}

/// Turns a field's attributes and type into its codec, reporting impossible combinations.
pub fn lower(cx: &Ctxt, attrs: &FieldAttrs, ty: &Type, order: Order, ty_span: Span) -> Codec {
    let order = attrs.order.get().copied().unwrap_or(order);
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
    let mut misplaced_msgpack = false;
    for (span, what) in [
        (attrs.ext.span(), "ext"),
        (attrs.counted.span(), "counted"),
        (attrs.bin.span(), "bin"),
    ] {
        if let Some(span) = span {
            cx.error_at(
                span,
                format!("`{what}` describes a msgpack value: add `#[wire(msgpack)]` to the struct"),
            );
            misplaced_msgpack = true;
        }
    }
    let conflict = |a: Option<Span>, first: &str, second: &str| {
        if let Some(span) = a {
            cx.error_at(
                span,
                format!(
                    "conflicting wire attributes: `{second}` cannot be combined with `{first}`"
                ),
            );
        }
    };

    if let Some(path) = attrs.with.get() {
        for (span, what) in [
            (attrs.len.span(), "len"),
            (attrs.count.span(), "count"),
            (attrs.rest.span(), "rest"),
            (attrs.ctx.span(), "ctx"),
            (attrs.item.span(), "item"),
            (attrs.nullable.span(), "nullable"),
        ] {
            conflict(span, "with", what);
        }
        return codec(CodecKind::With(path.clone()));
    }

    let null = match (attrs.nullable.span(), attrs.empty_is_none.span()) {
        (Some(_), Some(second)) => {
            conflict(Some(second), "nullable", "empty_is_none");
            NullMode::MinusOne
        }
        (Some(_), None) => NullMode::MinusOne,
        (None, Some(_)) => NullMode::Empty,
        (None, None) => NullMode::Never,
    };
    let null_span = attrs.nullable.span().or(attrs.empty_is_none.span());
    let null_key = if attrs.nullable.is_set() {
        "nullable"
    } else {
        "empty_is_none"
    };

    if let Some(len) = attrs.len.get() {
        conflict(attrs.count.span(), "len", "count");
        conflict(attrs.rest.span(), "len", "rest");
        let source = len_source(cx, len, order);
        let inner_ty = if null == NullMode::Never {
            ty
        } else {
            match types::option_inner(ty) {
                Some(inner) => inner,
                None => {
                    cx.error_at(
                        null_span.unwrap_or(ty_span),
                        format!("`{null_key}` decodes some lengths as `None`, so the field must have type `Option<T>`"),
                    );
                    ty
                }
            }
        };
        if null != NullMode::Never {
            match &source {
                LenSource::Prefix { name, .. }
                    if null == NullMode::MinusOne && !name.starts_with('i') =>
                {
                    cx.error_at(null_span.unwrap_or(ty_span), format!("`nullable` means a length of -1, which needs a signed prefix (i8, i16, i32, i64), not `{name}`"));
                }
                LenSource::Prefix { .. } => {}
                _ => cx.error_at(
                    null_span.unwrap_or(ty_span),
                    format!("`{null_key}` needs a length prefix read from the wire, such as `len = i16`, not a length from a field or expression"),
                ),
            }
        }
        let inner = lower_contents(cx, attrs, inner_ty, order, ty_span, None);
        return codec(CodecKind::Section {
            len: source,
            null,
            inner: Box::new(inner),
            allow_trailing: attrs.allow_trailing.is_set(),
        });
    }
    if let Some(span) = attrs.allow_trailing.span() {
        if !attrs.rest_len.is_set() {
            cx.error_at(span, "`allow_trailing` lets a length-delimited section keep unread bytes: it goes with `len = ...` or `rest_len`");
        }
    }
    if let Some(span) = null_span {
        cx.error_at(
            span,
            format!(
                "`{null_key}` describes a length prefix: add `len = i16` (or another prefix type)"
            ),
        );
    }

    if let Some(count) = attrs.count.get() {
        conflict(attrs.rest.span(), "count", "rest");
        if types::seq(ty).is_none() {
            cx.error_at(attrs.count.span().unwrap_or(ty_span), "`count` counts elements: use it on a `Vec`, `BTreeMap` or `HashMap` field (for a byte length, use `len`)");
            return codec(CodecKind::Plain { ctx: None });
        }
        let source = len_source(cx, count, order);
        return lower_contents(cx, attrs, ty, order, ty_span, Some(source));
    }

    if attrs.rest.is_set() {
        return lower_contents(cx, attrs, ty, order, ty_span, None);
    }

    // A misplaced msgpack attribute meant a msgpack value: its size is no further error.
    if types::is_unsized_layout(ty) && !attrs.broken && !misplaced_msgpack {
        cx.error_at(ty_span, "this type has no size of its own: give it `#[wire(len = u16)]` (a byte-length prefix), `#[wire(count = u16)]` (an element count) or `#[wire(rest)]` (the rest of the input)");
    }
    lower_contents(cx, attrs, ty, order, ty_span, None)
}

/// The codec of a value that fills its section (or is counted): sequences loop, others are
/// primitives or plain types.
fn lower_contents(
    cx: &Ctxt,
    attrs: &FieldAttrs,
    ty: &Type,
    order: Order,
    ty_span: Span,
    count: Option<LenSource>,
) -> Codec {
    let codec = |kind| Codec {
        ty: ty.clone(),
        kind,
    };
    if let Some(seq) = types::seq(ty) {
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
        return codec(CodecKind::Seq {
            seq: seq.kind,
            count,
            item: Box::new(item),
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
    scalar(cx, attrs.order.span(), attrs.ctx.get(), ty, order)
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
            for (span, what) in [
                (attrs.skip.span(), "skip"),
                (attrs.default.span(), "default"),
                (attrs.fill.span(), "fill"),
                (attrs.pad_before.span(), "pad_before"),
                (attrs.pad_after.span(), "pad_after"),
            ] {
                if let Some(span) = span {
                    cx.error_at(span, format!("`{what}` applies to fields, not to elements"));
                }
            }
            lower(cx, attrs, ty, order, ty_span)
        }
        None => {
            if types::is_unsized_layout(ty) && !broken {
                cx.error_at(ty_span, "the elements have no size of their own: describe them with `item(len = u16)` (or `key(...)`/`value(...)` for maps)");
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
    for (span, what) in [
        (attrs.len.span(), "len"),
        (attrs.count.span(), "count"),
        (attrs.rest.span(), "rest"),
        (attrs.rest_len.span(), "rest_len"),
        (attrs.allow_trailing.span(), "allow_trailing"),
        (attrs.nullable.span(), "nullable"),
        (attrs.empty_is_none.span(), "empty_is_none"),
        (attrs.order.span(), "le/be"),
        (attrs.item.span(), "item"),
        (attrs.key.span(), "key"),
        (attrs.value.span(), "value"),
    ] {
        if let Some(span) = span {
            cx.error_at(span, format!("`{what}` does not apply in msgpack mode: every field is a self-describing msgpack value (nil for `None`, a counted list with `counted`, bytes as bin with `bin`, a binary layout with `ext = N`)"));
        }
    }
    let kind = if let Some(path) = attrs.with.get() {
        CodecKind::With(path.clone())
    } else if let Some(ctx) = attrs.ctx.get() {
        // A child that takes context is a `#[wire(msgpack, ctx(...))]` type: its values, inline.
        CodecKind::Plain {
            ctx: Some(ctx.clone()),
        }
    } else if let Some(ext_type) = attrs.ext.get() {
        for (span, what) in [(attrs.counted.span(), "counted"), (attrs.bin.span(), "bin")] {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!("conflicting wire attributes: `{what}` cannot be combined with `ext`"),
                );
            }
        }
        CodecKind::MsgPackExt {
            ext_type: ext_type.clone(),
        }
    } else if attrs.bin.is_set() {
        if let Some(span) = attrs.counted.span() {
            cx.error_at(
                span,
                "conflicting wire attributes: `counted` cannot be combined with `bin`",
            );
        }
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

fn len_source(cx: &Ctxt, expr: &Expr, order: Order) -> LenSource {
    if let Expr::Path(p) = expr {
        if let Some(ident) = p.path.get_ident() {
            let name = ident.to_string();
            if let Some(ty) = types::prefix_tokens(&name, ident.span()) {
                return LenSource::Prefix { ty, name, order };
            }
            if types::is_unsupported_prefix(&name) {
                cx.error_spanned_by(ident, format!("unsupported length prefix `{name}`: use u8, u16, u32, u64, i8, i16, i32, i64, vbi or varint"));
            }
            return LenSource::Field(ident.clone());
        }
    }
    LenSource::Expr(expr.clone())
}

fn bit_struct<'a>(cx: &Ctxt, attrs: &ContainerAttrs, fields: &'a syn::Fields) -> BitStruct<'a> {
    let word = attrs
        .bits
        .get()
        .cloned()
        .unwrap_or_else(|| Ident::new("u8", Span::call_site()));
    let word_size = match word.to_string().as_str() {
        "u8" => 1,
        "u16" => 2,
        "u32" => 4,
        "u64" => 8,
        other => {
            cx.error_spanned_by(
                &word,
                format!("a bit-field word is u8, u16, u32 or u64, not `{other}`"),
            );
            1
        }
    };
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let width = 8 * word_size as u32;
    let mut members: Vec<BitMember<'a>> = Vec::new();
    let mut taken: Vec<(BitRange, String)> = Vec::new();
    let mut claim = |range: BitRange, span: Span, owner: String| {
        let (what, verb) = describe_bits(range);
        if range.hi > width {
            cx.error_at(
                span,
                format!(
                    "{what} {} outside the {width}-bit word `{word}` (bits 0..{width})",
                    if verb { "are" } else { "is" }
                ),
            );
        } else if let Some((r, other)) = taken
            .iter()
            .find(|(r, _)| r.lo < range.hi && range.lo < r.hi)
        {
            cx.error_at(
                span,
                format!(
                    "{what} {} {other} ({})",
                    if verb { "overlap" } else { "overlaps" },
                    describe_bits(*r).0
                ),
            );
        }
        taken.push((range, owner));
    };
    for reserved in &attrs.reserved {
        claim(reserved.bits, reserved.span, "a reserved range".into());
        let w = reserved.bits.hi - reserved.bits.lo;
        if w < 64 && reserved.value >> w != 0 {
            cx.error_at(
                reserved.span,
                format!("reserved value {} does not fit {w} bits", reserved.value),
            );
        }
    }
    for (i, f) in fields.iter().enumerate() {
        let fattrs = FieldAttrs::parse(cx, &f.attrs);
        let span = f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span);
        for (span, what) in [
            (fattrs.len.span(), "len"),
            (fattrs.count.span(), "count"),
            (fattrs.rest.span(), "rest"),
            (fattrs.nullable.span(), "nullable"),
            (fattrs.empty_is_none.span(), "empty_is_none"),
            (fattrs.cond.span(), "if"),
            (fattrs.ctx.span(), "ctx"),
            (fattrs.with.span(), "with"),
            (fattrs.skip.span(), "skip"),
            (fattrs.default.span(), "default"),
            (fattrs.fill.span(), "fill"),
            (fattrs.order.span(), "le/be"),
            (fattrs.pad_before.span(), "pad_before"),
            (fattrs.pad_after.span(), "pad_after"),
            (fattrs.item.span(), "item"),
            (fattrs.key.span(), "key"),
            (fattrs.value.span(), "value"),
        ] {
            if let Some(span) = span {
                cx.error_at(span, format!("`{what}` does not apply to a field of a bit-field word, which only takes `bit = N` or `bits = lo..hi`"));
            }
        }
        let Some((key_span, bits)) = fattrs.bits.value else {
            if !fattrs.broken {
                cx.error_at(span, "every field of a `bits` struct needs `#[wire(bit = N)]` or `#[wire(bits = lo..hi)]`");
            }
            continue;
        };
        let owner = match &f.ident {
            Some(ident) => format!("`{ident}`"),
            None => format!("field {i}"),
        };
        claim(bits, key_span, owner);
        check_bit_value(cx, &f.ty, bits, key_span);
        let member = match &f.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(i.into()),
        };
        let slot = format_ident!("__wire_{}", i);
        members.push(BitMember {
            member,
            slot,
            ty: &f.ty,
            bits,
        });
    }
    BitStruct {
        word,
        word_size,
        fields: members,
        reserved: attrs
            .reserved
            .iter()
            .map(|r| Reserved {
                bits: r.bits,
                value: r.value,
                span: r.span,
            })
            .collect(),
        style,
    }
}

/// "bit 3" or "bits 1..3", and whether the noun is plural.
fn describe_bits(range: BitRange) -> (String, bool) {
    if range.hi == range.lo.saturating_add(1) {
        (format!("bit {}", range.lo), false)
    } else {
        (format!("bits {}..{}", range.lo, range.hi), true)
    }
}

/// Checks what the derive can see of a bit-field member's type: a `bool` takes one bit, an
/// unsigned integer at most its own width, and a few types can never be `BitField`.
fn check_bit_value(cx: &Ctxt, ty: &Type, bits: BitRange, key_span: Span) {
    let width = bits.hi - bits.lo;
    let not_bits = || {
        cx.error_spanned_by(
            ty,
            "a bit range holds a `bool`, an unsigned integer (u8 to u64) or a fieldless enum with an integer tag, not this type",
        );
    };
    let name = match ty {
        Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(seg) => seg.ident.to_string(),
            None => return,
        },
        Type::Group(g) => return check_bit_value(cx, &g.elem, bits, key_span),
        Type::Paren(p) => return check_bit_value(cx, &p.elem, bits, key_span),
        Type::Reference(_) | Type::Array(_) | Type::Slice(_) | Type::Tuple(_) | Type::Ptr(_) => {
            return not_bits();
        }
        _ => return,
    };
    let limit = match name.as_str() {
        "bool" => {
            if width != 1 {
                cx.error_at(
                    key_span,
                    format!(
                        "a `bool` takes one bit, not {width}: write `bit = {}`",
                        bits.lo
                    ),
                );
            }
            return;
        }
        "u8" => 8,
        "u16" => 16,
        "u32" => 32,
        "u64" => 64,
        "i8" | "i16" | "i32" | "i64" | "i128" | "u128" | "isize" | "usize" | "f32" | "f64"
        | "char" | "str" | "String" | "Vec" | "Option" | "Box" | "Bytes" | "BTreeMap"
        | "HashMap" => return not_bits(),
        _ => return,
    };
    if width > limit {
        cx.error_at(
            key_span,
            format!(
                "{} are {width} bits wide, more than `{name}` holds: use a wider type or fewer bits",
                describe_bits(bits).0
            ),
        );
    }
}

fn enumeration<'a>(
    cx: &Ctxt,
    input: &'a syn::DeriveInput,
    attrs: &ContainerAttrs,
    e: &'a syn::DataEnum,
    order: Order,
) -> Enum<'a> {
    let tag = enum_tag(cx, input, attrs, order);
    if e.variants.is_empty() {
        cx.error_spanned_by(
            &input.ident,
            "an enum without variants has no value to decode or encode: add a variant",
        );
    }
    let variants = e
        .variants
        .iter()
        .map(|v| {
            let vattrs = VariantAttrs::parse(cx, &v.attrs);
            let discriminant = v.discriminant.as_ref().map(|(_, d)| d);
            if let (Some(tag), Some(d)) = (vattrs.tag.get(), discriminant) {
                if check::normalize_tag(tag) != check::normalize_tag(d) {
                    cx.error_spanned_by(d, format!("conflicting tags: the discriminant `{}` differs from `tag = {}`; keep one of them", quote!(#d), quote!(#tag)));
                }
            }
            let tag = vattrs.tag.get().or(discriminant).cloned();
            Variant {
                ident: &v.ident,
                tag,
                other: vattrs.other.is_set(),
                other_span: vattrs.other.span(),
                magic: vattrs.magic.get().cloned(),
                validate: vattrs.validate.get().cloned(),
                fields: fields(cx, &v.fields, order),
                attrs_broken: vattrs.broken,
            }
        })
        .collect();
    Enum { tag, variants }
}

fn enum_tag(cx: &Ctxt, input: &syn::DeriveInput, attrs: &ContainerAttrs, order: Order) -> Tag {
    let peek = attrs.peek.is_set();
    let single = |ident: &Ident| -> (TokenStream, String) {
        let name = ident.to_string();
        match types::prefix_tokens(&name, ident.span()) {
            Some(ty) => (ty, name),
            None => {
                cx.error_spanned_by(ident, format!("unsupported tag type `{name}`: use u8, u16, u32, u64, i8, i16, i32, i64, vbi or varint"));
                (quote!(u8), "u8".into())
            }
        }
    };
    if let (Some(_), Some(span)) = (attrs.tag.get(), attrs.ctx_tag.span()) {
        cx.error_at(span, "conflicting wire attributes: `ctx_tag` (the parent read the tag) cannot be combined with `tag`");
    }
    if let Some(ident) = attrs.ctx_tag.get() {
        for (span, what) in [
            (attrs.tag_bits.span(), "tag_bits"),
            (attrs.peek.span(), "peek"),
        ] {
            if let Some(span) = span {
                cx.error_at(span, format!("conflicting wire attributes: `{what}` describes how the enum reads its tag, but with `ctx_tag` the parent reads it"));
            }
        }
        return Tag::Ctx {
            ty: single(ident).0,
        };
    }
    match attrs.tag.get() {
        None if attrs.broken => Tag::Single {
            ty: quote!(u8),
            name: "u8".into(),
            order,
            peek: false,
        },
        None if attrs.tag_bits.is_set() || attrs.peek.is_set() => {
            let (span, what) = match attrs.tag_bits.span() {
                Some(span) => (span, "tag_bits"),
                None => (
                    attrs.peek.span().unwrap_or_else(|| input.ident.span()),
                    "peek",
                ),
            };
            cx.error_at(
                span,
                format!("`{what}` needs the tag's type: add `tag = u8` next to it"),
            );
            Tag::Single {
                ty: quote!(u8),
                name: "u8".into(),
                order,
                peek: false,
            }
        }
        None => {
            cx.error_spanned_by(&input.ident, "an enum needs a tag: add `#[wire(tag = u8)]` (or u16, u32, vbi, `tag(a: u16, b: u16)`, `ctx_tag = u16`)");
            Tag::Single {
                ty: quote!(u8),
                name: "u8".into(),
                order,
                peek: false,
            }
        }
        Some(TagAttr::Single(ident)) => {
            let (ty, name) = single(ident);
            if let Some(bits) = attrs.tag_bits.get() {
                let width = 8;
                if name != "u8" {
                    cx.error_spanned_by(
                        ident,
                        "`tag_bits` takes the tag from bits of one byte: use `tag = u8`",
                    );
                } else if bits.hi > width {
                    cx.error_at(
                        attrs.tag_bits.span().unwrap_or_else(Span::call_site),
                        format!("tag bits {}..{} do not fit `{name}`", bits.lo, bits.hi),
                    );
                }
                if peek && name != "u8" {
                    cx.error_at(attrs.peek.span().unwrap_or_else(Span::call_site), "`peek` reads the tag without consuming it, which wire supports for `u8` tags");
                }
                return Tag::Bits {
                    ty,
                    name,
                    bits: *bits,
                    peek,
                };
            }
            if peek && name != "u8" {
                cx.error_at(
                    attrs.peek.span().unwrap_or_else(Span::call_site),
                    "`peek` reads the tag without consuming it, which wire supports for `u8` tags",
                );
            }
            Tag::Single {
                ty,
                name,
                order,
                peek,
            }
        }
        Some(TagAttr::Composite(parts)) => {
            if let Some(span) = attrs.tag_bits.span().or(attrs.peek.span()) {
                cx.error_at(
                    span,
                    "`tag_bits` and `peek` apply to a single tag, not a composite one",
                );
            }
            Tag::Composite(
                parts
                    .iter()
                    .map(|(name, ty)| {
                        let (tokens, ty_name) = single(ty);
                        (name.clone(), tokens, ty_name)
                    })
                    .collect(),
            )
        }
    }
}

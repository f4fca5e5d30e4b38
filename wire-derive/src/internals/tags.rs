//! Lowering of enums: the tag and how it is read, and each variant.

use super::ast::{Enum, Tag, Variant};
use super::attr::{ContainerAttrs, Order, TagAttr, VariantAttrs};
use super::ctxt::Ctxt;
use super::ints::{IntKind, unsupported};
use super::keys::Place;
use super::lower::fields;
use proc_macro2::Span;
use quote::quote;
use syn::{Expr, Ident};

pub(super) fn enumeration<'a>(
    cx: &Ctxt,
    input: &'a syn::DeriveInput,
    attrs: &ContainerAttrs,
    e: &'a syn::DataEnum,
    order: Order,
) -> Enum<'a> {
    let (tag, tag_as_written) = enum_tag(cx, input, attrs, order);
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
            vattrs.check_place(cx, Place::Variant);
            let discriminant = v.discriminant.as_ref().map(|(_, d)| d);
            if let (Some(tag), Some(d)) = (vattrs.tag.get(), discriminant) {
                if normalize_tag(tag) != normalize_tag(d) {
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
    Enum {
        tag,
        tag_as_written,
        variants,
    }
}

/// The enum's tag, and whether it is the one the attributes name (not a stand-in after an
/// error).
fn enum_tag(
    cx: &Ctxt,
    input: &syn::DeriveInput,
    attrs: &ContainerAttrs,
    order: Order,
) -> (Tag, bool) {
    let peek = attrs.peek.is_set();
    let stand_in = Tag::Single {
        kind: IntKind::U8,
        order,
        peek: false,
    };
    let kind_of = |ident: &Ident| -> Option<IntKind> {
        let kind = IntKind::from_name(&ident.to_string());
        if kind.is_none() {
            cx.error_spanned_by(ident, unsupported("tag type", &ident.to_string()));
        }
        kind
    };
    // The key table reports `tag_bits`, `peek` and `tag` beside `ctx_tag`, and `tag_bits` or
    // `peek` without `tag`.
    if let Some(ctx_tag) = attrs.ctx_tag.get() {
        let (inner, as_written) = match ctx_tag {
            TagAttr::Single(ident) => match kind_of(ident) {
                Some(kind) => (single(kind), true),
                None => (single(IntKind::U8), false),
            },
            TagAttr::Composite(parts) => composite(parts, kind_of),
        };
        return (
            Tag::Ctx {
                inner: Box::new(inner),
            },
            as_written,
        );
    }
    let peek_needs_u8 = |kind: IntKind| {
        if peek && kind != IntKind::U8 {
            cx.error_at(
                attrs.peek.span().unwrap_or_else(Span::call_site),
                "`peek` reads the tag without consuming it, which wire supports for `u8` tags",
            );
        }
    };
    match attrs.tag.get() {
        None if attrs.broken || attrs.tag_bits.is_set() || attrs.peek.is_set() => (stand_in, false),
        None => {
            cx.error_spanned_by(&input.ident, "an enum needs a tag: add `#[wire(tag = u8)]` (or u16, u32, vbi, `tag(a: u16, b: u16)`, `ctx_tag = u16`)");
            (stand_in, false)
        }
        Some(TagAttr::Single(ident)) => {
            let Some(kind) = kind_of(ident) else {
                return (stand_in, false);
            };
            peek_needs_u8(kind);
            let Some(bits) = attrs.tag_bits.get() else {
                return (Tag::Single { kind, order, peek }, true);
            };
            if kind != IntKind::U8 {
                cx.error_spanned_by(
                    ident,
                    "`tag_bits` takes the tag from bits of one byte: use `tag = u8`",
                );
            } else if bits.hi > 8 {
                cx.error_at(
                    attrs.tag_bits.span().unwrap_or_else(Span::call_site),
                    format!("tag bits {}..{} do not fit `u8`", bits.lo, bits.hi),
                );
            }
            let tag = Tag::Bits { bits: *bits, peek };
            (tag, kind == IntKind::U8)
        }
        Some(TagAttr::Composite(parts)) => {
            if let Some(span) = attrs.tag_bits.span().or(attrs.peek.span()) {
                cx.error_at(
                    span,
                    "`tag_bits` and `peek` apply to a single tag, not a composite one",
                );
            }
            composite(parts, kind_of)
        }
    }
}

/// A tag the parent read, of one integer kind: it holds no byte order or peek of its own.
fn single(kind: IntKind) -> Tag {
    Tag::Single {
        kind,
        order: Order::Big,
        peek: false,
    }
}

/// `tag(key: u16, version: u16)`: the parts' kinds, each reported if unsupported; false if one
/// was.
fn composite(parts: &[(Ident, Ident)], kind_of: impl Fn(&Ident) -> Option<IntKind>) -> (Tag, bool) {
    let kinds: Vec<Option<IntKind>> = parts.iter().map(|(_, ty)| kind_of(ty)).collect();
    let as_written = kinds.iter().all(Option::is_some);
    let parts = parts
        .iter()
        .zip(kinds)
        .map(|((name, _), kind)| (name.clone(), kind.unwrap_or(IntKind::U8)))
        .collect();
    (Tag::Composite(parts), as_written)
}

/// A tag's value in a comparable form: integer literals by value, anything else by tokens.
pub fn normalize_tag(tag: &Expr) -> String {
    match tag {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i
            .base10_parse::<u128>()
            .map(|v| v.to_string())
            .unwrap_or_else(|_| i.to_string()),
        Expr::Tuple(t) => {
            let parts: Vec<_> = t.elems.iter().map(normalize_tag).collect();
            format!("({})", parts.join(","))
        }
        Expr::Paren(p) => normalize_tag(&p.expr),
        other => quote::quote!(#other).to_string(),
    }
}

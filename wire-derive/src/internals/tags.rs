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
    let tag_kinds = tag_kinds(&tag, order);
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
            let tag = vattrs
                .tag
                .get()
                .or(discriminant)
                .map(|tag| byte_literals_as_integers(cx, tag, &tag_kinds));
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

/// The integer kind of each part of a tag, with the byte order it is read in (`None` for a
/// part read as bits).
fn tag_kinds(tag: &Tag, order: Order) -> Vec<Option<(IntKind, Order)>> {
    match tag {
        Tag::Single { kind, order, .. } => vec![Some((*kind, *order))],
        Tag::Bits { .. } => vec![None],
        Tag::Composite(parts) => parts.iter().map(|(_, k)| Some((*k, order))).collect(),
        // The parent read the tag: its bytes are not ours to interpret.
        Tag::Ctx { inner } => tag_kinds(inner, order).iter().map(|_| None).collect(),
    }
}

/// A variant tag with byte literals turned into the integers they are: `b'Q'` serves a `u16`
/// tag as well as a `u8` one, and `b"MZ"` a tag of exactly two bytes (read in the tag's byte
/// order). A char or string literal is reported with the way to write it.
fn byte_literals_as_integers(cx: &Ctxt, tag: &Expr, kinds: &[Option<(IntKind, Order)>]) -> Expr {
    match tag {
        Expr::Tuple(t) if kinds.len() > 1 => {
            let mut t = t.clone();
            for (elem, kind) in t.elems.iter_mut().zip(kinds) {
                *elem = byte_literals_as_integers(cx, elem, std::slice::from_ref(kind));
            }
            Expr::Tuple(t)
        }
        Expr::Lit(syn::ExprLit { lit, .. }) => match lit {
            syn::Lit::Byte(b) => integer(u128::from(b.value()), b.span()),
            syn::Lit::ByteStr(s) => byte_string_tag(cx, s, kinds),
            syn::Lit::Char(c) => {
                cx.error_spanned_by(c, format!("a tag is an integer, and `{}` is a char: write the byte literal `b{}` for its byte value", quote!(#c), quote!(#c)));
                tag.clone()
            }
            _ => tag.clone(),
        },
        _ => tag.clone(),
    }
}

/// `b"MZ"` under a two-byte tag: the integer those bytes read as.
fn byte_string_tag(cx: &Ctxt, s: &syn::LitByteStr, kinds: &[Option<(IntKind, Order)>]) -> Expr {
    let bytes = s.value();
    let fixed = match kinds {
        [Some((kind, order))] => kind.size().map(|size| (size, *order)),
        _ => None,
    };
    match fixed {
        Some((size, order)) if size == bytes.len() => {
            let mut be = bytes.clone();
            if order == Order::Little {
                be.reverse();
            }
            let value = be.iter().fold(0u128, |acc, b| acc << 8 | u128::from(*b));
            integer(value, s.span())
        }
        Some((size, _)) => {
            cx.error_spanned_by(s, format!("this byte string has {} bytes and the tag {size}: a byte string tag holds exactly the tag's bytes", bytes.len()));
            Expr::Lit(syn::ExprLit {
                attrs: Vec::new(),
                lit: syn::Lit::ByteStr(s.clone()),
            })
        }
        None => {
            cx.error_spanned_by(s, "a byte string tag needs a tag this enum reads itself, of fixed width (u8 to u64): write the integer");
            Expr::Lit(syn::ExprLit {
                attrs: Vec::new(),
                lit: syn::Lit::ByteStr(s.clone()),
            })
        }
    }
}

fn integer(value: u128, span: Span) -> Expr {
    let lit = syn::LitInt::new(&format!("{value:#x}"), span);
    Expr::Lit(syn::ExprLit {
        attrs: Vec::new(),
        lit: syn::Lit::Int(lit),
    })
}

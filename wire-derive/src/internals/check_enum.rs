//! Checks across an enum's variants: one catch-all, tags unique, of the tag's shape and width.

use super::ast::{Enum, Style, Tag};
use super::attr::BitRange;
use super::ctxt::Ctxt;
use super::ints::IntKind;
use super::tags::normalize_tag;
use syn::{Expr, Ident};

pub(super) fn check_enum(cx: &Ctxt, e: &Enum<'_>) {
    let mut seen: Vec<(String, &Expr)> = Vec::new();
    let mut other_seen: Option<&Ident> = None;
    let peek = matches!(
        e.tag,
        Tag::Single { peek: true, .. } | Tag::Bits { peek: true, .. }
    );
    for v in &e.variants {
        if peek && v.fields.fields.is_empty() {
            cx.error_spanned_by(v.ident, "with `peek` the tag byte stays in the input, so every variant must read it again: give this variant a field that starts with that byte");
        }
        if v.other {
            if let Some(first) = other_seen {
                let span = v.other_span.unwrap_or_else(|| v.ident.span());
                cx.error_at(
                    span,
                    format!("only one variant can be `#[wire(other)]`, and `{first}` already is"),
                );
            }
            other_seen = Some(v.ident);
            if let Some(tag) = &v.tag {
                cx.error_spanned_by(tag, "conflicting wire attributes: an `other` variant takes every unknown tag, so it has no `tag`");
            }
            let arity = e.tag.arity();
            if v.fields.fields.len() < arity || v.fields.style == Style::Unit {
                let example = format!("{}({})", v.ident, e.tag.value_names().join(", "));
                let what = if arity == 1 {
                    "its first field".to_string()
                } else {
                    format!("its first {arity} fields")
                };
                cx.error_spanned_by(v.ident, format!("an `other` variant keeps the unknown tag in {what}: add it, e.g. `{example}`"));
            }
            // The tag fields hold what the enum read: no temp value can stand among them.
            if let Some(temp) = v.fields.fields.iter().take(arity).find(|f| !f.stored) {
                cx.error_spanned_by(
                    temp.binding.as_ref().expect("a temp has a name"),
                    "an `other` variant's first fields hold the tag, which is read before them: a `temp` value can only come after them",
                );
            }
            continue;
        }
        let Some(tag) = &v.tag else {
            if !v.attrs_broken {
                cx.error_spanned_by(
                    v.ident,
                    "this variant needs a tag: add `#[wire(tag = ...)]` or `#[wire(other)]`",
                );
            }
            continue;
        };
        if e.tag_as_written {
            check_tag_shape(cx, &e.tag, tag);
        }
        let key = normalize_tag(tag);
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            cx.error_spanned_by(
                tag,
                format!(
                    "duplicate tag `{}`: variant tags must be distinct",
                    quote::quote!(#first)
                ),
            );
        } else {
            seen.push((key, tag));
        }
    }
}

/// A literal or tuple tag must have as many parts as the enum's tag; constants are left to rustc.
fn check_tag_shape(cx: &Ctxt, tag: &Tag, expr: &Expr) {
    let expr = match expr {
        Expr::Paren(p) => &*p.expr,
        other => other,
    };
    match (tag, expr) {
        (Tag::Ctx { inner }, _) => check_tag_shape(cx, inner, expr),
        (Tag::Composite(parts), Expr::Tuple(t)) if t.elems.len() != parts.len() => {
            cx.error_spanned_by(
                expr,
                format!(
                    "this enum's tag has {} parts, so a variant tag is a tuple of {} values",
                    parts.len(),
                    parts.len()
                ),
            );
        }
        (Tag::Composite(parts), Expr::Lit(_)) => {
            let names: Vec<String> = parts.iter().map(|(n, _)| n.to_string()).collect();
            cx.error_spanned_by(expr, format!("this enum's tag has {} parts ({}), so a variant tag is a tuple such as `tag = ({})`", parts.len(), names.join(", "), vec!["1"; parts.len()].join(", ")));
        }
        (Tag::Composite(parts), Expr::Tuple(t)) => {
            for ((_, kind), value) in parts.iter().zip(&t.elems) {
                check_tag_value(cx, *kind, None, value);
            }
        }
        (Tag::Single { .. } | Tag::Bits { .. }, Expr::Tuple(_)) => {
            cx.error_spanned_by(expr, "this enum has a single tag, so a variant tag is one value; a tuple needs a composite tag such as `#[wire(tag(key: u16, version: u16))]`");
        }
        (Tag::Single { kind, .. }, _) => check_tag_value(cx, *kind, None, expr),
        (Tag::Bits { bits, .. }, _) => check_tag_value(cx, IntKind::U8, Some(*bits), expr),
        _ => {}
    }
}

/// A literal tag must be representable: not negative for an unsigned tag, within the tag bits
/// or the range of a `vbi` (fixed-width types are checked by rustc's `overflowing_literals`).
fn check_tag_value(cx: &Ctxt, kind: IntKind, bits: Option<BitRange>, expr: &Expr) {
    let expr = match expr {
        Expr::Paren(p) => &*p.expr,
        other => other,
    };
    if let Expr::Unary(u) = expr {
        if matches!(u.op, syn::UnOp::Neg(_)) && !kind.is_signed() {
            cx.error_spanned_by(
                expr,
                format!(
                    "the tag type `{}` is unsigned, so a variant tag cannot be negative",
                    kind.name()
                ),
            );
        }
        return;
    }
    let Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Int(lit),
        ..
    }) = expr
    else {
        return;
    };
    let Ok(value) = lit.base10_parse::<u128>() else {
        return;
    };
    if let Some(bits) = bits {
        let width = bits.hi - bits.lo;
        if width < 64 && value >> width != 0 {
            cx.error_spanned_by(
                expr,
                format!(
                    "tag {value} does not fit the tag bits {}..{}: {width} bits hold 0 to {}",
                    bits.lo,
                    bits.hi,
                    (1u64 << width) - 1
                ),
            );
        }
    } else if let Some(max) = kind.max_below_type().filter(|max| value > *max) {
        cx.error_spanned_by(
            expr,
            format!(
                "a `{}` tag is at most {max}, the largest value it encodes",
                kind.name()
            ),
        );
    }
}

//! Checks across fields and variants, after every attribute was parsed.

use super::ast::{
    Codec, CodecKind, Container, Data, Enum, Field, Fields, Fill, LenSource, Role, Style, Tag,
};
use super::ctxt::Ctxt;
use super::exprs::bare_idents;
use syn::{Expr, Ident};

pub fn check(cx: &Ctxt, cont: &mut Container<'_>) {
    check_container_keys(cx, cont);
    check_lifetimes(cx, cont);
    check_ctx(cx, cont);
    let ctx_names: Vec<Ident> = cont
        .attrs
        .ctx
        .get()
        .map(|ps| ps.iter().map(|p| p.name.clone()).collect())
        .unwrap_or_default();
    match &mut cont.data {
        Data::Struct(fields) => check_fields(cx, fields, &ctx_names),
        Data::Enum(e) => {
            check_enum(cx, e);
            for variant in &mut e.variants {
                check_fields(cx, &mut variant.fields, &ctx_names);
            }
        }
        Data::Bits(_) => {}
    }
}

fn check_container_keys(cx: &Ctxt, cont: &Container<'_>) {
    let a = &cont.attrs;
    let is_enum = matches!(cont.data, Data::Enum(_));
    if !is_enum {
        for (span, what) in [
            (a.tag.span(), "tag"),
            (a.tag_bits.span(), "tag_bits"),
            (a.peek.span(), "peek"),
            (a.ctx_tag.span(), "ctx_tag"),
        ] {
            if let Some(span) = span {
                cx.error_at(
                    span,
                    format!("`{what}` applies to enums; a struct is decoded field by field"),
                );
            }
        }
    } else {
        if let Some(span) = a.bits.span() {
            cx.error_at(
                span,
                "`bits` makes a struct a bit-field word; it does not apply to enums",
            );
        }
        if a.tag_bits.is_set() && !a.tag.is_set() {
            if let Some(span) = a.tag_bits.span() {
                cx.error_at(span, "`tag_bits` needs the tag's word type: add `tag = u8`");
            }
        }
    }
    if let Data::Bits(_) = cont.data {
        for (span, what) in [(a.ctx.span(), "ctx"), (a.magic.span(), "magic")] {
            if let Some(span) = span {
                cx.error_at(span, format!("`{what}` does not apply to a bit-field word"));
            }
        }
    } else if let Some(r) = a.reserved.first() {
        cx.error_at(
            r.span,
            "`reserved` marks bits of a bit-field word: add `bits = u8` to the struct",
        );
    }
}

fn check_ctx(cx: &Ctxt, cont: &Container<'_>) {
    if let (
        Some(span),
        Data::Enum(Enum {
            tag: Tag::Ctx { .. },
            ..
        }),
    ) = (cont.attrs.ctx.span(), &cont.data)
    {
        cx.error_at(span, "conflicting wire attributes: a `ctx_tag` enum takes the tag as its context, so it has no `ctx(...)`");
    }
}

fn check_lifetimes(cx: &Ctxt, cont: &Container<'_>) {
    for lt in cont.generics.lifetimes() {
        if lt.lifetime.ident == "de" {
            cx.error_spanned_by(
                &lt.lifetime,
                "wire uses the lifetime `'de` for the input; rename this one",
            );
        }
    }
}

fn check_fields(cx: &Ctxt, fields: &mut Fields<'_>, ctx_names: &[Ident]) {
    let names: Vec<Option<Ident>> = fields.fields.iter().map(|f| f.binding.clone()).collect();
    let last_wire = fields
        .fields
        .iter()
        .rposition(|f| matches!(f.role, Role::Wire(_)));

    let mut fills: Vec<(usize, usize, bool)> = Vec::new();
    for (i, field) in fields.fields.iter().enumerate() {
        if let Some(span) = field.rest_span {
            if Some(i) != last_wire {
                cx.error_at(
                    span,
                    "`rest` takes the rest of the input, so it must be on the last field",
                );
            }
        }
        let later = |ident: &Ident| names[i..].iter().any(|n| n.as_ref() == Some(ident));
        let earlier = |ident: &Ident| names[..i].iter().position(|n| n.as_ref() == Some(ident));
        let check_expr = |expr: &Expr, what: &str| {
            for ident in bare_idents(expr) {
                if later(ident) && !ctx_names.contains(ident) {
                    cx.error_spanned_by(ident, format!("`{ident}` is decoded after `{}`: `{what}` can only use earlier fields and the context", field.name));
                }
            }
        };
        if let Some(e) = &field.pad_before {
            check_expr(e, "pad_before");
        }
        if let Some(e) = &field.pad_after {
            check_expr(e, "pad_after");
        }
        match &field.role {
            Role::Skip(Some(default)) => check_expr(default, "default"),
            Role::Skip(None) => {}
            Role::Wire(codec) => {
                visit_codec(codec, &mut |c| match &c.kind {
                    CodecKind::Cond { cond, .. } => check_expr(cond, "if"),
                    CodecKind::Plain { ctx: Some(ctx) } => check_expr(ctx, "ctx"),
                    CodecKind::Section {
                        len: LenSource::Expr(e),
                        ..
                    } => check_expr(e, "len"),
                    CodecKind::Seq {
                        count: Some(LenSource::Expr(e)),
                        ..
                    } => check_expr(e, "count"),
                    _ => {}
                });
                // A length from an earlier field is filled in on encode.
                let (source, count) = match &codec.kind {
                    CodecKind::Section {
                        len: LenSource::Field(ident),
                        ..
                    } => (Some(ident), false),
                    CodecKind::Seq {
                        count: Some(LenSource::Field(ident)),
                        ..
                    } => (Some(ident), true),
                    _ => (None, false),
                };
                if let Some(ident) = source {
                    if later(ident) && !ctx_names.contains(ident) {
                        cx.error_spanned_by(ident, format!("`{ident}` is decoded after `{}`: a length must come from an earlier field", field.name));
                    } else if let Some(target) = earlier(ident) {
                        fills.push((target, i, count));
                    }
                }
            }
        }
    }
    for (source, target, count) in fills {
        let field: &mut Field<'_> = &mut fields.fields[source];
        match (&field.fill, &field.role) {
            (Fill::None, Role::Wire(_)) => field.fill = Fill::LenOf { target, count },
            (Fill::Expr(_), _) => {}
            (Fill::LenOf { .. }, _) => {
                if let Some(b) = &field.binding {
                    cx.error_spanned_by(b, format!("`{b}` is the length of two fields; give the second its own length field"));
                }
            }
            (_, Role::Skip(_)) => {}
        }
    }
    // Non-field bare identifiers in a length source become plain expressions.
    for field in &mut fields.fields {
        if let Role::Wire(codec) = &mut field.role {
            demote_unknown_sources(codec, &names, ctx_names);
        }
    }
}

fn demote_unknown_sources(codec: &mut Codec, names: &[Option<Ident>], ctx_names: &[Ident]) {
    let demote = |source: &mut LenSource, top: bool| {
        if let LenSource::Field(ident) = source {
            let is_field = names.iter().any(|n| n.as_ref() == Some(ident));
            if !top || !is_field || ctx_names.contains(ident) {
                *source = LenSource::Expr(syn::parse_quote!(#ident));
            }
        }
    };
    fn go(codec: &mut Codec, top: bool, demote: &dyn Fn(&mut LenSource, bool)) {
        match &mut codec.kind {
            CodecKind::Section { len, inner, .. } => {
                demote(len, top);
                go(inner, false, demote);
            }
            CodecKind::Seq { count, item, .. } => {
                if let Some(count) = count {
                    demote(count, top);
                }
                go(item, false, demote);
            }
            CodecKind::Pair(k, v) => {
                go(k, false, demote);
                go(v, false, demote);
            }
            CodecKind::Cond { inner, .. } => go(inner, false, demote),
            _ => {}
        }
    }
    go(codec, true, &demote);
}

fn visit_codec<'c>(codec: &'c Codec, f: &mut dyn FnMut(&'c Codec)) {
    f(codec);
    match &codec.kind {
        CodecKind::Section { inner, .. } | CodecKind::Cond { inner, .. } => visit_codec(inner, f),
        CodecKind::Seq { item, .. } => visit_codec(item, f),
        CodecKind::Pair(k, v) => {
            visit_codec(k, f);
            visit_codec(v, f);
        }
        _ => {}
    }
}

fn check_enum(cx: &Ctxt, e: &Enum<'_>) {
    let mut seen: Vec<(String, &Expr)> = Vec::new();
    let mut other_seen = false;
    for v in &e.variants {
        if v.other {
            if other_seen {
                cx.error_spanned_by(v.ident, "only one variant can be `#[wire(other)]`");
            }
            other_seen = true;
            if let Some(tag) = &v.tag {
                cx.error_spanned_by(tag, "conflicting wire attributes: an `other` variant takes every unknown tag, so it has no `tag`");
            }
            let arity = e.tag.arity();
            if v.fields.fields.len() < arity || v.fields.style == Style::Unit {
                cx.error_spanned_by(v.ident, format!("an `other` variant keeps the unknown tag in its first {} field(s): add them, e.g. `Unknown(u8, #[wire(rest)] &'a [u8])`", arity));
            }
            continue;
        }
        let Some(tag) = &v.tag else {
            cx.error_spanned_by(
                v.ident,
                "this variant needs a tag: add `#[wire(tag = ...)]` or `#[wire(other)]`",
            );
            continue;
        };
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

/// A tag's value in a comparable form: integer literals by value, anything else by tokens.
fn normalize_tag(tag: &Expr) -> String {
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

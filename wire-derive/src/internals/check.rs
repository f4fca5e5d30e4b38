//! Checks across fields, after every attribute was parsed; an enum's variants are checked in
//! `check_enum.rs`.

use super::ast::{
    Codec, CodecKind, Container, Data, Field, Fields, Fill, LenSource, NestedFill, Role,
};
use super::ctxt::Ctxt;
use super::exprs::{bare_idents, field_expressions};
use super::ints::{IntKind, is_unsupported_prefix};
use super::types;
use super::unknown_key::distance;
use syn::{Expr, Ident};

pub fn check(cx: &Ctxt, cont: &mut Container<'_>) {
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
            super::check_enum::check_enum(cx, e);
            for variant in &mut e.variants {
                check_fields(cx, &mut variant.fields, &ctx_names);
            }
        }
        Data::Bits(_) => {}
    }
}

/// Generated code names its locals `__r`, `__buf`, `__ctx`, ...; user names must not shadow them.
fn check_reserved_name(cx: &Ctxt, ident: &Ident) {
    if ident.to_string().trim_start_matches("r#").starts_with("__") {
        cx.error_spanned_by(
            ident,
            format!("names starting with `__` are reserved for the code wire generates: rename `{ident}`"),
        );
    }
}

fn check_ctx(cx: &Ctxt, cont: &Container<'_>) {
    if let Some(params) = cont.attrs.ctx.get() {
        let field_names: Vec<&Ident> = match &cont.data {
            Data::Struct(fields) => fields
                .fields
                .iter()
                .filter_map(|f| f.binding.as_ref())
                .collect(),
            Data::Enum(e) => e
                .variants
                .iter()
                .flat_map(|v| v.fields.fields.iter().filter_map(|f| f.binding.as_ref()))
                .collect(),
            Data::Bits(_) => Vec::new(),
        };
        for (i, p) in params.iter().enumerate() {
            check_reserved_name(cx, &p.name);
            if field_names.contains(&&p.name) {
                cx.error_spanned_by(&p.name, format!("the context parameter `{}` has the name of a field, so expressions could not tell them apart: rename one of them", p.name));
            } else if params[..i].iter().any(|q| q.name == p.name) {
                cx.error_spanned_by(&p.name, format!("duplicate context parameter `{}`", p.name));
            }
        }
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
    super::checksums::resolve(cx, fields);
    let names: Vec<Option<Ident>> = fields.fields.iter().map(|f| f.binding.clone()).collect();
    let last_wire = fields
        .fields
        .iter()
        .rposition(|f| matches!(f.role, Role::Wire(_)));

    // Optional fields trail: once one is optional, every later field on the wire must be too.
    let mut first_optional: Option<&str> = None;
    for field in &fields.fields {
        match (&field.optional, &field.role, first_optional) {
            (Some(_), _, None) => first_optional = Some(&field.name),
            (None, Role::Wire(_), Some(first)) => cx.error_spanned_by(
                &*field.ty,
                format!("`{}` follows the optional field `{first}`: make it `optional` too, or move it before `{first}` (absent fields can only trail)", field.name),
            ),
            _ => {}
        }
    }

    // A trailer follows the last field: nothing before it may read to the end of the input.
    if fields.trailer.is_some() {
        for field in &fields.fields {
            if let Some(span) = field.rest_span {
                cx.error_at(span, "`rest` reads to the end of the input, so the struct's `trailer` would never be found: give this field a length (`len = ...`)");
            }
            if field.optional.is_some() {
                cx.error_spanned_by(&*field.ty, format!("`{}` is optional, present while bytes are left, and the struct's `trailer` always leaves some: drop `optional` or the trailer", field.name));
            }
        }
    }

    let mut rest_len_seen = false;
    for field in fields.fields.iter().filter(|f| f.rest_len.is_some()) {
        if rest_len_seen {
            cx.error_spanned_by(
                &*field.ty,
                "only one field can be `rest_len`: the fields after it already sit in its section",
            );
        } else if cannot_be_len(&field.ty) {
            cx.error_spanned_by(&*field.ty, "a `rest_len` field holds a byte length: give it an integer type, `Vbi`, `VarInt`, or a type implementing `wire_runtime::len::LenValue`");
        }
        rest_len_seen = true;
    }
    // Alignment padding depends on where a field starts, which the filled `rest_len` cannot
    // know before it is written: encode counted it out, decode in, and the value did not
    // decode back (found by wire-layoutgen, seed 1).
    if let Some(first) = fields.fields.iter().position(|f| f.rest_len.is_some()) {
        for field in &fields.fields[first..] {
            if let Some(align) = &field.align {
                cx.error_spanned_by(align, "`align` pads to an offset from the struct's start, which a `rest_len` section's length cannot count before it is written: drop `align` here, or give the aligned fields a length of their own (`len = u32`) instead of `rest_len`");
            }
        }
    }

    let mut fills: Vec<(usize, usize, bool, &Ident)> = Vec::new();
    let mut nested_fills: Vec<(usize, NestedFill, &Ident)> = Vec::new();
    for (i, field) in fields.fields.iter().enumerate() {
        if let Some(binding) = &field.binding {
            check_reserved_name(cx, binding);
            // Repeated fields the compiler reports; a repeat that involves a temp is ours.
            let first = names[..i].iter().position(|n| n.as_ref() == Some(binding));
            if first.is_some_and(|first| !field.stored || !fields.fields[first].stored) {
                cx.error_spanned_by(binding, format!("`{binding}` is the name of an earlier field or temp value: rename one of them"));
            }
        }
        if let Role::Wire(Codec {
            kind: CodecKind::Plain { .. },
            ..
        }) = &field.role
        {
            if types::option_inner(&field.ty).is_some()
                && i < last_wire.unwrap_or(0)
                && !field.attrs_broken
            {
                cx.error_spanned_by(&*field.ty, "an `Option` without `if` is `None` only at the end of the input, so it must be the last field: add `#[wire(if = ...)]`, or a length prefix with `nullable` or `empty_is_none`");
            }
        }
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
        // Why `ident` cannot be used by field `i`.
        let not_yet = |ident: &Ident| {
            if names[i].as_ref() == Some(ident) {
                format!("`{ident}` is this field itself")
            } else {
                format!("`{ident}` is decoded after `{}`", field.name)
            }
        };
        let check_expr = |expr: &Expr, what: &str| {
            for ident in bare_idents(expr) {
                if later(ident) && !ctx_names.contains(ident) {
                    cx.error_spanned_by(
                        ident,
                        format!(
                            "{}: `{what}` can only use earlier fields and the context",
                            not_yet(ident)
                        ),
                    );
                }
            }
        };
        if let Some(e) = &field.pad_before {
            check_expr(e, "pad_before");
        }
        // A field's check sees the field itself and those before it.
        if let Some(e) = &field.validate {
            for ident in bare_idents(e) {
                let after = names[i + 1..].iter().any(|n| n.as_ref() == Some(ident));
                if after && !ctx_names.contains(ident) {
                    cx.error_spanned_by(ident, format!("`{ident}` is decoded after `{}`: a field's `validate` sees that field and the ones before it (a check over every field goes on the struct)", field.name));
                }
            }
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
                    } => {
                        check_expr(e, "len");
                        check_not_biased(cx, e, "len", &names, ctx_names);
                    }
                    CodecKind::Seq {
                        count: Some(LenSource::Expr(e)),
                        ..
                    } => {
                        check_expr(e, "count");
                        check_not_biased(cx, e, "count", &names, ctx_names);
                    }
                    CodecKind::Section {
                        len: choice @ LenSource::Choice(_),
                        ..
                    }
                    | CodecKind::Seq {
                        count: Some(choice @ LenSource::Choice(_)),
                        ..
                    } => {
                        let key = if matches!(c.kind, CodecKind::Seq { .. }) {
                            "count"
                        } else {
                            "len"
                        };
                        for e in choice.expressions() {
                            check_expr(&e, key);
                        }
                    }
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
                // A length inside an earlier field (`count = header.qdcount`) is filled too.
                let nested = match &codec.kind {
                    CodecKind::Section {
                        len: LenSource::Expr(e),
                        ..
                    } => nested_path(e).map(|p| (p, false)),
                    CodecKind::Seq {
                        count: Some(LenSource::Expr(e)),
                        ..
                    } => nested_path(e).map(|p| (p, true)),
                    _ => None,
                };
                if let Some(((base, path), count)) = nested {
                    if let Some(source) = earlier(base).filter(|_| !ctx_names.contains(base)) {
                        nested_fills.push((
                            source,
                            NestedFill {
                                path,
                                target: i,
                                count,
                            },
                            base,
                        ));
                    }
                }
                if let Some(ident) = source {
                    if later(ident) && !ctx_names.contains(ident) {
                        cx.error_spanned_by(
                            ident,
                            format!(
                                "{}: a length must come from an earlier field",
                                not_yet(ident)
                            ),
                        );
                    } else if let Some(target) = earlier(ident) {
                        if cannot_be_len(&fields.fields[target].ty) {
                            let what = if count { "count" } else { "length" };
                            cx.error_spanned_by(ident, format!("`{ident}` gives the {what} of `{}`, so it must be an integer field (u8 to u64, Vbi, VarInt) or of a type implementing `wire_runtime::len::LenValue`", field.name));
                        }
                        fills.push((target, i, count, ident));
                    }
                }
            }
        }
    }
    let field_names: Vec<String> = fields.fields.iter().map(|f| f.name.clone()).collect();
    let fills: Vec<(usize, usize, bool, Ident)> = fills
        .into_iter()
        .map(|(s, t, c, ident)| (s, t, c, ident.clone()))
        .collect();
    let nested_fills: Vec<(usize, NestedFill, Ident)> = nested_fills
        .into_iter()
        .map(|(s, n, ident)| (s, n, ident.clone()))
        .collect();
    for (source, target, count, ident) in fills {
        let field: &mut Field<'_> = &mut fields.fields[source];
        match (&field.fill, &field.role) {
            (Fill::None, Role::Wire(_)) => field.fill = Fill::LenOf { target, count },
            (Fill::Expr(_) | Fill::Calc(_) | Fill::Nested(_), _) => {}
            (Fill::LenOf { target: first, .. }, _) => {
                cx.error_spanned_by(&ident, format!("`{ident}` is already the length of `{}`, and encode fills it in from that field: give `{}` its own length field", field_names[*first], field_names[target]));
            }
            (Fill::RestLen, _) => {
                cx.error_spanned_by(&ident, format!("`{ident}` is the `rest_len` of this struct, and encode fills it in from all the fields after it: give `{}` its own length field", field_names[target]));
            }
            (_, Role::Skip(_)) => {}
        }
    }
    for (source, nested, ident) in nested_fills {
        let field: &mut Field<'_> = &mut fields.fields[source];
        match (&mut field.fill, &field.role) {
            (Fill::None, Role::Wire(_)) => field.fill = Fill::Nested(vec![nested]),
            (Fill::Nested(all), _) => all.push(nested),
            (Fill::Expr(_) | Fill::Calc(_), _) | (_, Role::Skip(_)) => {}
            (Fill::LenOf { .. } | Fill::RestLen, _) => {
                cx.error_spanned_by(&ident, format!("`{ident}` is itself a length that encode fills in, so a length inside it cannot be filled too: give `{}` a length field of its own", field_names[nested.target]));
            }
        }
    }
    // A temp needs a value on encode: its own expression, or the length of a later field.
    for field in fields.fields.iter().filter(|f| !f.stored) {
        if matches!(field.fill, Fill::None) {
            let name = &field.name;
            cx.error_spanned_by(
                field.binding.as_ref().expect("a temp has a name"),
                format!("`{name}` is not kept in the struct, so encode needs its value: write `temp({name}: Type = expr)`, or use it as a later field's `len` or `count`"),
            );
        }
    }
    check_names_known(cx, fields, &names, ctx_names);
    // Non-field bare identifiers in a length source become plain expressions.
    for field in &mut fields.fields {
        if let Role::Wire(codec) = &mut field.role {
            demote_unknown_sources(codec, &names, ctx_names);
        }
    }
}

/// A `snake_case` name in an attribute expression that is neither a field nor a context value
/// is a misspelling (constants are `UPPER_CASE`): reported here, once, with the nearest name,
/// rather than by rustc once for every method the derives generate.
fn check_names_known(cx: &Ctxt, fields: &Fields<'_>, names: &[Option<Ident>], ctx: &[Ident]) {
    let known: Vec<&Ident> = names.iter().flatten().chain(ctx).collect();
    let mut exprs: Vec<Expr> = Vec::new();
    for f in &fields.fields {
        field_expressions(f, &mut |e| exprs.push(e.clone()));
        if let Fill::Calc(e) = &f.fill {
            exprs.push(e.clone());
        }
    }
    for ident in exprs.iter().flat_map(bare_idents) {
        let text = ident.to_string();
        let snake = text.starts_with(|c: char| c.is_ascii_lowercase() || c == '_');
        // An integer type's name as a prefix was reported by lowering if unsupported.
        let int_name = IntKind::from_name(&text).is_some() || is_unsupported_prefix(&text);
        if !snake || text == "self" || int_name || known.contains(&ident) {
            continue;
        }
        let hint = nearest(&text, &known)
            .map(|near| format!(": did you mean `{near}`?"))
            .unwrap_or_default();
        cx.error_spanned_by(
            ident,
            format!("`{text}` is not a field or context value here{hint}"),
        );
    }
}

/// The known name within two edits of `text`, if one is.
fn nearest<'a>(text: &str, known: &[&'a Ident]) -> Option<&'a Ident> {
    known
        .iter()
        .map(|k| (distance(text, &k.to_string()), *k))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// `len = size + 4` over a field or context value reads two ways: after a prefix type,
/// `u16 + 4` says the stored value is the length plus 4, while here it would say the length
/// is the value plus 4, the opposite. Refused, with the two spellings that say each meaning.
fn check_not_biased(
    cx: &Ctxt,
    expr: &Expr,
    key: &str,
    names: &[Option<Ident>],
    ctx_names: &[Ident],
) {
    let Expr::Binary(syn::ExprBinary {
        left,
        op: syn::BinOp::Add(_),
        right,
        ..
    }) = expr
    else {
        return;
    };
    let base = match &**left {
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Deref(_),
            expr,
            ..
        }) => &**expr,
        other => other,
    };
    let (
        Expr::Path(p),
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(n),
            ..
        }),
    ) = (base, &**right)
    else {
        return;
    };
    let Some(ident) = p.path.get_ident() else {
        return;
    };
    // Fields are references in expressions, context parameters values.
    let value = if ctx_names.contains(ident) {
        ident.to_string()
    } else if names.iter().any(|n| n.as_ref() == Some(ident)) {
        format!("*{ident}")
    } else {
        return;
    };
    let what = if key == "count" { "count" } else { "length" };
    cx.error_spanned_by(
        expr,
        format!(
            "`{key} = {ident} + {n}` reads two ways: after a prefix type (`{key} = u16 + {n}`), \
             `+ {n}` means the stored value is the {what} plus {n}; here it would mean the {what} \
             is `{ident}` plus {n}. Write the one you mean: `{key} = {ident}.checked_sub({n})` if \
             `{ident}` holds the {what} plus {n}, or `{key} = usize::from({value}) + {n}` if the \
             {what} is {n} more than `{ident}`"
        ),
    );
}

/// `header.qdcount` (or deeper, `frame.header.size`): the field it starts from and the path
/// inside it; `None` for any other expression.
fn nested_path(expr: &Expr) -> Option<(&Ident, Vec<syn::Member>)> {
    let mut path = Vec::new();
    let mut at = expr;
    loop {
        match at {
            Expr::Field(f) => {
                path.push(f.member.clone());
                at = &f.base;
            }
            Expr::Path(p) if !path.is_empty() => {
                path.reverse();
                return p.path.get_ident().map(|base| (base, path));
            }
            Expr::Paren(p) => at = &p.expr,
            _ => return None,
        }
    }
}

/// Types that can never hold a length (the runtime's `AsLen` decides for the others).
fn cannot_be_len(ty: &syn::Type) -> bool {
    if let Some(prim) = types::prim(ty) {
        return prim.is_float()
            || !matches!(
                prim.kind,
                types::PrimKind::Number(_) | types::PrimKind::Narrow(..)
            );
    }
    types::is_unsized_layout(ty)
        || types::option_inner(ty).is_some()
        || matches!(
            ty,
            syn::Type::Reference(_)
                | syn::Type::Tuple(_)
                | syn::Type::Array(_)
                | syn::Type::Slice(_)
        )
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

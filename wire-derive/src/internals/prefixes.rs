//! Lowering of length prefixes: built-in and user-defined prefix types (`len = u16`,
//! `len = QuicVarint`), biased ones (`len = varint + 1`), and their null markers.

use super::ast::{LenBranch, LenSource, NullMode};
use super::attr::{FieldAttrs, Order};
use super::ctxt::Ctxt;
use super::ints::{IntKind, is_unsupported_prefix, unsupported};
use proc_macro2::TokenStream;
use syn::Expr;

pub(super) fn len_source(cx: &Ctxt, expr: &Expr, order: Order) -> LenSource {
    if let Expr::If(choice) = expr {
        if let Some(source) = choice_source(cx, choice, order) {
            return source;
        }
    }
    if let Some(source) = biased_prefix(cx, expr, order) {
        return source;
    }
    if let Expr::Path(p) = expr {
        if let Some(ident) = p.path.get_ident() {
            let name = ident.to_string();
            if let Some(kind) = IntKind::from_name(&name) {
                return LenSource::Prefix {
                    kind: Some(kind),
                    order,
                    ty: kind.wire_type(ident.span()),
                    bias: 0,
                };
            }
            if is_unsupported_prefix(&name) {
                cx.error_spanned_by(ident, unsupported("length prefix", &name));
            }
        }
        if let Some(ty) = user_prefix_type(p) {
            return LenSource::Prefix {
                kind: None,
                order,
                ty,
                bias: 0,
            };
        }
        if let Some(ident) = p.path.get_ident() {
            return LenSource::Field(ident.clone());
        }
    }
    LenSource::Expr(expr.clone())
}

/// `len = QuicVarint` or `len = quic::Varint`: a path ending in an `UpperCamelCase` name is a
/// prefix type of the user's (`LenPrefix`); fields are `snake_case`, constants `UPPER_CASE`.
fn user_prefix_type(p: &syn::ExprPath) -> Option<TokenStream> {
    let last = p.path.segments.last()?;
    let name = last.ident.to_string();
    let camel = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().any(|c| c.is_ascii_lowercase());
    (p.qself.is_none() && camel).then(|| quote::quote!(#p))
}

/// The markers of `nullable` (`-1`, `= -3`, `= negative`) and `not_set = -2`; `empty_is_none`.
pub(super) fn null_mode(cx: &Ctxt, attrs: &FieldAttrs) -> NullMode {
    if attrs.empty_is_none.is_set() && !attrs.nullable.is_set() {
        return NullMode::Empty;
    }
    let Some(null) = attrs.nullable.get() else {
        return NullMode::Never;
    };
    let null = match null {
        None => Some(-1),
        Some(Expr::Path(p)) if p.path.is_ident("negative") => None,
        Some(expr) => Some(marker(cx, expr, "nullable")),
    };
    let not_set = attrs.not_set.get().map(|expr| {
        let value = marker(cx, expr, "not_set");
        if null == Some(value) {
            cx.error_spanned_by(expr, "`not_set` and `nullable` need different markers");
        }
        value
    });
    NullMode::Markers { null, not_set }
}

/// A marker: a negative integer literal such as `-2`.
fn marker(cx: &Ctxt, expr: &Expr, key: &str) -> i64 {
    let value = match expr {
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(lit),
                ..
            }) => lit.base10_parse::<i64>().ok().map(|v| -v),
            _ => None,
        },
        _ => None,
    };
    match value {
        Some(value) if value < 0 => value,
        _ => {
            let also = if key == "nullable" {
                ", or `negative` for any negative value"
            } else {
                ""
            };
            cx.error_spanned_by(expr, format!("`{key}` takes a marker, a negative integer such as `-2`{also}: lengths are never negative, so markers are"));
            -1
        }
    }
}

/// `varint + 1`: a prefix holding the length plus a constant (compact encodings), `None` for
/// any other expression. The bias must be a positive integer literal.
fn biased_prefix(cx: &Ctxt, expr: &Expr, order: Order) -> Option<LenSource> {
    let Expr::Binary(binary) = expr else {
        return None;
    };
    let Expr::Path(p) = &*binary.left else {
        return None;
    };
    let builtin = p
        .path
        .get_ident()
        .and_then(|ident| Some((ident, IntKind::from_name(&ident.to_string())?)));
    let (kind, wire_ty) = match builtin {
        Some((ident, kind)) => (Some(kind), kind.wire_type(ident.span())),
        None => (None, user_prefix_type(p)?),
    };
    let bias = match (&binary.op, &*binary.right) {
        (
            syn::BinOp::Add(_),
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(lit),
                ..
            }),
        ) => lit.base10_parse::<usize>().ok(),
        _ => None,
    };
    let bias = match bias {
        Some(0) => {
            cx.error_spanned_by(
                &binary.right,
                "a bias of 0 changes nothing: write the prefix alone",
            );
            0
        }
        Some(bias) => bias,
        None => {
            let prefix = &binary.left;
            cx.error_spanned_by(expr, format!("a prefix with a bias is written `{} + N`, N an integer literal: the prefix holds the length plus N", quote::quote!(#prefix)));
            0
        }
    };
    let ty = if bias == 0 {
        wire_ty
    } else {
        let bias = proc_macro2::Literal::usize_unsuffixed(bias);
        quote::quote!(::wire_runtime::__private::Biased<#wire_ty, #bias>)
    };
    Some(LenSource::Prefix {
        kind,
        order,
        ty,
        bias,
    })
}

/// `if cond { u16 } else { u8 }` (and `else if` chains): a length whose prefix an earlier value
/// chooses, when some branch names a prefix; a branch that does not is the length itself
/// (`else { *len7 as usize }`: nothing read). `None` when no branch names a prefix: an ordinary
/// length expression that happens to be an `if`.
fn choice_source(cx: &Ctxt, choice: &syn::ExprIf, order: Order) -> Option<LenSource> {
    let mut raw: Vec<(Option<Expr>, &Expr)> = Vec::new();
    let mut at = choice;
    loop {
        raw.push((Some((*at.cond).clone()), branch_value(&at.then_branch)?));
        match at.else_branch.as_ref().map(|(_, e)| &**e) {
            Some(Expr::If(next)) => at = next,
            Some(Expr::Block(block)) => {
                raw.push((None, branch_value(&block.block)?));
                break;
            }
            Some(other) => {
                raw.push((None, other));
                break;
            }
            None => {
                // No `else`: an ordinary expression would not compile either; say what to add
                // if it was meant as a choice.
                if raw.iter().any(|(_, e)| names_prefix(e)) {
                    cx.error_spanned_by(choice, "a length chosen by a condition needs a final `else` branch: the prefix (or the length) when no condition holds");
                }
                return None;
            }
        }
    }
    if !raw.iter().any(|(_, e)| names_prefix(e)) {
        return None;
    }
    let branches = raw
        .into_iter()
        .map(|(cond, e)| {
            let source = if names_prefix(e) {
                len_source(cx, e, order)
            } else {
                LenSource::Expr(e.clone())
            };
            LenBranch { cond, source }
        })
        .collect();
    Some(LenSource::Choice(branches))
}

/// The one expression a branch block holds; `None` for a block of statements, which makes the
/// whole `if` an ordinary length expression.
fn branch_value(block: &syn::Block) -> Option<&Expr> {
    match block.stmts.as_slice() {
        [syn::Stmt::Expr(e, None)] => Some(e),
        _ => None,
    }
}

/// Whether `e` names a length prefix: a built-in one (`u16`, `varint + 1`) or a user type
/// (`QuicVarint`), as `len = ...` alone reads it.
fn names_prefix(e: &Expr) -> bool {
    let path = match e {
        Expr::Binary(b) => &*b.left,
        other => other,
    };
    let Expr::Path(p) = path else {
        return false;
    };
    let builtin = p
        .path
        .get_ident()
        .is_some_and(|ident| IntKind::from_name(&ident.to_string()).is_some());
    builtin || user_prefix_type(p).is_some()
}

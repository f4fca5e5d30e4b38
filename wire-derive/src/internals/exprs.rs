//! Finding the attribute expressions of a field, and the field names they refer to.

use super::ast::{Codec, CodecKind, Delimiter, Field, Fill, LenSource, Role, SeqEnd};
use syn::{Expr, Ident};

/// Every bare identifier (`qos` in `*qos > 0`, `flags` in `flags.qos`) that `expr` mentions.
pub fn bare_idents(expr: &Expr) -> Vec<&Ident> {
    let mut out = Vec::new();
    walk(expr, &mut out);
    out
}

fn walk<'a>(expr: &'a Expr, out: &mut Vec<&'a Ident>) {
    match expr {
        Expr::Path(p) if p.qself.is_none() => {
            if let Some(ident) = p.path.get_ident() {
                out.push(ident);
            }
        }
        Expr::Binary(e) => {
            walk(&e.left, out);
            walk(&e.right, out);
        }
        Expr::Unary(e) => walk(&e.expr, out),
        Expr::Paren(e) => walk(&e.expr, out),
        Expr::Group(e) => walk(&e.expr, out),
        Expr::Field(e) => walk(&e.base, out),
        Expr::Cast(e) => walk(&e.expr, out),
        Expr::Reference(e) => walk(&e.expr, out),
        Expr::Index(e) => {
            walk(&e.expr, out);
            walk(&e.index, out);
        }
        Expr::MethodCall(e) => {
            walk(&e.receiver, out);
            e.args.iter().for_each(|a| walk(a, out));
        }
        Expr::Call(e) => e.args.iter().for_each(|a| walk(a, out)),
        Expr::Tuple(e) => e.elems.iter().for_each(|a| walk(a, out)),
        _ => {}
    }
}

/// Every attribute expression of a field that may name another field: paddings, alignment,
/// checks, optional defaults and conditions, `fill`, a skipped field's default, and those of
/// its codec. (A `temp`'s value is computed on encode only, and is left out.)
pub fn field_expressions(f: &Field<'_>, add: &mut dyn FnMut(&Expr)) {
    f.pad_before
        .iter()
        .chain(&f.pad_after)
        .chain(&f.align)
        .chain(&f.validate)
        .for_each(&mut *add);
    if let Some(optional) = &f.optional {
        optional
            .default
            .iter()
            .chain(&optional.when)
            .for_each(&mut *add);
    }
    if let Fill::Expr(e) = &f.fill {
        add(e);
    }
    match &f.role {
        Role::Skip(default) => default.iter().for_each(add),
        Role::Wire(codec) => codec_expressions(codec, add),
    }
}

/// Every expression in a codec tree that may name a field.
pub fn codec_expressions(codec: &Codec, add: &mut dyn FnMut(&Expr)) {
    let mut source = |len: &LenSource| {
        for e in len.expressions() {
            add(&e);
        }
    };
    match &codec.kind {
        CodecKind::Cond { cond, inner } => {
            add(cond);
            codec_expressions(inner, add);
        }
        CodecKind::Plain { ctx: Some(ctx) } => add(ctx),
        CodecKind::MsgPackExt { ext_type } => add(ext_type),
        CodecKind::SeqUntil { end, item } => {
            match end {
                SeqEnd::Last(e) | SeqEnd::Sentinel(e) => add(e),
            }
            codec_expressions(item, add);
        }
        CodecKind::Delimited { delimiter, inner } => {
            match delimiter {
                Delimiter::Until { max, .. } => max.iter().for_each(&mut *add),
                Delimiter::Width { width, .. } => add(width),
            }
            codec_expressions(inner, add);
        }
        CodecKind::Section { len, inner, .. } => {
            source(len);
            codec_expressions(inner, add);
        }
        CodecKind::Seq { count, item, .. } => {
            count.iter().for_each(source);
            codec_expressions(item, add);
        }
        CodecKind::Pair(k, v) => {
            codec_expressions(k, add);
            codec_expressions(v, add);
        }
        _ => {}
    }
}

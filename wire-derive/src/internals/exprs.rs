//! Finding the field names an attribute expression refers to.

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

//! Checking checksum fields: resolving what `over = ...` names into a range of fields.

use super::ast::{Codec, CodecKind, Fields, Role};
use super::ctxt::Ctxt;
use super::types::PrimKind;
use syn::{Expr, RangeLimits};

/// Resolves each checksum field's `over` into `first..=last`, reporting names that are not
/// fields, reversed or half-open ranges, a second checksum, and a checksum that is not an
/// integer.
pub(super) fn resolve(cx: &Ctxt, fields: &mut Fields<'_>) {
    let names: Vec<Option<String>> = fields
        .fields
        .iter()
        .map(|f| f.binding.as_ref().map(ToString::to_string))
        .collect();
    let index_of = |expr: &Expr| -> Option<usize> {
        let found = match expr {
            Expr::Path(p) => p.path.get_ident().and_then(|ident| {
                let name = ident.to_string();
                names
                    .iter()
                    .position(|n| n.as_deref() == Some(name.as_str()))
            }),
            _ => None,
        };
        if found.is_none() {
            cx.error_spanned_by(expr, "`over` names fields of this struct: `over = data`, `over = first..=last`, or `over = ..` for all of them");
        }
        found
    };
    let count = fields.fields.len();
    let mut seen = false;
    for i in 0..count {
        let Some(checksum) = &fields.fields[i].checksum else {
            continue;
        };
        if std::mem::replace(&mut seen, true) {
            cx.error_spanned_by(
                &checksum.over,
                "one checksum field per struct: wire fills it in and verifies it in one pass",
            );
        }
        let range = match &checksum.over {
            Expr::Range(r) if r.start.is_none() && r.end.is_none() => Some((0, count - 1)),
            Expr::Range(r) => match (&r.start, &r.end, &r.limits) {
                (Some(a), Some(b), RangeLimits::Closed(_)) => match (index_of(a), index_of(b)) {
                    (Some(a), Some(b)) if a <= b => Some((a, b)),
                    (Some(_), Some(_)) => {
                        cx.error_spanned_by(r, "the first field of the range comes after the last");
                        None
                    }
                    _ => None,
                },
                _ => {
                    cx.error_spanned_by(r, "a checksum covers whole fields: write `over = first..=last` (both included) or `over = ..`");
                    None
                }
            },
            other => index_of(other).map(|at| (at, at)),
        };
        if range == Some((i, i)) {
            cx.error_spanned_by(&checksum.over, "a checksum cannot cover only itself");
        }
        let is_int = matches!(
            &fields.fields[i].role,
            Role::Wire(Codec { kind: CodecKind::Prim { prim, .. }, .. })
                if !prim.is_float() && matches!(prim.kind, PrimKind::Number(_))
        );
        if !is_int {
            cx.error_spanned_by(&*fields.fields[i].ty, "a checksum field is an integer of the algorithm's output type (`u32` for `Crc32`, `u16` for `InternetChecksum`)");
        }
        if let Some((first, last)) = range {
            // Covered fields after the checksum may be encoded into a scratch buffer first,
            // where the distance from the struct's start is not known.
            for f in &fields.fields[first.max(i + 1)..=last.max(i)] {
                if let Some(align) = &f.align {
                    cx.error_spanned_by(align, "`align` inside what a checksum before it covers is not supported: align the fields before the checksum, or put the checksum after them");
                }
            }
        }
        if let (Some((first, last)), Some(checksum)) = (range, &mut fields.fields[i].checksum) {
            checksum.first = first;
            checksum.last = last;
        }
    }
}

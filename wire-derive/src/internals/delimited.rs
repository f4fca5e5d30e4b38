//! Lowering of delimited values: byte strings ended by a terminator (`until = 0`) or held in a
//! fixed-width region (`width = 16`), and sequences ended by an element.

use super::ast::{Codec, CodecKind, Delimiter, SeqEnd};
use super::attr::{FieldAttrs, Order};
use super::ctxt::Ctxt;
use super::lower::lower_contents;
use super::types;
use proc_macro2::{Span, TokenStream};
use syn::{Expr, Type};

/// `until = 0` (a terminated byte string) or `width = 16` (a fixed-width padded one).
pub(super) fn delimited(
    cx: &Ctxt,
    attrs: &FieldAttrs,
    ty: &Type,
    order: Order,
    ty_span: Span,
) -> Codec {
    let (key, span) = match attrs.until.span() {
        Some(span) => ("until", span),
        None => ("width", attrs.width.span().unwrap_or(ty_span)),
    };
    let is_vec = types::seq(ty).is_some_and(|seq| seq.kind == types::SeqKind::Vec);
    // On a `Vec`, a closure ends at an element; on a `Vec<u8>`, anything else is a terminator.
    if let Some(end) = attrs.until.get().filter(|_| is_vec) {
        if matches!(end, Expr::Closure(_)) || !types::is_byte_string(ty) {
            return sequence_until(cx, attrs, ty, order, ty_span, end);
        }
    }
    if !types::is_byte_string(ty) {
        let or_vec = if key == "until" {
            ", or `Vec<T>` (ended by an element)"
        } else {
            ""
        };
        cx.error_at(span, format!("`{key}` delimits a byte string: use it on `&[u8]`, `&str`, `String`, `Vec<u8>` or `Bytes`{or_vec}"));
    }
    let delimiter = match (attrs.until.get(), attrs.width.get()) {
        (Some(terminator), _) => Delimiter::Until {
            terminator: terminator_bytes(cx, terminator),
            max: attrs.max_len.get().cloned(),
        },
        (None, width) => Delimiter::Width {
            width: width.cloned().unwrap_or_else(|| syn::parse_quote!(0)),
            pad: attrs
                .pad_with
                .get()
                .map_or_else(|| quote::quote!(0), |pad| byte_value(cx, pad)),
            checked: attrs.padding.get().is_none_or(|policy| policy != "ignore"),
        },
    };
    let inner = lower_contents(cx, attrs, ty, order, ty_span, None, false);
    Codec {
        ty: ty.clone(),
        kind: CodecKind::Delimited {
            delimiter,
            inner: Box::new(inner),
        },
    }
}

/// A terminator as a `&[u8]` expression: `0` and `b'\n'` are one byte, `b"\r\n"` its bytes,
/// anything else a constant viewed as bytes.
fn terminator_bytes(cx: &Ctxt, expr: &Expr) -> TokenStream {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::ByteStr(s),
            ..
        }) => {
            if s.value().is_empty() {
                cx.error_spanned_by(s, "an empty terminator ends nothing: give it a byte");
            }
            quote::quote!(#s)
        }
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(_) | syn::Lit::Byte(_),
            ..
        }) => {
            let byte = byte_value(cx, expr);
            quote::quote!(&[#byte])
        }
        other => quote::quote!(::core::convert::AsRef::<[u8]>::as_ref(&(#other))),
    }
}

/// A byte: an integer literal up to 255 or a byte literal, as a `u8` literal; another
/// expression as it is (it must be a `u8`).
fn byte_value(cx: &Ctxt, expr: &Expr) -> TokenStream {
    let value = match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Byte(b),
            ..
        }) => Some(b.value()),
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => match i.base10_parse::<u8>() {
            Ok(value) => Some(value),
            Err(_) => {
                cx.error_spanned_by(i, "a byte is 0 to 255");
                Some(0)
            }
        },
        _ => None,
    };
    match value {
        Some(value) => {
            let lit = proc_macro2::Literal::u8_suffixed(value);
            quote::quote!(#lit)
        }
        None => quote::quote!(#expr),
    }
}

/// `until = |item| ...` or `until = SENTINEL` on a `Vec<T>`.
fn sequence_until(
    cx: &Ctxt,
    attrs: &FieldAttrs,
    ty: &Type,
    order: Order,
    ty_span: Span,
    end: &Expr,
) -> Codec {
    if let Some(span) = attrs.max_len.span() {
        cx.error_at(
            span,
            "`max_len` bounds the bytes of a terminated byte string, not the elements of a `Vec`",
        );
    }
    let end = match end {
        Expr::Closure(_) => SeqEnd::Last(end.clone()),
        _ => SeqEnd::Sentinel(end.clone()),
    };
    let kind = match lower_contents(cx, attrs, ty, order, ty_span, None, false).kind {
        CodecKind::Seq { item, .. } => CodecKind::SeqUntil { end, item },
        other => other,
    };
    Codec {
        ty: ty.clone(),
        kind,
    }
}

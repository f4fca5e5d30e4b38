//! Runs of fixed-size fields: one bounds check and straight loads on decode, one array and one
//! copy on encode; and the sums `encoded_len` is made of.

use super::{Names, bind_ref, lit, narrow_bytes, prim_bytes, prim_load, rt, value_ident};
use crate::internals::ast::{Codec, CodecKind, Field, Role};
use crate::internals::types::PrimKind;
use proc_macro2::TokenStream;
use quote::quote;

/// The size of each field of a run (every one a primitive).
pub fn run_sizes(run: &[Field<'_>]) -> Vec<usize> {
    run.iter()
        .map(|f| match &f.role {
            Role::Wire(Codec {
                kind: CodecKind::Prim { prim, .. },
                ..
            }) => prim.size,
            _ => 0,
        })
        .collect()
}

/// A run's statements: one bounds check, then a load per field. `spans`: the fields' spans go
/// to the sink too (from `__run_at`, where the run starts), the first open while the run is
/// read, so that a run that fails leaves it open as a field would.
pub fn decode_run(name: &str, run: &[Field<'_>], used: &Names, spans: bool) -> TokenStream {
    let rt = rt();
    let mut total = 0usize;
    let mut ends = Vec::new();
    let mut loads = TokenStream::new();
    let has_bool = run.iter().any(|f| matches!(&f.role, Role::Wire(Codec { kind: CodecKind::Prim { prim, .. }, .. }) if prim.is_bool()));
    let offsets: Vec<usize> = run
        .iter()
        .zip(run_sizes(run))
        .map(|(f, size)| {
            let at = total;
            total += size;
            ends.push((f.name.clone(), lit(total)));
            at
        })
        .collect();
    let n = total;
    let run_ident = quote!(__run);
    for (f, at) in run.iter().zip(offsets) {
        let Role::Wire(Codec {
            kind: CodecKind::Prim { prim, order },
            ..
        }) = &f.role
        else {
            continue;
        };
        let slot = &f.slot;
        let ty = &*f.ty;
        let load = prim_load(prim, *order, &run_ident, at, n, &quote!(__at));
        let load = if prim.is_bool() {
            let fname = &f.name;
            quote!(#rt::field(#name, #fname, #[inline(always)] || #rt::Ok(#load))?)
        } else {
            load
        };
        loads.extend(quote!(let #slot: #ty = #load;));
        loads.extend(bind_ref(f, used));
    }
    let n_lit = lit(n);
    let names = ends.iter().map(|(n, _)| n);
    let ends = ends.iter().map(|(_, e)| e);
    let at = if has_bool {
        quote!(let __at = __r.offset();)
    } else {
        quote!()
    };
    let fields = quote!(&[#((#names, #ends)),*]);
    let (open, close) = match run.first() {
        Some(first) if spans => {
            let first = &first.name;
            (
                quote!(let __span = __spans.open(#first, __run_at);),
                quote!(__spans.close_run(__span, #fields, __run_at);),
            )
        }
        _ => (quote!(), quote!()),
    };
    quote! {
        #at
        #open
        let __run = __r.take_array::<#n_lit>().map_err(|e| e.in_run(#name, #fields))?;
        #loads
        #close
    }
}

/// `a + b + c`, with parentheses only around parts that are not a literal or a path.
pub fn sum(parts: &[TokenStream]) -> TokenStream {
    if parts.is_empty() {
        return quote!(0);
    }
    let parts = parts
        .iter()
        .map(|part| match syn::parse2::<syn::Expr>(part.clone()) {
            Ok(
                syn::Expr::Lit(_)
                | syn::Expr::Path(_)
                | syn::Expr::MethodCall(_)
                | syn::Expr::Call(_),
            ) => part.clone(),
            _ => quote!((#part)),
        });
    quote!(#(#parts)+*)
}

/// A run of inline primitives: one array, one copy into the buffer. Fields that may not fit
/// their width (`int = u24`) name themselves in the error.
pub fn encode_run(name: &str, run: &[Field<'_>]) -> (usize, TokenStream) {
    let (n, mut stmts) = run_array(name, run);
    stmts.extend(quote!(__buf.put_slice(&__run);));
    (n, stmts)
}

/// `let mut __run = [..]`: the run's fields, encoded into one array of its size.
pub fn run_array(name: &str, run: &[Field<'_>]) -> (usize, TokenStream) {
    let sizes = run_sizes(run);
    let n: usize = sizes.iter().sum();
    let total = lit(n);
    let mut stmts = quote!(let mut __run = [0u8; #total];);
    let mut at = 0;
    for (f, size) in run.iter().zip(sizes) {
        stmts.extend(put_in_run(name, f, at, n));
        at += size;
    }
    (n, stmts)
}

/// Writes field `f` (a primitive) at byte `at` of `__run`, an array of `total` bytes.
pub fn put_in_run(name: &str, f: &Field<'_>, at: usize, total: usize) -> TokenStream {
    let rt = rt();
    let Role::Wire(Codec {
        kind: CodecKind::Prim { prim, order },
        ..
    }) = &f.role
    else {
        return quote!();
    };
    let value = value_ident(f);
    let bytes = match prim.kind {
        PrimKind::Narrow(..) => {
            let fname = &f.name;
            let bytes = narrow_bytes(prim, *order, &quote!(#value));
            quote!(#bytes.map_err(|e| e.in_field(#name, #fname))?)
        }
        _ => prim_bytes(prim, *order, &quote!(#value)),
    };
    let (at, size, total) = (lit(at), lit(prim.size), lit(total));
    quote!(#rt::put_chunk::<#at, #size, #total>(&mut __run, #bytes);)
}

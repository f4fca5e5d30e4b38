//! Windows: a run of small writes through one capacity check (`wire_runtime::write::write_in_window`).
//!
//! A length-prefixed value that is a type's own encoding is written in a window of its own
//! ([`in_window`]). A head before it (`type, length, value`: an MQTT packet, any TLV) joins that
//! window ([`head_and_body`]): written on its own, into a `BytesMut` it is one more capacity
//! check, and a stored length that the window's check loads back straight away. A 3.1.1
//! PUBLISH of 64 bytes took 10.55 ns and 179 instructions that way, 10.33 ns and 174 in one
//! window (`benches`, `mqtt311_publish_64_encode`).

use super::encoded_len::len_value;
use super::plan::run_end;
use super::runs::encode_run;
use super::ser::{encode_value, field_write};
use super::{bare, lit, order_tokens, rt, value_ident};
use crate::internals::ast::{Codec, CodecKind, Field, LenSource, NullMode, Role};
use proc_macro2::TokenStream;
use quote::quote;

/// True when a length-prefixed value is a type's own encoding (a struct, an enum, a list of
/// their own): a run of many small writes, which [`in_window`] makes cheaper. A borrowed
/// string or byte slice is one copy, written directly.
pub fn writes_a_run(inner: &Codec) -> bool {
    matches!(inner.kind, CodecKind::Plain { .. }) && !matches!(inner.ty, syn::Type::Reference(_))
}

/// `write` (statements on `__buf`: the fields of `head`, each part its length, then the prefix
/// holding `__n`, then the `__n` bytes) through one capacity check when the buffer's chunk holds
/// them all (`wire_runtime::write::write_in_window`), else directly.
pub fn in_window(prefix: &TokenStream, head: &[TokenStream], write: &TokenStream) -> TokenStream {
    let rt = rt();
    // A head's run of integers is put with `BufMut::put_slice`, on the window's type.
    let buf_mut = (!head.is_empty()).then(|| quote!(use #rt::BufMut as _;));
    quote! {
        let __room = #(#head +)* #rt::len_size::<#prefix>(__n) + __n;
        let __done = #rt::write_in_window(__buf, __room, #[inline(always)] |__buf| {
            #buf_mut
            #write
            #rt::Ok(())
        });
        match __done {
            #rt::Some(__done) => __done?,
            #rt::None => { #write }
        }
    }
}

/// The index of the body when the fields from `start` are a head (integers and plain values,
/// at least one) followed by a length-prefixed body that [`writes_a_run`]: the fields
/// [`head_and_body`] writes. The window's size counts the head's `encoded_len`, a constant for
/// a fixed-size type; a head of another type is measured once more than it would be outside.
pub fn body_after_head(all: &[Field<'_>], start: usize) -> Option<usize> {
    let body = (start..all.len()).find(|&i| !is_head(&all[i]))?;
    (body > start && is_body(&all[body])).then_some(body)
}

fn is_head(f: &Field<'_>) -> bool {
    bare(f)
        && matches!(
            &f.role,
            Role::Wire(Codec {
                kind: CodecKind::Prim { .. } | CodecKind::Plain { .. },
                ..
            })
        )
}

fn is_body(f: &Field<'_>) -> bool {
    let Role::Wire(Codec {
        kind:
            CodecKind::Section {
                len: LenSource::Prefix { .. },
                null: NullMode::Never,
                inner,
                ..
            },
        ..
    }) = &f.role
    else {
        return false;
    };
    bare(f) && writes_a_run(inner)
}

/// The `encoded_len` parts of `fields` (a head, then its body: see [`body_after_head`]), and
/// the statements writing them: the body's length first, then one window for the head, the
/// prefix and the body when the buffer's chunk holds them all, else each into the buffer.
pub fn head_and_body(name: &str, fields: &[Field<'_>]) -> (Vec<TokenStream>, TokenStream) {
    let rt = rt();
    let (body, head) = fields.split_last().expect("a head and a body");
    let mut lens = Vec::new();
    let mut writes = TokenStream::new();
    let mut i = 0;
    while i < head.len() {
        let end = run_end(head, i, false);
        if end > i {
            let (size, run) = encode_run(name, &head[i..end]);
            let size = lit(size);
            lens.push(quote!(#size));
            writes.extend(run);
            i = end;
            continue;
        }
        let Role::Wire(codec) = &head[i].role else {
            unreachable!("a head field is on the wire")
        };
        let (len, write) = field_write(name, &head[i], codec);
        lens.push(len);
        writes.extend(write);
        i += 1;
    }
    let head_lens = lens.clone();
    let Role::Wire(
        codec @ Codec {
            kind:
                CodecKind::Section {
                    len: LenSource::Prefix { ty, order, .. },
                    inner,
                    ..
                },
            ..
        },
    ) = &body.role
    else {
        unreachable!("the body is a length-prefixed section")
    };
    let value = value_ident(body);
    let value = quote!(#value);
    lens.push(len_value(codec, &value, 1));
    let inner_len = len_value(inner, &value, 2);
    let inner_enc = encode_value(inner, &value, 2);
    let order = order_tokens(*order);
    let fname = &body.name;
    writes.extend(quote! {
        #rt::encode_field(#name, #fname, #[inline(always)] || {
            #rt::write_len::<#ty, _>(__buf, __n, #order)?;
            #inner_enc
            #rt::Ok(())
        })?;
    });
    let window = in_window(ty, &head_lens, &writes);
    let code = quote! {{
        let __n = #inner_len;
        #window
    }};
    (lens, code)
}

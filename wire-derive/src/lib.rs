//! # wire-derive
//!
//! `#[derive(WireDecode, WireEncode)]` for the `wire-runtime` crate: use it through
//! `wire_runtime`, which re-exports both derives. The attribute reference is in the workspace
//! README.
//!
//! The macro works in three steps, after serde_derive: parse every `#[wire(...)]` attribute into
//! a model, collecting all mistakes with their spans (`internals::attr`, `internals::ast`);
//! check the model across fields (`internals::check`); then generate straight-line code from it
//! (`codegen::de`, `codegen::ser`).

mod codegen;
mod internals;
#[cfg(test)]
mod snapshots;

use internals::ast::Container;
use internals::ctxt::Ctxt;
use proc_macro::TokenStream;
use quote::quote;
use syn::{DeriveInput, parse_macro_input};

/// Derives `WireDecode` (or `DecodeWith<Ctx>` with `#[wire(ctx(...))]`).
#[proc_macro_derive(WireDecode, attributes(wire))]
pub fn derive_wire_decode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, Direction::Decode).into()
}

/// Derives `WireEncode` (or `EncodeWith<Ctx>` with `#[wire(ctx(...))]`).
#[proc_macro_derive(WireEncode, attributes(wire))]
pub fn derive_wire_encode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, Direction::Encode).into()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Decode,
    Encode,
}

fn expand(input: &DeriveInput, direction: Direction) -> proc_macro2::TokenStream {
    let cx = Ctxt::default();
    let container = Container::from_ast(&cx, input);
    let mut container = match container {
        Some(c) if cx.is_ok() => c,
        _ => return errors_with_fallback(cx, input, direction),
    };
    internals::check::check(&cx, &mut container);
    if !cx.is_ok() {
        return errors_with_fallback(cx, input, direction);
    }
    let _ = cx.check();
    match direction {
        Direction::Decode => codegen::de::expand(&container),
        Direction::Encode => codegen::ser::expand(&container),
    }
}

/// The errors, plus a placeholder impl so that one bad attribute does not also produce
/// "trait not implemented" errors wherever the type is used (as thiserror does).
fn errors_with_fallback(
    cx: Ctxt,
    input: &DeriveInput,
    direction: Direction,
) -> proc_macro2::TokenStream {
    let errors = match cx.check() {
        Err(err) => err.to_compile_error(),
        Ok(()) => quote!(),
    };
    if matches!(input.data, syn::Data::Union(_)) {
        return errors;
    }
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let fallback = match direction {
        Direction::Decode => {
            let mut generics = input.generics.clone();
            generics.params.insert(0, syn::parse_quote!('de));
            let (impl_generics, _, _) = generics.split_for_impl();
            quote! {
                impl #impl_generics ::wire_runtime::WireDecode<'de> for #ident #ty_generics #where_clause {
                    fn decode(_: &mut ::wire_runtime::Reader<'de>) -> ::core::result::Result<Self, ::wire_runtime::DecodeError> {
                        ::core::unimplemented!()
                    }
                }
            }
        }
        Direction::Encode => quote! {
            impl #impl_generics ::wire_runtime::WireEncode for #ident #ty_generics #where_clause {
                fn encoded_len(&self) -> usize {
                    ::core::unimplemented!()
                }
                fn encode<B: ::wire_runtime::bytes::BufMut + ?Sized>(&self, _: &mut B) -> ::core::result::Result<(), ::wire_runtime::EncodeError> {
                    ::core::unimplemented!()
                }
            }
        },
    };
    quote!(#errors #fallback)
}

//! # wire-derive
//!
//! `#[derive(WireDecode, WireEncode)]` for the `wire-runtime` crate: use it through
//! `wire_runtime`, which re-exports both derives and has the traits they implement.
//!
//! ```
//! use wire_runtime::{WireDecode, WireEncode};
//!
//! #[derive(WireDecode, WireEncode, Debug, PartialEq)]
//! struct Header {
//!     code: i16,
//!     language: u8,
//!     version: i16,
//!     opaque: i32,
//!     flag: i32,
//! }
//!
//! let bytes = [0, 12, 1, 0, 2, 0, 0, 0, 7, 0, 0, 0, 0];
//! let header: Header = wire_runtime::decode(&bytes)?;
//! assert_eq!(header, Header { code: 12, language: 1, version: 2, opaque: 7, flag: 0 });
//! assert_eq!(header.encode_to_vec()?, bytes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The attribute reference, every attribute with an example, is on [`WireDecode`](macro@WireDecode).
//!
//! The macro works in three steps, after serde_derive: parse every `#[wire(...)]` attribute
//! (`internals::attr`), hold each key against the table of where it may stand
//! (`internals::keys`) and lower the input onto a model of codecs (`internals::container`,
//! `lower`, `bits`, `tags`, into `internals::ast`), collecting all mistakes with their spans;
//! check the model across fields (`internals::check`); then generate straight-line code from it
//! (`codegen::de`, `codegen::ser`).
#![warn(missing_docs)]

mod codegen;
mod internals;
#[cfg(test)]
mod snapshots;

use internals::ast::Container;
use internals::ctxt::Ctxt;
use proc_macro::TokenStream;
use quote::quote;
use syn::{DeriveInput, parse_macro_input};

/// Derives `WireDecode`, or `DecodeWith<Ctx>` for a type with `#[wire(ctx(...))]` or
/// `#[wire(ctx_tag = ...)]`. A `#[wire(msgpack)]` type also gets `MsgPackDecode`, and a
/// fieldless enum with an unsigned fixed-width tag `BitField`.
///
/// # Attribute reference
///
#[doc = include_str!("../doc/attributes.md")]
#[proc_macro_derive(WireDecode, attributes(wire))]
pub fn derive_wire_decode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, Direction::Decode).into()
}

/// Derives `WireEncode`, or `EncodeWith<Ctx>` for a type with `#[wire(ctx(...))]` or
/// `#[wire(ctx_tag = ...)]`. A tagged enum also gets an inherent `fn wire_tag(&self)`, and a
/// `#[wire(msgpack)]` type `MsgPackEncode`.
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
    // Cross-field checks run even after attribute errors, so one compile reports them all.
    let Some(mut container) = Container::from_ast(&cx, input) else {
        return errors_with_fallback(cx, input, direction, None);
    };
    internals::check::check(&cx, &mut container);
    if !cx.is_ok() {
        let ctx_ty = codegen::ctx_type(&container);
        return errors_with_fallback(cx, input, direction, ctx_ty);
    }
    let _ = cx.check();
    match direction {
        Direction::Decode => codegen::de::expand(&container),
        Direction::Encode => codegen::ser::expand(&container),
    }
}

/// The errors, plus a placeholder impl so that one bad attribute does not also produce
/// "trait not implemented" errors wherever the type is used (as thiserror does). A type that
/// takes a context gets `DecodeWith`/`EncodeWith` of that context, as the real impl would.
fn errors_with_fallback(
    cx: Ctxt,
    input: &DeriveInput,
    direction: Direction,
    ctx_ty: Option<proc_macro2::TokenStream>,
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
            // `'de`, or a fresh name if the type already has a `'de` (itself an error).
            let mut name = String::from("de");
            while input.generics.lifetimes().any(|l| l.lifetime.ident == name) {
                name.push('_');
            }
            let de = syn::Lifetime::new(&format!("'{name}"), proc_macro2::Span::call_site());
            let mut generics = input.generics.clone();
            generics.params.insert(0, syn::parse_quote!(#de));
            let (impl_generics, _, _) = generics.split_for_impl();
            match ctx_ty {
                Some(ctx_ty) => quote! {
                    impl #impl_generics ::wire_runtime::DecodeWith<#de, #ctx_ty> for #ident #ty_generics #where_clause {
                        fn decode_with(_: &mut ::wire_runtime::Reader<#de>, _: #ctx_ty) -> ::core::result::Result<Self, ::wire_runtime::DecodeError> {
                            ::core::unimplemented!()
                        }
                    }
                },
                None => quote! {
                    impl #impl_generics ::wire_runtime::WireDecode<#de> for #ident #ty_generics #where_clause {
                        fn decode(_: &mut ::wire_runtime::Reader<#de>) -> ::core::result::Result<Self, ::wire_runtime::DecodeError> {
                            ::core::unimplemented!()
                        }
                    }
                },
            }
        }
        Direction::Encode => match ctx_ty {
            Some(ctx_ty) => quote! {
                impl #impl_generics ::wire_runtime::EncodeWith<#ctx_ty> for #ident #ty_generics #where_clause {
                    fn encoded_len_with(&self, _: #ctx_ty) -> usize {
                        ::core::unimplemented!()
                    }
                    fn encode_with<B: ::wire_runtime::bytes::BufMut + ?::core::marker::Sized>(&self, _: &mut B, _: #ctx_ty) -> ::core::result::Result<(), ::wire_runtime::EncodeError> {
                        ::core::unimplemented!()
                    }
                }
            },
            None => quote! {
                impl #impl_generics ::wire_runtime::WireEncode for #ident #ty_generics #where_clause {
                    fn encoded_len(&self) -> usize {
                        ::core::unimplemented!()
                    }
                    fn encode<B: ::wire_runtime::bytes::BufMut + ?::core::marker::Sized>(&self, _: &mut B) -> ::core::result::Result<(), ::wire_runtime::EncodeError> {
                        ::core::unimplemented!()
                    }
                }
            },
        },
    };
    // A fieldless enum can sit in a bit range: keep bit-field structs that use it quiet too.
    let bit_field = match &input.data {
        syn::Data::Enum(e)
            if direction == Direction::Decode
                && !e.variants.is_empty()
                && e.variants.iter().all(|v| v.fields.is_empty()) =>
        {
            quote! {
                impl #impl_generics ::wire_runtime::int::BitField for #ident #ty_generics #where_clause {
                    fn from_bits(_: u64) -> ::core::option::Option<Self> {
                        ::core::unimplemented!()
                    }
                    fn to_bits(&self) -> u64 {
                        ::core::unimplemented!()
                    }
                }
            }
        }
        _ => quote!(),
    };
    quote!(#errors #fallback #bit_field)
}

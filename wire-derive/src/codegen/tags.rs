//! Tags of enums: reading one, writing a variant's, and `wire_tag()`.
use super::{destructure, mask, rt, tag_value_type, type_name, value_ident};
use crate::internals::ast::{Container, Data, Tag, Variant};
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

pub fn read_tag(cont: &Container<'_>, tag: &Tag) -> TokenStream {
    let rt = rt();
    let name = type_name(cont);
    let wrap =
        |read: TokenStream| quote!(#rt::field(#name, "tag", #[inline(always)] || #rt::Ok(#read))?);
    match tag {
        Tag::Ctx { .. } => quote!(__ctx),
        Tag::Single {
            ty,
            name: tname,
            order,
            peek,
        } => {
            let value_ty = tag_value_type(tname, ty);
            if *peek {
                return wrap(quote!(__r.peek_u8()?));
            }
            let read = match tname.as_str() {
                // msgpack mode: the tag is a msgpack integer.
                _ if cont.attrs.msgpack.is_set() => {
                    quote!(#rt::msgpack::read_int::<#value_ty>(__r)?)
                }
                "vbi" | "varint" => quote!(<#ty as #rt::WireDecode<'de>>::decode(__r)?.0),
                _ => {
                    let from = super::conv(*order, true);
                    quote!(#value_ty::#from(*__r.take_array()?))
                }
            };
            wrap(read)
        }
        Tag::Bits { bits, peek, .. } => {
            let lo = bits.lo;
            let mask = mask(bits.hi - bits.lo) as u8;
            let outside = !(mask << lo);
            if *peek {
                wrap(quote!((__r.peek_u8()? >> #lo) & #mask))
            } else {
                wrap(quote!({
                    let [__byte] = *__r.take_array::<1>()?;
                    #rt::check_reserved(u64::from(__byte), u64::from(#outside), 0, __at)?;
                    (__byte >> #lo) & #mask
                }))
            }
        }
        Tag::Composite(parts) => {
            let reads = parts.iter().map(|(_, ty, tname)| {
                let value_ty = tag_value_type(tname, ty);
                match tname.as_str() {
                    "vbi" | "varint" => quote!(<#ty as #rt::WireDecode<'de>>::decode(__r)?.0),
                    _ => {
                        let from = super::conv(cont.order, true);
                        quote!(#value_ty::#from(*__r.take_array()?))
                    }
                }
            });
            wrap(quote!((#(#reads,)*)))
        }
    }
}

/// The tag's encoded length and the statements that write it, for variant `v`.
pub fn tag_code(cont: &Container<'_>, tag: &Tag, v: &Variant<'_>) -> (TokenStream, TokenStream) {
    let rt = rt();
    let tag_fields: Vec<Ident> = v
        .fields
        .fields
        .iter()
        .take(tag.arity())
        .map(value_ident)
        .collect();
    // The tag value(s) of this variant: its literal, or the leading fields of `other`.
    let values: Vec<TokenStream> = if v.other {
        tag_fields.iter().map(|f| quote!((*#f))).collect()
    } else {
        match (tag, &v.tag) {
            (Tag::Composite(parts), Some(syn::Expr::Tuple(t))) if t.elems.len() == parts.len() => {
                t.elems.iter().map(|e| quote!((#e))).collect()
            }
            (Tag::Composite(parts), Some(expr)) => (0..parts.len())
                .map(|i| {
                    let index = syn::Index::from(i);
                    quote!((#expr).#index)
                })
                .collect(),
            (_, Some(expr)) => vec![quote!((#expr))],
            (_, None) => vec![quote!(0)],
        }
    };
    let write_one =
        |name: &str, ty: &TokenStream, value: &TokenStream, order| -> (TokenStream, TokenStream) {
            let value_ty = tag_value_type(name, ty);
            match name {
                "vbi" | "varint" => (
                    quote!(<#ty as #rt::WireEncode>::encoded_len(&#ty(#value))),
                    quote!(<#ty as #rt::WireEncode>::encode(&#ty(#value), __buf)?;),
                ),
                _ => {
                    let to = super::conv(order, false);
                    let size = crate::internals::types::prefix_size(name).unwrap_or(0);
                    (
                        quote!(#size),
                        quote!(__buf.put_slice(&#value_ty::#to(#value));),
                    )
                }
            }
        };
    match tag {
        Tag::Ctx { .. } | Tag::Single { peek: true, .. } | Tag::Bits { peek: true, .. } => {
            (quote!(0), quote!())
        }
        Tag::Single { .. } if cont.attrs.msgpack.is_set() => {
            let value = &values[0];
            (
                quote!(#rt::msgpack::int_size((#value) as i64)),
                quote!(#rt::msgpack::write_int(__buf, (#value) as i64);),
            )
        }
        Tag::Single {
            ty, name, order, ..
        } => write_one(name, ty, &values[0], *order),
        Tag::Bits { bits, .. } => {
            let lo = bits.lo;
            let mask = mask(bits.hi - bits.lo);
            let value = &values[0];
            (
                quote!(1),
                quote!(__buf.put_u8(#rt::bits_to::<u8>(&#value, #lo, #mask)? as u8);),
            )
        }
        Tag::Composite(parts) => {
            let (lens, encs): (Vec<_>, Vec<_>) = parts
                .iter()
                .zip(&values)
                .map(|((_, ty, name), value)| write_one(name, ty, value, cont.order))
                .unzip();
            (quote!((#(#lens)+*)), quote!(#(#encs)*))
        }
    }
}

/// `fn wire_tag(&self)`: the tag value of the variant, for parents that write it themselves.
pub fn tag_method(cont: &Container<'_>) -> TokenStream {
    let Data::Enum(e) = &cont.data else {
        return quote!();
    };
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let value_ty = match &e.tag {
        Tag::Single { ty, name, .. } | Tag::Bits { ty, name, .. } => tag_value_type(name, ty),
        Tag::Ctx { ty } => ty.clone(),
        Tag::Composite(parts) => {
            let tys = parts.iter().map(|(_, ty, name)| tag_value_type(name, ty));
            quote!((#(#tys,)*))
        }
    };
    let arms = e.variants.iter().map(|v| {
        let vident = v.ident;
        let pattern = destructure(&v.fields);
        let value = if v.other {
            let fields: Vec<Ident> = v
                .fields
                .fields
                .iter()
                .take(e.tag.arity())
                .map(value_ident)
                .collect();
            if fields.len() == 1 {
                let f = &fields[0];
                quote!(*#f)
            } else {
                quote!((#(*#fields,)*))
            }
        } else {
            let tag = &v.tag;
            quote!(#tag)
        };
        quote!(Self::#vident #pattern => #value,)
    });
    let doc = format!("The wire tag of this `{ident}` variant.");
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc = #doc]
            #[allow(unused_variables, dead_code)]
            pub fn wire_tag(&self) -> #value_ty {
                match self {
                    #(#arms)*
                }
            }
        }
    }
}

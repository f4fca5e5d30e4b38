//! Tags of enums: reading one, writing a variant's, and `wire_tag()`.

use super::{conv, destructure, lit, mask, odd_conv, other_tag_value, rt, type_name, value_ident};
use crate::internals::ast::{Codec, CodecKind, Container, Data, Role, Tag, Variant};
use crate::internals::attr::Order;
use crate::internals::ints::IntKind;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

/// `let __tag = ...;`: the statement reading the tag, or nothing when `ctx_binding` took it
/// from the context already (a `ctx_tag` enum with more context).
pub fn read_tag(cont: &Container<'_>, tag: &Tag) -> TokenStream {
    if matches!(tag, Tag::Ctx { .. }) && cont.ctx_params().is_some() {
        return quote!();
    }
    let read = tag_value(cont, tag);
    quote!(let __tag = #read;)
}

/// An expression reading the tag.
fn tag_value(cont: &Container<'_>, tag: &Tag) -> TokenStream {
    let rt = rt();
    let name = type_name(cont);
    let wrap =
        |read: TokenStream| quote!(#rt::field(#name, "tag", #[inline(always)] || #rt::Ok(#read))?);
    match tag {
        Tag::Ctx { .. } => quote!(__ctx),
        Tag::Single { peek: true, .. } => wrap(quote!(__r.peek_u8()?)),
        // msgpack mode: the tag is a msgpack integer.
        Tag::Single { kind, .. } if cont.attrs.msgpack.is_set() => {
            let value_ty = kind.value_type();
            wrap(quote!(#rt::msgpack::read_int::<#value_ty>(__r)?))
        }
        Tag::Single { kind, order, .. } => wrap(read_int(*kind, *order)),
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
            let reads = parts.iter().map(|(_, kind)| read_int(*kind, cont.order));
            wrap(quote!((#(#reads,)*)))
        }
    }
}

/// An expression reading one integer of `kind` from `__r`.
fn read_int(kind: IntKind, order: Order) -> TokenStream {
    let rt = rt();
    let value_ty = kind.value_type();
    match kind.size() {
        Some(size) if kind.is_odd_width() => {
            let (from, size) = (odd_conv(order, true), lit(size));
            let load = quote!(#rt::#from::<#size>(*__r.take_array()?));
            if kind.value_name() == "u64" {
                load
            } else {
                quote!(#load as #value_ty)
            }
        }
        Some(_) => {
            let from = conv(order, true);
            quote!(#value_ty::#from(*__r.take_array()?))
        }
        None => {
            let ty = kind.wire_type(proc_macro2::Span::call_site());
            quote!(<#ty as #rt::WireDecode<'de>>::decode(__r)?.0)
        }
    }
}

/// The encoded length of `value` as an integer of `kind`, and the statements writing it.
fn write_int(kind: IntKind, order: Order, value: &TokenStream) -> (TokenStream, TokenStream) {
    let rt = rt();
    let value_ty = kind.value_type();
    match kind.size() {
        Some(size) if kind.is_odd_width() => {
            let (to, size) = (odd_conv(order, false), lit(size));
            (
                quote!(#size),
                quote!(__buf.put_slice(&#rt::#to::<#size>(<u64 as From<#value_ty>>::from(#value))?);),
            )
        }
        Some(size) => {
            let size = lit(size);
            let to = conv(order, false);
            (
                quote!(#size),
                quote!(__buf.put_slice(&#value_ty::#to(#value));),
            )
        }
        None => {
            let ty = kind.wire_type(proc_macro2::Span::call_site());
            (
                quote!(<#ty as #rt::WireEncode>::encoded_len(&#ty(#value))),
                quote!(<#ty as #rt::WireEncode>::encode(&#ty(#value), __buf)?;),
            )
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
        Tag::Single { kind, order, .. } => write_int(*kind, *order, &values[0]),
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
                .map(|((_, kind), value)| write_int(*kind, cont.order, value))
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
    let value_ty = e.tag.value_type();
    let arms = e.variants.iter().map(|v| {
        let vident = v.ident;
        let value = if v.other {
            other_tag_value(v, e.tag.arity())
        } else {
            let tag = &v.tag;
            quote!(#tag)
        };
        let pattern = destructure(&v.fields, &value);
        quote!(Self::#vident #pattern => #value,)
    });
    let doc = format!("The wire tag of this `{ident}` variant.");
    // Each named variant's tag as a constant (`Packet::PING_REQ_TAG`), for code that reads or
    // writes the tag itself and should not repeat the literal.
    let consts = e.variants.iter().filter(|v| !v.other).filter_map(|v| {
        let tag = v.tag.as_ref()?;
        let name = quote::format_ident!("{}_TAG", screaming_snake(&v.ident.to_string()));
        let doc = format!("The wire tag of `{ident}::{}`.", v.ident);
        Some(quote! {
            #[doc = #doc]
            pub const #name: #value_ty = #tag;
        })
    });
    quote! {
        impl #impl_generics #ident #ty_generics #where_clause {
            #(#consts)*

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

/// `PingReq` as `PING_REQ`, `V5` as `V5`: a variant's name as a constant's.
fn screaming_snake(name: &str) -> String {
    let name = name.trim_start_matches("r#");
    let mut out = String::with_capacity(name.len() + 4);
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next_lower)
            });
        if boundary && !out.ends_with('_') {
            out.push('_');
        }
        out.extend(c.to_uppercase());
    }
    out
}

/// With `peek`, a variant's first field re-reads the tag byte and encode writes it as stored:
/// when that field is a `u8`, its tag bits must be the variant's, or the bytes would decode as
/// another variant. (A field of another type writes the byte itself: `FixedHeader`, a bit-field
/// word with the tag bits reserved.)
pub fn peeked_tag_check(tag: &Tag, v: &Variant<'_>) -> TokenStream {
    let rt = rt();
    let (lo, mask) = match tag {
        Tag::Single { peek: true, .. } => (0, 0xffu8),
        Tag::Bits {
            bits, peek: true, ..
        } => (bits.lo, mask(bits.hi - bits.lo) as u8),
        _ => return quote!(),
    };
    let Some(first) = v.fields.fields.first() else {
        return quote!();
    };
    let is_u8 = matches!(
        &first.role,
        Role::Wire(Codec { kind: CodecKind::Prim { prim, .. }, .. }) if prim.is_u8()
    );
    let Some(tag_value) = v.tag.as_ref().filter(|_| is_u8) else {
        return quote!();
    };
    let value = value_ident(first);
    let (lo, mask) = (lit(lo as usize), lit(mask as usize));
    quote! {
        if (*#value >> #lo) & #mask != #tag_value {
            return #rt::Err(#rt::EncodeError::new(#rt::EncodeErrorKind::Custom(
                "the peeked tag byte holds another variant's tag",
            )));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::screaming_snake;

    #[test]
    fn variant_names_become_constant_names() {
        for (name, expected) in [
            ("PingReq", "PING_REQ"),
            ("V5", "V5"),
            ("Publish", "PUBLISH"),
            ("ConnAck", "CONN_ACK"),
            ("HTTPServer", "HTTP_SERVER"),
            ("Str8", "STR8"),
            ("Map32Utf8", "MAP32_UTF8"),
            ("already_snake", "ALREADY_SNAKE"),
        ] {
            assert_eq!(screaming_snake(name), expected);
        }
    }
}

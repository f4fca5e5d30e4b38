//! Lowering the whole input: which place the container is (a struct, a bit-field word, an
//! enum), its keys checked there, then its fields, bits or variants.

use super::ast::{Container, Data, Fields};
use super::attr::ContainerAttrs;
use super::bits::bit_struct;
use super::ctxt::Ctxt;
use super::keys::Place;
use super::lower::fields;
use super::tags::enumeration;

impl<'a> Container<'a> {
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = ContainerAttrs::parse(cx, &input.attrs);
        let order = attrs.order();
        cx.msgpack.set(attrs.msgpack.is_set());
        let place = match &input.data {
            syn::Data::Struct(_) if attrs.bits.is_set() => Place::BitStruct,
            syn::Data::Enum(_) => Place::Enum,
            _ => Place::Struct,
        };
        attrs.check_place(cx, place);
        let data = match &input.data {
            syn::Data::Struct(s) if attrs.bits.is_set() => {
                Data::Bits(bit_struct(cx, &attrs, &s.fields))
            }
            syn::Data::Struct(s) => Data::Struct(Fields {
                trailer: attrs.trailer.get().cloned(),
                ..fields(cx, &s.fields, order)
            }),
            syn::Data::Enum(e) => Data::Enum(enumeration(cx, input, &attrs, e, order)),
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "wire cannot derive codecs for unions: use a struct or an enum with a tag",
                );
                return None;
            }
        };
        Some(Container {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            order,
            data,
        })
    }
}

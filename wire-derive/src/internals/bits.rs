//! Lowering of bit-field words: `#[wire(bits = u8)]` structs whose fields are bit ranges.

use super::ast::{BitMember, BitStruct, Style};
use super::attr::{BitRange, ContainerAttrs, FieldAttrs, Reserved};
use super::ctxt::Ctxt;
use super::ints::IntKind;
use super::keys::Place;
use proc_macro2::Span;
use quote::format_ident;
use syn::spanned::Spanned;
use syn::{Ident, Type};

pub(super) fn bit_struct<'a>(
    cx: &Ctxt,
    attrs: &ContainerAttrs,
    fields: &'a syn::Fields,
) -> BitStruct<'a> {
    let word_ident = attrs.bits.get();
    let word = match word_ident.map(|w| (w, IntKind::from_name(&w.to_string()))) {
        Some((_, Some(kind @ (IntKind::U8 | IntKind::U16 | IntKind::U32 | IntKind::U64)))) => kind,
        Some((ident, _)) => {
            cx.error_spanned_by(
                ident,
                format!("a bit-field word is u8, u16, u32 or u64, not `{ident}`"),
            );
            IntKind::U8
        }
        None => IntKind::U8,
    };
    let word_size = word.size().unwrap_or(1);
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let width = 8 * word_size as u32;
    let mut members: Vec<BitMember<'a>> = Vec::new();
    let mut taken: Vec<(BitRange, String)> = Vec::new();
    let mut claim = |range: BitRange, span: Span, owner: String| {
        let (what, verb) = describe_bits(range);
        if range.hi > width {
            cx.error_at(
                span,
                format!(
                    "{what} {} outside the {width}-bit word `{word}` (bits 0..{width})",
                    if verb { "are" } else { "is" }
                ),
            );
        } else if let Some((r, other)) = taken
            .iter()
            .find(|(r, _)| r.lo < range.hi && range.lo < r.hi)
        {
            cx.error_at(
                span,
                format!(
                    "{what} {} {other} ({})",
                    if verb { "overlap" } else { "overlaps" },
                    describe_bits(*r).0
                ),
            );
        }
        taken.push((range, owner));
    };
    for reserved in attrs.reserved.iter() {
        claim(reserved.bits, reserved.span, "a reserved range".into());
        let w = reserved.bits.hi - reserved.bits.lo;
        if w < 64 && reserved.value >> w != 0 {
            cx.error_at(
                reserved.span,
                format!("reserved value {} does not fit {w} bits", reserved.value),
            );
        }
    }
    for (i, f) in fields.iter().enumerate() {
        let fattrs = FieldAttrs::parse(cx, &f.attrs);
        let span = f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span);
        fattrs.check_place(cx, Place::BitMember);
        let Some((key_span, bits)) = fattrs.bit_range() else {
            if !fattrs.broken {
                cx.error_at(span, "every field of a `bits` struct needs `#[wire(bit = N)]` or `#[wire(bits = lo..hi)]`");
            }
            continue;
        };
        let owner = match &f.ident {
            Some(ident) => format!("`{ident}`"),
            None => format!("field {i}"),
        };
        claim(bits, key_span, owner);
        check_bit_value(cx, &f.ty, bits, key_span);
        let member = match &f.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(i.into()),
        };
        let slot = format_ident!("__wire_{}", i);
        members.push(BitMember {
            member,
            slot,
            ty: &f.ty,
            bits,
        });
    }
    BitStruct {
        word,
        fields: members,
        reserved: attrs
            .reserved
            .iter()
            .map(|r| Reserved {
                bits: r.bits,
                value: r.value,
                span: r.span,
            })
            .collect(),
        style,
    }
}

/// "bit 3" or "bits 1..3", and whether the noun is plural.
fn describe_bits(range: BitRange) -> (String, bool) {
    if range.hi == range.lo.saturating_add(1) {
        (format!("bit {}", range.lo), false)
    } else {
        (format!("bits {}..{}", range.lo, range.hi), true)
    }
}

/// Checks what the derive can see of a bit-field member's type: a `bool` takes one bit, an
/// unsigned integer at most its own width, and a few types can never be `BitField`.
fn check_bit_value(cx: &Ctxt, ty: &Type, bits: BitRange, key_span: Span) {
    let width = bits.hi - bits.lo;
    let not_bits = || {
        cx.error_spanned_by(
            ty,
            "a bit range holds a `bool`, an unsigned integer (u8 to u64) or a fieldless enum with an integer tag, not this type",
        );
    };
    let name = match ty {
        Type::Path(p) if p.qself.is_none() => match p.path.segments.last() {
            Some(seg) => seg.ident.to_string(),
            None => return,
        },
        Type::Group(g) => return check_bit_value(cx, &g.elem, bits, key_span),
        Type::Paren(p) => return check_bit_value(cx, &p.elem, bits, key_span),
        Type::Reference(_) | Type::Array(_) | Type::Slice(_) | Type::Tuple(_) | Type::Ptr(_) => {
            return not_bits();
        }
        _ => return,
    };
    let limit = match name.as_str() {
        "bool" => {
            if width != 1 {
                cx.error_at(
                    key_span,
                    format!(
                        "a `bool` takes one bit, not {width}: write `bit = {}`",
                        bits.lo
                    ),
                );
            }
            return;
        }
        "u8" => 8,
        "u16" => 16,
        "u32" => 32,
        "u64" => 64,
        "i8" | "i16" | "i32" | "i64" | "i128" | "u128" | "isize" | "usize" | "f32" | "f64"
        | "char" | "str" | "String" | "Vec" | "Option" | "Box" | "Bytes" | "BTreeMap"
        | "HashMap" => return not_bits(),
        _ => return,
    };
    if width > limit {
        cx.error_at(
            key_span,
            format!(
                "{} are {width} bits wide, more than `{name}` holds: use a wider type or fewer bits",
                describe_bits(bits).0
            ),
        );
    }
}

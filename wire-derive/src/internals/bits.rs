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
    // Ranges are checked as written; `msb0` numbers bit 0 as the most significant, and the
    // model (shifts and masks) counts from the least significant.
    let msb0 = attrs.msb0.is_set();
    let to_model = |r: BitRange| {
        if msb0 && r.hi <= width {
            BitRange {
                lo: width - r.hi,
                hi: width - r.lo,
            }
        } else {
            r
        }
    };
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
    let mut reserved: Vec<Reserved> = Vec::new();
    for r in attrs.reserved.iter() {
        claim(r.bits, r.span, "a reserved range".into());
        let w = r.bits.hi - r.bits.lo;
        if w < 64 && r.value >> w != 0 {
            cx.error_at(
                r.span,
                format!("reserved value {} does not fit {w} bits", r.value),
            );
        }
        reserved.push(Reserved {
            bits: to_model(r.bits),
            value: r.value,
            span: r.span,
        });
    }
    // The member that keeps the uncovered bits, placed once they are known.
    let mut keeper: Option<(usize, Span)> = None;
    for (i, f) in fields.iter().enumerate() {
        let fattrs = FieldAttrs::parse(cx, &f.attrs);
        let span = f.ident.as_ref().map_or_else(|| f.ty.span(), Ident::span);
        fattrs.check_place(cx, Place::BitMember);
        let Some((key_span, place)) = fattrs.bit_place() else {
            if !fattrs.broken {
                cx.error_at(span, "every field of a `bits` struct needs `#[wire(bit = N)]`, `#[wire(bits = lo..hi)]` or `#[wire(other_bits)]`");
            }
            continue;
        };
        let member = match &f.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(i.into()),
        };
        let slot = format_ident!("__wire_{}", i);
        let (shift, mask) = match place {
            Some(bits) => {
                let owner = match &f.ident {
                    Some(ident) => format!("`{ident}`"),
                    None => format!("field {i}"),
                };
                claim(bits, key_span, owner);
                check_bit_value(cx, &f.ty, bits, key_span);
                let model = to_model(bits);
                (model.lo, low_mask(model.hi - model.lo))
            }
            None => {
                if let Some((_, first)) = keeper {
                    cx.error_at(key_span, "only one field can keep the other bits");
                    cx.error_at(first, "the first `other_bits` field is here");
                }
                keeper = Some((members.len(), key_span));
                (0, 0)
            }
        };
        members.push(BitMember {
            member,
            slot,
            ty: &f.ty,
            shift,
            mask,
        });
    }
    uncovered_bits(
        cx,
        attrs,
        &taken,
        width,
        keeper,
        &mut members,
        &mut reserved,
        &to_model,
    );
    BitStruct {
        word,
        fields: members,
        reserved,
        style,
    }
}

/// Bits no member or reserved range covers must be declared: `uncovered = zero` (must be 0, a
/// reserved range), `uncovered = ignore` (read as anything, written as 0), or an `other_bits`
/// member that keeps them. Leaving them unsaid is an error, and so is a policy with nothing to
/// apply to.
#[allow(clippy::too_many_arguments)]
fn uncovered_bits(
    cx: &Ctxt,
    attrs: &ContainerAttrs,
    taken: &[(BitRange, String)],
    width: u32,
    keeper: Option<(usize, Span)>,
    members: &mut [BitMember<'_>],
    reserved: &mut Vec<Reserved>,
    to_model: &dyn Fn(BitRange) -> BitRange,
) {
    let gaps = gaps(taken, width);
    let listed = gaps
        .iter()
        .map(|r| describe_bits(*r).0)
        .collect::<Vec<_>>()
        .join(", ");
    let policy = attrs.uncovered.get();
    let policy_span = attrs.uncovered.span().unwrap_or_else(Span::call_site);
    if gaps.is_empty() {
        if policy.is_some() {
            cx.error_at(policy_span, "every bit of the word belongs to a field or a reserved range: `uncovered` has nothing to apply to");
        }
        if let Some((_, span)) = keeper {
            cx.error_at(span, "every bit of the word belongs to a field or a reserved range: `other_bits` has nothing to keep");
        }
        return;
    }
    match (policy, keeper) {
        (Some(_), Some((_, span))) => {
            cx.error_at(span, "conflicting wire attributes: `other_bits` keeps the uncovered bits, so the struct has no `uncovered = ...`");
        }
        (Some(policy), None) if policy == "zero" => {
            reserved.extend(gaps.iter().map(|r| Reserved {
                bits: to_model(*r),
                value: 0,
                span: policy_span,
            }));
        }
        (Some(policy), None) if policy == "ignore" => {}
        (Some(policy), None) => cx.error_spanned_by(
            policy,
            format!("`uncovered` is `zero` (the bits must be 0) or `ignore` (read as anything, written as 0), not `{policy}`"),
        ),
        (None, Some((index, span))) => {
            let mask = gaps
                .iter()
                .map(|r| {
                    let m = to_model(*r);
                    low_mask(m.hi - m.lo) << m.lo
                })
                .fold(0, |a, b| a | b);
            // The bits stay in place: the type must reach the highest of them.
            let reach = BitRange {
                lo: 0,
                hi: 64 - mask.leading_zeros(),
            };
            check_bit_value(cx, members[index].ty, reach, span);
            members[index].mask = mask;
        }
        // With other errors in the word, the gaps may be their consequence: say it once
        // those are fixed.
        (None, None) if !cx.is_ok() => {}
        (None, None) => cx.error_at(
            attrs.bits.span().unwrap_or_else(Span::call_site),
            format!("{listed} of the word {} to no field: say what they hold with `reserved({}, value = 0)` (a fixed value), `uncovered = zero` (must be 0), `uncovered = ignore` (read as anything, written as 0), or a field `#[wire(other_bits)]` that keeps them", if gaps.len() == 1 && !describe_bits(gaps[0]).1 { "belongs" } else { "belong" }, gaps.first().map(|r| format!("bits = {}..{}", r.lo, r.hi)).unwrap_or_default()),
        ),
    }
}

/// The ranges of `0..width` that no claimed range covers, in order.
fn gaps(taken: &[(BitRange, String)], width: u32) -> Vec<BitRange> {
    let mut gaps = Vec::new();
    let mut lo = None;
    for bit in 0..=width {
        let covered = bit == width || taken.iter().any(|(r, _)| r.lo <= bit && bit < r.hi);
        match (covered, lo) {
            (false, None) => lo = Some(bit),
            (true, Some(start)) => {
                gaps.push(BitRange { lo: start, hi: bit });
                lo = None;
            }
            _ => {}
        }
    }
    gaps
}

/// A mask of the `width` lowest bits.
fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
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

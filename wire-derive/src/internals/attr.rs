//! Parsing `#[wire(...)]` attributes into plain data, reporting every mistake with its span.
//!
//! Each family of keys (container, variant, field) is one struct of slots, declared once with
//! `attr_set!`: the key's name, its value type and how that value is parsed. Where a key may
//! stand is not decided here but by the table in `keys`, which every slot must have a row in
//! (a unit test holds the two together).

use super::ctxt::Ctxt;
use super::keys::{self, Family};
use super::unknown_key::unknown;
use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Expr, Ident, LitInt, Token, Type};

/// One attribute value with the span of its key, set at most once.
pub struct Attr<T> {
    name: &'static str,
    pub value: Option<(Span, T)>,
}

impl<T> Attr<T> {
    fn none(name: &'static str) -> Self {
        Attr { name, value: None }
    }

    fn set(&mut self, cx: &Ctxt, span: Span, value: T) {
        if self.value.is_some() {
            cx.error_at(span, format!("duplicate wire attribute `{}`", self.name));
        } else {
            self.value = Some((span, value));
        }
    }

    pub fn get(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, v)| v)
    }

    pub fn span(&self) -> Option<Span> {
        self.value.as_ref().map(|(s, _)| *s)
    }

    pub fn is_set(&self) -> bool {
        self.value.is_some()
    }

    fn spans(&self) -> Vec<Span> {
        self.span().into_iter().collect()
    }
}

/// A key that may be given more than once (`reserved(...)`).
pub struct Many<T> {
    pub values: Vec<(Span, T)>,
}

impl<T> Many<T> {
    fn none(_: &'static str) -> Self {
        Many { values: Vec::new() }
    }

    fn set(&mut self, _: &Ctxt, span: Span, value: T) {
        self.values.push((span, value));
    }

    fn spans(&self) -> Vec<Span> {
        self.values.iter().map(|(s, _)| *s).collect()
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.values.iter().map(|(_, v)| v)
    }
}

/// Byte order requested by `le` / `be`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Big,
    Little,
}

/// A bit range `lo..hi` (half-open, bit 0 = least significant).
#[derive(Clone, Copy)]
pub struct BitRange {
    pub lo: u32,
    pub hi: u32,
}

/// A named context parameter: `flags: PublishFlags`.
pub struct CtxParam {
    pub name: Ident,
    pub ty: Type,
}

/// A value on the wire that the struct does not keep: `temp(len: u16 = name.len())`, laid out
/// just before the field it is written on.
pub struct TempField {
    pub name: Ident,
    pub ty: Type,
    /// Computed on encode; without it, the temp must be a `len` or `count` of a later field.
    pub value: Option<Expr>,
}

/// Reserved bits of a bit-field word: `reserved(bits = 0..4, value = 0b0010)`.
pub struct Reserved {
    pub bits: BitRange,
    pub value: u64,
    pub span: Span,
}

/// How an enum's tag is read.
pub enum TagAttr {
    /// `tag = u8`
    Single(Ident),
    /// `tag(key: u16, version: u16)`
    Composite(Vec<(Ident, Ident)>),
}

/// Declares one family's attribute struct: a slot per key, parsed by the given function.
macro_rules! attr_set {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($family:expr) {
            $( $(#[$fmeta:meta])* $field:ident: $slot:ident<$ty:ty> = $key:literal => $parse:expr, )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $slot<$ty>, )*
            /// Some item did not parse: errors that only follow from a missing key are not
            /// reported.
            pub broken: bool,
        }

        impl $name {
            pub const FAMILY: Family = $family;

            /// Every key this family parses.
            #[cfg(test)]
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            pub fn empty() -> Self {
                $name { $( $field: $slot::none($key), )* broken: false }
            }

            /// Parses `name` into its slot; `None` if the family has no such key.
            fn parse_key(
                &mut self,
                cx: &Ctxt,
                meta: &ParseNestedMeta<'_>,
                name: &str,
            ) -> Option<syn::Result<()>> {
                let span = meta.path.span();
                match name {
                    $( $key => Some($parse(cx, meta, $key).map(|v| self.$field.set(cx, span, v))), )*
                    _ => None,
                }
            }

            /// The keys given, with the span of each (a repeated key once per use).
            pub fn present(&self) -> Vec<(&'static str, Span)> {
                let mut out = Vec::new();
                $( out.extend(self.$field.spans().into_iter().map(|s| ($key, s))); )*
                out
            }

            /// Holds the keys given against the table for `place`.
            pub fn check_place(&self, cx: &Ctxt, place: keys::Place) {
                keys::check(cx, place, &self.present(), self.broken);
            }

            fn parse_one(&mut self, cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
                let name = key_name(meta);
                match self.parse_key(cx, meta, &name) {
                    Some(result) => result,
                    None => Err(unknown(meta, &name, Self::FAMILY)),
                }
            }

            pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
                let mut out = Self::empty();
                let broken = for_each_meta(cx, attrs, |meta| out.parse_one(cx, meta));
                out.broken |= broken || out.nested_broken();
                out
            }
        }
    };
}

attr_set! {
    /// Attributes on the struct or enum itself.
    pub struct ContainerAttrs (Family::Container) {
        le: Attr<()> = "le" => flag,
        be: Attr<()> = "be" => flag,
        ctx: Attr<Vec<CtxParam>> = "ctx" => ctx_params,
        magic: Attr<Expr> = "magic" => expr,
        /// Constant bytes after the fields.
        trailer: Attr<Expr> = "trailer" => expr,
        validate: Attr<Expr> = "validate" => expr,
        msgpack: Attr<()> = "msgpack" => flag,
        /// `decode` and `encode` are `#[inline(always)]`.
        inline: Attr<()> = "inline" => flag,
        bits: Attr<Ident> = "bits" => type_name,
        reserved: Many<Reserved> = "reserved" => reserved,
        /// Bits numbered from the most significant, as RFC diagrams draw them.
        msb0: Attr<()> = "msb0" => flag,
        /// What bits no field covers hold: `zero` or `ignore`.
        uncovered: Attr<Ident> = "uncovered" => type_name,
        tag: Attr<TagAttr> = "tag" => tag,
        tag_bits: Attr<BitRange> = "tag_bits" => bit_range,
        peek: Attr<()> = "peek" => flag,
        ctx_tag: Attr<TagAttr> = "ctx_tag" => tag,
    }
}

attr_set! {
    /// Attributes on an enum variant.
    pub struct VariantAttrs (Family::Variant) {
        tag: Attr<Expr> = "tag" => expr,
        other: Attr<()> = "other" => flag,
        magic: Attr<Expr> = "magic" => expr,
        validate: Attr<Expr> = "validate" => expr,
    }
}

attr_set! {
    /// Attributes on a field, or on the elements of a sequence field (`item(...)`, `key(...)`,
    /// `value(...)`), which take the same keys.
    pub struct FieldAttrs (Family::Field) {
        len: Attr<Expr> = "len" => expr,
        count: Attr<Expr> = "count" => expr,
        rest: Attr<()> = "rest" => flag,
        rest_len: Attr<()> = "rest_len" => flag,
        inclusive: Attr<()> = "inclusive" => flag,
        allow_trailing: Attr<()> = "allow_trailing" => flag,
        /// With `len`, `count` or `rest_len`: the largest length (or count) accepted.
        max: Attr<Expr> = "max" => expr,
        /// `nullable` (-1 is `None`), `nullable = -3`, or `nullable = negative`.
        nullable: Attr<Option<Expr>> = "nullable" => optional_expr,
        /// A second marker, "not set", on a `Tristate` field.
        not_set: Attr<Expr> = "not_set" => expr,
        empty_is_none: Attr<()> = "empty_is_none" => flag,
        cond: Attr<Expr> = "if" => expr,
        optional: Attr<()> = "optional" => flag,
        ext: Attr<Expr> = "ext" => expr,
        counted: Attr<()> = "counted" => flag,
        bin: Attr<()> = "bin" => flag,
        ctx: Attr<Expr> = "ctx" => expr,
        with: Attr<syn::Path> = "with" => module_path,
        skip: Attr<()> = "skip" => flag,
        default: Attr<Option<Expr>> = "default" => optional_expr,
        fill: Attr<Expr> = "fill" => expr,
        le: Attr<()> = "le" => flag,
        be: Attr<()> = "be" => flag,
        int: Attr<Ident> = "int" => type_name,
        temp: Many<TempField> = "temp" => temp,
        /// Constant bytes just before the field.
        magic: Attr<Expr> = "magic" => expr,
        /// A check of the field, run as soon as it is decoded and before encoding.
        validate: Attr<Expr> = "validate" => expr,
        pad_before: Attr<Expr> = "pad_before" => expr,
        pad_after: Attr<Expr> = "pad_after" => expr,
        /// A terminator ending the value (a byte, a byte string).
        until: Attr<Expr> = "until" => expr,
        /// With `until`: the terminator ends within this many bytes.
        max_len: Attr<Expr> = "max_len" => expr,
        /// A fixed-width region holding a shorter, padded value.
        width: Attr<Expr> = "width" => expr,
        /// With `width`: the pad byte, NUL by default.
        pad_with: Attr<Expr> = "pad_with" => expr,
        /// Padding after the field to a multiple of N bytes from the start of the struct.
        align: Attr<Expr> = "align" => expr,
        /// A checksum field: the algorithm, a type implementing `Checksum`.
        checksum: Attr<Expr> = "checksum" => expr,
        /// With `checksum`: the field, the fields (`a..=b`) or `..` (all) it covers.
        over: Attr<Expr> = "over" => expr,
        /// Whether padding must be zero on decode: `zero` (the default) or `ignore`.
        padding: Attr<Ident> = "padding" => type_name,
        item: Attr<Box<FieldAttrs>> = "item" => nested,
        key: Attr<Box<FieldAttrs>> = "key" => nested,
        value: Attr<Box<FieldAttrs>> = "value" => nested,
        bit: Attr<BitRange> = "bit" => bit_index,
        bits: Attr<BitRange> = "bits" => bit_range,
        /// A member of a bit-field word that keeps the bits no other member covers.
        other_bits: Attr<()> = "other_bits" => flag,
        /// A `bool` byte where any non-zero value is true.
        nonzero: Attr<()> = "nonzero" => flag,
    }
}

impl ContainerAttrs {
    fn nested_broken(&self) -> bool {
        false
    }

    /// The byte order given, big-endian by default.
    pub fn order(&self) -> Order {
        order(&self.le, &self.be).unwrap_or(Order::Big)
    }
}

impl VariantAttrs {
    fn nested_broken(&self) -> bool {
        false
    }
}

impl FieldAttrs {
    /// Some item inside `item(...)`, `key(...)` or `value(...)` did not parse.
    fn nested_broken(&self) -> bool {
        [&self.item, &self.key, &self.value]
            .into_iter()
            .any(|a| a.get().is_some_and(|nested| nested.broken))
    }

    /// The byte order given, if one is.
    pub fn order(&self) -> Option<Order> {
        order(&self.le, &self.be)
    }

    /// The span of `le` or `be`.
    pub fn order_span(&self) -> Option<Span> {
        self.le.span().or(self.be.span())
    }

    /// The bit range of `bit = N` or `bits = lo..hi`, with the key's span.
    pub fn bit_range(&self) -> Option<(Span, BitRange)> {
        self.bit.value.or(self.bits.value)
    }

    /// Where the field sits in its bit-field word: a range, or the bits no other member covers.
    pub fn bit_place(&self) -> Option<(Span, Option<BitRange>)> {
        match (self.bit_range(), self.other_bits.span()) {
            (Some((span, range)), _) => Some((span, Some(range))),
            (None, Some(span)) => Some((span, None)),
            (None, None) => None,
        }
    }
}

fn order(le: &Attr<()>, be: &Attr<()>) -> Option<Order> {
    match (le.is_set(), be.is_set()) {
        (true, _) => Some(Order::Little),
        (false, true) => Some(Order::Big),
        (false, false) => None,
    }
}

// Value parsers, one per kind of value: `fn(cx, meta, key) -> syn::Result<T>`.

fn flag(_: &Ctxt, _: &ParseNestedMeta<'_>, _: &str) -> syn::Result<()> {
    Ok(())
}

fn expr(_: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Expr> {
    parse_expr(meta, key)
}

/// `default` alone, or `default = expr`.
fn optional_expr(_: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Option<Expr>> {
    if meta.input.peek(Token![=]) {
        parse_expr(meta, key).map(Some)
    } else {
        Ok(None)
    }
}

fn type_name(_: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Ident> {
    parse_type_ident(meta, key)
}

fn module_path(_: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<syn::Path> {
    match parse_expr(meta, key)? {
        Expr::Path(p) if p.qself.is_none() => Ok(p.path),
        other => Err(syn::Error::new(other.span(), "`with` takes a module path")),
    }
}

fn bit_index(_: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<BitRange> {
    let (_, bit) = parse_bit_index(meta.value()?, 63)?;
    Ok(BitRange {
        lo: bit,
        hi: bit.saturating_add(1),
    })
}

fn bit_range(_: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<BitRange> {
    parse_bit_range(meta.value()?)
}

/// `item(...)`, `key(...)`, `value(...)`: the element's own field attributes.
fn nested(cx: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<Box<FieldAttrs>> {
    let mut out = FieldAttrs::empty();
    meta.parse_nested_meta(|inner| {
        if let Err(err) = out.parse_one(cx, &inner) {
            cx.syn_error(err);
            out.broken = true;
            skip_value(&inner);
        }
        Ok(())
    })?;
    out.broken |= out.nested_broken();
    Ok(Box::new(out))
}

fn temp(_: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<TempField> {
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error("wire's `temp` declares the value itself, on the field it precedes: `temp(name: u16 = expr)` (binrw's `temp` field becomes this, its `calc` the `= expr`)"));
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let name: Ident = content.parse()?;
    if content.parse::<Token![:]>().is_err() {
        return Err(syn::Error::new(
            name.span(),
            format!("`temp` needs the value's type on the wire: `temp({name}: u16)`"),
        ));
    }
    let ty: Type = content.parse()?;
    let value = if content.peek(Token![=]) {
        content.parse::<Token![=]>()?;
        Some(content.parse::<Expr>()?)
    } else {
        None
    };
    if !content.is_empty() {
        return Err(
            content.error("`temp(...)` is one `name: Type`, with `= expr` for its value on encode")
        );
    }
    Ok(TempField { name, ty, value })
}

fn ctx_params(_: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<Vec<CtxParam>> {
    let content;
    syn::parenthesized!(content in meta.input);
    let params = content.parse_terminated(
        |input: ParseStream<'_>| {
            let name: Ident = input.parse()?;
            input.parse::<Token![:]>()?;
            let ty: Type = input.parse()?;
            Ok(CtxParam { name, ty })
        },
        Token![,],
    )?;
    if params.is_empty() {
        return Err(meta.error("`ctx(...)` needs at least one `name: Type`"));
    }
    Ok(params.into_iter().collect())
}

fn reserved(_: &Ctxt, meta: &ParseNestedMeta<'_>, _: &str) -> syn::Result<Reserved> {
    let mut bits = None;
    let mut value = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident("bits") {
            bits = Some(parse_bit_range(inner.value()?)?);
        } else if inner.path.is_ident("value") {
            let lit: LitInt = inner.value()?.parse()?;
            value = Some(lit.base10_parse::<u64>()?);
        } else {
            return Err(inner.error("`reserved(...)` takes `bits = lo..hi` and `value = N`"));
        }
        Ok(())
    })?;
    match bits {
        Some(bits) => Ok(Reserved {
            bits,
            value: value.unwrap_or(0),
            span: meta.path.span(),
        }),
        None => Err(meta.error("`reserved(...)` needs `bits = lo..hi`")),
    }
}

/// `tag = u8`, or `tag(key: u16, version: u16)`.
fn tag(_: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<TagAttr> {
    if !meta.input.peek(syn::token::Paren) {
        return parse_type_ident(meta, key).map(TagAttr::Single);
    }
    let content;
    syn::parenthesized!(content in meta.input);
    let parts = content.parse_terminated(
        |input: ParseStream<'_>| {
            let name: Ident = input.parse()?;
            input.parse::<Token![:]>()?;
            let ty: Ident = input.parse()?;
            Ok((name, ty))
        },
        Token![,],
    )?;
    if parts.len() < 2 {
        return Err(meta.error(format!(
            "a composite tag names two or more parts: `{key}(key: u16, version: u16)`"
        )));
    }
    Ok(TagAttr::Composite(parts.into_iter().collect()))
}

/// Runs `each` on every `#[wire(...)]` item of `attrs`, recording parse errors and going on.
/// Returns true if some item did not parse.
fn for_each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut each: impl FnMut(&ParseNestedMeta<'_>) -> syn::Result<()>,
) -> bool {
    let mut broken = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("wire")) {
        if !matches!(attr.meta, syn::Meta::List(_)) {
            cx.error_spanned_by(
                attr,
                "expected `#[wire(...)]`, with the wire attributes inside the parentheses",
            );
            broken = true;
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            if let Err(err) = each(&meta) {
                cx.syn_error(err);
                broken = true;
                skip_value(&meta);
            }
            Ok(())
        });
        if let Err(err) = result {
            cx.syn_error(err);
            broken = true;
        }
    }
    broken
}

/// Consumes whatever follows an unusable key so parsing can go on with the next one.
fn skip_value(meta: &ParseNestedMeta<'_>) {
    let _ = meta.input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tt, next)) = rest.token_tree() {
            if let proc_macro2::TokenTree::Punct(p) = &tt {
                if p.as_char() == ',' {
                    break;
                }
            }
            rest = next;
        }
        Ok(((), rest))
    });
}

fn key_name(meta: &ParseNestedMeta<'_>) -> String {
    meta.path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_else(|| {
            let segments: Vec<_> = meta
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            segments.join("::")
        })
}

/// Parses `= <expression>`, rejecting string literals (wire takes real Rust expressions).
fn parse_expr(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<Expr> {
    let expr: Expr = meta.value()?.parse()?;
    if let Expr::Lit(syn::ExprLit {
        lit: syn::Lit::Str(s),
        ..
    }) = &expr
    {
        let message = if name == "magic" {
            format!(
                "`magic` takes bytes, not a string: write `magic = b{:?}`",
                s.value()
            )
        } else if name == "tag" && !s.value().is_empty() && s.value().is_ascii() {
            let bytes = s.value();
            let as_bytes = if bytes.len() == 1 {
                format!("b'{bytes}'")
            } else {
                format!("b{bytes:?}")
            };
            format!(
                "a tag is an integer, not a string: write the bytes, `tag = {as_bytes}`, or the integer"
            )
        } else {
            format!(
                "`{name}` takes a Rust expression, not a string: write `{name} = {}`",
                s.value()
            )
        };
        return Err(syn::Error::new(s.span(), message));
    }
    Ok(expr)
}

/// Parses `= u16` style type names.
fn parse_type_ident(meta: &ParseNestedMeta<'_>, name: &str) -> syn::Result<Ident> {
    let expr = parse_expr(meta, name)?;
    match &expr {
        Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => Ok(p
            .path
            .get_ident()
            .cloned()
            .unwrap_or_else(|| Ident::new("_", expr.span()))),
        _ => Err(syn::Error::new(
            expr.span(),
            format!("`{name}` takes a type name such as `u8`"),
        )),
    }
}

/// A bit index: at most 64 (the end of a `u64` word).
fn parse_bit_index(input: ParseStream<'_>, max: u32) -> syn::Result<(LitInt, u32)> {
    let lit: LitInt = input.parse()?;
    let value = lit.base10_parse::<u32>()?;
    if value > max {
        return Err(syn::Error::new(
            lit.span(),
            format!("bit {value} is beyond the widest bit-field word (u64, bits 0..64)"),
        ));
    }
    Ok((lit, value))
}

fn parse_bit_range(input: ParseStream<'_>) -> syn::Result<BitRange> {
    let (lo, lo_value) = parse_bit_index(input, 63)?;
    if input.peek(Token![..=]) {
        input.parse::<Token![..=]>()?;
        let (hi, hi_value) = parse_bit_index(input, 63)?;
        if hi_value < lo_value {
            return Err(syn::Error::new(
                hi.span(),
                "empty bit range: the end must not be below the start",
            ));
        }
        return Ok(BitRange {
            lo: lo_value,
            hi: hi_value.saturating_add(1),
        });
    }
    if input.peek(Token![..]) {
        input.parse::<Token![..]>()?;
        let (hi, hi_value) = parse_bit_index(input, 64)?;
        if hi_value <= lo_value {
            return Err(syn::Error::new(
                hi.span(),
                "empty bit range: the end must be above the start",
            ));
        }
        return Ok(BitRange {
            lo: lo_value,
            hi: hi_value,
        });
    }
    // A lone number would be a width to deku users and a bit index to others: neither is
    // guessed.
    Err(syn::Error::new(
        lo.span(),
        format!(
            "a bit range is `lo..hi`: write `bit = {lo_value}` for one bit, or `0..{lo_value}` \
             for {lo_value} bits (deku's `bits = {lo_value}` is a width)"
        ),
    ))
}

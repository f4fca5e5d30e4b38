//! Parsing `#[wire(...)]` attributes into plain data, reporting every mistake with its span.

use super::ctxt::Ctxt;
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
}

impl Attr<()> {
    fn flag(&mut self, cx: &Ctxt, span: Span) {
        self.set(cx, span, ());
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

/// Attributes on the struct or enum itself.
pub struct ContainerAttrs {
    pub order: Attr<Order>,
    pub ctx: Attr<Vec<CtxParam>>,
    pub magic: Attr<Expr>,
    pub bits: Attr<Ident>,
    pub reserved: Vec<Reserved>,
    pub tag: Attr<TagAttr>,
    pub tag_bits: Attr<BitRange>,
    pub peek: Attr<()>,
    pub ctx_tag: Attr<Ident>,
    pub validate: Attr<Expr>,
    pub msgpack: Attr<()>,
    /// `inline`: `decode` and `encode` are `#[inline(always)]`.
    pub inline: Attr<()>,
    /// Some item did not parse: errors that only follow from a missing key are not reported.
    pub broken: bool,
}

/// Attributes on an enum variant.
pub struct VariantAttrs {
    pub tag: Attr<Expr>,
    pub other: Attr<()>,
    pub magic: Attr<Expr>,
    pub validate: Attr<Expr>,
    /// Some item did not parse.
    pub broken: bool,
}

/// Attributes on a field, or on the elements of a sequence field (`item(...)`, `key(...)`,
/// `value(...)`), which take the same keys.
pub struct FieldAttrs {
    pub len: Attr<Expr>,
    pub count: Attr<Expr>,
    pub rest: Attr<()>,
    pub allow_trailing: Attr<()>,
    pub rest_len: Attr<()>,
    pub inclusive: Attr<()>,
    pub optional: Attr<()>,
    pub ext: Attr<Expr>,
    pub counted: Attr<()>,
    pub bin: Attr<()>,
    pub nullable: Attr<()>,
    pub empty_is_none: Attr<()>,
    pub cond: Attr<Expr>,
    pub ctx: Attr<Expr>,
    pub with: Attr<syn::Path>,
    pub skip: Attr<()>,
    pub default: Attr<Option<Expr>>,
    pub fill: Attr<Expr>,
    pub order: Attr<Order>,
    pub pad_before: Attr<Expr>,
    pub pad_after: Attr<Expr>,
    pub item: Attr<Box<FieldAttrs>>,
    pub key: Attr<Box<FieldAttrs>>,
    pub value: Attr<Box<FieldAttrs>>,
    pub bits: Attr<BitRange>,
    /// Some item did not parse (here or in `item(...)`, `key(...)`, `value(...)`): errors that
    /// only follow from a missing key, such as "this type has no size of its own", are not
    /// reported.
    pub broken: bool,
}

const CONTAINER_KEYS: &str = "le, be, ctx(..), magic, validate, msgpack, inline, bits, reserved(..), tag, tag(..), tag_bits, peek, ctx_tag";
const VARIANT_KEYS: &str = "tag, other, magic, validate";
const FIELD_KEYS: &str = "len, count, rest, rest_len, inclusive, allow_trailing, nullable, empty_is_none, if, optional, ext, counted, bin, ctx, with, skip, default, \
     fill, le, be, pad_before, pad_after, item(..), key(..), value(..), bit, bits";

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

/// Where each kind of key goes, for "unknown attribute" errors.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Container,
    Variant,
    Field,
}

impl Place {
    fn keys(self) -> &'static str {
        match self {
            Place::Container => CONTAINER_KEYS,
            Place::Variant => VARIANT_KEYS,
            Place::Field => FIELD_KEYS,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Place::Container => "the struct or enum",
            Place::Variant => "an enum variant",
            Place::Field => "a field",
        }
    }
}

/// Edit distance, for "did you mean" hints.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn unknown(meta: &ParseNestedMeta<'_>, name: &str, here: Place) -> syn::Error {
    let key_of = |k: &str| k.trim_end_matches("(..)").trim().to_string();
    let keys_of = |p: Place| -> Vec<String> { p.keys().split(", ").map(key_of).collect() };
    let elsewhere: Vec<&str> = [Place::Container, Place::Variant, Place::Field]
        .into_iter()
        .filter(|p| *p != here && keys_of(*p).iter().any(|k| k == name))
        .map(Place::describe)
        .collect();
    if !elsewhere.is_empty() {
        return meta.error(format!(
            "`{name}` does not go on {}: it goes on {}",
            here.describe(),
            elsewhere.join(", or on ")
        ));
    }
    let keys = keys_of(here);
    if let Some(close) = keys
        .iter()
        .filter(|k| distance(name, k) <= 2 && distance(name, k) < name.len())
        .min_by_key(|k| distance(name, k))
    {
        return meta.error(format!(
            "unknown wire attribute `{name}`; did you mean `{close}`?"
        ));
    }
    meta.error(format!(
        "unknown wire attribute `{name}`; expected one of: {}",
        here.keys()
    ))
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
    let (_, lo_value) = parse_bit_index(input, 63)?;
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
    Ok(BitRange {
        lo: lo_value,
        hi: lo_value.saturating_add(1),
    })
}

fn parse_order(cx: &Ctxt, order: &mut Attr<Order>, span: Span, value: Order) {
    if let Some((_, existing)) = &order.value {
        if *existing != value {
            cx.error_at(
                span,
                "conflicting wire attributes: `le` and `be` both given",
            );
        } else {
            let name = if value == Order::Little { "le" } else { "be" };
            cx.error_at(span, format!("duplicate wire attribute `{name}`"));
        }
        return;
    }
    order.set(cx, span, value);
}

impl ContainerAttrs {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut out = ContainerAttrs {
            order: Attr::none("le/be"),
            ctx: Attr::none("ctx"),
            magic: Attr::none("magic"),
            validate: Attr::none("validate"),
            msgpack: Attr::none("msgpack"),
            inline: Attr::none("inline"),
            bits: Attr::none("bits"),
            reserved: Vec::new(),
            tag: Attr::none("tag"),
            tag_bits: Attr::none("tag_bits"),
            peek: Attr::none("peek"),
            ctx_tag: Attr::none("ctx_tag"),
            broken: false,
        };
        out.broken = for_each_meta(cx, attrs, |meta| {
            let name = key_name(meta);
            let span = meta.path.span();
            match name.as_str() {
                "le" => parse_order(cx, &mut out.order, span, Order::Little),
                "be" => parse_order(cx, &mut out.order, span, Order::Big),
                "ctx" => {
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
                    out.ctx.set(cx, span, params.into_iter().collect());
                }
                "magic" => out.magic.set(cx, span, parse_expr(meta, "magic")?),
                "validate" => out.validate.set(cx, span, parse_expr(meta, "validate")?),
                "msgpack" => out.msgpack.flag(cx, span),
                "inline" => out.inline.flag(cx, span),
                "bits" => out.bits.set(cx, span, parse_type_ident(meta, "bits")?),
                "reserved" => {
                    let mut bits = None;
                    let mut value = None;
                    meta.parse_nested_meta(|inner| {
                        if inner.path.is_ident("bits") {
                            bits = Some(parse_bit_range(inner.value()?)?);
                        } else if inner.path.is_ident("value") {
                            let lit: LitInt = inner.value()?.parse()?;
                            value = Some(lit.base10_parse::<u64>()?);
                        } else {
                            return Err(inner
                                .error("`reserved(...)` takes `bits = lo..hi` and `value = N`"));
                        }
                        Ok(())
                    })?;
                    match bits {
                        Some(bits) => out.reserved.push(Reserved {
                            bits,
                            value: value.unwrap_or(0),
                            span,
                        }),
                        None => return Err(meta.error("`reserved(...)` needs `bits = lo..hi`")),
                    }
                }
                "tag" => {
                    if meta.input.peek(syn::token::Paren) {
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
                            return Err(meta.error("a composite tag names two or more parts: `tag(key: u16, version: u16)`"));
                        }
                        out.tag
                            .set(cx, span, TagAttr::Composite(parts.into_iter().collect()));
                    } else {
                        out.tag
                            .set(cx, span, TagAttr::Single(parse_type_ident(meta, "tag")?));
                    }
                }
                "tag_bits" => out.tag_bits.set(cx, span, parse_bit_range(meta.value()?)?),
                "peek" => out.peek.flag(cx, span),
                "ctx_tag" => out
                    .ctx_tag
                    .set(cx, span, parse_type_ident(meta, "ctx_tag")?),
                _ => return Err(unknown(meta, &name, Place::Container)),
            }
            Ok(())
        });
        out
    }
}

impl VariantAttrs {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut out = VariantAttrs {
            tag: Attr::none("tag"),
            other: Attr::none("other"),
            magic: Attr::none("magic"),
            validate: Attr::none("validate"),
            broken: false,
        };
        out.broken = for_each_meta(cx, attrs, |meta| {
            let name = key_name(meta);
            let span = meta.path.span();
            match name.as_str() {
                "tag" => out.tag.set(cx, span, parse_expr(meta, "tag")?),
                "other" => out.other.flag(cx, span),
                "magic" => out.magic.set(cx, span, parse_expr(meta, "magic")?),
                "validate" => out.validate.set(cx, span, parse_expr(meta, "validate")?),
                _ => return Err(unknown(meta, &name, Place::Variant)),
            }
            Ok(())
        });
        out
    }
}

impl FieldAttrs {
    fn empty() -> Self {
        FieldAttrs {
            len: Attr::none("len"),
            count: Attr::none("count"),
            rest: Attr::none("rest"),
            allow_trailing: Attr::none("allow_trailing"),
            rest_len: Attr::none("rest_len"),
            inclusive: Attr::none("inclusive"),
            optional: Attr::none("optional"),
            ext: Attr::none("ext"),
            counted: Attr::none("counted"),
            bin: Attr::none("bin"),
            nullable: Attr::none("nullable"),
            empty_is_none: Attr::none("empty_is_none"),
            cond: Attr::none("if"),
            ctx: Attr::none("ctx"),
            with: Attr::none("with"),
            skip: Attr::none("skip"),
            default: Attr::none("default"),
            fill: Attr::none("fill"),
            order: Attr::none("le/be"),
            pad_before: Attr::none("pad_before"),
            pad_after: Attr::none("pad_after"),
            item: Attr::none("item"),
            key: Attr::none("key"),
            value: Attr::none("value"),
            bits: Attr::none("bits"),
            broken: false,
        }
    }

    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut out = FieldAttrs::empty();
        let broken = for_each_meta(cx, attrs, |meta| out.parse_one(cx, meta));
        out.broken |= broken;
        out
    }

    fn parse_nested(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Box<FieldAttrs>> {
        let mut out = FieldAttrs::empty();
        meta.parse_nested_meta(|inner| {
            if let Err(err) = out.parse_one(cx, &inner) {
                cx.syn_error(err);
                out.broken = true;
                skip_value(&inner);
            }
            Ok(())
        })?;
        Ok(Box::new(out))
    }

    fn parse_one(&mut self, cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
        let name = key_name(meta);
        let span = meta.path.span();
        match name.as_str() {
            "len" => self.len.set(cx, span, parse_expr(meta, "len")?),
            "count" => self.count.set(cx, span, parse_expr(meta, "count")?),
            "rest" => self.rest.flag(cx, span),
            "allow_trailing" => self.allow_trailing.flag(cx, span),
            "rest_len" => self.rest_len.flag(cx, span),
            "inclusive" => self.inclusive.flag(cx, span),
            "optional" => self.optional.flag(cx, span),
            "ext" => self.ext.set(cx, span, parse_expr(meta, "ext")?),
            "counted" => self.counted.flag(cx, span),
            "bin" => self.bin.flag(cx, span),
            "nullable" => self.nullable.flag(cx, span),
            "empty_is_none" => self.empty_is_none.flag(cx, span),
            "if" => self.cond.set(cx, span, parse_expr(meta, "if")?),
            "ctx" => self.ctx.set(cx, span, parse_expr(meta, "ctx")?),
            "with" => {
                let path = match parse_expr(meta, "with")? {
                    Expr::Path(p) if p.qself.is_none() => p.path,
                    other => {
                        return Err(syn::Error::new(other.span(), "`with` takes a module path"));
                    }
                };
                self.with.set(cx, span, path);
            }
            "skip" => self.skip.flag(cx, span),
            "default" => {
                let value = if meta.input.peek(Token![=]) {
                    Some(parse_expr(meta, "default")?)
                } else {
                    None
                };
                self.default.set(cx, span, value);
            }
            "fill" => self.fill.set(cx, span, parse_expr(meta, "fill")?),
            "le" => parse_order(cx, &mut self.order, span, Order::Little),
            "be" => parse_order(cx, &mut self.order, span, Order::Big),
            "pad_before" => self
                .pad_before
                .set(cx, span, parse_expr(meta, "pad_before")?),
            "pad_after" => self.pad_after.set(cx, span, parse_expr(meta, "pad_after")?),
            "item" | "key" | "value" => {
                let nested = Self::parse_nested(cx, meta)?;
                self.broken |= nested.broken;
                let slot = match name.as_str() {
                    "item" => &mut self.item,
                    "key" => &mut self.key,
                    _ => &mut self.value,
                };
                slot.set(cx, span, nested);
            }
            "bit" => {
                let (_, bit) = parse_bit_index(meta.value()?, 63)?;
                self.bits.set(
                    cx,
                    span,
                    BitRange {
                        lo: bit,
                        hi: bit.saturating_add(1),
                    },
                );
            }
            "bits" => self.bits.set(cx, span, parse_bit_range(meta.value()?)?),
            _ => return Err(unknown(meta, &name, Place::Field)),
        }
        Ok(())
    }
}

//! The model code is generated from: every field lowered to a [`Codec`] tree. Lowering builds
//! it (`container`, `lower`, `bits`, `tags`), `check` checks it across fields, `codegen` reads
//! it. Types only: nothing here parses or lowers.

use super::attr::{BitRange, ContainerAttrs, Order, Reserved};
use super::ints::IntKind;
use super::types::{Prim, SeqKind};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::borrow::Cow;
use syn::{Expr, Ident, Type};

pub struct Container<'a> {
    pub ident: &'a Ident,
    pub generics: &'a syn::Generics,
    pub attrs: ContainerAttrs,
    pub order: Order,
    pub data: Data<'a>,
}

pub enum Data<'a> {
    Struct(Fields<'a>),
    Bits(BitStruct<'a>),
    Enum(Enum<'a>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Named,
    Tuple,
    Unit,
}

pub struct Fields<'a> {
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// `trailer = expr`: constant bytes after the fields.
    pub trailer: Option<Expr>,
}

pub struct Field<'a> {
    pub member: syn::Member,
    /// Name in error paths: the field name, or its index.
    pub name: String,
    /// The local the decoded value lives in.
    pub slot: Ident,
    /// The name expressions use for this field (a reference), if it has one.
    pub binding: Option<Ident>,
    pub ty: Cow<'a, Type>,
    pub role: Role,
    /// `magic = expr` on a field: constant bytes just before it (and before `pad_before`).
    pub magic: Option<Expr>,
    /// `validate = expr` on a field: a `Result<(), &'static str>` checked as soon as the field
    /// is decoded (with the field's offset and name) and before encoding.
    pub validate: Option<Expr>,
    pub pad_before: Option<Expr>,
    pub pad_after: Option<Expr>,
    /// `align = N`: padding after the field to a multiple of N bytes from the struct's start.
    pub align: Option<Expr>,
    /// Padding must be zero on decode (`padding = zero`, the default), or is skipped
    /// (`padding = ignore`).
    pub pad_checked: bool,
    pub fill: Fill,
    /// Span of the `rest` key, checked to be on the last field.
    pub rest_span: Option<Span>,
    /// `rest_len`: the fields after this one are decoded inside a section of its value; the
    /// flag says whether bytes they leave are skipped (`allow_trailing`).
    pub rest_len: Option<bool>,
    /// `inclusive` (with `rest_len`): the length counts the field's own bytes too; holds that
    /// size.
    pub inclusive: Option<usize>,
    /// `max = N` with `len`, `count` or `rest_len`: the largest length or count accepted, on
    /// decode before the section is read, on encode before anything is written.
    pub max: Option<Expr>,
    /// `optional`: see [`Optional`].
    pub optional: Option<Optional>,
    /// Some attribute of the field did not parse (already reported).
    pub attrs_broken: bool,
    /// False for a `temp` value: on the wire and usable by later expressions, but no member
    /// of the struct (encode computes it from its `fill`).
    pub stored: bool,
    /// `checksum = Algo, over = ...`: this field is a checksum over a range of fields.
    pub checksum: Option<ChecksumField>,
}

/// A checksum field: the algorithm (a type implementing `wire_runtime::checksum::Checksum`) and the
/// range of fields it covers, resolved by `check` (`first..=last`, indices into the fields).
pub struct ChecksumField {
    pub algo: TokenStream,
    pub over: Expr,
    pub first: usize,
    pub last: usize,
}

// Built once per field while expanding a derive; boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum Role {
    /// Not on the wire; decoded as `Default::default()` or the given expression.
    Skip(Option<Expr>),
    Wire(Codec),
}

/// An `optional` field: absent when the section is exhausted (or when `when` is false), decoded
/// as `default` (or `Default::default()`); left out on encode when it and every optional field
/// after it hold their defaults.
pub struct Optional {
    pub default: Option<Expr>,
    /// `if = expr` on an optional field: it can only be present when this holds.
    pub when: Option<Expr>,
}

/// What encoding writes for a field instead of its value.
pub enum Fill {
    None,
    /// `fill = expr`
    Expr(Expr),
    /// The length (`len = this`) or count (`count = this`) of a later field.
    LenOf {
        target: usize,
        count: bool,
    },
    /// `rest_len`: the byte length of all the fields after this one.
    RestLen,
    /// `temp(n: u16 = expr)`: the expression, converted to the temp's type (`TryFrom`).
    Calc(Expr),
    /// Fields inside this one (`header.qdcount`) that later fields name as their length or
    /// count: encode writes a copy with them filled in.
    Nested(Vec<NestedFill>),
}

/// One `len = header.size` or `count = header.count`: the path inside the field, and the field
/// it sizes.
pub struct NestedFill {
    pub path: Vec<syn::Member>,
    pub target: usize,
    pub count: bool,
}

/// How one value is laid out.
pub struct Codec {
    pub ty: Type,
    pub kind: CodecKind,
}

pub enum CodecKind {
    /// An inline integer, float, bool or byte array.
    Prim { prim: Prim, order: Order },
    /// The type's own `WireDecode`/`WireEncode` (or `DecodeWith`/`EncodeWith` with a context).
    Plain { ctx: Option<Expr> },
    /// A hand-written module with `decode`, `encode` and `encoded_len`.
    With(syn::Path),
    /// A value decoded inside a length-delimited section.
    Section {
        len: LenSource,
        null: NullMode,
        inner: Box<Codec>,
        /// Bytes the value leaves in its section are skipped instead of rejected.
        allow_trailing: bool,
        /// `max = N`: the largest length accepted, checked before the section is read.
        max: Option<Expr>,
    },
    /// Elements until the end of the section (`count: None`) or counted.
    Seq {
        seq: SeqKind,
        count: Option<LenSource>,
        item: Box<Codec>,
        /// `max = N` with `count`: the largest count accepted, checked before any element.
        max: Option<Expr>,
    },
    /// A key-value pair (map entries, `Vec<(K, V)>` items).
    Pair(Box<Codec>, Box<Codec>),
    /// `Option<T>` present when the expression holds.
    Cond { cond: Expr, inner: Box<Codec> },
    /// A byte string ended by a terminator, or in a fixed-width padded region.
    Delimited {
        delimiter: Delimiter,
        inner: Box<Codec>,
    },
    /// A `Vec` whose end an element marks: `until = |item| ...` (the element that satisfies it
    /// is the last, kept) or `until = value` (a sentinel after the last element, not kept).
    SeqUntil { end: SeqEnd, item: Box<Codec> },
    /// msgpack mode: the type's own msgpack value (`MsgPackDecode`/`MsgPackEncode`).
    MsgPack,
    /// msgpack mode: an extension value of this type whose data is the field's binary layout.
    MsgPackExt { ext_type: Expr },
    /// msgpack mode: a `Vec` as an integer count, then the items (Ignite's lists).
    MsgPackCounted { item: Type },
    /// msgpack mode: a byte container as one bin value (`BinDecode`/`BinEncode`).
    MsgPackBin,
}

pub enum Delimiter {
    /// `until = 0`: the bytes before a terminator (a `&[u8]` expression), which must end
    /// within `max` bytes if given.
    Until {
        terminator: TokenStream,
        max: Option<Expr>,
    },
    /// `width = 16`: a region of `width` bytes, the value padded with `pad` (a `u8`
    /// expression); bytes after a NUL are checked to be NUL when `checked`.
    Width {
        width: Expr,
        pad: TokenStream,
        checked: bool,
    },
}

pub enum SeqEnd {
    /// A closure over each element; true for the last.
    Last(Expr),
    /// A value of the element type after the last element.
    Sentinel(Expr),
}

pub enum LenSource {
    /// Read from a prefix of this type just before the value.
    Prefix {
        /// The built-in kind; `None` for a user type implementing `LenPrefix`.
        kind: Option<IntKind>,
        order: Order,
        /// `kind.wire_type()`, spanned where the prefix is named (wrapped in the runtime's
        /// `Biased` when `bias` is not 0).
        ty: TokenStream,
        /// `len = varint + 1`: the prefix holds the length plus this.
        bias: usize,
    },
    /// An expression over earlier fields and the context; checked on encode.
    Expr(Expr),
    /// An earlier field, filled in on encode.
    Field(Ident),
    /// `len = if *flags & 0x10 != 0 { u16 } else { u8 }`: the first branch whose condition
    /// holds (the last has none) gives a prefix to read, or the length itself (an expression:
    /// nothing read, checked on encode). BGP's extended length, WebSocket's 7/16/64 bits.
    Choice(Vec<LenBranch>),
}

/// One branch of [`LenSource::Choice`].
pub struct LenBranch {
    /// `None` for the final `else`.
    pub cond: Option<Expr>,
    /// A [`LenSource::Prefix`] or a [`LenSource::Expr`].
    pub source: LenSource,
}

impl LenSource {
    /// Every expression the source reads: a length expression, a field's name, a choice's
    /// conditions and expression branches.
    pub fn expressions(&self) -> Vec<Expr> {
        match self {
            LenSource::Expr(e) => vec![e.clone()],
            LenSource::Field(ident) => vec![syn::parse_quote!(#ident)],
            LenSource::Prefix { .. } => Vec::new(),
            LenSource::Choice(branches) => branches
                .iter()
                .flat_map(|b| b.cond.iter().cloned().chain(b.source.expressions()))
                .collect(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum NullMode {
    /// The value is always present.
    Never,
    /// Markers in the prefix: `nullable` (-1, or `nullable = -3`), `nullable = negative` (any
    /// negative value, `null: None`), and `not_set = -2` (a `Tristate` field).
    Markers {
        null: Option<i64>,
        not_set: Option<i64>,
    },
    /// Length 0 means `None`.
    Empty,
}

pub struct BitStruct<'a> {
    /// The word's integer kind: u8, u16, u32 or u64.
    pub word: IntKind,
    pub fields: Vec<BitMember<'a>>,
    pub reserved: Vec<Reserved>,
    pub style: Style,
}

pub struct BitMember<'a> {
    pub member: syn::Member,
    pub slot: Ident,
    pub ty: &'a Type,
    /// The member's value is `(word >> shift) & mask` (bit 0 least significant).
    pub shift: u32,
    pub mask: u64,
}

pub struct Enum<'a> {
    pub tag: Tag,
    /// False when `tag` is a stand-in after an error in the tag attributes: variant tags are
    /// then not checked against it.
    pub tag_as_written: bool,
    pub variants: Vec<Variant<'a>>,
}

pub enum Tag {
    /// `tag = u16`: read, or `peek`ed for `u8`.
    Single {
        kind: IntKind,
        order: Order,
        peek: bool,
    },
    /// `tag = u8, tag_bits = 4..8`: bits of one byte.
    Bits { bits: BitRange, peek: bool },
    /// `tag(key: u16, version: u16)`.
    Composite(Vec<(Ident, IntKind)>),
    /// `ctx_tag = u16` or `ctx_tag(a: u8, b: u16)`: the parent read the tag, which comes first
    /// in the context; `inner` is the tag as if read here (single or composite).
    Ctx { inner: Box<Tag> },
}

impl Tag {
    /// The Rust type of a tag value: `u32` for a `vbi` tag, a tuple for a composite one.
    pub fn value_type(&self) -> TokenStream {
        match self {
            Tag::Single { kind, .. } => kind.value_type(),
            Tag::Ctx { inner } => inner.value_type(),
            Tag::Bits { .. } => quote!(u8),
            Tag::Composite(parts) => {
                let tys = parts.iter().map(|(_, kind)| kind.value_type());
                quote!((#(#tys,)*))
            }
        }
    }

    /// The Rust types of the tag's values, by name: one, or one per part.
    pub fn value_names(&self) -> Vec<&'static str> {
        match self {
            Tag::Single { kind, .. } => vec![kind.value_name()],
            Tag::Ctx { inner } => inner.value_names(),
            Tag::Bits { .. } => vec!["u8"],
            Tag::Composite(parts) => parts.iter().map(|(_, kind)| kind.value_name()).collect(),
        }
    }

    /// Number of leading fields of an `other` variant that receive the tag.
    pub fn arity(&self) -> usize {
        match self {
            Tag::Composite(parts) => parts.len(),
            Tag::Ctx { inner } => inner.arity(),
            _ => 1,
        }
    }
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub tag: Option<Expr>,
    pub other: bool,
    /// Span of the `other` key.
    pub other_span: Option<Span>,
    pub magic: Option<Expr>,
    /// `validate = expr`: a `Result<(), &'static str>` checked after decoding, before encoding.
    pub validate: Option<Expr>,
    pub fields: Fields<'a>,
    /// Some attribute of the variant did not parse (already reported).
    pub attrs_broken: bool,
}

impl Container<'_> {
    /// The container's context parameters, `(names, types)`.
    pub fn ctx_params(&self) -> Option<(Vec<&Ident>, Vec<&Type>)> {
        let params = self.attrs.ctx.get()?;
        Some((
            params.iter().map(|p| &p.name).collect(),
            params.iter().map(|p| &p.ty).collect(),
        ))
    }
}

//! Code generation from the checked model: `de` writes `WireDecode`, `ser` writes `WireEncode`.

mod bits;
mod checksum;
mod choice;
pub mod de;
mod encoded_len;
mod fill;
mod plan;
mod runs;
mod sections;
mod seq;
pub mod ser;
mod tags;
mod window;

use crate::Direction;
use crate::internals::ast::{
    Codec, CodecKind, Container, Data, Enum, Field, Fields, Fill, Role, Style, Tag, Variant,
};
use crate::internals::attr::Order;
use crate::internals::types::{Prim, PrimKind};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Ident, Lifetime};

/// `__rt`: generated function bodies reach the runtime through this name, which [`body`] binds
/// to `::wire_runtime::__private` (names starting with `__` are reserved for generated code).
pub fn rt() -> TokenStream {
    quote!(__rt)
}

/// `::wire_runtime::__private`, for impl headers, signatures and constants, where no `use` can
/// stand.
pub fn rt_path() -> TokenStream {
    quote!(::wire_runtime::__private)
}

/// A function body: `use ::wire_runtime::__private as __rt;` first if it reaches the runtime.
pub fn body(stmts: TokenStream) -> TokenStream {
    fn mentions_rt(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(ident) => ident == "__rt",
            proc_macro2::TokenTree::Group(group) => mentions_rt(group.stream()),
            _ => false,
        })
    }
    if mentions_rt(stmts.clone()) {
        let rt = rt_path();
        quote!(use #rt as __rt; #stmts)
    } else {
        stmts
    }
}

/// An integer literal without suffix, as a person writes it (`13`, not `13usize`).
pub fn lit(n: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(n)
}

/// A marker (always negative) as an expression: `-1`.
pub fn marker_tokens(marker: i64) -> TokenStream {
    let abs = proc_macro2::Literal::u64_unsuffixed(marker.unsigned_abs());
    quote!(-#abs)
}

/// `Markers { null: Some(-1), not_set: None }` for `read_marked_len`.
pub fn markers_tokens(null: Option<i64>, not_set: Option<i64>) -> TokenStream {
    let rt = rt();
    let opt = |m: Option<i64>| match m {
        Some(m) => {
            let m = marker_tokens(m);
            quote!(#rt::Some(#m))
        }
        None => quote!(#rt::None),
    };
    let (null, not_set) = (opt(null), opt(not_set));
    quote!(#rt::Markers { null: #null, not_set: #not_set })
}

pub fn order_tokens(order: Order) -> TokenStream {
    let rt = rt();
    match order {
        Order::Big => quote!(#rt::ByteOrder::Big),
        Order::Little => quote!(#rt::ByteOrder::Little),
    }
}

/// The `from_be_bytes`/`to_be_bytes` pair of a byte order.
pub fn conv(order: Order, decode: bool) -> Ident {
    let name = match (order, decode) {
        (Order::Big, true) => "from_be_bytes",
        (Order::Little, true) => "from_le_bytes",
        (Order::Big, false) => "to_be_bytes",
        (Order::Little, false) => "to_le_bytes",
    };
    Ident::new(name, Span::call_site())
}

/// The runtime's `uint_from_be`/`uint_to_be` family member for a byte order: odd-width integers
/// (`u24`, `u40`, ...) have no `from_be_bytes` of their own.
pub fn odd_conv(order: Order, decode: bool) -> Ident {
    let name = match (order, decode) {
        (Order::Big, true) => "uint_from_be",
        (Order::Little, true) => "uint_from_le",
        (Order::Big, false) => "uint_to_be",
        (Order::Little, false) => "uint_to_le",
    };
    Ident::new(name, Span::call_site())
}

/// Loads a primitive from `LEN` bytes at `at` of the array `run` (of length `n`).
pub fn prim_load(
    prim: &Prim,
    order: Order,
    run: &TokenStream,
    at: usize,
    n: usize,
    offset: &TokenStream,
) -> TokenStream {
    let rt = rt();
    let whole = prim.size == n && at == 0;
    let (size, at, n) = (lit(prim.size), lit(at), lit(n));
    match &prim.kind {
        PrimKind::Number(ty) => {
            let from = conv(order, true);
            if whole {
                quote!(#ty::#from(*#run))
            } else {
                quote!(#ty::#from(#rt::chunk::<#at, #size, #n>(#run)))
            }
        }
        PrimKind::Narrow(ty, _) => {
            let from = odd_conv(order, true);
            let bytes = if whole {
                quote!(*#run)
            } else {
                quote!(#rt::chunk::<#at, #size, #n>(#run))
            };
            // `uint_from_*` gives a `u64`: narrowed for a `u32` or `u16` field.
            if ty == "u64" {
                quote!(#rt::#from::<#size>(#bytes))
            } else {
                quote!(#rt::#from::<#size>(#bytes) as #ty)
            }
        }
        PrimKind::Bool => quote!(#rt::bool_from_byte(#run[#at], #offset + #at)?),
        PrimKind::NonZeroBool => quote!(#run[#at] != 0),
        PrimKind::ByteArray if whole => quote!(*#run),
        PrimKind::ByteArray => quote!(#rt::chunk::<#at, #size, #n>(#run)),
    }
}

/// The bytes of a primitive held by reference in `value` (a `Result` is unwrapped with `?`
/// for a narrow integer, whose value may not fit).
pub fn prim_bytes(prim: &Prim, order: Order, value: &TokenStream) -> TokenStream {
    match &prim.kind {
        PrimKind::Number(_) => {
            let to = conv(order, false);
            quote!(#value.#to())
        }
        PrimKind::Narrow(..) => {
            let bytes = narrow_bytes(prim, order, value);
            quote!(#bytes?)
        }
        PrimKind::Bool | PrimKind::NonZeroBool => quote!([u8::from(*#value)]),
        PrimKind::ByteArray => quote!(*#value),
    }
}

/// The bytes of a narrow integer (`int = u24`) held by reference in `value`, as a `Result`:
/// the value may not fit.
pub fn narrow_bytes(prim: &Prim, order: Order, value: &TokenStream) -> TokenStream {
    let rt = rt();
    let (to, size) = (odd_conv(order, false), lit(prim.size));
    quote!(#rt::#to::<#size>(u64::from(*#value)))
}

/// The impl generics with `'de` added (bounded by every lifetime of the type) and the where
/// clause with `bound` on every type parameter.
pub fn split_generics(
    cont: &Container<'_>,
    with_de: bool,
    bound: TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let mut generics = cont.generics.clone();
    let type_params: Vec<Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    {
        let where_clause = generics.make_where_clause();
        for param in &type_params {
            where_clause
                .predicates
                .push(syn::parse_quote!(#param: #bound));
        }
    }
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ty_generics = quote!(#ty_generics);
    let where_clause = generics.where_clause.clone();
    if with_de {
        let de = Lifetime::new("'de", Span::call_site());
        let bounds: Vec<&Lifetime> = cont.generics.lifetimes().map(|l| &l.lifetime).collect();
        let mut de_param: syn::LifetimeParam = syn::LifetimeParam::new(de);
        de_param.bounds.extend(bounds.into_iter().cloned());
        generics
            .params
            .insert(0, syn::GenericParam::Lifetime(de_param));
    }
    let (impl_generics, _, _) = generics.split_for_impl();
    (quote!(#impl_generics), ty_generics, quote!(#where_clause))
}

/// Name of the value of field `f` inside generated functions: the field's own name (named
/// fields, so attribute expressions can use it) or its slot (tuple fields).
pub fn value_ident(f: &Field<'_>) -> Ident {
    f.binding.clone().unwrap_or_else(|| f.slot.clone())
}

/// The tag an `other` variant holds, read from its first `arity` fields (bound by reference):
/// `*code` for one, `(*major, *minor,)` for a tuple tag.
pub fn other_tag_value(variant: &Variant<'_>, arity: usize) -> TokenStream {
    let parts: Vec<Ident> = variant
        .fields
        .fields
        .iter()
        .take(arity)
        .map(value_ident)
        .collect();
    if let [part] = &parts[..] {
        quote!(*#part)
    } else {
        quote!((#(*#parts,)*))
    }
}

/// A pattern binding by reference the fields that `code` mentions: `{ a, b }`, `{ a, .. }`,
/// `(__wire_0, _)`, or `{ .. }` / `(..)` when it mentions none.
pub fn destructure(fields: &Fields<'_>, code: &TokenStream) -> TokenStream {
    let used = Names::in_tokens(code);
    let names: Vec<Option<Ident>> = fields
        .fields
        .iter()
        .filter(|f| f.stored)
        .map(|f| Some(value_ident(f)).filter(|name| used.contains(name)))
        .collect();
    let any = names.iter().any(Option::is_some);
    match fields.style {
        Style::Unit => quote!(),
        Style::Named if !any => quote!({ .. }),
        Style::Named => {
            let rest = names.iter().any(Option::is_none).then(|| quote!(..));
            let names = names.iter().flatten();
            quote!({ #(#names,)* #rest })
        }
        Style::Tuple if !any => quote!((..)),
        Style::Tuple => {
            let names = names.iter().map(|n| match n {
                Some(name) => quote!(#name),
                None => quote!(_),
            });
            quote!((#(#names),*))
        }
    }
}

/// `let Self { a, .. } = self;` for the fields `code` mentions, nothing if it mentions none.
pub fn bind_self(fields: &Fields<'_>, code: &TokenStream) -> TokenStream {
    let used = Names::in_tokens(code);
    if !fields
        .fields
        .iter()
        .any(|f| f.stored && used.contains(&value_ident(f)))
    {
        return quote!();
    }
    let pattern = destructure(fields, code);
    quote!(let Self #pattern = self;)
}

/// The identifiers some code mentions: which fields a generated body or the attribute
/// expressions use, so that only those are bound. A method or path segment of the same name
/// counts too; that only binds a name that goes unused.
pub struct Names(std::collections::HashSet<String>);

impl Names {
    pub fn in_tokens(tokens: &TokenStream) -> Names {
        let mut names = Names(Default::default());
        names.add(tokens.clone());
        names
    }

    /// The names the attribute expressions of `fields` mention, and those of `extra` (a
    /// `validate`): the fields decode must bind by name.
    pub fn in_expressions<'e>(
        fields: &'e Fields<'_>,
        extra: impl IntoIterator<Item = &'e syn::Expr>,
    ) -> Names {
        let mut names = Names(Default::default());
        let mut add_expr = |e: &syn::Expr| names.add(quote!(#e));
        extra.into_iter().for_each(&mut add_expr);
        for f in &fields.fields {
            crate::internals::exprs::field_expressions(f, &mut add_expr);
        }
        names
    }

    fn add(&mut self, tokens: TokenStream) {
        for tt in tokens {
            match tt {
                proc_macro2::TokenTree::Ident(ident) => {
                    self.0.insert(ident.to_string());
                }
                proc_macro2::TokenTree::Group(group) => self.add(group.stream()),
                _ => {}
            }
        }
    }

    pub fn contains(&self, ident: &Ident) -> bool {
        self.0.contains(&ident.to_string())
    }
}

/// Whether `tokens` use `value` as a value: a name not after `.` or `::` (a method or a path
/// segment of the same name is something else).
pub fn uses_value(tokens: &TokenStream, value: &Ident) -> bool {
    let mut after_dot_or_path = false;
    for tt in tokens.clone() {
        match &tt {
            proc_macro2::TokenTree::Ident(ident) if ident == value && !after_dot_or_path => {
                return true;
            }
            proc_macro2::TokenTree::Group(group) if uses_value(&group.stream(), value) => {
                return true;
            }
            _ => {}
        }
        after_dot_or_path = matches!(&tt, proc_macro2::TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == ':');
    }
    false
}

/// A string literal of the type's name, as it appears in error paths.
pub fn type_name(cont: &Container<'_>) -> String {
    cont.ident.to_string()
}

/// `#[inline(always)]` for a `#[wire(inline)]` type, `#[inline]` otherwise.
///
/// A large decoder left out of line returns its value through memory, field by field; a caller
/// that moves it on (into a tuple with the bytes consumed, say) loads it back in wider words
/// straight after those stores, and each such load waits for the stores to retire instead of
/// being forwarded. Inlined, the value is built where it ends up.
pub fn inline_attr(cont: &Container<'_>) -> TokenStream {
    if cont.attrs.inline.is_set() {
        quote!(#[inline(always)])
    } else {
        quote!(#[inline])
    }
}

/// The context type of a container, if it takes one.
pub fn ctx_type(cont: &Container<'_>) -> Option<TokenStream> {
    let tag = ctx_tag_type(cont);
    let (_, tys) = match cont.ctx_params() {
        Some(params) => params,
        None => return tag,
    };
    Some(match (tag, tys.as_slice()) {
        (None, [one]) => quote!(#one),
        (None, many) => quote!((#(#many,)*)),
        // The tag the parent read comes first: `(tag, flags, stream_id)`.
        (Some(tag), many) => quote!((#tag, #(#many,)*)),
    })
}

/// The type of the tag a `ctx_tag` enum takes from its parent.
fn ctx_tag_type(cont: &Container<'_>) -> Option<TokenStream> {
    match &cont.data {
        Data::Enum(Enum {
            tag: tag @ Tag::Ctx { .. },
            ..
        }) => Some(tag.value_type()),
        _ => None,
    }
}

/// `let flags = __ctx;` or `let (a, b) = __ctx;`.
pub fn ctx_binding(cont: &Container<'_>) -> TokenStream {
    match cont.ctx_params() {
        Some((names, _)) if ctx_tag_type(cont).is_some() => {
            quote!(let (__tag, #(#names,)*) = __ctx;)
        }
        Some((names, _)) if names.len() == 1 => {
            let name = names[0];
            quote!(let #name = __ctx;)
        }
        Some((names, _)) => quote!(let (#(#names,)*) = __ctx;),
        None => quote!(),
    }
}

/// A field's default: the `default = expr` given, or `Default::default()`.
pub fn default_value(default: Option<&syn::Expr>) -> TokenStream {
    let rt = rt();
    match default {
        Some(expr) => quote!(#expr),
        None => quote!(#rt::Default::default()),
    }
}

/// Nothing around the field's value: no constant, padding, alignment, optional presence, or
/// fields decoded inside it. Such fields can be written together with their neighbours: in one
/// window (`window.rs`) or one array (`checksum::encode_one_run`).
pub fn bare(f: &Field<'_>) -> bool {
    f.magic.is_none()
        && f.pad_before.is_none()
        && f.pad_after.is_none()
        && f.align.is_none()
        && f.optional.is_none()
        && f.rest_len.is_none()
}

/// `FIXED_SIZE` of a container without context: a literal where the derive knows every part,
/// the runtime's `sum_fixed` over the parts whose size only their type knows otherwise.
pub fn fixed_size(cont: &Container<'_>, direction: Direction) -> TokenStream {
    let rt = rt_path();
    let none = quote!(#rt::None);
    let known = |size: usize| {
        let size = lit(size);
        quote!(#rt::Some(#size))
    };
    let fields = match &cont.data {
        Data::Bits(bits) => return known(bits.word.size().unwrap_or(1)),
        Data::Enum(_) if cont.attrs.msgpack.is_set() => return none,
        Data::Enum(e) => return fieldless_tag_size(e).map_or(none, known),
        Data::Struct(_) if cont.attrs.magic.is_set() || cont.attrs.trailer.is_set() => {
            return none;
        }
        Data::Struct(fields) => fields,
    };
    let trait_path = match direction {
        Direction::Decode => quote!(#rt::WireDecode<'de>),
        Direction::Encode => quote!(#rt::WireEncode),
    };
    let mut sum = 0;
    let mut of_type = Vec::new();
    for f in &fields.fields {
        // A filled field's written value is computed: encode does not promise its size.
        let filled = direction == Direction::Encode && !matches!(f.fill, Fill::None);
        let padded = f.pad_before.is_some() || f.pad_after.is_some() || f.align.is_some();
        if padded || f.magic.is_some() || filled {
            return none;
        }
        match &f.role {
            Role::Skip(_) => {}
            Role::Wire(Codec {
                kind: CodecKind::Prim { prim, .. },
                ..
            }) => sum += prim.size,
            Role::Wire(Codec {
                kind: CodecKind::Plain { ctx: None },
                ty,
            }) => of_type.push(quote!(<#ty as #trait_path>::FIXED_SIZE)),
            Role::Wire(_) => return none,
        }
    }
    if of_type.is_empty() {
        return known(sum);
    }
    let sum = known(sum);
    quote!(#rt::sum_fixed(&[#sum, #(#of_type),*]))
}

/// The encoded size of an enum whose variants carry nothing but the tag.
pub fn fieldless_tag_size(e: &Enum<'_>) -> Option<usize> {
    let size = match &e.tag {
        Tag::Single {
            kind, peek: false, ..
        } => kind.size()?,
        Tag::Bits { peek: false, .. } => 1,
        _ => return None,
    };
    let fieldless = e.variants.iter().all(|v| {
        v.magic.is_none() && v.fields.fields.len() == if v.other { e.tag.arity() } else { 0 }
    });
    fieldless.then_some(size)
}

pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// `let name = &slot;`: a named field's value under its own name, for attribute expressions.
pub fn bind_ref(f: &Field<'_>, used: &Names) -> TokenStream {
    match &f.binding {
        Some(binding) if used.contains(binding) => {
            let slot = &f.slot;
            quote!(let #binding = &#slot;)
        }
        _ => quote!(),
    }
}

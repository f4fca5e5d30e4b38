//! What the derive can tell from a field's type by its syntax alone.

use super::ints::IntKind;
use syn::{GenericArgument, PathArguments, Type};

/// A primitive the derive loads and stores inline, so runs of them share one bounds check.
#[derive(Clone)]
pub struct Prim {
    pub kind: PrimKind,
    pub size: usize,
}

#[derive(Clone, PartialEq, Eq)]
pub enum PrimKind {
    /// An integer or float with `from_be_bytes`/`to_be_bytes`; holds the type name.
    Number(syn::Ident),
    Bool,
    /// `#[wire(nonzero)] bool`: any non-zero byte is true; written as 0 or 1.
    NonZeroBool,
    /// `[u8; N]`.
    ByteArray,
    /// An unsigned integer of the type named stored in fewer bytes (`#[wire(int = u24)]` on a
    /// `u32`): `IntKind::size` bytes on the wire.
    Narrow(syn::Ident, IntKind),
}

impl Prim {
    /// A strict `bool`, whose load can fail.
    pub fn is_bool(&self) -> bool {
        self.kind == PrimKind::Bool
    }

    /// `u8`: a `Vec` of them is copied as one slice.
    pub fn is_u8(&self) -> bool {
        matches!(&self.kind, PrimKind::Number(ident) if ident == "u8")
    }

    pub fn is_float(&self) -> bool {
        matches!(&self.kind, PrimKind::Number(ident) if ident == "f32" || ident == "f64")
    }
}

/// The unsigned integer type `ty` names, as its name: `u16`, `u32`, `u64`, `u128`.
pub fn unsigned_name(ty: &Type) -> Option<String> {
    let Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    matches!(name.as_str(), "u8" | "u16" | "u32" | "u64" | "u128").then_some(name)
}

/// `u16`, `bool`, `[u8; 16]`: types read inline; `None` for everything else.
pub fn prim(ty: &Type) -> Option<Prim> {
    match ty {
        Type::Path(p) if p.qself.is_none() => {
            let ident = p.path.get_ident()?;
            let size = match ident.to_string().as_str() {
                "u8" | "i8" => 1,
                "u16" | "i16" => 2,
                "u32" | "i32" | "f32" => 4,
                "u64" | "i64" | "f64" => 8,
                "u128" | "i128" => 16,
                "bool" => {
                    return Some(Prim {
                        kind: PrimKind::Bool,
                        size: 1,
                    });
                }
                _ => return None,
            };
            Some(Prim {
                kind: PrimKind::Number(ident.clone()),
                size,
            })
        }
        Type::Array(a) => {
            let elem_is_u8 = matches!(&*a.elem, Type::Path(p) if p.path.is_ident("u8"));
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) = &a.len
            else {
                return None;
            };
            let size = n.base10_parse::<usize>().ok()?;
            elem_is_u8.then_some(Prim {
                kind: PrimKind::ByteArray,
                size,
            })
        }
        Type::Group(g) => prim(&g.elem),
        _ => None,
    }
}

/// Crates whose types the derive knows by name: `std::vec::Vec`, `bytes::Bytes`, ...
const KNOWN_CRATES: &[&str] = &["std", "alloc", "core", "bytes", "wire_runtime", "hashbrown"];

/// The name and generic type arguments of a type the derive may know by its name: `Vec<T>`
/// gives ("Vec", [T]). A macro cannot resolve names, so the name decides only where it is
/// written bare (`Bytes`, `Vec<T>`) or through a known crate (`bytes::Bytes`,
/// `std::vec::Vec<T>`); any other path (`self::Bytes`, `proto::String`) is a type of the
/// user's, decoded through its own `WireDecode`.
fn generic_args(ty: &Type) -> Option<(String, Vec<&Type>)> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let segments = &p.path.segments;
    let first = segments.first()?.ident.to_string();
    if segments.len() > 1 && !KNOWN_CRATES.contains(&first.as_str()) {
        return None;
    }
    let seg = segments.last()?;
    let args = match &seg.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((seg.ident.to_string(), args))
}

/// `T` of `Option<T>`.
pub fn option_inner(ty: &Type) -> Option<&Type> {
    generic_inner(ty, "Option")
}

/// `T` in `Name<T>` (`Option<T>`, `Tristate<T>`).
pub fn generic_inner<'a>(ty: &'a Type, wrapper: &str) -> Option<&'a Type> {
    match generic_args(ty)? {
        (name, args) if name == wrapper && args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// What kind of collection a sequence field is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum SeqKind {
    Vec,
    BTreeMap,
    HashMap,
}

/// A sequence type: `Vec<T>` (element `T`) or a map (elements `(K, V)`).
pub struct SeqType<'a> {
    pub kind: SeqKind,
    /// Element type, or key type for maps.
    pub first: &'a Type,
    /// Value type for maps.
    pub second: Option<&'a Type>,
}

pub fn seq(ty: &Type) -> Option<SeqType<'_>> {
    let (name, args) = generic_args(ty)?;
    match (name.as_str(), args.as_slice()) {
        ("Vec", [elem]) => Some(SeqType {
            kind: SeqKind::Vec,
            first: elem,
            second: None,
        }),
        ("BTreeMap", [k, v]) => Some(SeqType {
            kind: SeqKind::BTreeMap,
            first: k,
            second: Some(v),
        }),
        ("HashMap", [k, v, ..]) => Some(SeqType {
            kind: SeqKind::HashMap,
            first: k,
            second: Some(v),
        }),
        _ => None,
    }
}

/// `(K, V)`: the pair type of a `Vec<(K, V)>`, for `key(...)` and `value(...)`.
pub fn pair(ty: &Type) -> Option<(&Type, &Type)> {
    match ty {
        Type::Tuple(t) if t.elems.len() == 2 => Some((&t.elems[0], &t.elems[1])),
        Type::Paren(p) => pair(&p.elem),
        _ => None,
    }
}

/// `&[u8]`, `&str`, `String`, `Vec<u8>`, `Bytes`: values that are their bytes.
pub fn is_byte_string(ty: &Type) -> bool {
    prim(ty).is_none() && is_leaf(ty)
}

/// Types whose decoding never decodes another type of the user's: strings, byte strings and
/// primitives. Sequences of them need no nesting level of their own.
pub fn is_leaf(ty: &Type) -> bool {
    if prim(ty).is_some() {
        return true;
    }
    match ty {
        Type::Reference(r) => match &*r.elem {
            Type::Slice(s) => prim(&s.elem).is_some_and(|p| p.is_u8()),
            Type::Path(p) => p.path.is_ident("str"),
            _ => false,
        },
        Type::Group(g) => is_leaf(&g.elem),
        _ => match generic_args(ty) {
            Some((name, args)) => match (name.as_str(), args.as_slice()) {
                ("String" | "Bytes", []) => true,
                ("Vec", [elem]) => prim(elem).is_some_and(|p| p.is_u8()),
                _ => false,
            },
            None => false,
        },
    }
}

/// Types whose encoding has no size of its own: they take the rest of the section unless the
/// field gives them a length. Used to demand `len`, `count` or `rest`.
pub fn is_unsized_layout(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => match &*r.elem {
            Type::Slice(_) => true,
            Type::Path(p) => p.path.is_ident("str"),
            _ => false,
        },
        _ => {
            seq(ty).is_some()
                || matches!(generic_args(ty), Some((name, _)) if matches!(name.as_str(), "String" | "Bytes"))
        }
    }
}

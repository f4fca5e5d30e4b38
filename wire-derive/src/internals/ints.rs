//! The integers the derive reads and writes itself: length and count prefixes, enum tags and
//! bit-field words.

use proc_macro2::{Span, TokenStream};
use quote::quote;

/// An integer kind named in an attribute (`len = u16`, `tag = vbi`, `bits = u8`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IntKind {
    U8,
    U16,
    U32,
    U64,
    /// Unsigned integers of 3, 5, 6 and 7 bytes, held in a `u32` (`u24`) or a `u64`.
    U24,
    U40,
    U48,
    U56,
    I8,
    I16,
    I32,
    I64,
    /// MQTT's Variable Byte Integer: 1 to 4 bytes, at most 268,435,455.
    Vbi,
    /// An unsigned LEB128 varint (protobuf, msgpack-free formats): up to 10 bytes.
    VarInt,
}

/// The names every prefix and tag accepts, for error messages.
pub const PREFIX_NAMES: &str =
    "u8, u16, u24, u32, u40, u48, u56, u64, i8, i16, i32, i64, vbi or varint";

impl IntKind {
    pub const ALL: [IntKind; 14] = [
        IntKind::U8,
        IntKind::U16,
        IntKind::U24,
        IntKind::U32,
        IntKind::U40,
        IntKind::U48,
        IntKind::U56,
        IntKind::U64,
        IntKind::I8,
        IntKind::I16,
        IntKind::I32,
        IntKind::I64,
        IntKind::Vbi,
        IntKind::VarInt,
    ];

    /// The kind an attribute names, `None` for anything else.
    pub fn from_name(name: &str) -> Option<IntKind> {
        IntKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The name as attributes write it.
    pub fn name(self) -> &'static str {
        match self {
            IntKind::U8 => "u8",
            IntKind::U16 => "u16",
            IntKind::U32 => "u32",
            IntKind::U64 => "u64",
            IntKind::U24 => "u24",
            IntKind::U40 => "u40",
            IntKind::U48 => "u48",
            IntKind::U56 => "u56",
            IntKind::I8 => "i8",
            IntKind::I16 => "i16",
            IntKind::I32 => "i32",
            IntKind::I64 => "i64",
            IntKind::Vbi => "vbi",
            IntKind::VarInt => "varint",
        }
    }

    /// Encoded size in bytes, `None` for the variable-length kinds.
    pub fn size(self) -> Option<usize> {
        match self {
            IntKind::U8 | IntKind::I8 => Some(1),
            IntKind::U16 | IntKind::I16 => Some(2),
            IntKind::U32 | IntKind::I32 => Some(4),
            IntKind::U64 | IntKind::I64 => Some(8),
            IntKind::U24 => Some(3),
            IntKind::U40 => Some(5),
            IntKind::U48 => Some(6),
            IntKind::U56 => Some(7),
            IntKind::Vbi | IntKind::VarInt => None,
        }
    }

    pub fn is_signed(self) -> bool {
        matches!(
            self,
            IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::I64
        )
    }

    /// A width its value type does not have natively: `u24`, `u40`, `u48`, `u56`. Read and
    /// written through the runtime's `uint_from_be`/`uint_to_be` family.
    pub fn is_odd_width(self) -> bool {
        matches!(
            self,
            IntKind::U24 | IntKind::U40 | IntKind::U48 | IntKind::U56
        )
    }

    /// The largest value of a kind whose range is narrower than its Rust value type's.
    pub fn max_below_type(self) -> Option<u128> {
        match self {
            IntKind::Vbi => Some(268_435_455),
            odd if odd.is_odd_width() => Some((1u128 << (8 * odd.size()?)) - 1),
            _ => None,
        }
    }

    /// The Rust type of its values: `u32` for `vbi` and `u24`, `u64` for `varint` and the
    /// other odd widths, the kind itself otherwise.
    pub fn value_name(self) -> &'static str {
        match self {
            IntKind::Vbi | IntKind::U24 => "u32",
            IntKind::VarInt | IntKind::U40 | IntKind::U48 | IntKind::U56 => "u64",
            other => other.name(),
        }
    }

    /// [`value_name`](Self::value_name) as a type.
    pub fn value_type(self) -> TokenStream {
        let ident = syn::Ident::new(self.value_name(), Span::call_site());
        quote!(#ident)
    }

    /// The type the runtime reads and writes it as: the integer itself, or the runtime's
    /// `Vbi`/`VarInt` wrapper. `span` is where errors about it point.
    pub fn wire_type(self, span: Span) -> TokenStream {
        let (name, wrapped) = match self {
            IntKind::Vbi => ("Vbi", true),
            IntKind::VarInt => ("VarInt", true),
            IntKind::U24 => ("U24", true),
            IntKind::U40 => ("U40", true),
            IntKind::U48 => ("U48", true),
            IntKind::U56 => ("U56", true),
            other => (other.name(), false),
        };
        let ident = syn::Ident::new(name, span);
        if wrapped {
            quote!(::wire_runtime::__private::#ident)
        } else {
            quote!(#ident)
        }
    }
}

impl std::fmt::Display for IntKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Type names that look like a prefix but cannot be one: named in "unsupported" errors
/// rather than read as a field name.
pub fn is_unsupported_prefix(name: &str) -> bool {
    matches!(
        name,
        "u128" | "i128" | "usize" | "isize" | "f32" | "f64" | "bool" | "char" | "str"
    ) || is_signed_odd_width(name)
}

/// The error for a prefix or tag type wire does not read: `what` is "length prefix" or "tag
/// type".
pub fn unsupported(what: &str, name: &str) -> String {
    if is_signed_odd_width(name) {
        format!("unsupported {what} `{name}`: odd widths are unsigned (u24, u40, u48, u56)")
    } else {
        format!("unsupported {what} `{name}`: use {PREFIX_NAMES}")
    }
}

/// `i24`, `i40`, `i48`, `i56`: odd widths exist unsigned only.
pub fn is_signed_odd_width(name: &str) -> bool {
    matches!(name, "i24" | "i40" | "i48" | "i56")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in IntKind::ALL {
            assert_eq!(IntKind::from_name(kind.name()), Some(kind));
            assert!(PREFIX_NAMES.contains(kind.name()));
        }
        assert_eq!(IntKind::from_name("u128"), None);
    }
}

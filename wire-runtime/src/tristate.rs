//! A value with two ways of being absent, for length prefixes with two markers.

/// A value, null, or "not set": Cassandra's `[value]` (native protocol v4, section 3) is an
/// `[int]` length where -1 is null and -2 is "not set" (leave the column as it is). Declared as
/// `#[wire(len = i32, nullable, not_set = -2)]` on a `Tristate<T>` field.
///
/// ```
/// use wire_runtime::{decode, len::Tristate, WireDecode, WireEncode};
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Bound<'a> {
///     #[wire(len = i32, nullable, not_set = -2)]
///     value: Tristate<&'a [u8]>,
/// }
///
/// assert_eq!(decode::<Bound<'_>>(&[0, 0, 0, 1, 7])?.value, Tristate::Value(&[7][..]));
/// assert_eq!(decode::<Bound<'_>>(&[0xff, 0xff, 0xff, 0xff])?.value, Tristate::Null);
/// assert_eq!(decode::<Bound<'_>>(&[0xff, 0xff, 0xff, 0xfe])?.value, Tristate::NotSet);
/// assert!(decode::<Bound<'_>>(&[0xff, 0xff, 0xff, 0xfd]).is_err());
/// let unset = Bound { value: Tristate::NotSet };
/// assert_eq!(unset.encode_to_vec().unwrap(), [0xff, 0xff, 0xff, 0xfe]);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tristate<T> {
    /// A value.
    Value(T),
    /// Null.
    Null,
    /// Not set: distinct from null where a protocol says so.
    NotSet,
}

impl<T> Tristate<T> {
    /// The value, if there is one.
    pub fn value(self) -> Option<T> {
        match self {
            Tristate::Value(value) => Some(value),
            Tristate::Null | Tristate::NotSet => None,
        }
    }

    /// A reference to the value, keeping the state.
    pub fn as_ref(&self) -> Tristate<&T> {
        match self {
            Tristate::Value(value) => Tristate::Value(value),
            Tristate::Null => Tristate::Null,
            Tristate::NotSet => Tristate::NotSet,
        }
    }

    /// Applies `f` to the value, keeping the state.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Tristate<U> {
        match self {
            Tristate::Value(value) => Tristate::Value(f(value)),
            Tristate::Null => Tristate::Null,
            Tristate::NotSet => Tristate::NotSet,
        }
    }
}

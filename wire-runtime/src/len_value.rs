//! Field types that can hold a length or count named by a later field (`len = field`).

use crate::uint::{U24, U40, U48, U56};
use crate::varint::{VarInt, Vbi};

/// A field type that holds a length or a count which a later field names (`#[wire(len =
/// length)]`): decode reads the length from it, encode fills it in from the value it sizes.
/// Implemented for the integers, [`Vbi`], [`VarInt`] and the odd widths; implement it for a
/// length type of your own.
///
/// ```
/// use wire_runtime::{len::LenValue, WireDecode, WireEncode, decode};
///
/// /// A length counted in 4-byte words, as IPv4's header length is.
/// #[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
/// struct Words(u8);
///
/// impl LenValue for Words {
///     fn to_len(&self) -> Option<usize> {
///         Some(usize::from(self.0) * 4)
///     }
///     fn from_len(len: usize) -> Option<Self> {
///         if len % 4 == 0 { u8::try_from(len / 4).ok().map(Words) } else { None }
///     }
/// }
///
/// #[derive(WireDecode, WireEncode, Debug, PartialEq)]
/// struct Options {
///     size: Words,
///     #[wire(len = size)]
///     data: Vec<u8>,
/// }
///
/// let options = decode::<Options>(&[1, 9, 8, 7, 6])?;
/// assert_eq!(options.data, [9, 8, 7, 6]);
/// // Encode fills `size` in from `data`, whatever it held.
/// let written = Options { size: Words(0), data: vec![1; 8] }.encode_to_vec().unwrap();
/// assert_eq!(written[0], 2);
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot hold a length or count",
    label = "a later field takes its length or count from this field",
    note = "implement `wire_runtime::len::LenValue` for `{Self}` (`to_len` and `from_len`), or give the field an integer type"
)]
pub trait LenValue: Sized {
    /// The length this value holds; `None` if it is not one (negative, too large).
    fn to_len(&self) -> Option<usize>;

    /// The value holding `len`; `None` if it cannot.
    fn from_len(len: usize) -> Option<Self>;
}

macro_rules! int_len_value {
    ($($ty:ty),*) => {$(
        impl LenValue for $ty {
            #[inline(always)]
            fn to_len(&self) -> Option<usize> {
                usize::try_from(*self).ok()
            }

            #[inline(always)]
            fn from_len(len: usize) -> Option<Self> {
                <$ty>::try_from(len).ok()
            }
        }
    )*};
}

int_len_value!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

macro_rules! wrapped_len_value {
    ($($ty:ident($inner:ty)),*) => {$(
        impl LenValue for $ty {
            #[inline(always)]
            fn to_len(&self) -> Option<usize> {
                usize::try_from(self.0).ok()
            }

            #[inline(always)]
            fn from_len(len: usize) -> Option<Self> {
                let value = <$inner>::try_from(len).ok()?;
                (value <= $ty::MAX).then_some($ty(value))
            }
        }
    )*};
}

wrapped_len_value!(Vbi(u32), U24(u32), U40(u64), U48(u64), U56(u64));

impl LenValue for VarInt {
    #[inline(always)]
    fn to_len(&self) -> Option<usize> {
        usize::try_from(self.0).ok()
    }

    #[inline(always)]
    fn from_len(len: usize) -> Option<Self> {
        u64::try_from(len).ok().map(VarInt)
    }
}

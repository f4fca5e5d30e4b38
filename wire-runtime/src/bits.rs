//! Values that live in a bit range of a word (`#[wire(bits = u8)]` structs).

/// A value stored in a few bits: `bool`, unsigned integers, and fieldless tagged enums.
///
/// `from_bits` gets the bits already shifted down and masked; returning `None` rejects them
/// (QoS 3 in a 2-bit MQTT field).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be stored in a bit range",
    label = "`{Self}` does not implement `BitField`",
    note = "bit ranges hold `bool`, `u8`..`u64`, or a fieldless enum derived with an unsigned `#[wire(tag = ...)]`"
)]
pub trait BitField: Sized {
    /// Converts the masked bits into a value, or `None` if they name no value.
    fn from_bits(bits: u64) -> Option<Self>;

    /// The value as bits, before shifting into place.
    fn to_bits(&self) -> u64;
}

impl BitField for bool {
    #[inline]
    fn from_bits(bits: u64) -> Option<Self> {
        Some(bits != 0)
    }

    #[inline]
    fn to_bits(&self) -> u64 {
        u64::from(*self)
    }
}

macro_rules! unsigned_bits {
    ($($ty:ty),*) => {$(
        impl BitField for $ty {
            #[inline]
            fn from_bits(bits: u64) -> Option<Self> {
                <$ty>::try_from(bits).ok()
            }

            #[inline]
            fn to_bits(&self) -> u64 {
                u64::from(*self)
            }
        }
    )*};
}

unsigned_bits!(u8, u16, u32, u64);

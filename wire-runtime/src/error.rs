//! Decode and encode errors: what went wrong, at which byte, in which field.
//!
//! Errors are boxed so that `Result<T, DecodeError>` stays one word wider than `T`, and the field
//! path is only built while an error travels up through the generated code: the happy path pays
//! nothing for it.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

/// Why decoding failed.
///
/// [`DecodeErrorKind::Incomplete`] is the only kind that more input can cure; every other kind means
/// the bytes are malformed. Streaming decoders rely on [`DecodeError::is_incomplete`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The input ended early: `wanted` bytes were needed at the offset, `available` were there.
    Incomplete {
        /// Bytes the read asked for.
        wanted: usize,
        /// Bytes that were left in the input.
        available: usize,
    },
    /// A read ran past the end of a length-delimited section (the section's length was wrong).
    SectionOverrun {
        /// Bytes the read asked for.
        wanted: usize,
        /// Bytes that were left in the section.
        available: usize,
    },
    /// A length or count prefix claims more than the enclosing section holds.
    LengthOutOfBounds {
        /// The length (or count) as read.
        len: u64,
        /// Bytes available in the enclosing section.
        available: usize,
    },
    /// A length or count above the field's `max`, found before its section is read.
    LengthAboveMax {
        /// The length (or count) as read.
        len: u64,
        /// The largest the field accepts.
        max: u64,
    },
    /// A length prefix is negative (and not the null marker where one is allowed).
    NegativeLength(i64),
    /// An enum tag that matches no variant.
    InvalidTag(u64),
    /// A bool byte other than 0 or 1.
    InvalidBool(u8),
    /// A string that is not valid UTF-8.
    InvalidUtf8,
    /// A value outside its allowed range or set; the text says which rule was broken.
    InvalidValue(&'static str),
    /// Reserved bits that do not hold their required value.
    ReservedBits {
        /// The bits as found, already masked.
        found: u64,
        /// The value the bits must hold.
        expected: u64,
    },
    /// Constant or magic bytes that differ from the expected ones.
    MagicMismatch,
    /// A padding byte that must be zero is not (the offset is the byte's).
    NonZeroPadding(u8),
    /// No terminator within the maximum length of a terminated value.
    MissingTerminator,
    /// A variable-length integer that is longer than its format allows.
    VarIntTooLong,
    /// Bytes left over after a value that must fill its section or buffer.
    TrailingBytes(usize),
    /// A key that appears twice in a map.
    DuplicateKey,
    /// Boxed values nest deeper than the reader's limit.
    TooDeep(u16),
    /// A self-describing value (msgpack) of another type than the one expected.
    WrongType {
        /// What the field needs, such as "integer" or "string".
        expected: &'static str,
        /// The format marker found.
        marker: u8,
    },
    /// A checksum over the bytes does not match the one the input carries.
    ChecksumMismatch {
        /// The checksum the input declares (its bits, for a signed field).
        expected: u64,
        /// The checksum computed over the bytes.
        actual: u64,
    },
    /// Well-formed input that uses a feature this build cannot handle (a compression codec,
    /// a format version); the text names it.
    Unsupported(&'static str),
    /// An error raised by a hand-written `with` hook.
    Custom(&'static str),
}

#[derive(PartialEq, Eq)]
struct Inner {
    kind: DecodeErrorKind,
    offset: usize,
    /// Innermost first: `(type, field)` pairs pushed while the error propagates outward.
    path: Vec<(&'static str, &'static str)>,
}

/// A decoding failure: the [`DecodeErrorKind`], the byte offset in the input, and the field path.
///
/// ```
/// use wire_runtime::{decode, DecodeErrorKind};
///
/// #[derive(wire_runtime::WireDecode, Debug)]
/// struct Header { code: i16, opaque: i32 }
///
/// let err = decode::<Header>(&[0, 1, 0, 0]).unwrap_err();
/// assert!(err.is_incomplete());
/// assert_eq!(err.to_string(), "Header.opaque: need 4 bytes at offset 2, 2 available");
/// // Errors are equal when their kind, offset and path are.
/// assert_eq!(err, decode::<Header>(&[0, 1, 9, 9]).unwrap_err());
/// assert_ne!(err, decode::<Header>(&[0, 1, 0, 0, 0]).unwrap_err());
/// ```
#[derive(PartialEq, Eq)]
pub struct DecodeError(Box<Inner>);

impl DecodeError {
    /// An error of `kind` at byte `offset` of the input.
    #[cold]
    #[inline(never)]
    pub fn new(kind: DecodeErrorKind, offset: usize) -> Self {
        DecodeError(Box::new(Inner {
            kind,
            offset,
            path: Vec::new(),
        }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &DecodeErrorKind {
        &self.0.kind
    }

    /// Byte offset, from the start of the decoded input, where the error was found.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// True when the input ended early and more bytes may complete it.
    pub fn is_incomplete(&self) -> bool {
        matches!(self.0.kind, DecodeErrorKind::Incomplete { .. })
    }

    /// For an incomplete input: at least how many more bytes are needed.
    pub fn needed(&self) -> Option<usize> {
        match self.0.kind {
            DecodeErrorKind::Incomplete { wanted, available } => Some(wanted - available),
            _ => None,
        }
    }

    /// The field path, outermost type first: `Publish.properties.topic_alias`.
    pub fn path(&self) -> FieldPath<'_> {
        FieldPath(&self.0.path)
    }

    /// Adds the field `field` of type `ty` to the path (called by generated code on the error path).
    #[cold]
    #[inline(never)]
    pub fn in_field(mut self, ty: &'static str, field: &'static str) -> Self {
        self.0.path.push((ty, field));
        self
    }

    /// Attributes an error raised while reading a coalesced run of fixed-size fields to the
    /// field the input ended in. `ends` holds each field's name and end offset within the run.
    #[cold]
    #[inline(never)]
    pub fn in_run(mut self, ty: &'static str, ends: &'static [(&'static str, usize)]) -> Self {
        let mut start = 0;
        let available_in_run = match self.0.kind {
            DecodeErrorKind::Incomplete { available, .. }
            | DecodeErrorKind::SectionOverrun { available, .. } => available,
            _ => return self.in_field(ty, ends.first().map_or("?", |f| f.0)),
        };
        for &(name, end) in ends {
            if end > available_in_run {
                let field_available = available_in_run - start;
                let wanted = end - start;
                match &mut self.0.kind {
                    DecodeErrorKind::Incomplete {
                        wanted: w,
                        available: a,
                    }
                    | DecodeErrorKind::SectionOverrun {
                        wanted: w,
                        available: a,
                    } => {
                        *w = wanted;
                        *a = field_available;
                    }
                    _ => {}
                }
                self.0.offset += start;
                return self.in_field(ty, name);
            }
            start = end;
        }
        self
    }
}

/// The path of fields an error passed through; displays as `Type.field.field`.
#[derive(Clone, Copy)]
pub struct FieldPath<'a>(&'a [(&'static str, &'static str)]);

impl FieldPath<'_> {
    /// True when the error was not raised inside any field (e.g. trailing bytes).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for FieldPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut segments = self.0.iter().rev();
        if let Some((ty, field)) = segments.next() {
            write!(f, "{ty}.{field}")?;
        }
        for (_, field) in segments {
            write!(f, ".{field}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for FieldPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeErrorKind::Incomplete { wanted, available } => {
                write!(f, "need {wanted} bytes, {available} available")
            }
            DecodeErrorKind::SectionOverrun { wanted, available } => {
                write!(
                    f,
                    "need {wanted} bytes but the enclosing section has {available} left"
                )
            }
            DecodeErrorKind::LengthOutOfBounds { len, available } => {
                write!(
                    f,
                    "length {len} exceeds the {available} bytes of the enclosing section"
                )
            }
            DecodeErrorKind::LengthAboveMax { len, max } => {
                write!(f, "length {len} is above the field's maximum of {max}")
            }
            DecodeErrorKind::NegativeLength(len) => write!(f, "negative length {len}"),
            DecodeErrorKind::InvalidTag(tag) => write!(f, "invalid tag {tag:#x}"),
            DecodeErrorKind::InvalidBool(b) => write!(f, "invalid bool byte {b:#04x}"),
            DecodeErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            DecodeErrorKind::InvalidValue(why) => write!(f, "invalid value: {why}"),
            DecodeErrorKind::ReservedBits { found, expected } => {
                write!(f, "reserved bits are {found:#x}, must be {expected:#x}")
            }
            DecodeErrorKind::MagicMismatch => f.write_str("constant bytes do not match"),
            DecodeErrorKind::NonZeroPadding(b) => write!(f, "padding byte {b:#04x} is not zero"),
            DecodeErrorKind::MissingTerminator => {
                f.write_str("no terminator within the maximum length")
            }
            DecodeErrorKind::VarIntTooLong => f.write_str("variable-length integer is too long"),
            DecodeErrorKind::TrailingBytes(n) => write!(f, "{n} trailing bytes"),
            DecodeErrorKind::DuplicateKey => f.write_str("duplicate map key"),
            DecodeErrorKind::TooDeep(limit) => write!(f, "nesting deeper than {limit} levels"),
            DecodeErrorKind::WrongType { expected, marker } => {
                write!(f, "expected {expected}, found msgpack marker {marker:#04x}")
            }
            DecodeErrorKind::ChecksumMismatch { expected, actual } => {
                write!(
                    f,
                    "checksum mismatch: declared {expected:#010x}, computed {actual:#010x}"
                )
            }
            DecodeErrorKind::Unsupported(what) => write!(f, "unsupported: {what}"),
            DecodeErrorKind::Custom(msg) => f.write_str(msg),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &*self.0;
        if !inner.path.is_empty() {
            write!(f, "{}: ", self.path())?;
        }
        match &inner.kind {
            DecodeErrorKind::Incomplete { wanted, available } => write!(
                f,
                "need {wanted} bytes at offset {}, {available} available",
                inner.offset
            ),
            kind => write!(f, "{kind} at offset {}", inner.offset),
        }
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("kind", &self.0.kind)
            .field("offset", &self.0.offset)
            .field("path", &self.path())
            .finish()
    }
}

impl core::error::Error for DecodeError {}

/// Why encoding failed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeErrorKind {
    /// A length or count does not fit its prefix type (a 70 000-byte string behind a `u16`).
    LengthOverflow {
        /// The length that was to be written.
        len: usize,
    },
    /// A length or count above the field's `max`.
    LengthAboveMax {
        /// The length (or count) of the value.
        len: usize,
        /// The largest the field accepts.
        max: usize,
    },
    /// A value does not fit its bit range or its declared width.
    ValueOutOfRange,
    /// The output buffer is too small.
    BufferTooSmall {
        /// Bytes the encoding needs.
        needed: usize,
        /// Bytes the buffer has.
        available: usize,
    },
    /// A conditional field is `Some` while its condition is false, or `None` while it is true.
    ConditionMismatch,
    /// A length taken from another field disagrees with the value it sizes.
    LengthMismatch {
        /// The length the other field declares.
        declared: usize,
        /// The encoded length of the value.
        actual: usize,
    },
    /// A length prefix cannot hold this marker (null, "not set"): an unsigned prefix has no
    /// negative values.
    NoMarker {
        /// The marker that was to be written.
        marker: i64,
    },
    /// A value holds what ends it on the wire (a terminator, the padding of a fixed-width
    /// region, an element that ends a sequence), so it would not decode back the same.
    DelimiterInValue {
        /// Where in the value: a byte, or an element's index.
        at: usize,
    },
    /// A sequence ended by an element (`until = |item| ...`) is empty, or its last element
    /// does not end it.
    MissingTerminator,
    /// An error raised by a hand-written `with` hook.
    Custom(&'static str),
}

/// An encoding failure: the kind and the field path. Boxed, like [`DecodeError`], so that
/// `Result<(), EncodeError>` is one word and comes back in a register.
#[derive(Clone, PartialEq, Eq)]
pub struct EncodeError(Box<EncodeInner>);

#[derive(Clone, PartialEq, Eq)]
struct EncodeInner {
    kind: EncodeErrorKind,
    path: Vec<(&'static str, &'static str)>,
}

impl EncodeError {
    /// An error of `kind`.
    #[cold]
    #[inline(never)]
    pub fn new(kind: EncodeErrorKind) -> Self {
        EncodeError(Box::new(EncodeInner {
            kind,
            path: Vec::new(),
        }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &EncodeErrorKind {
        &self.0.kind
    }

    /// The field path, outermost type first.
    pub fn path(&self) -> FieldPath<'_> {
        FieldPath(&self.0.path)
    }

    /// Adds a field to the path (called by generated code on the error path).
    #[cold]
    #[inline(never)]
    pub fn in_field(mut self, ty: &'static str, field: &'static str) -> Self {
        self.0.path.push((ty, field));
        self
    }
}

impl fmt::Display for EncodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeErrorKind::DelimiterInValue { at } => {
                write!(f, "the value holds what ends it, at {at}")
            }
            EncodeErrorKind::MissingTerminator => {
                f.write_str("the sequence's last element does not end it")
            }
            EncodeErrorKind::NoMarker { marker } => {
                write!(f, "the length prefix cannot hold the marker {marker}")
            }
            EncodeErrorKind::LengthOverflow { len } => {
                write!(f, "length {len} does not fit the length prefix")
            }
            EncodeErrorKind::LengthAboveMax { len, max } => {
                write!(f, "length {len} is above the field's maximum of {max}")
            }
            EncodeErrorKind::ValueOutOfRange => f.write_str("value does not fit its bit range"),
            EncodeErrorKind::BufferTooSmall { needed, available } => {
                write!(
                    f,
                    "buffer too small: need {needed} bytes, {available} available"
                )
            }
            EncodeErrorKind::ConditionMismatch => {
                f.write_str("optional field presence disagrees with its condition")
            }
            EncodeErrorKind::LengthMismatch { declared, actual } => {
                write!(
                    f,
                    "declared length {declared} but the value has length {actual}"
                )
            }
            EncodeErrorKind::Custom(msg) => f.write_str(msg),
        }
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.0.path.is_empty() {
            write!(f, "{}: ", self.path())?;
        }
        write!(f, "{}", self.0.kind)
    }
}

impl fmt::Debug for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EncodeError")
            .field("kind", &self.0.kind)
            .field("path", &self.path())
            .finish()
    }
}

impl core::error::Error for EncodeError {}

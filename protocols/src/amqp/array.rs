//! The AMQP 1.0 `array`, a view like the list (`compound.rs`): values of one type behind one
//! (possibly described) constructor.

use super::compound::{Items, ListIter, Width, count_fits, min_item_size};
use super::value::Value;
use super::{Descriptor, skip};
use bytes::BufMut;
use core::fmt;
use wire_runtime::{
    DecodeError, DecodeErrorKind, DecodeWith, EncodeError, EncodeWith, Reader, WireDecode,
    WireEncode,
};

/// An AMQP `array`: values of one type, behind a single constructor (which may be described).
///
/// ```
/// use wire_protocols::amqp::{Array, Value};
///
/// let symbols = [Value::Symbol("a"), Value::Symbol("bc")];
/// let value = Value::Array(Array::from_values(&symbols));
/// let encoded = wire_runtime::WireEncode::encode_to_vec(&value)?;
/// assert_eq!(encoded, b"\xe0\x07\x02\xa3\x01a\x02bc");
/// let decoded: Value<'_> = wire_runtime::decode(&encoded)?;
/// assert_eq!(decoded, value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Array<'a>(ArrayRepr<'a>);

#[derive(Clone, Copy)]
enum ArrayRepr<'a> {
    Wire {
        /// The elements' constructor.
        constructor: u8,
        descriptor: Option<Descriptor<'a>>,
        /// The elements, without constructors.
        items: Items<'a>,
    },
    Built {
        descriptor: Option<Descriptor<'a>>,
        values: &'a [Value<'a>],
    },
}

impl<'a> Array<'a> {
    /// An array of `values`, which must all be of one type (checked on encode); they are
    /// written with the narrowest constructor that holds every one of them.
    pub const fn from_values(values: &'a [Value<'a>]) -> Self {
        Array(ArrayRepr::Built {
            descriptor: None,
            values,
        })
    }

    /// An array of described values: `descriptor` once, then `values`.
    pub const fn described(descriptor: Descriptor<'a>, values: &'a [Value<'a>]) -> Self {
        Array(ArrayRepr::Built {
            descriptor: Some(descriptor),
            values,
        })
    }

    /// The descriptor every element carries, if they are described.
    pub fn descriptor(&self) -> Option<Descriptor<'a>> {
        match self.0 {
            ArrayRepr::Wire { descriptor, .. } | ArrayRepr::Built { descriptor, .. } => descriptor,
        }
    }

    /// How many elements it holds.
    pub fn len(&self) -> usize {
        match self.0 {
            ArrayRepr::Wire { items, .. } => items.count as usize,
            ArrayRepr::Built { values, .. } => values.len(),
        }
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Its elements (without their descriptor), in order.
    pub fn iter(&self) -> ListIter<'a> {
        match self.0 {
            ArrayRepr::Wire {
                constructor, items, ..
            } => {
                let mut values = items.values();
                values.element = Some(constructor);
                ListIter::Wire(values)
            }
            ArrayRepr::Built { values, .. } => ListIter::Built(values.iter()),
        }
    }

    /// The element constructor: the one decoded, or the narrowest for built values.
    fn constructor(&self) -> Result<u8, EncodeError> {
        match self.0 {
            ArrayRepr::Wire { constructor, .. } => Ok(constructor),
            ArrayRepr::Built { values, .. } => super::value::array_constructor(values),
        }
    }

    /// Octets after the count: the (described) constructor and the elements.
    fn body_len(&self) -> usize {
        let descriptor = self.descriptor().map_or(0, |d| 1 + d.encoded_len());
        let elements = match self.0 {
            ArrayRepr::Wire { items, .. } => items.bytes.len(),
            ArrayRepr::Built { values, .. } => match self.constructor() {
                Ok(c) => values.iter().map(|v| v.element_len(c)).sum(),
                Err(_) => 0,
            },
        };
        descriptor + 1 + elements
    }

    /// The narrowest encoding's width.
    pub(crate) fn width(&self) -> Width {
        Width::for_items(self.len(), self.body_len())
    }
}

impl<'de> DecodeWith<'de, Width> for Array<'de> {
    fn decode_with(r: &mut Reader<'de>, width: Width) -> Result<Self, DecodeError> {
        let count = width.read_count(r)?;
        let mut constructor = r.read::<u8>()?;
        let mut descriptor = None;
        if constructor == super::DESCRIBED {
            descriptor = Some(Descriptor::decode(r)?);
            let at = r.offset();
            constructor = r.read::<u8>()?;
            if constructor == super::DESCRIBED {
                return Err(DecodeError::new(
                    DecodeErrorKind::InvalidValue(
                        "an array's described constructor is described again",
                    ),
                    at,
                ));
            }
        }
        let start = r.peek_rest();
        if min_item_size(constructor) == 0 {
            // Elements of no width: one shows the constructor is valid, and any count of them
            // takes no bytes (iterating them is as lazy as ever).
            if count > 0 {
                skip::after_constructor(r, constructor)?;
            }
        } else {
            r.check_count(u64::from(count), min_item_size(constructor))?;
            for _ in 0..count {
                skip::after_constructor(r, constructor)?;
            }
        }
        let bytes = &start[..start.len() - r.remaining()];
        Ok(Array(ArrayRepr::Wire {
            constructor,
            descriptor,
            items: Items { count, bytes },
        }))
    }
}

impl EncodeWith<Width> for Array<'_> {
    fn encoded_len_with(&self, width: Width) -> usize {
        width.count_size() + self.body_len()
    }

    fn encode_with<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        width: Width,
    ) -> Result<(), EncodeError> {
        width.put_count(buf, count_fits(self.len(), width)?);
        if let Some(descriptor) = self.descriptor() {
            buf.put_u8(super::DESCRIBED);
            descriptor.encode(buf)?;
        }
        let constructor = self.constructor()?;
        buf.put_u8(constructor);
        match self.0 {
            ArrayRepr::Wire { items, .. } => buf.put_slice(items.bytes),
            ArrayRepr::Built { values, .. } => {
                for value in values {
                    value.encode_element(buf, constructor)?;
                }
            }
        }
        Ok(())
    }
}

impl PartialEq for Array<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.descriptor() == other.descriptor()
            && self.len() == other.len()
            && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Array<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(descriptor) = self.descriptor() {
            write!(f, "{descriptor:?} ")?;
        }
        f.debug_list().entries(self.iter()).finish()
    }
}

//! Fixed headers: the packet type nibble and its flags, and QoS.

use bytes::BufMut;
use wire_runtime::{DecodeError, DecodeErrorKind, EncodeError, Reader, WireDecode, WireEncode};

/// Quality of service; 3 is malformed.
#[derive(
    WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default,
)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u8)]
pub enum QoS {
    /// At most once delivery.
    #[default]
    AtMostOnce = 0,
    /// At least once delivery.
    AtLeastOnce = 1,
    /// Exactly once delivery.
    ExactlyOnce = 2,
}

/// The first byte of a PUBLISH: type 3, then DUP, QoS and RETAIN.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(bits = u8, reserved(bits = 4..8, value = 3))]
pub struct PublishFlags {
    /// Re-delivery of an earlier attempt.
    #[wire(bit = 3)]
    pub dup: bool,
    /// Delivery guarantee; also decides whether the packet has a packet id.
    #[wire(bits = 1..3)]
    pub qos: QoS,
    /// Retained message.
    #[wire(bit = 0)]
    pub retain: bool,
}

/// The first byte of a packet whose flags are fixed: type `TYPE` and flags `FLAGS`
/// (0b0010 for PUBREL, SUBSCRIBE and UNSUBSCRIBE, 0 for the others). Anything else is malformed
/// ([MQTT-2.2.2-2]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FixedHeader<const TYPE: u8, const FLAGS: u8>;

// By hand: the byte comes from const generics, which the derive's `magic` cannot take.
impl<'de, const TYPE: u8, const FLAGS: u8> WireDecode<'de> for FixedHeader<TYPE, FLAGS> {
    const FIXED_SIZE: Option<usize> = Some(1);

    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let at = r.offset();
        let [byte] = *r.take_array()?;
        if byte != (TYPE << 4) | FLAGS {
            let kind = DecodeErrorKind::ReservedBits {
                found: u64::from(byte & 0x0f),
                expected: u64::from(FLAGS),
            };
            return Err(DecodeError::new(kind, at));
        }
        Ok(FixedHeader)
    }
}

impl<const TYPE: u8, const FLAGS: u8> WireEncode for FixedHeader<TYPE, FLAGS> {
    const FIXED_SIZE: Option<usize> = Some(1);

    #[inline]
    fn encoded_len(&self) -> usize {
        1
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        buf.put_u8((TYPE << 4) | FLAGS);
        Ok(())
    }
}

/// The body of PINGREQ and PINGRESP (and of a 3.1.1 DISCONNECT): nothing, so a remaining
/// length other than 0 is malformed.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Empty;

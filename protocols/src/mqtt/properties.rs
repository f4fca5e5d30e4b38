//! MQTT 5.0 properties (Table 2-4): an identifier and a typed value, in a section whose length
//! is a Variable Byte Integer.

use super::strings::{Binary, Utf8Str};
use bytes::BufMut;
use core::fmt;
use core::hash::{Hash, Hasher};
use std::borrow::Cow;
use wire_runtime::{
    DecodeError, DecodeErrorKind, DecodeWith, EncodeError, EncodeErrorKind, EncodeWith, Reader,
    WireDecode, WireEncode, int::Vbi, write::write_in_window,
};

/// One property. An identifier this crate does not know is malformed ([MQTT-2.2.2-2]).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(inline, tag = vbi)]
pub enum Property<'a> {
    /// 0x01: 0 = unspecified bytes, 1 = UTF-8.
    #[wire(tag = 0x01)]
    PayloadFormatIndicator(bool),
    /// 0x02: seconds.
    #[wire(tag = 0x02)]
    MessageExpiryInterval(u32),
    /// 0x03
    #[wire(tag = 0x03)]
    #[cfg_attr(feature = "serde", serde(borrow))]
    ContentType(Utf8Str<'a>),
    /// 0x08
    #[wire(tag = 0x08)]
    ResponseTopic(Utf8Str<'a>),
    /// 0x09
    #[wire(tag = 0x09)]
    CorrelationData(Binary<'a>),
    /// 0x0B: 1 to 268 435 455.
    #[wire(tag = 0x0b, validate = if id.0 == 0 { Err("subscription identifier 0") } else { Ok(()) })]
    SubscriptionIdentifier {
        /// The identifier.
        #[cfg_attr(
            feature = "serde",
            serde(
                serialize_with = "crate::hex::vbi",
                deserialize_with = "crate::hex::deserialize_vbi"
            )
        )]
        id: Vbi,
    },
    /// 0x11: seconds.
    #[wire(tag = 0x11)]
    SessionExpiryInterval(u32),
    /// 0x12
    #[wire(tag = 0x12)]
    AssignedClientIdentifier(Utf8Str<'a>),
    /// 0x13: seconds.
    #[wire(tag = 0x13)]
    ServerKeepAlive(u16),
    /// 0x15
    #[wire(tag = 0x15)]
    AuthenticationMethod(Utf8Str<'a>),
    /// 0x16
    #[wire(tag = 0x16)]
    AuthenticationData(Binary<'a>),
    /// 0x17
    #[wire(tag = 0x17)]
    RequestProblemInformation(bool),
    /// 0x18: seconds.
    #[wire(tag = 0x18)]
    WillDelayInterval(u32),
    /// 0x19
    #[wire(tag = 0x19)]
    RequestResponseInformation(bool),
    /// 0x1A
    #[wire(tag = 0x1a)]
    ResponseInformation(Utf8Str<'a>),
    /// 0x1C
    #[wire(tag = 0x1c)]
    ServerReference(Utf8Str<'a>),
    /// 0x1F
    #[wire(tag = 0x1f)]
    ReasonString(Utf8Str<'a>),
    /// 0x21: not 0.
    #[wire(tag = 0x21, validate = nonzero(*max as u32, "receive maximum 0"))]
    ReceiveMaximum {
        /// The maximum.
        max: u16,
    },
    /// 0x22
    #[wire(tag = 0x22)]
    TopicAliasMaximum(u16),
    /// 0x23: not 0.
    #[wire(tag = 0x23, validate = nonzero(*alias as u32, "topic alias 0"))]
    TopicAlias {
        /// The alias.
        alias: u16,
    },
    /// 0x24: 0 or 1.
    #[wire(tag = 0x24, validate = if *qos > 1 { Err("maximum QoS above 1") } else { Ok(()) })]
    MaximumQoS {
        /// The maximum QoS.
        qos: u8,
    },
    /// 0x25
    #[wire(tag = 0x25)]
    RetainAvailable(bool),
    /// 0x26: repeatable, order kept.
    #[wire(tag = 0x26)]
    UserProperty(
        #[cfg_attr(feature = "serde", serde(borrow))] Utf8Str<'a>,
        #[cfg_attr(feature = "serde", serde(borrow))] Utf8Str<'a>,
    ),
    /// 0x27: not 0.
    #[wire(tag = 0x27, validate = nonzero(*size, "maximum packet size 0"))]
    MaximumPacketSize {
        /// Bytes.
        size: u32,
    },
    /// 0x28
    #[wire(tag = 0x28)]
    WildcardSubscriptionAvailable(bool),
    /// 0x29
    #[wire(tag = 0x29)]
    SubscriptionIdentifierAvailable(bool),
    /// 0x2A
    #[wire(tag = 0x2a)]
    SharedSubscriptionAvailable(bool),
}

#[inline]
fn nonzero(value: u32, why: &'static str) -> Result<(), &'static str> {
    if value == 0 { Err(why) } else { Ok(()) }
}

/// Which packet a property list belongs to: each allows its own set ([MQTT-2.2.2-2]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PropertyScope {
    /// CONNECT
    Connect,
    /// The will properties inside CONNECT
    Will,
    /// CONNACK
    ConnAck,
    /// PUBLISH
    Publish,
    /// PUBACK, PUBREC, PUBREL, PUBCOMP
    PubAckFamily,
    /// SUBSCRIBE
    Subscribe,
    /// SUBACK
    SubAck,
    /// UNSUBSCRIBE
    Unsubscribe,
    /// UNSUBACK
    UnsubAck,
    /// DISCONNECT
    Disconnect,
    /// AUTH
    Auth,
}

/// A property list, in wire order. Decoding checks it against the packet's allow-list and
/// rejects a repeated property other than User Property (and Subscription Identifier in
/// PUBLISH).
///
/// A decoded list borrows its bytes from the input and allocates nothing: decoding validates
/// every property once, and [`Properties::iter`] reads them again from those bytes. A list
/// built for encoding holds its properties ([`Properties::from_list`],
/// [`Properties::from_slice`]). Either way, two lists are equal when they hold the same
/// properties in the same order.
///
/// ```
/// use wire_protocols::mqtt::{Properties, Property, PropertyScope};
/// use wire_runtime::{DecodeWith, EncodeWith, Reader};
///
/// let list = Properties::from_list(vec![Property::MessageExpiryInterval(60)]);
/// let mut bytes = Vec::new();
/// list.encode_with(&mut bytes, PropertyScope::Publish).unwrap();
/// assert_eq!(bytes, [5, 0x02, 0, 0, 0, 60]);
///
/// let decoded = Properties::decode_with(&mut Reader::new(&bytes), PropertyScope::Publish)?;
/// assert_eq!(decoded, list);
/// assert_eq!(decoded.iter().next(), Some(Property::MessageExpiryInterval(60)));
/// # Ok::<(), wire_runtime::DecodeError>(())
/// ```
#[derive(Clone, Default)]
pub struct Properties<'a> {
    repr: Repr<'a>,
    /// The scope the list was checked for: it decoded there (`Repr::Wire`), or was built with
    /// [`Properties::checked`]. Every property parses, is allowed there, and none is repeated
    /// that may not be. `None` for a list built unchecked, checked when encoded.
    ///
    /// Kept out of `Repr` so that `Repr` (and `Option<Properties>`) needs no tag byte: the
    /// variants, and `None`, are values of the vector capacity inside the `Cow`, one 8-byte
    /// word, which a PUBLISH without properties writes and its reader reads in one piece.
    checked: Option<PropertyScope>,
    /// The encoded size of a checked built list (without the length in front), computed when
    /// it was checked, so that encoding does not walk the list to size it (twice: once for
    /// the packet's remaining length, once for the list's own). Kept in the padding after
    /// `checked`: the struct stays four words.
    checked_len: u32,
}

#[derive(Clone)]
enum Repr<'a> {
    /// The bytes of a list that decoded (see `Properties::checked`).
    Wire(&'a [u8]),
    /// Properties to encode, checked when encoded.
    List(Cow<'a, [Property<'a>]>),
}

impl Default for Repr<'_> {
    fn default() -> Self {
        Repr::List(Cow::Borrowed(&[]))
    }
}

impl<'a> Properties<'a> {
    /// No properties.
    pub fn new() -> Self {
        Properties::default()
    }

    /// A list of properties for a packet of `scope`, checked now against the scope's rules
    /// (which properties it allows, which may repeat), so that encoding it there checks
    /// nothing again: the way to build the properties of packets sent many times.
    ///
    /// ```
    /// use wire_protocols::mqtt::{Properties, Property, PropertyScope};
    ///
    /// let props = Properties::checked(PropertyScope::Publish, vec![Property::MessageExpiryInterval(60)]);
    /// assert!(props.is_ok());
    /// let wrong = Properties::checked(PropertyScope::Publish, vec![Property::ReceiveMaximum { max: 5 }]);
    /// assert_eq!(wrong.unwrap_err(), "property not allowed in this packet");
    /// ```
    pub fn checked(scope: PropertyScope, list: Vec<Property<'a>>) -> Result<Self, &'static str> {
        let mut seen = Seen::new(scope);
        let mut len = 0usize;
        for property in &list {
            seen.add(property)?;
            len += property.encoded_len();
        }
        Ok(Properties {
            repr: Repr::List(Cow::Owned(list)),
            checked: Some(scope),
            checked_len: u32::try_from(len).map_err(|_| "properties longer than a packet holds")?,
        })
    }

    /// A list of properties, to encode; checked against its packet's rules each time it is
    /// encoded (see [`Properties::checked`] to check it once).
    pub fn from_list(list: Vec<Property<'a>>) -> Self {
        Properties {
            repr: Repr::List(Cow::Owned(list)),
            checked: None,
            checked_len: 0,
        }
    }

    /// A borrowed list of properties, to encode.
    pub fn from_slice(list: &'a [Property<'a>]) -> Self {
        Properties {
            repr: Repr::List(Cow::Borrowed(list)),
            checked: None,
            checked_len: 0,
        }
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            Repr::Wire(bytes) => bytes.is_empty(),
            Repr::List(list) => list.is_empty(),
        }
    }

    /// The properties, in order.
    #[inline(always)]
    pub fn iter(&self) -> Iter<'a, '_> {
        match &self.repr {
            // SAFETY: `Repr::Wire` holds bytes that decoded as this sequence of properties
            // (`decode_with`), and the iteration decodes them again from the first byte.
            Repr::Wire(bytes) => Iter(IterRepr::Wire(unsafe { Reader::new_validated(bytes) })),
            Repr::List(list) => Iter(IterRepr::List(list.iter())),
        }
    }

    /// True when a Topic Alias is among them.
    #[inline(always)]
    pub fn has_topic_alias(&self) -> bool {
        // The out-of-line search gets the bytes or the slice, not the list: a list whose
        // address went to a function would have to be built in memory on every decode.
        match &self.repr {
            // SAFETY: `Repr::Wire` holds bytes that decoded as properties (see `iter`).
            Repr::Wire(bytes) => wire_has_topic_alias(unsafe { Reader::new_validated(bytes) }),
            Repr::List(list) => list_has_topic_alias(list),
        }
    }

    /// The properties, in order, in a vector.
    pub fn to_vec(&self) -> Vec<Property<'a>> {
        self.iter().collect()
    }

    /// Checks the list against `scope` (allow-list and repetitions) and returns its size
    /// without the length in front, in one walk over a built list.
    #[inline(always)]
    fn checked_body_len(&self, scope: PropertyScope) -> Result<usize, &'static str> {
        match &self.repr {
            _ if self.checked == Some(scope) => Ok(self.body_len()),
            _ => {
                let mut seen = Seen::new(scope);
                self.iter().try_fold(0, |len, property| {
                    seen.add(&property)?;
                    Ok(len + property.encoded_len())
                })
            }
        }
    }
}

#[cold]
#[inline(never)]
fn wire_has_topic_alias(list: Reader<'_>) -> bool {
    Iter(IterRepr::Wire(list)).any(|p| matches!(p, Property::TopicAlias { .. }))
}

#[cold]
#[inline(never)]
fn list_has_topic_alias(list: &[Property<'_>]) -> bool {
    list.iter()
        .any(|p| matches!(p, Property::TopicAlias { .. }))
}

/// The properties of a [`Properties`], in order.
#[derive(Debug, Clone)]
pub struct Iter<'a, 'p>(IterRepr<'a, 'p>);

#[derive(Debug, Clone)]
enum IterRepr<'a, 'p> {
    /// Reading a decoded list again.
    Wire(Reader<'a>),
    /// Walking a built list.
    List(core::slice::Iter<'p, Property<'a>>),
}

impl<'a> Iterator for Iter<'a, '_> {
    type Item = Property<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Property<'a>> {
        match &mut self.0 {
            IterRepr::Wire(r) => {
                if r.is_empty() {
                    return None;
                }
                // The bytes decoded as properties once already; should they not (they always
                // do), the iteration ends.
                let property = Property::decode(r).ok();
                if property.is_none() {
                    r.take_rest();
                }
                property
            }
            IterRepr::List(list) => list.next().copied(),
        }
    }
}

// By hand: validated in one walk and kept as bytes; derived, it would be an allocated Vec.
impl<'de: 'a, 'a> DecodeWith<'de, PropertyScope> for Properties<'a> {
    // Always inlined: out of line, the list would come back through memory and be copied
    // into its packet (see `#[wire(inline)]`).
    #[inline(always)]
    fn decode_with(r: &mut Reader<'de>, scope: PropertyScope) -> Result<Self, DecodeError> {
        let Vbi(len) = Vbi::decode(r).map_err(|e| e.in_field("Properties", "len"))?;
        let mut section = r
            .section(len as usize)
            .map_err(|e| e.in_field("Properties", "len"))?;
        let bytes = section.peek_rest();
        if scope != PropertyScope::Publish {
            check_list(&mut section, scope)?;
        } else if !section.is_empty() {
            check_publish_list(&mut section)?;
        }
        Ok(Properties {
            repr: Repr::Wire(bytes),
            checked: Some(scope),
            checked_len: 0,
        })
    }
}

/// [`check_list`] for PUBLISH, out of line: PUBLISH has one decoder for both versions, where
/// the walk inlined takes registers from the 3.1.1 path, which never runs it. Alone, this took
/// a 3.1.1 PUBLISH decode (4 KiB payload) from 13.2 ns to 12.8 ns; 5.0 PUBLISH decodes stay
/// at 0.87-0.91x the hand-written code (`benches/mqtt.rs`).
#[inline(never)]
fn check_publish_list(section: &mut Reader<'_>) -> Result<(), DecodeError> {
    check_list(section, PropertyScope::Publish)
}

/// Decodes every property of a list once, checking it against `scope`.
#[inline(always)]
fn check_list(section: &mut Reader<'_>, scope: PropertyScope) -> Result<(), DecodeError> {
    let mut seen = Seen::new(scope);
    while !section.is_empty() {
        let at = section.offset();
        let property = Property::decode(section).map_err(|e| e.in_field("Properties", "list"))?;
        if let Err(why) = seen.add(&property) {
            return Err(DecodeError::new(DecodeErrorKind::InvalidValue(why), at)
                .in_field("Properties", "list"));
        }
    }
    Ok(())
}

impl EncodeWith<PropertyScope> for Properties<'_> {
    #[inline(always)]
    fn encoded_len_with(&self, _scope: PropertyScope) -> usize {
        let len = self.body_len();
        Vbi::size_of(u32::try_from(len).unwrap_or(u32::MAX)) + len
    }

    #[inline]
    fn encode_with<B: BufMut + ?Sized>(
        &self,
        buf: &mut B,
        scope: PropertyScope,
    ) -> Result<(), EncodeError> {
        let len = self.checked_body_len(scope).map_err(|why| {
            EncodeError::new(EncodeErrorKind::Custom(why)).in_field("Properties", "list")
        })?;
        let vbi = Vbi::try_from(len)?;
        // Written through one capacity check, unless the packet around it already is.
        let room = Vbi::size_of(vbi.0) + len;
        match write_in_window(buf, room, |window| self.put_list(window, vbi)) {
            Some(done) => done,
            None => self.put_list(buf, vbi),
        }
    }
}

impl Properties<'_> {
    /// The length, then the properties.
    #[inline(always)]
    fn put_list<B: BufMut + ?Sized>(&self, buf: &mut B, len: Vbi) -> Result<(), EncodeError> {
        len.encode(buf)?;
        match &self.repr {
            Repr::Wire(bytes) => buf.put_slice(bytes),
            Repr::List(list) => {
                for property in list.iter() {
                    property
                        .encode(buf)
                        .map_err(|e| e.in_field("Properties", "list"))?;
                }
            }
        }
        Ok(())
    }
}

impl Properties<'_> {
    /// The size of the properties, without the length in front.
    #[inline(always)]
    fn body_len(&self) -> usize {
        match &self.repr {
            Repr::Wire(bytes) => bytes.len(),
            Repr::List(_) if self.checked.is_some() => self.checked_len as usize,
            Repr::List(list) => list.iter().map(WireEncode::encoded_len).sum(),
        }
    }
}

impl fmt::Debug for Properties<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Properties<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Properties<'_> {}

impl Hash for Properties<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for property in self.iter() {
            property.hash(state);
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Properties<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de: 'a, 'a> serde::Deserialize<'de> for Properties<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Properties::from_list(serde::Deserialize::deserialize(d)?))
    }
}

/// Which identifiers a list has shown so far, against its scope's rules.
struct Seen {
    allowed: u64,
    repeatable: u64,
    seen: u64,
}

impl Seen {
    #[inline]
    fn new(scope: PropertyScope) -> Seen {
        let repeatable = (1u64 << 0x26)
            | if scope == PropertyScope::Publish {
                1 << 0x0b
            } else {
                0
            };
        Seen {
            allowed: allowed(scope),
            repeatable,
            seen: 0,
        }
    }

    #[inline]
    fn add(&mut self, property: &Property<'_>) -> Result<(), &'static str> {
        // Every identifier the decoder knows is below 64.
        let bit = 1u64 << (property.wire_tag() & 63);
        if self.allowed & bit == 0 {
            return Err("property not allowed in this packet");
        }
        if self.seen & bit & !self.repeatable != 0 {
            return Err("property repeated");
        }
        self.seen |= bit;
        Ok(())
    }
}

/// The identifiers allowed in `scope`, as a bit set (all identifiers are below 64).
const fn allowed(scope: PropertyScope) -> u64 {
    const fn set(ids: &[u32]) -> u64 {
        let mut bits = 0;
        let mut i = 0;
        while i < ids.len() {
            bits |= 1 << ids[i];
            i += 1;
        }
        bits
    }
    use PropertyScope::*;
    match scope {
        Connect => set(&[0x11, 0x15, 0x16, 0x17, 0x19, 0x21, 0x22, 0x26, 0x27]),
        Will => set(&[0x01, 0x02, 0x03, 0x08, 0x09, 0x18, 0x26]),
        ConnAck => set(&[
            0x11, 0x12, 0x13, 0x15, 0x16, 0x1a, 0x1c, 0x1f, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27,
            0x28, 0x29, 0x2a,
        ]),
        Publish => set(&[0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x23, 0x26]),
        PubAckFamily | SubAck | UnsubAck => set(&[0x1f, 0x26]),
        Subscribe => set(&[0x0b, 0x26]),
        Unsubscribe => set(&[0x26]),
        Disconnect => set(&[0x11, 0x1c, 0x1f, 0x26]),
        Auth => set(&[0x15, 0x16, 0x1f, 0x26]),
    }
}

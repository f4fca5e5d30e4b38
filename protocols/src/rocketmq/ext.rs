//! extFields: the string map every header carries, borrowed and iterated on demand.

use super::json;
use super::json_pairs::Pairs;
use bytes::BufMut;
use core::fmt;
use std::borrow::Cow;
use std::vec::Vec;
use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode};

/// One entry of a binary header's extFields section: an `i16`-length key and an `i32`-length
/// value, both UTF-8.
///
/// ```
/// use wire_protocols::rocketmq::ExtEntry;
///
/// let entry = ExtEntry { key: "key", value: "value" };
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&entry)?;
/// assert_eq!(bytes, b"\x00\x03key\x00\x00\x00\x05value");
/// assert_eq!(wire_runtime::decode::<ExtEntry<'_>>(&bytes)?, entry);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtEntry<'a> {
    /// The key.
    #[wire(len = i16)]
    pub key: &'a str,
    /// The value.
    #[wire(len = i32)]
    pub value: &'a str,
}

mod layout {
    /// [`super::ExtEntry`]'s layout without its text check, for a section known to be ASCII;
    /// of the same name, so that its errors read the same.
    #[derive(wire_runtime::WireDecode)]
    #[allow(dead_code)] // read only to check the layout
    pub(super) struct ExtEntry<'a> {
        #[wire(len = i16)]
        key: &'a [u8],
        #[wire(len = i32)]
        value: &'a [u8],
    }
}

type Pair<'a> = (Cow<'a, str>, Cow<'a, str>);

/// What [`ExtFields::visit`] hands the entries to, one at a time.
pub trait ExtVisitor<'s> {
    /// What stops the walk.
    type Error;

    /// One entry: a key, and a value borrowed unless it is a JSON string with escapes.
    /// Implementations that are small or called for one header are best `#[inline(always)]`.
    fn entry(&mut self, key: &str, value: Cow<'s, str>) -> Result<(), Self::Error>;
}

/// A header's extFields: string keys and values, in the order they came.
///
/// Decoded ones borrow the frame and are *validated but not materialized*: a binary header's
/// section is kept as its bytes (every length and every UTF-8 string checked once), a JSON
/// header's as the object's text (every string and escape checked once). Reading them walks
/// those bytes again, allocating only for JSON strings with escapes. Built ones hold pairs.
/// Keys may repeat on the wire; [`ExtFields::get`] returns the last value, as Java's
/// `HashMap` keeps it.
///
/// ```
/// use wire_protocols::rocketmq::ExtFields;
///
/// let mut ext = ExtFields::from_iter([("topic", "TopicTest"), ("queueId", "1")]);
/// ext.insert("queueId", "2");
/// assert_eq!(ext.get("queueId").as_deref(), Some("2"));
/// assert_eq!(ext.len(), 2);
/// let keys: Vec<_> = ext.iter().map(|(k, _)| k.into_owned()).collect();
/// assert_eq!(keys, ["topic", "queueId"]);
/// ```
#[derive(Clone)]
pub struct ExtFields<'a> {
    repr: Repr<'a>,
}

#[derive(Clone)]
enum Repr<'a> {
    /// A binary header's section: `ExtEntry`s back to back, all validated.
    Binary(&'a [u8]),
    /// A JSON header's object, `{` to `}`, whose values are all strings, validated.
    Json(&'a str),
    /// Pairs built by the caller (or materialized by a change).
    Owned(Vec<Pair<'a>>),
    /// Pairs borrowed from `Owned` ones, by [`ExtFields::reborrow`].
    Borrowed(&'a [Pair<'a>]),
}

impl Default for ExtFields<'_> {
    fn default() -> Self {
        ExtFields::new()
    }
}

impl<'a> ExtFields<'a> {
    /// No entries.
    pub const fn new() -> Self {
        ExtFields {
            repr: Repr::Owned(Vec::new()),
        }
    }

    /// A JSON object of string values, validated by the JSON scanner.
    pub(crate) fn from_json(object: &'a str) -> Self {
        ExtFields {
            repr: Repr::Json(object),
        }
    }

    /// The value of `key` (the last one, if the key repeats).
    pub fn get(&self, key: &str) -> Option<Cow<'_, str>> {
        match &self.repr {
            Repr::Binary(raw) => {
                let mut found = None;
                let mut rest: &[u8] = raw;
                while let Some((k, v, tail)) = next_validated(rest) {
                    if k == key {
                        found = Some(v);
                    }
                    rest = tail;
                }
                found.map(Cow::Borrowed)
            }
            Repr::Json(object) => Pairs::new(object)
                .filter(|(k, _)| k.eq_str(key))
                .last()
                .map(|(_, v)| v.value()),
            Repr::Owned(pairs) => pairs
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| Cow::Borrowed(&**v)),
            Repr::Borrowed(pairs) => pairs
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| Cow::Borrowed(&**v)),
        }
    }

    /// The entries in wire order (repeated keys included).
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: match &self.repr {
                Repr::Binary(raw) => IterRepr::Binary(raw),
                Repr::Json(object) => IterRepr::Json(Pairs::new(object)),
                Repr::Owned(pairs) => IterRepr::Pairs(pairs.iter()),
                Repr::Borrowed(pairs) => IterRepr::Pairs(pairs.iter()),
            },
        }
    }

    /// Calls `f` with every entry in wire order, stopping at the first error.
    #[inline]
    pub fn try_for_each<'s, E>(
        &'s self,
        mut f: impl FnMut(&str, Cow<'s, str>) -> Result<(), E>,
    ) -> Result<(), E> {
        for (key, value) in self.iter() {
            f(&key, value)?;
        }
        Ok(())
    }

    /// Hands every entry, in wire order, to `visitor`, stopping at the first error: how a
    /// [`super::CustomHeader`] reads its fields. A binary section is walked with its keys and
    /// values as plain borrowed strings.
    ///
    /// A visitor rather than a closure, so that its `entry` can be `#[inline(always)]`: a
    /// typed header's closure was called out of line, each value (a 24-byte `Cow`) went
    /// through memory, and the callee's 16-byte load of the two 8-byte stores that wrote it
    /// stalled on store forwarding, for half of the typed header's decode time.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use wire_protocols::rocketmq::{ExtFields, ExtVisitor};
    ///
    /// struct Longest(usize);
    /// impl<'s> ExtVisitor<'s> for Longest {
    ///     type Error = ();
    ///     fn entry(&mut self, _key: &str, value: Cow<'s, str>) -> Result<(), ()> {
    ///         self.0 = self.0.max(value.len());
    ///         Ok(())
    ///     }
    /// }
    ///
    /// let ext = ExtFields::from_iter([("a", "xyz"), ("b", "x")]);
    /// let mut longest = Longest(0);
    /// ext.visit(&mut longest)?;
    /// assert_eq!(longest.0, 3);
    /// # Ok::<(), ()>(())
    /// ```
    #[inline(always)]
    pub fn visit<'s, V: ExtVisitor<'s>>(&'s self, visitor: &mut V) -> Result<(), V::Error> {
        match &self.repr {
            Repr::Binary(raw) => {
                let mut rest: &'s [u8] = raw;
                while let Some((key, value, tail)) = next_validated(rest) {
                    visitor.entry(key, Cow::Borrowed(value))?;
                    rest = tail;
                }
            }
            _ => {
                for (key, value) in self.iter() {
                    visitor.entry(&key, value)?;
                }
            }
        }
        Ok(())
    }

    /// A binary header's extFields `section`, checked as [`WireDecode`] checks it, with every
    /// entry handed to `visitor` as it is checked: one walk for both. A malformed section is
    /// an error without a useful offset (the caller reports the frame's own error).
    #[inline(always)]
    pub(crate) fn decode_visiting<V: ExtVisitor<'a, Error = DecodeError>>(
        section: &'a [u8],
        visitor: &mut V,
    ) -> Result<ExtFields<'a>, DecodeError> {
        // One loop for an all-ASCII section (the usual one) and one for the rest, rather than
        // a test in the loop: 26 instructions fewer for SEND_MESSAGE_V2's 13 entries.
        if wire_runtime::text::is_ascii(section) {
            Self::walk::<true, V>(section, visitor)?;
        } else {
            Self::walk::<false, V>(section, visitor)?;
        }
        Ok(ExtFields {
            repr: Repr::Binary(section),
        })
    }

    /// [`Self::decode_visiting`]'s walk; `ASCII` says the whole section is ASCII.
    #[inline(always)]
    fn walk<const ASCII: bool, V: ExtVisitor<'a, Error = DecodeError>>(
        section: &'a [u8],
        visitor: &mut V,
    ) -> Result<(), DecodeError> {
        let mut rest = section;
        while !rest.is_empty() {
            let Some((key, value, tail)) = next_checked::<ASCII>(rest) else {
                return Err(DecodeError::new(
                    wire_runtime::DecodeErrorKind::InvalidValue("malformed extFields section"),
                    0,
                ));
            };
            visitor.entry(key, Cow::Borrowed(value))?;
            rest = tail;
        }
        Ok(())
    }

    /// Number of entries (repeated keys counted each time).
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Owned(pairs) => pairs.len(),
            Repr::Borrowed(pairs) => pairs.len(),
            _ => self.iter().count(),
        }
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// Sets `key` to `value`, replacing every earlier value of `key`.
    pub fn insert(&mut self, key: impl Into<Cow<'a, str>>, value: impl Into<Cow<'a, str>>) {
        let key = key.into();
        let pairs = self.pairs_mut();
        pairs.retain(|(k, _)| *k != key);
        pairs.push((key, value.into()));
    }

    /// Appends an entry without looking for an earlier one with the same key (the order of
    /// the wire, as headers are built field by field).
    pub fn push(&mut self, key: impl Into<Cow<'a, str>>, value: impl Into<Cow<'a, str>>) {
        self.pairs_mut().push((key.into(), value.into()));
    }

    fn pairs_mut(&mut self) -> &mut Vec<Pair<'a>> {
        let pairs: Vec<Pair<'a>> = match &self.repr {
            Repr::Owned(_) => None,
            Repr::Binary(raw) => Some(binary_pairs(raw).collect()),
            Repr::Json(object) => Some(
                Pairs::new(object)
                    .map(|(k, v)| (k.value(), v.value()))
                    .collect(),
            ),
            Repr::Borrowed(pairs) => Some(pairs.to_vec()),
        }
        .unwrap_or_default();
        if !matches!(self.repr, Repr::Owned(_)) {
            self.repr = Repr::Owned(pairs);
        }
        match &mut self.repr {
            Repr::Owned(pairs) => pairs,
            _ => unreachable!("just made owned pairs"),
        }
    }

    /// A view of the same entries that borrows `self` (no copy, no allocation): what
    /// encoding a borrowed command needs.
    pub fn reborrow(&self) -> ExtFields<'_> {
        ExtFields {
            repr: match &self.repr {
                Repr::Binary(raw) => Repr::Binary(raw),
                Repr::Json(object) => Repr::Json(object),
                Repr::Owned(pairs) => Repr::Borrowed(pairs),
                Repr::Borrowed(pairs) => Repr::Borrowed(pairs),
            },
        }
    }

    /// The same entries, owning their strings.
    pub fn into_owned(self) -> ExtFields<'static> {
        ExtFields {
            repr: Repr::Owned(
                self.iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), Cow::Owned(v.into_owned())))
                    .collect(),
            ),
        }
    }

    /// The length of the entries as a JSON object.
    pub(crate) fn json_len(&self) -> usize {
        match &self.repr {
            Repr::Json(object) => object.len(),
            _ => {
                let mut len = 2;
                let mut n = 0;
                for (k, v) in self.iter() {
                    len += json::str_len(&k) + 1 + json::str_len(&v);
                    n += 1;
                }
                len + n.max(1) - 1
            }
        }
    }

    /// Writes the entries as a JSON object (a decoded JSON object as it came).
    pub(crate) fn write_json<B: BufMut + ?Sized>(&self, buf: &mut B) {
        match &self.repr {
            Repr::Json(object) => buf.put_slice(object.as_bytes()),
            _ => {
                buf.put_u8(b'{');
                for (i, (k, v)) in self.iter().enumerate() {
                    if i > 0 {
                        buf.put_u8(b',');
                    }
                    json::write_str(buf, &k);
                    buf.put_u8(b':');
                    json::write_str(buf, &v);
                }
                buf.put_u8(b'}');
            }
        }
    }
}

/// A string validated when its section was decoded.
#[inline(always)]
fn validated(bytes: &[u8]) -> &str {
    debug_assert!(core::str::from_utf8(bytes).is_ok());
    // SAFETY: `Repr::Binary` is only built by `ExtFields::decode` and
    // `ExtFields::decode_visiting`, after every key and value of the section was found UTF-8:
    // the whole section ASCII, or each entry's text checked (by `ExtEntry`'s decoder or by
    // `next_checked`); the lengths this reads again were checked either way.
    unsafe { core::str::from_utf8_unchecked(bytes) }
}

/// The first entry of a section not yet checked and the rest after it, as `ExtEntry` decodes
/// it (lengths not negative, within the section; keys and values UTF-8); `None` if it is
/// malformed. `ASCII` says the whole section is ASCII, so that its text needs no check.
#[inline(always)]
fn next_checked<const ASCII: bool>(raw: &[u8]) -> Option<(&str, &str, &[u8])> {
    let (key_len, rest) = raw.split_first_chunk::<2>()?;
    let key_len = usize::try_from(i16::from_be_bytes(*key_len)).ok()?;
    let (key, rest) = rest.split_at_checked(key_len)?;
    let (value_len, rest) = rest.split_first_chunk::<4>()?;
    let value_len = usize::try_from(i32::from_be_bytes(*value_len)).ok()?;
    let (value, rest) = rest.split_at_checked(value_len)?;
    let text = |bytes| {
        if ASCII {
            // SAFETY: `bytes` lies inside a section that is all ASCII, so it is UTF-8.
            Some(unsafe { core::str::from_utf8_unchecked(bytes) })
        } else {
            core::str::from_utf8(bytes).ok()
        }
    };
    Some((text(key)?, text(value)?, rest))
}

/// The first entry of a validated section and the rest after it; `None` at its end. (The
/// layout was checked when the section was decoded; this only walks it again.)
#[inline(always)]
fn next_validated(raw: &[u8]) -> Option<(&str, &str, &[u8])> {
    let (key_len, rest) = raw.split_first_chunk::<2>()?;
    let (key, rest) = rest.split_at_checked(i16::from_be_bytes(*key_len) as u16 as usize)?;
    let (value_len, rest) = rest.split_first_chunk::<4>()?;
    let (value, rest) = rest.split_at_checked(i32::from_be_bytes(*value_len) as u32 as usize)?;
    Some((validated(key), validated(value), rest))
}

fn binary_pairs(raw: &[u8]) -> impl Iterator<Item = Pair<'_>> {
    let mut rest = raw;
    core::iter::from_fn(move || {
        let (key, value, tail) = next_validated(rest)?;
        rest = tail;
        Some((Cow::Borrowed(key), Cow::Borrowed(value)))
    })
}

/// Iterator over [`ExtFields`] entries: `(key, value)`, borrowed unless a JSON string had
/// escapes.
#[derive(Debug, Clone)]
pub struct Iter<'s> {
    inner: IterRepr<'s>,
}

#[derive(Debug, Clone)]
enum IterRepr<'s> {
    Binary(&'s [u8]),
    Json(Pairs<'s>),
    Pairs(core::slice::Iter<'s, Pair<'s>>),
}

impl<'s> Iterator for Iter<'s> {
    type Item = (Cow<'s, str>, Cow<'s, str>);

    // Always inlined: out of line, each entry (48 bytes) came back through memory and the
    // caller's wide loads of it stalled on the narrow stores (a third of a read-all walk).
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            IterRepr::Binary(rest) => {
                let (key, value, tail) = next_validated(rest)?;
                *rest = tail;
                Some((Cow::Borrowed(key), Cow::Borrowed(value)))
            }
            IterRepr::Json(pairs) => pairs.next().map(|(k, v)| (k.value(), v.value())),
            IterRepr::Pairs(pairs) => pairs
                .next()
                .map(|(k, v)| (Cow::Borrowed(&**k), Cow::Borrowed(&**v))),
        }
    }
}

impl<'s> IntoIterator for &'s ExtFields<'_> {
    type Item = (Cow<'s, str>, Cow<'s, str>);
    type IntoIter = Iter<'s>;

    fn into_iter(self) -> Iter<'s> {
        self.iter()
    }
}

impl<'a, K: Into<Cow<'a, str>>, V: Into<Cow<'a, str>>> FromIterator<(K, V)> for ExtFields<'a> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        ExtFields {
            repr: Repr::Owned(
                iter.into_iter()
                    .map(|(k, v)| (k.into(), v.into()))
                    .collect(),
            ),
        }
    }
}

impl PartialEq for ExtFields<'_> {
    /// The same entries in the same order, whatever their representation.
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for ExtFields<'_> {}

impl fmt::Debug for ExtFields<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

// By hand: checked once and kept as bytes; derived, it would be a Vec of ExtEntry per frame.
/// A binary header's extFields section: `ExtEntry`s until its end, checked once (an all-ASCII
/// section for its layout only: its text is UTF-8).
impl<'de: 'a, 'a> WireDecode<'de> for ExtFields<'a> {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let raw = r.peek_rest();
        if wire_runtime::text::is_ascii(raw) {
            // Every string in an all-ASCII section is UTF-8: only the layout is left to check.
            while !r.is_empty() {
                r.read::<layout::ExtEntry<'a>>()?;
            }
        } else {
            while !r.is_empty() {
                r.read::<ExtEntry<'a>>()?;
            }
        }
        Ok(ExtFields {
            repr: Repr::Binary(raw),
        })
    }
}

/// The binary layout: `ExtEntry`s back to back (a decoded binary section as it came).
impl WireEncode for ExtFields<'_> {
    #[inline]
    fn encoded_len(&self) -> usize {
        match &self.repr {
            Repr::Binary(raw) => raw.len(),
            _ => self.iter().map(|(k, v)| 2 + k.len() + 4 + v.len()).sum(),
        }
    }

    #[inline]
    fn encode<B: BufMut + ?Sized>(&self, buf: &mut B) -> Result<(), EncodeError> {
        match &self.repr {
            Repr::Binary(raw) => {
                buf.put_slice(raw);
                Ok(())
            }
            _ => self.iter().try_for_each(|(key, value)| {
                ExtEntry {
                    key: &key,
                    value: &value,
                }
                .encode(buf)
            }),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ExtFields<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

//! Message properties: `name\u{1}value\u{2}` pairs in one string.

use wire_runtime::{WireDecode, WireEncode};

/// Separates a name from its value.
pub const NAME_VALUE_SEPARATOR: char = '\u{1}';
/// Ends a property.
pub const PROPERTY_SEPARATOR: char = '\u{2}';

/// Well-known property names (`MessageConst.java`).
pub mod names {
    /// Space-separated keys for lookups.
    pub const KEYS: &str = "KEYS";
    /// The tag.
    pub const TAGS: &str = "TAGS";
    /// Wait for the store before answering (`"true"`).
    pub const WAIT_STORE_MSG_OK: &str = "WAIT";
    /// Delay level.
    pub const DELAY_TIME_LEVEL: &str = "DELAY";
    /// The client-side unique id.
    pub const UNIQ_CLIENT_MESSAGE_ID_KEYIDX: &str = "UNIQ_KEY";
    /// Smallest offset of the queue at pull time.
    pub const MIN_OFFSET: &str = "MIN_OFFSET";
    /// Largest offset of the queue at pull time.
    pub const MAX_OFFSET: &str = "MAX_OFFSET";
    /// Transaction prepared.
    pub const TRANSACTION_PREPARED: &str = "TRAN_MSG";
}

/// A message's properties, borrowed: the string as it is on the wire (UTF-8 checked), read
/// as pairs on demand the way Java's `string2messageProperties` does: split at
/// `\u{2}`, then at the first `\u{1}`; entries with an empty name or value, or without a
/// separator, are skipped.
///
/// Its codec is derived: the string fills its section, whose length prefix belongs to the
/// field that holds the properties (`#[wire(len = i16)]`); reading the text *inside* the string
/// is what this type adds.
///
/// ```
/// use wire_protocols::rocketmq::{Properties, PropertiesBuf};
///
/// let props = PropertiesBuf::new().with("KEYS", "order-7 order-8").with("TAGS", "TagA");
/// let props = props.as_properties();
/// assert_eq!(props.as_str(), "KEYS\u{1}order-7 order-8\u{2}TAGS\u{1}TagA\u{2}");
/// assert_eq!(props.tags(), Some("TagA"));
/// assert_eq!(props.keys().collect::<Vec<_>>(), ["order-7", "order-8"]);
/// assert_eq!(Properties::new("a\u{1}\u{2}x\u{2}b\u{1}2").iter().collect::<Vec<_>>(), [("b", "2")]);
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Properties<'a> {
    #[wire(rest)]
    raw: &'a str,
}

impl<'a> Properties<'a> {
    /// Properties over their wire form.
    pub const fn new(raw: &'a str) -> Self {
        Properties { raw }
    }

    /// The wire form.
    pub fn as_str(&self) -> &'a str {
        self.raw
    }

    /// True when the string is empty.
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The pairs, in order (a name may repeat; Java keeps the last).
    pub fn iter(&self) -> PropertiesIter<'a> {
        PropertiesIter { rest: self.raw }
    }

    /// The value of `name` (the last, if it repeats).
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.iter()
            .filter(|(k, _)| *k == name)
            .last()
            .map(|(_, v)| v)
    }

    /// The `TAGS` property.
    pub fn tags(&self) -> Option<&'a str> {
        self.get(names::TAGS)
    }

    /// The keys of the `KEYS` property (space-separated).
    pub fn keys(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.get(names::KEYS)
            .unwrap_or("")
            .split(' ')
            .filter(|k| !k.is_empty())
    }

    /// The client-side unique id (`UNIQ_KEY`).
    pub fn uniq_key(&self) -> Option<&'a str> {
        self.get(names::UNIQ_CLIENT_MESSAGE_ID_KEYIDX)
    }
}

/// Iterator over [`Properties`] pairs.
#[derive(Debug, Clone)]
pub struct PropertiesIter<'a> {
    rest: &'a str,
}

impl<'a> Iterator for PropertiesIter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.rest.is_empty() {
            let (entry, rest) = self
                .rest
                .split_once(PROPERTY_SEPARATOR)
                .unwrap_or((self.rest, ""));
            self.rest = rest;
            if let Some((name, value)) = entry.split_once(NAME_VALUE_SEPARATOR) {
                if !name.is_empty() && !value.is_empty() {
                    return Some((name, value));
                }
            }
        }
        None
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Properties<'_> {
    /// As a map (a repeated name appears twice).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

/// Builds properties: `name\u{1}value\u{2}` for each pair (`messageProperties2String`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PropertiesBuf {
    text: String,
}

impl PropertiesBuf {
    /// No properties.
    pub fn new() -> Self {
        PropertiesBuf::default()
    }

    /// Appends a property. Separators inside `name` or `value` would corrupt the list; they
    /// are the caller's to avoid, as in Java.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.reserve(name.len() + value.len() + 2);
        self.text.push_str(name);
        self.text.push(NAME_VALUE_SEPARATOR);
        self.text.push_str(value);
        self.text.push(PROPERTY_SEPARATOR);
    }

    /// The same with a property appended.
    pub fn with(mut self, name: &str, value: &str) -> Self {
        self.push(name, value);
        self
    }

    /// A borrowed view.
    pub fn as_properties(&self) -> Properties<'_> {
        Properties::new(&self.text)
    }

    /// The wire form.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The wire form, owned.
    pub fn into_string(self) -> String {
        self.text
    }
}

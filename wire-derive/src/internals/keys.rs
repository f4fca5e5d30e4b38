//! The one table of attribute keys: where each may stand, what it excludes and what it needs.
//!
//! Parsing (`attr`) reads any key of a family (container, variant, field) wherever that family
//! stands; once lowering knows the exact place (a plain struct or a bit-field word, a field, an
//! element inside `item(...)`, a member of a bit-field word, a msgpack field), [`check`] holds
//! the keys found there against this table. A key that is parsed is either used at its place or
//! reported: adding a key is one row here, one slot in `attr`, and its lowering.

use super::ctxt::Ctxt;
use proc_macro2::Span;

/// Which attribute a key belongs to: `#[wire]` on the type, on a variant, or on a field (fields'
/// keys also describe elements inside `item(...)`, `key(...)` and `value(...)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    Container,
    Variant,
    Field,
}

/// Where a key stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// A struct decoded field by field (also in msgpack mode).
    Struct,
    /// A `#[wire(bits = u8)]` struct.
    BitStruct,
    Enum,
    Variant,
    /// A field of a struct or variant.
    Field,
    /// The elements of a sequence or map field: `item(...)`, `key(...)`, `value(...)`.
    Element,
    /// A field of a bit-field word.
    BitMember,
    /// A field of a `#[wire(msgpack)]` struct or variant.
    MsgPackField,
}

use Place::*;

impl Place {
    #[cfg(test)]
    pub const ALL: [Place; 8] = [
        Struct,
        BitStruct,
        Enum,
        Variant,
        Field,
        Element,
        BitMember,
        MsgPackField,
    ];

    pub fn family(self) -> Family {
        match self {
            Struct | BitStruct | Enum => Family::Container,
            Variant => Family::Variant,
            Field | Element | BitMember | MsgPackField => Family::Field,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Struct => "a struct",
            BitStruct => "a bit-field word",
            Enum => "an enum",
            Variant => "an enum variant",
            Field => "a field",
            Element => "elements (`item`, `key`, `value`)",
            BitMember => "a field of a bit-field word",
            MsgPackField => "a msgpack field",
        }
    }
}

/// One attribute key.
#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    pub family: Family,
    /// How it is written, for the list of keys in "unknown attribute" errors.
    pub syntax: &'static str,
    /// A complete use of it, for tests and hints.
    #[cfg_attr(not(test), allow(dead_code))]
    pub example: &'static str,
    pub places: &'static [Place],
    /// Keys that cannot stand beside it: the error points at the other key.
    pub excludes: &'static [&'static str],
    /// The error for an excluded key, with `{key}` and `{other}` filled in.
    pub conflict: &'static str,
    /// At least one of these must stand beside it.
    pub requires: &'static [&'static str],
    /// The error when none does.
    pub requirement: &'static str,
}

const CONFLICT: &str = "conflicting wire attributes: `{other}` cannot be combined with `{key}`";

impl Key {
    const fn new(
        name: &'static str,
        family: Family,
        syntax: &'static str,
        example: &'static str,
        places: &'static [Place],
    ) -> Key {
        Key {
            name,
            family,
            syntax,
            example,
            places,
            excludes: &[],
            conflict: CONFLICT,
            requires: &[],
            requirement: "",
        }
    }

    const fn excludes(mut self, keys: &'static [&'static str]) -> Key {
        self.excludes = keys;
        self
    }

    const fn because(mut self, conflict: &'static str) -> Key {
        self.conflict = conflict;
        self
    }

    const fn requires(mut self, keys: &'static [&'static str], message: &'static str) -> Key {
        self.requires = keys;
        self.requirement = message;
        self
    }

    pub fn allowed_at(&self, place: Place) -> bool {
        self.places.contains(&place)
    }
}

const fn container(name: &'static str, syntax: &'static str, example: &'static str) -> Key {
    Key::new(name, Family::Container, syntax, example, &[Struct, Enum])
}

const fn variant(name: &'static str, example: &'static str) -> Key {
    Key::new(name, Family::Variant, name, example, &[Variant])
}

/// A field key that also describes elements.
const fn field(name: &'static str, syntax: &'static str, example: &'static str) -> Key {
    Key::new(name, Family::Field, syntax, example, &[Field, Element])
}

const ORDERS: &[Place] = &[Struct, BitStruct, Enum];
const WIRE_FIELDS: &[Place] = &[Field, MsgPackField];
const ANY_VALUE: &[Place] = &[Field, Element, MsgPackField];

/// Every key, in the order the "expected one of" lists give them.
pub const KEYS: &[Key] = &[
    // On the struct or enum.
    Key {
        places: ORDERS,
        ..container("le", "le", "le")
    }
    .excludes(&["be"])
    .because("conflicting wire attributes: `le` and `be` both given"),
    Key {
        places: ORDERS,
        ..container("be", "be", "be")
    },
    container("ctx", "ctx(..)", "ctx(a: u8)"),
    Key {
        places: &[Struct],
        ..container("magic", "magic", "magic = b\"W\"")
    },
    Key {
        places: &[Struct],
        ..container("trailer", "trailer", "trailer = [0xce]")
    },
    Key {
        places: &[Struct],
        ..container("validate", "validate", "validate = Ok(())")
    },
    container("msgpack", "msgpack", "msgpack"),
    Key {
        places: ORDERS,
        ..container("inline", "inline", "inline")
    },
    Key {
        places: &[BitStruct],
        ..container("bits", "bits", "bits = u8")
    },
    Key {
        places: &[BitStruct],
        ..container("reserved", "reserved(..)", "reserved(bits = 0..1)")
    },
    Key {
        places: &[BitStruct],
        ..container("msb0", "msb0", "msb0")
    },
    Key {
        places: &[BitStruct],
        ..container("uncovered", "uncovered", "uncovered = zero")
    },
    Key {
        places: &[Enum],
        ..container("tag", "tag, tag(..)", "tag = u8")
    }
    .excludes(&["ctx_tag"])
    .because(
        "conflicting wire attributes: `ctx_tag` (the parent read the tag) cannot be combined \
             with `tag`",
    ),
    Key {
        places: &[Enum],
        ..container("tag_bits", "tag_bits", "tag_bits = 0..4")
    }
    .requires(
        &["tag"],
        "`tag_bits` needs the tag's type: add `tag = u8` next to it",
    ),
    Key {
        places: &[Enum],
        ..container("peek", "peek", "peek")
    }
    .requires(
        &["tag"],
        "`peek` needs the tag's type: add `tag = u8` next to it",
    ),
    Key {
        places: &[Enum],
        ..container("ctx_tag", "ctx_tag", "ctx_tag = u8")
    }
    .excludes(&["tag_bits", "peek"])
    .because(
        "conflicting wire attributes: `{other}` describes how the enum reads its tag, but \
             with `ctx_tag` the parent reads it",
    ),
    // On a variant.
    variant("tag", "tag = 1"),
    variant("other", "other"),
    variant("magic", "magic = b\"W\""),
    variant("validate", "validate = Ok(())"),
    // On a field, and most of them on elements too.
    field("len", "len", "len = u8").excludes(&["count", "rest"]),
    field("count", "count", "count = u8").excludes(&["rest"]),
    field("rest", "rest", "rest"),
    Key {
        places: &[Field],
        ..field("rest_len", "rest_len", "rest_len")
    }
    .excludes(&["len", "count", "rest", "if", "skip", "fill", "with"])
    .because(
        "conflicting wire attributes: a `rest_len` field is the length of the fields after \
             it, so it has no `{other}`",
    ),
    Key {
        places: &[Field],
        ..field("inclusive", "inclusive", "inclusive")
    }
    .requires(
        &["rest_len"],
        "`inclusive` says a `rest_len` length counts its own bytes too: it goes with `rest_len`",
    ),
    Key {
        places: &[Field],
        ..field("max", "max", "max = 4096")
    }
    .requires(
        &["len", "count", "rest_len"],
        "`max` bounds a length or count before its section is read: it goes with `len = ...`, \
         `count = ...` or `rest_len`",
    ),
    field("allow_trailing", "allow_trailing", "allow_trailing").requires(
        &["len", "rest_len"],
        "`allow_trailing` lets a length-delimited section keep unread bytes: it goes with \
         `len = ...` or `rest_len`",
    ),
    field("nullable", "nullable", "nullable")
        .excludes(&["empty_is_none"])
        .requires(
            &["len"],
            "`nullable` describes a length prefix: add `len = i16` (or another prefix type)",
        ),
    field("not_set", "not_set", "not_set = -2").requires(
        &["nullable"],
        "`not_set` is a second marker beside null: it goes with `nullable` and a `Tristate` field",
    ),
    field("empty_is_none", "empty_is_none", "empty_is_none").requires(
        &["len"],
        "`empty_is_none` describes a length prefix: add `len = i16` (or another prefix type)",
    ),
    // Not on elements: an element's condition sees the fields before the sequence, not the
    // element, so it would hold for all of them alike and make absent elements of no bytes.
    Key {
        places: WIRE_FIELDS,
        ..field("if", "if", "if = true")
    },
    Key {
        places: WIRE_FIELDS,
        ..field("optional", "optional", "optional")
    }
    .excludes(&["pad_before", "pad_after", "rest_len", "rest"])
    .because(
        "conflicting wire attributes: an `optional` field is present exactly when bytes are \
             left, so it has no `{other}`",
    ),
    Key {
        places: &[MsgPackField],
        ..field("ext", "ext", "ext = 1")
    }
    .excludes(&["counted", "bin"]),
    Key {
        places: &[MsgPackField],
        ..field("counted", "counted", "counted")
    },
    Key {
        places: &[MsgPackField],
        ..field("bin", "bin", "bin")
    }
    .excludes(&["counted"]),
    Key {
        places: ANY_VALUE,
        ..field("ctx", "ctx", "ctx = 1")
    }
    .excludes(&["ext", "counted", "bin"]),
    Key {
        places: ANY_VALUE,
        ..field("with", "with", "with = codec")
    }
    .excludes(&[
        "len",
        "count",
        "rest",
        "allow_trailing",
        "nullable",
        "not_set",
        "empty_is_none",
        "until",
        "max_len",
        "width",
        "pad_with",
        "ctx",
        "le",
        "be",
        "int",
        "nonzero",
        "item",
        "key",
        "value",
        "ext",
        "counted",
        "bin",
    ]),
    Key {
        places: WIRE_FIELDS,
        ..field("skip", "skip", "skip")
    }
    .excludes(&[
        "len",
        "count",
        "rest",
        "allow_trailing",
        "nullable",
        "not_set",
        "empty_is_none",
        "until",
        "max_len",
        "width",
        "pad_with",
        "if",
        "optional",
        "ctx",
        "with",
        "fill",
        "magic",
        "validate",
        "le",
        "be",
        "int",
        "nonzero",
        "item",
        "key",
        "value",
        "ext",
        "counted",
        "bin",
    ])
    .because(
        "conflicting wire attributes: a `skip` field is not on the wire, so `{other}` has no \
             effect",
    ),
    Key {
        places: WIRE_FIELDS,
        ..field("default", "default", "default = 1")
    }
    .requires(
        &["skip", "optional"],
        "`default` goes with `skip` or `optional`: a field on the wire is always decoded",
    ),
    Key {
        places: WIRE_FIELDS,
        ..field("fill", "fill", "fill = 1")
    },
    field("le", "le", "le")
        .excludes(&["be"])
        .because("conflicting wire attributes: `le` and `be` both given"),
    field("be", "be", "be"),
    field("int", "int", "int = u24").excludes(&["len", "count", "rest", "ctx"]),
    Key {
        places: &[Field],
        ..field("temp", "temp(..)", "temp(n: u16 = 1)")
    }
    .excludes(&["optional"])
    .because(
        "conflicting wire attributes: a `temp` value is always on the wire, so it cannot \
             precede an `optional` field",
    ),
    Key {
        places: &[Field],
        ..field("validate", "validate", "validate = Ok(())")
    },
    Key {
        places: &[Field],
        ..field("magic", "magic", "magic = b\"\\r\\n\"")
    }
    .excludes(&["optional"])
    .because(
        "conflicting wire attributes: constant bytes are always on the wire, so they cannot \
             precede an `optional` field",
    ),
    Key {
        places: &[Field],
        ..field("pad_before", "pad_before", "pad_before = 1")
    },
    Key {
        places: &[Field],
        ..field("pad_after", "pad_after", "pad_after = 1")
    },
    Key {
        places: &[Field],
        ..field("padding", "padding", "padding = ignore")
    }
    .requires(
        &["pad_before", "pad_after", "align", "width"],
        "`padding` says whether padding bytes must be zero: it goes with `pad_before`, \
         `pad_after`, `align` or `width`",
    ),
    Key {
        places: &[Field],
        ..field("checksum", "checksum", "checksum = Crc32")
    }
    // Bytes of the field's own (a magic, padding, alignment) would be summed one way on
    // decode and another on encode when the field lies in its own range: not allowed.
    .excludes(&[
        "fill",
        "len",
        "count",
        "rest",
        "rest_len",
        "if",
        "optional",
        "with",
        "until",
        "width",
        "magic",
        "pad_before",
        "pad_after",
        "align",
    ])
    .requires(
        &["over"],
        "a checksum covers some fields: add `over = data` (a field), `over = a..=b` or \
         `over = ..` (the whole value, this field read as zero)",
    ),
    Key {
        places: &[Field],
        ..field("over", "over", "over = data")
    }
    .requires(
        &["checksum"],
        "`over` names what a checksum covers: it goes with `checksum = Crc32` (or another \
         algorithm)",
    ),
    field("until", "until", "until = 0")
        .excludes(&[
            "len",
            "count",
            "rest",
            "width",
            "nullable",
            "empty_is_none",
            "allow_trailing",
        ])
        .because(
            "conflicting wire attributes: an `until` value ends at its terminator, so it has no \
             `{other}`",
        ),
    field("max_len", "max_len", "max_len = 16").requires(
        &["until"],
        "`max_len` bounds where a terminator may be: it goes with `until = ...`",
    ),
    field("width", "width", "width = 16")
        .excludes(&[
            "len",
            "count",
            "rest",
            "nullable",
            "empty_is_none",
            "allow_trailing",
        ])
        .because(
            "conflicting wire attributes: a `width` value fills a region of that many bytes, so \
             it has no `{other}`",
        ),
    field("pad_with", "pad_with", "pad_with = b' '").requires(
        &["width"],
        "`pad_with` is the byte that pads a fixed-width value: it goes with `width = N`",
    ),
    Key {
        places: &[Field],
        ..field("align", "align", "align = 4")
    }
    .excludes(&["optional", "rest"]),
    field("item", "item(..)", "item(len = u8)"),
    field("key", "key(..)", "key(len = u8)"),
    field("value", "value(..)", "value(len = u8)"),
    Key {
        places: &[BitMember],
        ..field("bit", "bit", "bit = 0")
    }
    .excludes(&["bits"]),
    Key {
        places: &[BitMember],
        ..field("bits", "bits", "bits = 0..2")
    },
    Key {
        places: &[BitMember],
        ..field("other_bits", "other_bits", "other_bits")
    }
    .excludes(&["bit", "bits"])
    .because(
        "conflicting wire attributes: an `other_bits` field holds the bits no other field \
             covers, so it has no `{other}` of its own",
    ),
    field("nonzero", "nonzero", "nonzero").excludes(&["int", "ctx"]),
];

/// The row of `name` in `family`.
pub fn find(family: Family, name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.family == family && k.name == name)
}

/// Every key of a family, as the "expected one of" lists write them.
pub fn syntax_list(family: Family) -> String {
    let keys: Vec<&str> = KEYS
        .iter()
        .filter(|k| k.family == family)
        .map(|k| k.syntax)
        .collect();
    keys.join(", ")
}

/// Holds the keys found at `place` against the table: each must be allowed there, must not
/// stand beside a key it excludes, and must have one of the keys it requires. `broken` says an
/// attribute at this place did not parse, so a missing key may just have been misspelled:
/// requirements are then not checked.
pub fn check(cx: &Ctxt, place: Place, present: &[(&'static str, Span)], broken: bool) {
    let family = place.family();
    let has = |name: &str| present.iter().any(|(k, _)| *k == name);
    let mut reported: Vec<&str> = Vec::new();
    for &(name, span) in present {
        let Some(key) = find(family, name) else {
            continue;
        };
        if !key.allowed_at(place) {
            cx.error_at(span, misplaced(key, place));
            reported.push(name);
        }
    }
    for &(name, _) in present {
        let Some(key) = find(family, name).filter(|k| k.allowed_at(place)) else {
            continue;
        };
        for &(other, other_span) in present {
            if key.excludes.contains(&other) && !reported.contains(&other) {
                let message = key
                    .conflict
                    .replace("{key}", name)
                    .replace("{other}", other);
                cx.error_at(other_span, message);
                reported.push(other);
            }
        }
    }
    if broken {
        return;
    }
    for &(name, span) in present {
        let Some(key) = find(family, name) else {
            continue;
        };
        if key.requires.is_empty() || reported.contains(&name) {
            continue;
        }
        if !key.requires.iter().any(|r| has(r)) {
            cx.error_at(span, key.requirement);
        }
    }
}

/// Why `key` cannot stand at `here`, and what to change, from where it can stand.
fn misplaced(key: &Key, here: Place) -> String {
    let name = key.name;
    let allowed = |p: Place| key.allowed_at(p);
    match here {
        BitMember => format!(
            "`{name}` does not apply to a field of a bit-field word, which only takes `bit = N` \
             or `bits = lo..hi`"
        ),
        MsgPackField => format!(
            "`{name}` does not apply in msgpack mode: every field is a self-describing msgpack \
             value (nil for `None`, a counted list with `counted`, bytes as bin with `bin`, a \
             binary layout with `ext = N`)"
        ),
        BitStruct => format!("`{name}` does not apply to a bit-field word"),
        Element if name == "if" => "`if` inside `item(...)` would hold for every element alike \
            (it sees the fields before the sequence, not the element): put it on the field, \
            `#[wire(if = ..., count = u8)] items: Option<Vec<T>>`"
            .to_string(),
        Element if allowed(Field) || allowed(MsgPackField) => {
            format!("`{name}` applies to fields, not to elements")
        }
        Field if allowed(MsgPackField) => {
            format!("`{name}` describes a msgpack value: add `#[wire(msgpack)]` to the struct")
        }
        Field if allowed(BitMember) => format!(
            "`{name}` places a field in a bit-field word: add `#[wire(bits = u8)]` to the struct"
        ),
        Struct if allowed(Enum) => {
            format!("`{name}` applies to enums; a struct is decoded field by field")
        }
        Struct if allowed(BitStruct) => {
            format!("`{name}` marks bits of a bit-field word: add `bits = u8` to the struct")
        }
        Enum if allowed(BitStruct) => {
            format!("`{name}` makes a struct a bit-field word; it does not apply to enums")
        }
        _ => {
            let mut places: Vec<&str> = key.places.iter().map(|p| p.describe()).collect();
            let variant = find(Family::Variant, name).is_some();
            if key.family != Family::Variant && variant {
                places.push(Variant.describe());
            }
            format!(
                "`{name}` does not go on {}: it goes on {}",
                here.describe(),
                places.join(", or on ")
            )
        }
    }
}

#[cfg(test)]
mod tests;

//! Field blocks: one or two fields of a struct or variant, each a use of the vocabulary the
//! derive accepts (a prefix, a section, a fill, a temp, a condition, a terminator, padding, a
//! nested type), with a proptest strategy for its value and what encoding may change.

use crate::rng::Rng;
use crate::types::{Kind, TypeDef};

/// One field as the generated source declares it.
#[derive(Debug, Clone)]
pub struct Field {
    /// `#[wire(...)]` keys, each complete (`len = u16`); empty for none.
    pub keys: Vec<String>,
    pub name: String,
    pub ty: String,
    /// A proptest strategy expression for the value.
    pub strategy: String,
}

impl Field {
    fn plain(name: &str, ty: &str, strategy: &str) -> Field {
        Field {
            keys: Vec::new(),
            name: name.into(),
            ty: ty.into(),
            strategy: strategy.into(),
        }
    }

    fn key(mut self, key: impl Into<String>) -> Field {
        self.keys.push(key.into());
        self
    }

    /// The attribute as written, or nothing.
    pub fn attribute(&self) -> String {
        if self.keys.is_empty() {
            String::new()
        } else {
            format!("#[wire({})] ", self.keys.join(", "))
        }
    }
}

/// What a block adds to its struct.
#[derive(Debug, Default)]
pub struct Block {
    pub fields: Vec<Field>,
    /// Statements run on the generated value `v` so that it is one encode accepts (a value
    /// present exactly when its condition holds).
    pub fixups: Vec<String>,
    /// Encode writes something other than the stored value (a filled length), so
    /// `decode(encode(v)) == v` holds only for values that went through encode once.
    pub fills: bool,
    /// Coverage: the keys this block used, by name, for the report.
    pub used: Vec<&'static str>,
}

/// Where a block stands.
pub struct Scope<'a> {
    /// Its position, which names its fields.
    pub index: usize,
    /// Types generated before this one, which a field may nest.
    pub earlier: &'a [TypeDef],
    /// In an enum variant, or after a `rest_len`: `align` is left out (the derive refuses it
    /// after a `rest_len`).
    pub no_align: bool,
}

const PRIMS: &[(&str, &str)] = &[
    ("u8", "any::<u8>()"),
    ("u16", "any::<u16>()"),
    ("u32", "any::<u32>()"),
    ("u64", "any::<u64>()"),
    ("i16", "any::<i16>()"),
    ("i32", "any::<i32>()"),
    ("i64", "any::<i64>()"),
    ("bool", "any::<bool>()"),
    ("f32", "(-1.0e6f32..1.0e6)"),
    ("[u8; 3]", "any::<[u8; 3]>()"),
];

const PREFIXES: &[&str] = &[
    "u8",
    "u16",
    "u24",
    "u32",
    "i16",
    "i32",
    "vbi",
    "varint",
    "u8 + 1",
    "varint + 1",
    "QuicVarInt",
    "CompactSize",
    "LenEnc",
    "CborBytes",
];

/// A block for field `index`, chosen among every kind below.
pub fn block(rng: &mut Rng, scope: &Scope<'_>) -> Block {
    let i = scope.index;
    let mut b = match rng.below(22) {
        0 | 1 => prim(rng, i),
        2 => narrow(rng, i),
        3 => bytes(rng, i),
        4 => counted(rng, i, scope),
        5 => len_from_field(rng, i),
        6 => temp_count(rng, i),
        7 => condition(rng, i),
        8 => terminated(rng, i),
        9 => fixed_width(rng, i),
        10 | 11 => nested(rng, i, scope).unwrap_or_else(|| prim(rng, i)),
        12 => temp_condition(rng, i),
        13 => map(rng, i),
        14 => skipped_and_filled(rng, i),
        15 => markers(rng, i),
        16 => len_expression(rng, i),
        17 => sequence_until(rng, i),
        18 => header_count(rng, i, scope).unwrap_or_else(|| prim(rng, i)),
        19 => tag_parent(rng, i, scope).unwrap_or_else(|| prim(rng, i)),
        20 => nested_sequences(rng, i),
        _ => lenient_padding(rng, i),
    };
    decorate(rng, &mut b, scope);
    b
}

/// Padding, alignment or constant bytes around the block's last field, now and then.
fn decorate(rng: &mut Rng, b: &mut Block, scope: &Scope<'_>) {
    let Some(last) = b.fields.last_mut() else {
        return;
    };
    let has = |key: &str| last.keys.iter().any(|k| k.starts_with(key));
    match rng.below(10) {
        0 if !has("pad_before") => {
            last.keys.push(format!("pad_before = {}", 1 + rng.below(3)));
            b.used.push("pad_before");
        }
        1 if !has("pad_after") => {
            last.keys.push(format!("pad_after = {}", 1 + rng.below(3)));
            b.used.push("pad_after");
        }
        2 if !scope.no_align => {
            last.keys.push(format!("align = {}", rng.pick(&[2, 4, 8])));
            b.used.push("align");
        }
        3 => {
            last.keys.push("magic = [0xa5, 0x5a]".into());
            b.used.push("magic (field)");
        }
        4 if !has("validate") => {
            last.keys
                .push("validate = Ok::<(), &'static str>(())".into());
            b.used.push("validate (field)");
        }
        _ => {}
    }
}

fn prim(rng: &mut Rng, i: usize) -> Block {
    let (ty, strategy) = *rng.pick(PRIMS);
    let mut f = Field::plain(&format!("p{i}"), ty, strategy);
    let mut used = vec!["(integer)"];
    if !matches!(ty, "u8" | "bool" | "[u8; 3]") && rng.chance(30) {
        f = f.key(*rng.pick(&["le", "be"]));
        used.push("le/be");
    }
    if ty == "bool" && rng.chance(30) {
        f = f.key("nonzero");
        used.push("nonzero");
    }
    Block {
        fields: vec![f],
        used,
        ..Block::default()
    }
}

fn narrow(rng: &mut Rng, i: usize) -> Block {
    let (width, ty, max) = *rng.pick(&[
        ("u24", "u32", "0u32..(1 << 24)"),
        ("u40", "u64", "0u64..(1 << 40)"),
        ("u48", "u64", "0u64..(1 << 48)"),
        ("u16", "u32", "0u32..(1 << 16)"),
    ]);
    let mut f = Field::plain(&format!("w{i}"), ty, max).key(format!("int = {width}"));
    if rng.chance(30) {
        f = f.key("le");
    }
    Block {
        fields: vec![f],
        used: vec!["int"],
        ..Block::default()
    }
}

/// `len = prefix` on bytes or a string, with `nullable` or `empty_is_none` on an `Option`.
fn bytes(rng: &mut Rng, i: usize) -> Block {
    let prefix = *rng.pick(PREFIXES);
    let string = rng.chance(50);
    let (ty, strategy) = if string {
        ("String", "\"[a-z0-9 ]{0,12}\"")
    } else {
        ("Vec<u8>", "vec(any::<u8>(), 0..24)")
    };
    // Prefixes with a null marker: signed, biased, and MySQL's (0xfb).
    let marked = prefix.starts_with('i') || prefix.contains('+') || prefix == "LenEnc";
    let mut used = vec!["len = prefix"];
    if prefix.starts_with(char::is_uppercase) {
        used.push("len = QuicVarInt|CompactSize|LenEnc|CborBytes");
    }
    let mut keys = vec![format!("len = {prefix}")];
    let (ty, strategy) = if marked && rng.chance(50) {
        keys.push("nullable".into());
        used.push("nullable");
        (format!("Option<{ty}>"), format!("option::of({strategy})"))
    } else if rng.chance(15) {
        keys.push("empty_is_none".into());
        used.push("empty_is_none");
        let inner = if string {
            "\"[a-z]{1,8}\""
        } else {
            "vec(any::<u8>(), 1..8)"
        };
        (format!("Option<{ty}>"), format!("option::of({inner})"))
    } else {
        (ty.to_string(), strategy.to_string())
    };
    if rng.chance(20) {
        keys.push("le".into());
    }
    // At the largest length the strategy makes: the bound is met, never passed.
    if rng.chance(25) {
        keys.push("max = 24".into());
        used.push("max");
    }
    let mut f = Field::plain(&format!("b{i}"), &ty, &strategy);
    f.keys = keys;
    Block {
        fields: vec![f],
        used,
        ..Block::default()
    }
}

/// `count = prefix` on a `Vec` of integers, or of a sized type generated before.
fn counted(rng: &mut Rng, i: usize, scope: &Scope<'_>) -> Block {
    let prefix = *rng.pick(&["u8", "u16", "u32", "vbi", "varint", "i32"]);
    let mut keys = vec![format!("count = {prefix}")];
    let mut used = vec!["count = prefix"];
    let sized: Vec<&TypeDef> = scope
        .earlier
        .iter()
        .filter(|t| t.sized && !t.ctx && !t.ctx_tag)
        .collect();
    let mut fills = false;
    let (elem, strategy) = if !sized.is_empty() && rng.chance(35) {
        let t = *rng.pick(&sized);
        used.push("nested (elements)");
        fills = t.fills;
        (t.name.clone(), format!("arb_{}()", t.name))
    } else if rng.chance(25) {
        keys.push("item(int = u24)".into());
        used.push("item(...)");
        ("u32".to_string(), "0u32..(1 << 24)".to_string())
    } else if rng.chance(25) {
        keys.push("item(le)".into());
        used.push("item(...)");
        ("u16".to_string(), "any::<u16>()".to_string())
    } else {
        ("u16".to_string(), "any::<u16>()".to_string())
    };
    if rng.chance(25) {
        keys.push("max = 4".into());
        used.push("max");
    }
    let f = Field {
        keys,
        name: format!("c{i}"),
        ty: format!("Vec<{elem}>"),
        strategy: format!("vec({strategy}, 0..=4)"),
    };
    Block {
        fields: vec![f],
        fills,
        used,
        ..Block::default()
    }
}

/// A length or count in an earlier field, filled in on encode.
fn len_from_field(rng: &mut Rng, i: usize) -> Block {
    let (ty, strategy) = *rng.pick(&[
        ("u8", "any::<u8>()"),
        ("u16", "any::<u16>()"),
        ("u32", "any::<u32>()"),
        ("Vbi", "(0u32..1000).prop_map(Vbi)"),
    ]);
    let n = format!("n{i}");
    let count = rng.chance(40);
    let target = if count {
        Field {
            keys: vec![format!("count = {n}")],
            name: format!("l{i}"),
            ty: "Vec<u16>".into(),
            strategy: "vec(any::<u16>(), 0..6)".into(),
        }
    } else {
        Field {
            keys: vec![format!("len = {n}")],
            name: format!("l{i}"),
            ty: "Vec<u8>".into(),
            strategy: "vec(any::<u8>(), 0..20)".into(),
        }
    };
    Block {
        fields: vec![Field::plain(&n, ty, strategy), target],
        fills: true,
        used: vec![if count {
            "count = field"
        } else {
            "len = field"
        }],
        ..Block::default()
    }
}

/// A count in a `temp` value, not kept in the struct.
fn temp_count(rng: &mut Rng, i: usize) -> Block {
    let ty = *rng.pick(&["u8", "u16", "u32"]);
    let f = Field {
        keys: vec![format!("temp(t{i}: {ty})"), format!("count = t{i}")],
        name: format!("tc{i}"),
        ty: "Vec<u8>".into(),
        strategy: "vec(any::<u8>(), 0..10)".into(),
    };
    Block {
        fields: vec![f],
        used: vec!["temp", "count = field"],
        ..Block::default()
    }
}

/// An `Option` present when a flag in an earlier field says so.
fn condition(rng: &mut Rng, i: usize) -> Block {
    let flag = format!("flag{i}");
    let name = format!("o{i}");
    let (ty, strategy, extra) = *rng.pick(&[
        ("Option<u32>", "option::of(any::<u32>())", ""),
        (
            "Option<Vec<u8>>",
            "option::of(vec(any::<u8>(), 0..8))",
            "len = u8",
        ),
        (
            "Option<Vec<u16>>",
            "option::of(vec(any::<u16>(), 0..4))",
            "count = u16",
        ),
    ]);
    let mut keys = vec![format!("if = *{flag} & 1 != 0")];
    if !extra.is_empty() {
        keys.push(extra.into());
    }
    let f = Field {
        keys,
        name: name.clone(),
        ty: ty.into(),
        strategy: strategy.into(),
    };
    Block {
        fields: vec![Field::plain(&flag, "u8", "any::<u8>()"), f],
        fixups: vec![format!(
            "if v.{flag} & 1 == 0 {{ v.{name} = None; }} else if v.{name}.is_none() {{ v.{flag} &= !1; }}"
        )],
        used: vec!["if"],
        ..Block::default()
    }
}

/// A `temp` flag computed on encode from a later field, which it conditions.
fn temp_condition(_rng: &mut Rng, i: usize) -> Block {
    let f = Field {
        keys: vec![
            format!("temp(k{i}: u8 = u8::from(x{i}.is_some()))"),
            format!("if = *k{i} != 0"),
        ],
        name: format!("x{i}"),
        ty: "Option<u16>".into(),
        strategy: "option::of(any::<u16>())".into(),
    };
    Block {
        fields: vec![f],
        used: vec!["temp", "if"],
        ..Block::default()
    }
}

/// A string ended by a NUL (`until = 0`), with a bound now and then.
fn terminated(rng: &mut Rng, i: usize) -> Block {
    let mut keys = vec!["until = 0".to_string()];
    let mut used = vec!["until"];
    if rng.chance(30) {
        keys.push("max_len = 16".into());
        used.push("max_len");
    }
    let (ty, strategy) = *rng.pick(&[
        ("String", "\"[a-z]{0,10}\""),
        ("Vec<u8>", "vec(1u8..=255, 0..10)"),
    ]);
    let mut f = Field::plain(&format!("z{i}"), ty, strategy);
    f.keys = keys;
    Block {
        fields: vec![f],
        used,
        ..Block::default()
    }
}

/// A string in a region of fixed width, NUL- or space-padded.
fn fixed_width(rng: &mut Rng, i: usize) -> Block {
    let spaces = rng.chance(40);
    let mut keys = vec!["width = 8".to_string()];
    let strategy = if spaces {
        keys.push("pad_with = b' '".into());
        "\"([a-z]{0,7}[a-z])?\""
    } else {
        "\"[a-z ]{0,8}\""
    };
    let mut f = Field::plain(&format!("s{i}"), "String", strategy);
    f.keys = keys;
    Block {
        fields: vec![f],
        used: if spaces {
            vec!["width", "pad_with"]
        } else {
            vec!["width"]
        },
        ..Block::default()
    }
}

/// A type generated before: sized ones as they are, open-ended ones in a length section, a
/// context-taking one with its context from an earlier field or a temp.
fn nested(rng: &mut Rng, i: usize, scope: &Scope<'_>) -> Option<Block> {
    let plain: Vec<&TypeDef> = scope.earlier.iter().filter(|t| !t.ctx_tag).collect();
    if plain.is_empty() {
        return None;
    }
    let t = *rng.pick(&plain);
    let name = format!("t{i}");
    let strategy = format!("arb_{}()", t.name);
    if t.ctx {
        // The child is `ctx(k: u8)` with `if = k != 0` on its field `x`.
        if rng.chance(50) {
            let f = Field {
                keys: vec![
                    format!("temp(k{i}: u8 = u8::from({name}.x.is_some()))"),
                    format!("ctx = *k{i}"),
                ],
                name,
                ty: t.name.clone(),
                strategy,
            };
            return Some(Block {
                fields: vec![f],
                fills: t.fills,
                used: vec!["temp", "ctx"],
                ..Block::default()
            });
        }
        let flag = format!("kind{i}");
        let f = Field {
            keys: vec![format!("ctx = *{flag}")],
            name: name.clone(),
            ty: t.name.clone(),
            strategy,
        };
        return Some(Block {
            fields: vec![Field::plain(&flag, "u8", "any::<u8>()"), f],
            fixups: vec![format!(
                "if v.{name}.x.is_some() {{ v.{flag} |= 1; }} else {{ v.{flag} = 0; }}"
            )],
            fills: t.fills,
            used: vec!["ctx"],
        });
    }
    let mut f = Field::plain(&name, &t.name, &strategy);
    let mut used = vec![match t.kind {
        Kind::Bits => "nested bit-field word",
        Kind::Enum => "nested enum",
        Kind::Struct => "nested struct",
    }];
    if !t.sized || rng.chance(25) {
        f = f.key(format!("len = {}", rng.pick(&["u16", "u32", "vbi"])));
        used.push("len = prefix (nested)");
    }
    Some(Block {
        fields: vec![f],
        fills: t.fills,
        used,
        ..Block::default()
    })
}

/// A counted map with prefixed keys and values.
fn map(rng: &mut Rng, i: usize) -> Block {
    let (ty, strategy) = *rng.pick(&[
        (
            "std::collections::BTreeMap<String, Vec<u8>>",
            "proptest::collection::btree_map(\"[a-z]{0,6}\", vec(any::<u8>(), 0..6), 0..4)",
        ),
        // A HashMap's order is its own: decode-then-encode is not canonical, so it is left out.
        (
            "std::collections::BTreeMap<u16, String>",
            "proptest::collection::btree_map(any::<u16>(), \"[a-z]{0,6}\", 0..4)",
        ),
    ]);
    let keys = if ty.contains("String, ") {
        vec![
            "count = u8".to_string(),
            "key(len = u8)".into(),
            "value(len = u16)".into(),
        ]
    } else {
        vec![
            "count = u16".to_string(),
            "key(le)".into(),
            "value(len = vbi)".into(),
        ]
    };
    let mut f = Field::plain(&format!("map{i}"), ty, strategy);
    f.keys = keys;
    Block {
        fields: vec![f],
        used: vec!["count = prefix", "key(...)/value(...)"],
        ..Block::default()
    }
}

/// A field not on the wire (`skip`, decoded as its default), and an integer encode fills.
fn skipped_and_filled(rng: &mut Rng, i: usize) -> Block {
    let skip = if rng.chance(50) {
        Field::plain(&format!("k{i}"), "u8", "Just(5u8)")
            .key("skip")
            .key("default = 5")
    } else {
        Field::plain(&format!("k{i}"), "u32", "Just(0u32)").key("skip")
    };
    let filled = Field::plain(&format!("f{i}"), "u16", "any::<u16>()").key("fill = 0x1234");
    Block {
        fields: vec![skip, filled],
        fills: true,
        used: vec!["skip", "default", "fill"],
        ..Block::default()
    }
}

/// Null markers: `nullable = negative`, and `not_set` on a `Tristate`.
fn markers(rng: &mut Rng, i: usize) -> Block {
    let f = if rng.chance(50) {
        Field::plain(
            &format!("nn{i}"),
            "Option<Vec<u8>>",
            "option::of(vec(any::<u8>(), 0..6))",
        )
        .key("len = i32")
        .key("nullable = negative")
    } else {
        Field::plain(
            &format!("ts{i}"),
            "Tristate<String>",
            "prop_oneof![Just(Tristate::Null), Just(Tristate::NotSet), \"[a-z]{0,5}\".prop_map(Tristate::Value)]",
        )
        .key("len = i16")
        .key("nullable")
        .key("not_set = -2")
    };
    Block {
        fields: vec![f],
        used: vec!["nullable", "not_set"],
        ..Block::default()
    }
}

/// A length given by an expression over an earlier field (checked on encode): the length is
/// two more than the field; or a length whose prefix an earlier field chooses.
fn len_expression(rng: &mut Rng, i: usize) -> Block {
    match rng.below(3) {
        0 => {}
        1 => return len_choice_flag(rng, i),
        _ => return len_choice_seven_bits(i),
    }
    let n = format!("e{i}");
    let body = format!("eb{i}");
    Block {
        fields: vec![
            Field::plain(&n, "u8", "any::<u8>()"),
            Field::plain(&body, "Vec<u8>", "vec(any::<u8>(), 2..12)")
                .key(format!("len = usize::from(*{n}) + 2")),
        ],
        fixups: vec![format!("v.{n} = (v.{body}.len() - 2) as u8;")],
        used: vec!["len = expr"],
        ..Block::default()
    }
}

/// `len = if *x & 1 != 0 { u16 } else { u8 }` (BGP's extended-length bit), or the same over a
/// count: the flag is set wherever the length does not fit the narrow prefix.
fn len_choice_flag(rng: &mut Rng, i: usize) -> Block {
    let x = format!("x{i}");
    let (wide, narrow) = *rng.pick(&[("u16", "u8"), ("u32", "vbi"), ("varint", "u8 + 1")]);
    let limit = if narrow == "u8 + 1" { 254 } else { 127 };
    let count = rng.chance(35);
    let (key, name, ty, strategy) = if count {
        (
            "count",
            format!("xc{i}"),
            "Vec<u16>",
            "vec(any::<u16>(), 0..300)",
        )
    } else {
        (
            "len",
            format!("xb{i}"),
            "Vec<u8>",
            "vec(any::<u8>(), 0..300)",
        )
    };
    let choice = format!("{key} = if *{x} & 1 != 0 {{ {wide} }} else {{ {narrow} }}");
    Block {
        fields: vec![
            Field::plain(&x, "u8", "any::<u8>()"),
            Field::plain(&name, ty, strategy).key(choice),
        ],
        fixups: vec![format!("if v.{name}.len() > {limit} {{ v.{x} |= 1; }}")],
        used: vec!["len = if (choice)"],
        ..Block::default()
    }
}

/// WebSocket's payload length: 7 bits hold the length, or 126 and a `u16` follows, or 127 and
/// a `u64`; a three-way choice with a branch that reads nothing.
fn len_choice_seven_bits(i: usize) -> Block {
    let w = format!("w{i}");
    let body = format!("wb{i}");
    let choice = format!(
        "len = if *{w} == 126 {{ u16 }} else if *{w} == 127 {{ u64 }} else {{ usize::from(*{w}) }}"
    );
    Block {
        fields: vec![
            Field::plain(&w, "u8", "prop_oneof![Just(126u8), Just(127u8), 0u8..126]"),
            Field::plain(&body, "Vec<u8>", "vec(any::<u8>(), 0..200)").key(choice),
        ],
        fixups: vec![format!(
            "let n = v.{body}.len(); if v.{w} < 126 {{ v.{w} = if n < 126 {{ n as u8 }} else {{ 126 }}; }}"
        )],
        used: vec!["len = if (choice)"],
        ..Block::default()
    }
}

/// A `Vec` ended by an element: a closure keeps the last one, a sentinel follows the last.
fn sequence_until(rng: &mut Rng, i: usize) -> Block {
    let f = if rng.chance(50) {
        // Groups of 7 bits, the high bit set on every one but the last.
        Field::plain(
            &format!("g{i}"),
            "Vec<u8>",
            "(vec(0x80u8..=0xff, 0..4), 0u8..0x80).prop_map(|(mut v, last)| { v.push(last); v })",
        )
        .key("until = |g: &u8| g & 0x80 == 0")
    } else {
        Field::plain(&format!("q{i}"), "Vec<u16>", "vec(1u16.., 0..5)").key("until = 0")
    };
    Block {
        fields: vec![f],
        used: vec!["until (sequence)"],
        ..Block::default()
    }
}

/// A count inside an earlier header struct (`count = h.count`), filled into a copy of it.
fn header_count(_rng: &mut Rng, i: usize, scope: &Scope<'_>) -> Option<Block> {
    let header = scope.earlier.iter().find(|t| t.header)?;
    let h = format!("h{i}");
    Some(Block {
        fields: vec![
            Field::plain(&h, &header.name, &format!("arb_{}()", header.name)),
            Field::plain(&format!("hi{i}"), "Vec<u8>", "vec(any::<u8>(), 0..6)")
                .key(format!("count = {h}.count")),
        ],
        fills: true,
        used: vec!["count = header.field"],
        ..Block::default()
    })
}

/// A kind byte the encoder fills from a `ctx_tag` enum's `wire_tag()`, passed down to it.
fn tag_parent(_rng: &mut Rng, i: usize, scope: &Scope<'_>) -> Option<Block> {
    let child = scope.earlier.iter().find(|t| t.ctx_tag)?;
    let kind = format!("kd{i}");
    let payload = format!("pl{i}");
    Some(Block {
        fields: vec![
            Field::plain(&kind, "u8", "any::<u8>()").key(format!("fill = {payload}.wire_tag()")),
            Field::plain(&payload, &child.name, &format!("arb_{}()", child.name))
                .key(format!("ctx = *{kind}")),
        ],
        fills: true,
        used: vec!["fill", "ctx_tag"],
        ..Block::default()
    })
}

/// Sequences of sequences and of strings, each element with its own prefix.
fn nested_sequences(rng: &mut Rng, i: usize) -> Block {
    let f = match rng.below(3) {
        0 => Field::plain(
            &format!("vv{i}"),
            "Vec<Vec<u16>>",
            "vec(vec(any::<u16>(), 0..3), 0..3)",
        )
        .key("count = u8")
        .key("item(count = u8)"),
        1 => Field::plain(
            &format!("vs{i}"),
            "Vec<String>",
            "vec(\"[a-z]{0,5}\", 0..4)",
        )
        .key("count = vbi")
        .key("item(len = u8)"),
        _ => Field::plain(
            &format!("vo{i}"),
            "Vec<Option<Vec<u8>>>",
            "vec(option::of(vec(any::<u8>(), 0..3)), 0..4)",
        )
        .key("len = u16")
        .key("item(len = i8, nullable)"),
    };
    Block {
        fields: vec![f],
        used: vec!["item(...)", "nested sequences"],
        ..Block::default()
    }
}

/// Padding read as anything (`padding = ignore`) and written as zeros: canonical from encode.
fn lenient_padding(rng: &mut Rng, i: usize) -> Block {
    if rng.chance(50) {
        return padding_from_field(rng, i);
    }
    let f = Field::plain(&format!("lp{i}"), "u16", "any::<u16>()")
        .key(format!("pad_before = {}", 1 + rng.below(3)))
        .key("padding = ignore");
    Block {
        fields: vec![f],
        used: vec!["pad_before", "padding = ignore"],
        ..Block::default()
    }
}

/// Padding whose length an earlier field gives (HTTP/2's `Pad Length`): `pad_after = n` or
/// `pad_before = n`, zeros checked on decode, written on encode, counted in every length.
fn padding_from_field(rng: &mut Rng, i: usize) -> Block {
    let n = format!("pn{i}");
    let (ty, strategy) = *rng.pick(&[
        ("u8", "0u8..6"),
        ("u16", "0u16..6"),
        ("Vbi", "(0u32..6).prop_map(Vbi)"),
    ]);
    let key = *rng.pick(&["pad_after", "pad_before"]);
    Block {
        fields: vec![
            Field::plain(&n, ty, strategy),
            Field::plain(&format!("pv{i}"), "Vec<u8>", "vec(any::<u8>(), 0..6)")
                .key("len = u8")
                .key(format!("{key} = {n}")),
        ],
        used: vec!["pad_after = field"],
        ..Block::default()
    }
}

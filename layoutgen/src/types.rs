//! Whole types: structs of field blocks with container keys, enums of such variants, bit-field
//! words, and a context-taking child; each with its source and its value strategy.

use crate::fields::{self, Block, Field, Scope};
use crate::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Struct,
    Enum,
    Bits,
}

/// One generated type.
#[derive(Debug, Clone)]
pub struct TypeDef {
    pub name: String,
    pub kind: Kind,
    /// The declaration, derives and attributes included.
    pub source: String,
    /// The body of `fn arb_<name>() -> BoxedStrategy<name>`.
    pub strategy: String,
    /// Encode writes a value that is not the stored one somewhere (a filled length or
    /// checksum): `decode(encode(v)) == v` only after one pass through encode.
    pub fills: bool,
    /// Its end is where its bytes end, so it can be nested without a length.
    pub sized: bool,
    /// A shorter input may still decode (`rest`, `optional` or an open tail).
    pub open_end: bool,
    /// It takes `ctx(k: u8)` (the child shape `fields::nested` knows).
    pub ctx: bool,
    /// A `ctx_tag = u8` enum, whose parent fills the tag from `wire_tag()`.
    pub ctx_tag: bool,
    /// A header struct with a `count: u16` that a later field's `count = h.count` names.
    pub header: bool,
    /// Keys used, for the coverage report.
    pub used: Vec<String>,
}

const DERIVES: &str = "#[derive(WireDecode, WireEncode, Debug, Clone, PartialEq)]";

/// Type number `index`, its kind chosen at random.
pub fn generate(rng: &mut Rng, index: usize, earlier: &[TypeDef]) -> TypeDef {
    match rng.below(14) {
        0 | 1 => bit_word(rng, index),
        2 | 3 => enumeration(rng, index, earlier),
        4 => context_child(rng, index),
        5 => header(index),
        6 => tag_child(rng, index),
        7 => peeked(index),
        8 => composite(rng, index),
        _ => structure(rng, index, earlier),
    }
}

/// A struct of 1-5 blocks, with container keys and a head or tail now and then.
fn structure(rng: &mut Rng, index: usize, earlier: &[TypeDef]) -> TypeDef {
    let name = format!("S{index}");
    let mut used: Vec<String> = Vec::new();
    let mut container: Vec<String> = Vec::new();
    let mut fields: Vec<Field> = Vec::new();
    let mut fixups: Vec<String> = Vec::new();
    let mut fills = false;

    if rng.chance(15) {
        container.push("le".into());
        used.push("le (container)".into());
    }
    if rng.chance(15) {
        container.push("magic = b\"WR\"".into());
        used.push("magic (container)".into());
    }
    if rng.chance(10) {
        container.push("validate = Ok::<(), &'static str>(())".into());
        used.push("validate (container)".into());
    }
    // A length of everything after it.
    if rng.chance(25) {
        let mut keys = vec!["rest_len".to_string()];
        used.push("rest_len".into());
        let (ty, strategy) = *rng.pick(&[
            ("u16", "any::<u16>()"),
            ("u32", "any::<u32>()"),
            ("Vbi", "(0u32..1000).prop_map(Vbi)"),
        ]);
        // A length that counts itself must know its own size (the derive says so).
        if ty != "Vbi" && rng.chance(40) {
            keys.push("inclusive".into());
            used.push("inclusive".into());
        }
        if rng.chance(20) {
            keys.push("allow_trailing".into());
            used.push("allow_trailing".into());
        }
        if rng.chance(25) {
            keys.push("max = 60000".into());
            used.push("max".into());
        }
        fields.push(Field {
            keys,
            name: "size".into(),
            ty: ty.into(),
            strategy: strategy.into(),
        });
        fills = true;
    }
    let count = 1 + rng.below(5);
    let after_rest_len = !fields.is_empty();
    let b = blocks(rng, count, earlier, after_rest_len);
    fills |= b.fills;
    fixups.extend(b.fixups);
    used.extend(b.used.iter().map(|u| u.to_string()));
    fields.extend(b.fields);
    // A checksum over a range of the stored fields, after them.
    let stored: Vec<String> = fields
        .iter()
        .filter(|f| f.name != "size")
        .map(|f| f.name.clone())
        .collect();
    if !stored.is_empty() && rng.chance(15) {
        let first = rng.below(stored.len());
        let last = first + rng.below(stored.len() - first);
        let (algo, ty) = *rng.pick(&[("Crc32", "u32"), ("InternetChecksum", "u16")]);
        let over = if rng.chance(25) {
            "..".to_string()
        } else {
            format!("{}..={}", stored[first], stored[last])
        };
        fields.push(Field {
            keys: vec![format!("checksum = {algo}, over = {over}")],
            name: "sum".into(),
            ty: ty.into(),
            strategy: format!("any::<{ty}>()"),
        });
        used.push("checksum".into());
        fills = true;
    }
    // An open tail, or a trailer.
    let mut open_end = false;
    match rng.below(8) {
        0 => {
            fields.push(Field {
                keys: vec!["rest".into()],
                name: "tail".into(),
                ty: "Vec<u8>".into(),
                strategy: "vec(any::<u8>(), 0..8)".into(),
            });
            used.push("rest".into());
            open_end = true;
        }
        1 => {
            fields.push(Field {
                keys: vec!["optional".into()],
                name: "opt".into(),
                ty: "u16".into(),
                strategy: "any::<u16>()".into(),
            });
            fields.push(Field {
                keys: vec!["optional".into(), "default = 7".into()],
                name: "opt2".into(),
                ty: "u8".into(),
                strategy: "any::<u8>()".into(),
            });
            used.push("optional".into());
            used.push("default".into());
            open_end = true;
        }
        2 | 3 => {
            container.push("trailer = [0xee]".into());
            used.push("trailer".into());
        }
        _ => {}
    }
    // A section that skips what its fields leave decodes shorter input too.
    let has_rest_len = fields
        .iter()
        .any(|f| f.keys.iter().any(|k| k == "rest_len"));
    // Decoding stops at the end of a `rest_len` section: the value ends where its bytes do.
    let sized = !open_end || has_rest_len;
    let source = struct_source(&name, &container, &fields);
    let strategy = struct_strategy(&name, &fields, &fixups);
    used.sort();
    used.dedup();
    TypeDef {
        name,
        kind: Kind::Struct,
        source,
        strategy,
        fills,
        sized,
        open_end: open_end && !has_rest_len,
        ctx: false,
        ctx_tag: false,
        header: false,
        used,
    }
}

/// `#[wire(tag = ...)]` over 2-4 variants of plain blocks, and an `other` catch-all.
fn enumeration(rng: &mut Rng, index: usize, earlier: &[TypeDef]) -> TypeDef {
    let name = format!("E{index}");
    let (tag, tag_ty) = *rng.pick(&[
        ("u8", "u8"),
        ("u16", "u16"),
        ("u24", "u32"),
        ("vbi", "u32"),
        ("varint", "u64"),
        ("i16", "i16"),
    ]);
    let mut container = vec![format!("tag = {tag}")];
    let mut used = vec![format!("tag = {tag}")];
    if matches!(tag, "u16" | "u24" | "i16") && rng.chance(25) {
        container.push("le".into());
        used.push("le (container)".into());
    }
    let variants = 2 + rng.below(3);
    let mut decls = Vec::new();
    let mut arms = Vec::new();
    let mut fills = false;
    for v in 0..variants {
        let vname = format!("V{v}");
        let mut keys = vec![format!("tag = {}", 1 + v * 3)];
        if rng.chance(15) {
            keys.push("magic = [0xc3]".into());
            used.push("magic (variant)".into());
        }
        let count = rng.below(3);
        let Block {
            fields,
            fixups,
            fills: variant_fills,
            used: variant_used,
        } = blocks(rng, count, earlier, true);
        fills |= variant_fills;
        used.extend(variant_used.iter().map(|u| u.to_string()));
        let members: Vec<String> = fields
            .iter()
            .map(|f| format!("{}{}: {}", f.attribute(), f.name, f.ty))
            .collect();
        decls.push(format!(
            "    #[wire({})]\n    {vname} {{ {} }},",
            keys.join(", "),
            members.join(", ")
        ));
        arms.push(variant_strategy(&name, &vname, &fields, &fixups));
    }
    let open_other = rng.chance(30);
    if rng.chance(50) {
        let (attr, inner, strategy) = if open_other {
            ("#[wire(rest)] ", "Vec<u8>", "vec(any::<u8>(), 0..6)")
        } else {
            ("#[wire(len = u8)] ", "Vec<u8>", "vec(any::<u8>(), 0..6)")
        };
        decls.push(format!(
            "    #[wire(other)]\n    Other({tag_ty}, {attr}{inner}),"
        ));
        // Unknown tags: above every variant's.
        arms.push(format!(
            "(100{tag_ty}..120, {strategy}).prop_map(|(t, d)| {name}::Other(t, d)).boxed()"
        ));
        used.push("other".into());
    }
    let source = format!(
        "{DERIVES}\n#[wire({})]\npub enum {name} {{\n{}\n}}\n",
        container.join(", "),
        decls.join("\n")
    );
    let strategy = format!("prop_oneof![{}].boxed()", arms.join(",\n        "));
    let open_end = open_other && used.iter().any(|u| u == "other");
    used.sort();
    used.dedup();
    TypeDef {
        name,
        kind: Kind::Enum,
        source,
        strategy,
        fills,
        sized: !open_end,
        open_end,
        ctx: false,
        ctx_tag: false,
        header: false,
        used,
    }
}

/// A `bits = u8|u16` word cut into members at random, every bit covered (by members, a
/// reserved range or `other_bits`).
fn bit_word(rng: &mut Rng, index: usize) -> TypeDef {
    let name = format!("B{index}");
    let (word, width) = *rng.pick(&[("u8", 8u32), ("u16", 16)]);
    let mut container = vec![format!("bits = {word}")];
    let mut used = vec!["bits".to_string()];
    if rng.chance(40) {
        container.push("msb0".into());
        used.push("msb0".into());
    }
    let mut members = Vec::new();
    let mut strategies = Vec::new();
    let mut names = Vec::new();
    let mut lo = 0;
    let mut reserved_done = false;
    while lo < width {
        let len = (1 + rng.below(5) as u32).min(width - lo);
        let hi = lo + len;
        let m = format!("m{lo}");
        if !reserved_done && lo > 0 && rng.chance(20) {
            container.push(format!("reserved(bits = {lo}..{hi}, value = 0)"));
            used.push("reserved".into());
            reserved_done = true;
        } else if !reserved_done && lo > 0 && rng.chance(10) {
            // A gap no member covers: `uncovered = zero` says what it holds.
            container.push("uncovered = zero".into());
            used.push("uncovered".into());
            reserved_done = true;
        } else if len == 1 && rng.chance(60) {
            members.push(format!("#[wire(bit = {lo})] pub {m}: bool"));
            strategies.push("any::<bool>()".to_string());
            names.push(m);
        } else {
            let ty = if len <= 8 { "u8" } else { "u16" };
            members.push(format!("#[wire(bits = {lo}..{hi})] pub {m}: {ty}"));
            strategies.push(format!("0{ty}..(1 << {len})"));
            names.push(m);
        }
        lo = hi;
    }
    let source = format!(
        "{DERIVES}\n#[wire({})]\npub struct {name} {{ {} }}\n",
        container.join(", "),
        members.join(", ")
    );
    let strategy = tuple_strategy(
        &strategies,
        &names,
        &format!("{name} {{ {} }}", names.join(", ")),
        &[],
    );
    used.sort();
    used.dedup();
    TypeDef::fixed(name, Kind::Bits, source, strategy, used)
}

/// `ctx(k: u8)` with `x` present when `k != 0`: the child that `fields::nested` passes a
/// context to, from an earlier field or a temp.
fn context_child(rng: &mut Rng, index: usize) -> TypeDef {
    let name = format!("C{index}");
    let extra = rng.chance(50);
    let (decl, strategy) = if extra {
        (
            format!(
                "{DERIVES}\n#[wire(ctx(k: u8))]\npub struct {name} {{ #[wire(if = k != 0)] pub x: Option<u16>, #[wire(len = u8)] pub y: Vec<u8> }}\n"
            ),
            format!(
                "(option::of(any::<u16>()), vec(any::<u8>(), 0..6)).prop_map(|(x, y)| {name} {{ x, y }}).boxed()"
            ),
        )
    } else {
        (
            format!(
                "{DERIVES}\n#[wire(ctx(k: u8))]\npub struct {name} {{ #[wire(if = k != 0)] pub x: Option<u16> }}\n"
            ),
            format!("option::of(any::<u16>()).prop_map(|x| {name} {{ x }}).boxed()"),
        )
    };
    let used = vec!["ctx (container)".into(), "if".into()];
    TypeDef {
        ctx: true,
        ..TypeDef::fixed(name, Kind::Struct, decl, strategy, used)
    }
}

/// `count` field blocks, named by their index, merged into one (`align` left out where
/// `no_align`).
fn blocks(rng: &mut Rng, count: usize, earlier: &[TypeDef], no_align: bool) -> Block {
    let mut all = Block::default();
    for index in 0..count {
        let scope = Scope {
            index,
            earlier,
            no_align,
        };
        let b = fields::block(rng, &scope);
        all.fills |= b.fills;
        all.fixups.extend(b.fixups);
        all.used.extend(b.used);
        all.fields.extend(b.fields);
    }
    all
}

impl TypeDef {
    /// A type of a fixed shape: sized, encoding what it holds, needing no context.
    fn fixed(
        name: String,
        kind: Kind,
        source: String,
        strategy: String,
        used: Vec<String>,
    ) -> Self {
        TypeDef {
            name,
            kind,
            source,
            strategy,
            fills: false,
            sized: true,
            open_end: false,
            ctx: false,
            ctx_tag: false,
            header: false,
            used,
        }
    }
}

fn struct_source(name: &str, container: &[String], fields: &[Field]) -> String {
    let attr = if container.is_empty() {
        String::new()
    } else {
        format!("#[wire({})]\n", container.join(", "))
    };
    let members: Vec<String> = fields
        .iter()
        .map(|f| format!("    {}pub {}: {},", f.attribute(), f.name, f.ty))
        .collect();
    format!(
        "{DERIVES}\n{attr}pub struct {name} {{\n{}\n}}\n",
        members.join("\n")
    )
}

fn struct_strategy(name: &str, fields: &[Field], fixups: &[String]) -> String {
    let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
    let strategies: Vec<String> = fields.iter().map(|f| f.strategy.clone()).collect();
    tuple_strategy(
        &strategies,
        &names,
        &format!("{name} {{ {} }}", names.join(", ")),
        fixups,
    )
}

fn variant_strategy(name: &str, vname: &str, fields: &[Field], fixups: &[String]) -> String {
    if fields.is_empty() {
        return format!("Just({name}::{vname} {{}}).boxed()");
    }
    let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
    let strategies: Vec<String> = fields.iter().map(|f| f.strategy.clone()).collect();
    // Fixups name fields as `v.x`: give them a struct-like binding first.
    let fixups: Vec<String> = fixups.iter().map(|f| f.replace("v.", "")).collect();
    let built = format!("{name}::{vname} {{ {} }}", names.join(", "));
    tuple_strategy(&strategies, &names, &built, &fixups)
}

/// `(s1, (s2, ...)).prop_map(|(a, (b, ...))| { fixups; built })`: nested pairs, so that any
/// number of fields fits proptest's tuple strategies.
fn tuple_strategy(
    strategies: &[String],
    names: &[String],
    built: &str,
    fixups: &[String],
) -> String {
    if strategies.is_empty() {
        return format!("Just({built}).boxed()");
    }
    let nest = |items: &[String]| {
        items
            .iter()
            .rev()
            .fold(String::from("Just(())"), |acc, item| {
                format!("({item}, {acc})")
            })
    };
    let pattern = names
        .iter()
        .rev()
        .fold(String::from("()"), |acc, n| format!("(mut {n}, {acc})"));
    let fixes = fixups.join(" ");
    let body = if fixups.iter().any(|f| f.contains("v.")) {
        format!("let mut v = {built}; {fixes} v")
    } else {
        format!("{fixes} {built}")
    };
    format!(
        "{}.prop_map(|{pattern}| {{ {body} }}).boxed()",
        nest(strategies)
    )
}

/// A header whose `count` a later field's `count = h.count` fills.
fn header(index: usize) -> TypeDef {
    let name = format!("H{index}");
    let source = format!("{DERIVES}\npub struct {name} {{ pub id: u8, pub count: u16 }}\n");
    let strategy = format!(
        "(any::<u8>(), any::<u16>()).prop_map(|(id, count)| {name} {{ id, count }}).boxed()"
    );
    let used = vec!["(header)".into()];
    TypeDef {
        header: true,
        ..TypeDef::fixed(name, Kind::Struct, source, strategy, used)
    }
}

/// A `ctx_tag = u8` enum: the parent read (and fills) the tag.
fn tag_child(rng: &mut Rng, index: usize) -> TypeDef {
    let name = format!("T{index}");
    let magic = if rng.chance(30) {
        "magic = [0x7e], "
    } else {
        ""
    };
    let source = format!(
        "{DERIVES}\n#[wire(ctx_tag = u8)]\npub enum {name} {{ #[wire({magic}tag = 1)] A(u16), #[wire(tag = 2)] B {{ #[wire(len = u8)] x: Vec<u8> }}, #[wire(tag = 3)] C }}\n"
    );
    let strategy = format!(
        "prop_oneof![any::<u16>().prop_map({name}::A), vec(any::<u8>(), 0..5).prop_map(|x| {name}::B {{ x }}), Just({name}::C)].boxed()"
    );
    let used = vec!["ctx_tag".into()];
    TypeDef {
        ctx_tag: true,
        ..TypeDef::fixed(name, Kind::Enum, source, strategy, used)
    }
}

/// `tag = u8, tag_bits = 4..8, peek`: each variant's first field re-reads the tag byte.
fn peeked(index: usize) -> TypeDef {
    let name = format!("P{index}");
    let source = format!(
        "{DERIVES}\n#[wire(bits = u8)]\npub struct {name}Head {{ #[wire(bits = 4..8)] pub kind: u8, #[wire(bits = 0..4)] pub low: u8 }}\n\
             {DERIVES}\n#[wire(tag = u8, tag_bits = 4..8, peek)]\npub enum {name} {{ #[wire(tag = 1)] A(u8, u16), #[wire(tag = 2)] B {{ first: u8, #[wire(len = vbi)] x: Vec<u8> }}, #[wire(tag = 3)] C(u8), \
             #[wire(tag = 4)] D {{ #[wire(fill = {name}Head {{ kind: 4, ..*head }})] head: {name}Head, #[wire(rest_len)] size: u8, y: u16 }} }}\n"
    );
    let strategy = format!(
        "prop_oneof![(0u8..16, any::<u16>()).prop_map(|(lo, v)| {name}::A(0x10 | lo, v)), (0u8..16, vec(any::<u8>(), 0..5)).prop_map(|(lo, x)| {name}::B {{ first: 0x20 | lo, x }}), (0u8..16).prop_map(|lo| {name}::C(0x30 | lo)), (0u8..16, any::<u16>()).prop_map(|(low, y)| {name}::D {{ head: {name}Head {{ kind: 4, low }}, size: 2, y }})].boxed()"
    );
    let used = vec![
        "tag_bits".into(),
        "peek".into(),
        "fill".into(),
        "rest_len".into(),
    ];
    TypeDef::fixed(name, Kind::Enum, source, strategy, used)
}

/// A composite tag `tag(a: u8, b: u16)` with an `other` that keeps both parts.
fn composite(rng: &mut Rng, index: usize) -> TypeDef {
    let name = format!("K{index}");
    let le = if rng.chance(30) { ", le" } else { "" };
    let source = format!(
        "{DERIVES}\n#[wire(tag(a: u8, b: u16){le})]\npub enum {name} {{ #[wire(tag = (1, 2))] X(u32), #[wire(tag = (1, 3))] Y {{ #[wire(count = u8)] v: Vec<u16> }}, #[wire(other)] Other(u8, u16, #[wire(len = u8)] Vec<u8>) }}\n"
    );
    let strategy = format!(
        "prop_oneof![any::<u32>().prop_map({name}::X), vec(any::<u16>(), 0..4).prop_map(|v| {name}::Y {{ v }}), (2u8..200, any::<u16>(), vec(any::<u8>(), 0..4)).prop_map(|(a, b, d)| {name}::Other(a, b, d))].boxed()"
    );
    let used = if le.is_empty() {
        vec!["tag(...)".into(), "other".into()]
    } else {
        vec!["tag(...)".into(), "other".into(), "le (container)".into()]
    };
    TypeDef::fixed(name, Kind::Enum, source, strategy, used)
}

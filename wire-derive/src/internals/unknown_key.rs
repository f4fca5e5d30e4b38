//! The error for a key no family has: where it goes instead, what deku and binrw users mean
//! by it, or the nearest key by spelling.

use super::keys::{self, Family};
use syn::meta::ParseNestedMeta;

/// "does not go on ... it goes on ...", or the closest key of the family, or all of them.
pub(super) fn unknown(meta: &ParseNestedMeta<'_>, name: &str, here: Family) -> syn::Error {
    let describe = |f: Family| match f {
        Family::Container => "the struct or enum",
        Family::Variant => "an enum variant",
        Family::Field => "a field",
    };
    let elsewhere: Vec<&str> = [Family::Container, Family::Variant, Family::Field]
        .into_iter()
        .filter(|f| *f != here && keys::find(*f, name).is_some())
        .map(describe)
        .collect();
    if !elsewhere.is_empty() {
        return meta.error(format!(
            "`{name}` does not go on {}: it goes on {}",
            describe(here),
            elsewhere.join(", or on ")
        ));
    }
    if let Some(hint) = newcomer_hint(name, here) {
        return meta.error(format!("unknown wire attribute `{name}`; {hint}"));
    }
    let close = keys::KEYS
        .iter()
        .filter(|k| k.family == here)
        .map(|k| k.name)
        .filter(|k| distance(name, k) <= 2 && distance(name, k) < name.len())
        .min_by_key(|k| distance(name, k));
    if let Some(close) = close {
        return meta.error(format!(
            "unknown wire attribute `{name}`; did you mean `{close}`?"
        ));
    }
    meta.error(format!(
        "unknown wire attribute `{name}`; expected one of: {}",
        keys::syntax_list(here)
    ))
}

/// What users of deku and binrw will type, and how wire writes it. Checked before the nearest
/// key by spelling, which would offer `count` for `cond`.
fn newcomer_hint(name: &str, here: Family) -> Option<&'static str> {
    let field = here == Family::Field;
    Some(match name {
        "cond" => "deku's `cond` is wire's `if = expr` (the field is an `Option<T>`)",
        "assert" if field => {
            "binrw's `assert` is wire's `validate = expr`, a `Result<(), &'static str>` checked as soon as the field is read"
        }
        "assert" => {
            "binrw's `assert` is wire's `validate = expr`, a `Result<(), &'static str>` over the fields"
        }
        "calc" => {
            "binrw's `calc` is a value wire computes on encode without storing it: `temp(name: u16 = expr)` on the field it precedes"
        }
        "map" | "parse_with" | "write_with" | "reader" | "writer" => {
            "wire's `with = module` names a module with `decode`, `encode` and `encoded_len`"
        }
        "endian" | "little" | "big" | "is_little" | "is_big" => {
            "wire's byte order is `le` or `be` (big-endian unless told)"
        }
        "bytes" => {
            "deku's `bytes` is wire's `int = u24` for an integer's width, or `len = ...` for a byte length"
        }
        "bits_before" | "pad_bytes_before" | "pad_bits_before" => {
            "wire pads with `pad_before = n` (bytes)"
        }
        "pad_bytes_after" | "pad_bits_after" => "wire pads with `pad_after = n` (bytes)",
        "id" => "deku's `id` is wire's `tag = ...` on the variant",
        "id_type" | "type" => "an enum's tag type is `tag = u8` (or u16, vbi, ...) on the enum",
        "import" | "args" | "args_raw" => {
            "wire's context is declared `ctx(name: Type)` on the type and passed `ctx = expr` on the field"
        }
        "ignore" if field => {
            "a field that is not on the wire is `skip` (with `default = expr` if needed)"
        }
        "until" | "count_until" => {
            "wire reads a sequence by `count = ...`, by `len = ...` (bytes), or to the end with `rest`"
        }
        "big_endian" | "little_endian" => "wire's byte order is `le` or `be`",
        _ => return None,
    })
}

/// Edit distance, for "did you mean" hints.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

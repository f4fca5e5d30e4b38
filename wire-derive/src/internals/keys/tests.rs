//! The table against the parsers, and every key at every place of its family through the
//! whole derive: allowed where the table says, reported by name everywhere else.

use super::*;
use crate::internals::attr::{ContainerAttrs, FieldAttrs, VariantAttrs};
use crate::{Direction, expand};

fn names(family: Family) -> Vec<&'static str> {
    let mut names: Vec<_> = KEYS
        .iter()
        .filter(|k| k.family == family)
        .map(|k| k.name)
        .collect();
    names.sort_unstable();
    names
}

fn sorted(keys: &[&'static str]) -> Vec<&'static str> {
    let mut keys = keys.to_vec();
    keys.sort_unstable();
    keys
}

#[test]
fn every_parsed_key_has_one_row_and_every_row_is_parsed() {
    assert_eq!(sorted(ContainerAttrs::KEYS), names(Family::Container));
    assert_eq!(sorted(VariantAttrs::KEYS), names(Family::Variant));
    assert_eq!(sorted(FieldAttrs::KEYS), names(Family::Field));
    for family in [Family::Container, Family::Variant, Family::Field] {
        let mut all = names(family);
        all.dedup();
        assert_eq!(
            all.len(),
            names(family).len(),
            "a key has two rows in {family:?}"
        );
    }
}

#[test]
fn rows_are_consistent() {
    for key in KEYS {
        assert!(!key.places.is_empty(), "`{}` can stand nowhere", key.name);
        for place in key.places {
            assert_eq!(place.family(), key.family, "`{}` at {place:?}", key.name);
        }
        for other in key.excludes.iter().chain(key.requires) {
            assert!(
                find(key.family, other).is_some(),
                "`{}` names `{other}`, which its family does not have",
                key.name
            );
        }
        assert_eq!(key.requires.is_empty(), key.requirement.is_empty());
        assert!(key.example.starts_with(key.name), "{}", key.example);
        assert!(key.syntax.starts_with(key.name), "{}", key.syntax);
    }
}

/// A derive input with `key` at `place`, or `None` where the key defines the place itself.
fn input_with(key: &Key, place: Place) -> Option<String> {
    let k = key.example;
    Some(match place {
        Struct if key.name == "bits" => return None,
        Struct => format!("#[wire({k})] struct S {{ a: u8 }}"),
        BitStruct if key.name == "bits" => {
            "#[wire(bits = u8)] struct S { #[wire(bit = 0)] a: bool }".into()
        }
        BitStruct => format!("#[wire(bits = u8, {k})] struct S {{ #[wire(bit = 0)] a: bool }}"),
        Enum if key.name == "tag" => "#[wire(tag = u8)] enum E { #[wire(tag = 1)] A }".into(),
        Enum => format!("#[wire(tag = u8, {k})] enum E {{ #[wire(tag = 1)] A }}"),
        Variant if key.name == "tag" => "#[wire(tag = u8)] enum E { #[wire(tag = 1)] A }".into(),
        Variant => format!("#[wire(tag = u8)] enum E {{ #[wire(tag = 1, {k})] A(u8) }}"),
        Field => format!("struct S {{ #[wire({k})] a: u8 }}"),
        Element => format!("struct S {{ #[wire(count = u8, item({k}))] a: Vec<u8> }}"),
        BitMember if key.name.starts_with("bit") => {
            format!("#[wire(bits = u8)] struct S {{ #[wire({k})] a: bool }}")
        }
        BitMember => format!("#[wire(bits = u8)] struct S {{ #[wire(bit = 0, {k})] a: bool }}"),
        MsgPackField => format!("#[wire(msgpack)] struct S {{ #[wire({k})] a: u8 }}"),
    })
}

/// The errors the derive reports for `input`, as the text of its `compile_error!`s.
fn errors(input: &str) -> String {
    let parsed: syn::DeriveInput = syn::parse_str(input).expect("test input parses");
    let decode = expand(&parsed, Direction::Decode).to_string();
    let encode = expand(&parsed, Direction::Encode).to_string();
    format!("{decode}\n{encode}")
}

/// `message` as it appears inside the string literal of a `compile_error!`.
fn quoted(message: &str) -> String {
    let debug = format!("{message:?}");
    debug[1..debug.len() - 1].to_string()
}

#[test]
fn every_key_is_reported_where_it_does_not_apply() {
    let mut checked = 0;
    for key in KEYS {
        for place in Place::ALL
            .into_iter()
            .filter(|p| p.family() == key.family && !key.allowed_at(*p))
        {
            let Some(input) = input_with(key, place) else {
                continue;
            };
            let errors = errors(&input);
            let message = quoted(&misplaced(key, place));
            assert!(
                errors.contains(&message),
                "`{}` at {place:?} is not reported:\n{input}\n{errors}",
                key.name
            );
            checked += 1;
        }
    }
    // Every family has places a key can be missing from.
    assert!(checked >= 70, "only {checked} (key, place) pairs checked");
}

#[test]
fn every_key_is_accepted_where_it_applies() {
    for key in KEYS {
        for place in key.places {
            let Some(input) = input_with(key, *place) else {
                continue;
            };
            let errors = errors(&input);
            for other in Place::ALL {
                let message = quoted(&misplaced(key, other));
                assert!(
                    !errors.contains(&message),
                    "`{}` at {place:?} is reported as misplaced:\n{input}\n{errors}",
                    key.name
                );
            }
        }
    }
}

#[test]
fn exclusions_and_requirements_are_reported() {
    let cx = Ctxt::default();
    let span = Span::call_site();
    check(&cx, Field, &[("skip", span), ("len", span)], false);
    check(&cx, Field, &[("inclusive", span)], false);
    check(&cx, Field, &[("inclusive", span)], true);
    let errors: Vec<String> = match cx.check() {
        Err(err) => err.into_iter().map(|e| e.to_string()).collect(),
        Ok(()) => Vec::new(),
    };
    assert_eq!(
        errors,
        [
            "conflicting wire attributes: a `skip` field is not on the wire, so `len` has no effect",
            "`inclusive` says a `rest_len` length counts its own bytes too: it goes with `rest_len`",
        ]
    );
}

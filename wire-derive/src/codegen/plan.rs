//! The field plan: how a struct's fields are grouped on the wire, decided once for decode
//! and encode.

use crate::internals::ast::{Codec, CodecKind, Field, Role};

/// Where the run of inline primitives starting at `start` ends (`start` if there is none).
/// `checksum_inside`: the checksum field itself may lie inside a run (decode reads its
/// offset off the run's start); the edges of the range it covers still end runs.
pub fn run_end(all: &[Field<'_>], start: usize, checksum_inside: bool) -> usize {
    let mut end = start;
    while end < all.len() {
        let f = &all[end];
        let is_prim = matches!(
            &f.role,
            Role::Wire(Codec {
                kind: CodecKind::Prim { .. },
                ..
            })
        );
        let before = f.pad_before.is_some()
            || f.magic.is_some()
            || checksum_edge(all, end, true, checksum_inside);
        // A checked field is decoded on its own, so that its check comes before any later read.
        if !is_prim || f.optional.is_some() || f.validate.is_some() || (end > start && before) {
            break;
        }
        end += 1;
        if f.pad_after.is_some() || f.align.is_some() || f.rest_len.is_some() {
            break;
        }
        if checksum_edge(all, end - 1, false, checksum_inside) {
            break;
        }
    }
    end
}

/// Whether a checksum needs the offset just before (`before`) or just after field `i`: the
/// checksum field itself (unless `field_inside`) and the edges of the range it covers. Runs
/// of fixed-size fields end there.
fn checksum_edge(all: &[Field<'_>], i: usize, before: bool, field_inside: bool) -> bool {
    all.iter().enumerate().any(|(c, f)| {
        f.checksum.as_ref().is_some_and(|ck| {
            (c == i && !field_inside) || if before { ck.first == i } else { ck.last == i }
        })
    })
}

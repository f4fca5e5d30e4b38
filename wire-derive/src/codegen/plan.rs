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

/// How far runs of primitives reach. Decode may read the checksum field inside a run (its
/// offset is counted from the run's start); encode writes it on its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Runs {
    Decode,
    Encode,
}

/// A struct's fields as they lie on the wire, in order: each [`Piece`] one field or a run of
/// primitives, with what surrounds them, and the section a `rest_len` field opens. Decode
/// (one body for plain and spanned decoding), encode and `encoded_len` all walk it; only how
/// far runs reach differs ([`Runs`]).
pub struct FieldPlan {
    pub pieces: Vec<Piece>,
    pub rest: Option<RestSection>,
}

/// Fields `fields`, handled together: the first field's `magic` and `pad_before` come before
/// them, the last field's `pad_after` and `align` after. `run`: primitives read with one
/// bounds check and written as one array (a run may hold one field).
pub struct Piece {
    pub fields: std::ops::Range<usize>,
    pub run: bool,
}

impl Piece {
    /// The field whose `magic`, padding and checksum offsets come first.
    pub fn first(&self) -> usize {
        self.fields.start
    }

    /// The field whose padding, alignment and section come last.
    pub fn last(&self) -> usize {
        self.fields.end - 1
    }
}

/// The section a `rest_len` field opens. Its extent is decided here and nowhere else: it
/// begins after the piece that ends with field `field` and holds the fields `covers`, every
/// field after it; a container's `trailer` lies outside it. Decode reads `covers` from a
/// section of the field's value (and checks it is used up unless `allow_trailing`); encode
/// fills the field with the encoded length of `covers`.
pub struct RestSection {
    pub field: usize,
    pub after_piece: usize,
    pub covers: std::ops::Range<usize>,
}

impl FieldPlan {
    /// The plan of `all`, from field `skip` on (an `other` variant's leading tag fields are
    /// bound already).
    pub fn new(all: &[Field<'_>], skip: usize, runs: Runs) -> Self {
        let mut pieces = Vec::new();
        let mut rest = None;
        let mut i = skip;
        while i < all.len() {
            let end = match runs {
                Runs::Decode => run_end(all, i, true),
                Runs::Encode => run_end(all, i, false),
            };
            let piece = Piece {
                fields: i..end.max(i + 1),
                run: end > i,
            };
            // A `rest_len` field ends its run (see `run_end`), so it is always a piece's last.
            if all[piece.last()].rest_len.is_some() && rest.is_none() {
                rest = Some(RestSection {
                    field: piece.last(),
                    after_piece: pieces.len(),
                    covers: piece.fields.end..all.len(),
                });
            }
            i = piece.fields.end;
            pieces.push(piece);
        }
        FieldPlan { pieces, rest }
    }

    /// Whether the `rest_len` section begins after piece `p`.
    pub fn opens_rest_after(&self, p: usize) -> bool {
        self.rest.as_ref().is_some_and(|rest| rest.after_piece == p)
    }
}

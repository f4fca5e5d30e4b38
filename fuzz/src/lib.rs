//! Checks shared by the fuzz targets.

use wire_runtime::DecodeError;

/// An error must say where: its offset lies inside the input (or at its end), it renders as a
/// message, and an incomplete one says how many more bytes it needs.
pub fn check_error(err: &DecodeError, input_len: usize) {
    assert!(
        err.offset() <= input_len,
        "error offset {} past the {input_len}-byte input: {err}",
        err.offset()
    );
    assert!(!err.to_string().is_empty());
    if err.is_incomplete() {
        assert!(
            err.needed().is_some_and(|n| n > 0),
            "incomplete without a positive need: {err}"
        );
    }
}

/// The derived types of `wire-tests` that together use every core attribute (included by path,
/// so that the fuzz build needs none of that crate's dependencies or features).
#[path = "../../tests/src/everything.rs"]
pub mod everything;

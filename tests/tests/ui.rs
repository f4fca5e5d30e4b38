//! One trybuild case per compile error of the derive, in `tests/ui/`, and the valid inputs next
//! to them in `tests/ui/pass/`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
    t.pass("ui/pass/*.rs");
}

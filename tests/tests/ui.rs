//! One trybuild case per compile error of the derive, in `tests/ui/`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}

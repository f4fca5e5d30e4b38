//! Layouts and hand-written baselines shared by the benches.

//! Statistics of the benches' interleaved pass (`benches/common/paired.rs`).

/// The median of `values` and the 95% confidence interval for it: the order statistics at
/// ranks `n/2 ∓ 0.98√n` (the binomial interval, no assumption on the distribution).
pub fn median_with_interval(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let half = n as f64 / 2.0;
    let spread = 0.98 * (n as f64).sqrt();
    let at = |rank: f64| values[(rank.max(0.0) as usize).min(n - 1)];
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    (
        median,
        at((half - spread).floor()),
        at((half + spread).ceil()),
    )
}

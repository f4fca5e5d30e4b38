//! Statistics of the benches' interleaved pass (`benches/common/paired.rs`).

/// The median of `values` and a 95% confidence interval for it, `(median, lower, upper)`.
///
/// The interval is the pair of order statistics at ranks `n/2 - 0.98√n` and
/// `1 + n/2 + 0.98√n` (1-based, rounded outwards): the normal approximation of the binomial
/// interval, which assumes nothing about how the values are distributed. From 50 values up
/// these are the ranks of the exact binomial interval (the 40th and the 61st of 100); below,
/// the interval is wider than the exact one, and up to 5 values it is the whole range.
///
/// ```
/// use wire_benches::stats::median_with_interval;
///
/// let ratios: Vec<f64> = (1..=100).map(|i| i as f64).collect();
/// assert_eq!(median_with_interval(ratios), (50.5, 40.0, 61.0));
/// ```
///
/// # Panics
///
/// If `values` is empty.
pub fn median_with_interval(mut values: Vec<f64>) -> (f64, f64, f64) {
    assert!(!values.is_empty(), "the median of nothing");
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let half = n as f64 / 2.0;
    let spread = 0.98 * (n as f64).sqrt();
    // 1-based ranks, clamped to the values there are.
    let lower = ((half - spread).floor() as usize).max(1);
    let upper = ((1.0 + half + spread).ceil() as usize).min(n);
    let median = if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    };
    (median, values[lower - 1], values[upper - 1])
}

#[cfg(test)]
mod tests {
    use super::median_with_interval;

    #[test]
    fn the_median_of_an_odd_and_an_even_count() {
        assert_eq!(median_with_interval(vec![3.0, 1.0, 2.0]).0, 2.0);
        assert_eq!(median_with_interval(vec![4.0, 1.0, 3.0, 2.0]).0, 2.5);
    }

    /// The interval's 1-based ranks for `n` values 1..=n.
    fn ranks(n: u32) -> (f64, f64) {
        let (_, lower, upper) = median_with_interval((1..=n).map(f64::from).collect());
        (lower, upper)
    }

    #[test]
    fn the_interval_is_the_exact_binomial_one_from_50_values() {
        // The narrowest symmetric ranks (j, n + 1 - j) with P(j <= Bin(n, 1/2) <= n - j) >= 0.95.
        for (n, lower, upper) in [(50, 18, 33), (100, 40, 61), (200, 86, 115), (300, 133, 168)] {
            assert_eq!(ranks(n), (f64::from(lower), f64::from(upper)), "n = {n}");
        }
    }

    #[test]
    fn below_50_values_the_interval_is_wider_than_the_exact_one() {
        for (n, lower, upper) in [(10, 2, 9), (20, 6, 15)] {
            let (lo, hi) = ranks(n);
            assert!(
                lo <= f64::from(lower) && hi >= f64::from(upper),
                "n = {n}: {lo}, {hi}"
            );
        }
    }

    #[test]
    fn order_of_the_input_does_not_matter() {
        let sorted: Vec<f64> = (0..101).map(|i| 1.0 + f64::from(i) / 1000.0).collect();
        let mut shuffled = sorted.clone();
        shuffled.reverse();
        shuffled.swap(3, 70);
        assert_eq!(median_with_interval(sorted), median_with_interval(shuffled));
    }

    #[test]
    fn a_few_values_give_the_whole_range() {
        assert_eq!(median_with_interval(vec![1.0]), (1.0, 1.0, 1.0));
        assert_eq!(median_with_interval(vec![2.0, 1.0]), (1.5, 1.0, 2.0));
        assert_eq!(median_with_interval(vec![2.0, 1.0, 3.0]), (2.0, 1.0, 3.0));
    }
}

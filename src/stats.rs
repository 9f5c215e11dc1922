//! Small statistics the advisors share.

/// The mean of `xs` and the half-width of its 95% interval (1.96 standard errors of the
/// mean; 0 for fewer than two values).
pub fn mean_and_margin(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    #[test]
    fn worked_by_hand() {
        // 1, 2, 3: mean 2, variance 1, standard error 1/√3.
        let (mean, margin) = super::mean_and_margin(&[1.0, 2.0, 3.0]);
        assert_eq!(mean, 2.0);
        assert!((margin - 1.96 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(super::mean_and_margin(&[4.0]), (4.0, 0.0));
    }
}

//! The numbers a chart is drawn from (the drawing is kado-screen's `chart`): named series,
//! and counts of values in equal ranges.

/// A named series of numbers (a seat's money by round, a win rate over games).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub values: Vec<f64>,
}

/// Counts of `values` in `buckets` equal ranges, labelled `lo–hi`.
pub fn histogram(values: &[i64], buckets: usize) -> Vec<(String, u32)> {
    let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
        return Vec::new();
    };
    let buckets = buckets.max(1) as i64;
    let step = ((hi - lo + buckets) / buckets).max(1);
    let mut out = Vec::new();
    let mut from = lo;
    while from <= hi {
        let to = from + step - 1;
        let n = values.iter().filter(|v| (from..=to).contains(*v)).count() as u32;
        let label = if step == 1 {
            from.to_string()
        } else {
            format!("{from}–{to}")
        };
        out.push((label, n));
        from += step;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_by_hand() {
        let h = histogram(&[0, 1, 1, 4], 5);
        assert_eq!(
            h,
            [
                ("0".into(), 1),
                ("1".into(), 2),
                ("2".into(), 0),
                ("3".into(), 0),
                ("4".into(), 1)
            ]
        );
        assert!(histogram(&[], 3).is_empty());
        assert_eq!(
            histogram(&[0, 1, 1, 4], 2),
            [("0–2".into(), 3), ("3–5".into(), 1)]
        );
    }
}

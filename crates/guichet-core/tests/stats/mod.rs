//! Chi-square tests for the statistical tests of the generators: goodness of fit
//! against known probabilities, and homogeneity of two or more samples, with
//! exact p-values (the regularized incomplete gamma function).

#![allow(dead_code)] // Each test file uses its own part of this module.
// Counts of a few million are exact in f64.
#![allow(clippy::cast_precision_loss)]

/// The smallest expected count a category keeps on its own; smaller ones are
/// merged with their neighbours.
const MIN_EXPECTED: f64 = 5.0;

/// ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9): about 15 significant digits.
fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = COEFFICIENTS[0];
    for (position, &coefficient) in COEFFICIENTS.iter().enumerate().skip(1) {
        sum += coefficient / (x + position as f64);
    }
    let t = x + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function.
#[allow(clippy::many_single_char_names)] // The names of the formulas.
fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let log_prefix = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        // P(a, x) by its series.
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        1.0 - sum * log_prefix.exp()
    } else {
        // Q(a, x) by its continued fraction (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        log_prefix.exp() * h
    }
}

/// The probability that a chi-square variable of `freedom` degrees exceeds
/// `statistic`.
#[must_use]
pub fn p_value(statistic: f64, freedom: usize) -> f64 {
    if freedom == 0 {
        return 1.0;
    }
    upper_gamma(freedom as f64 / 2.0, statistic / 2.0)
}

/// Pearson's goodness of fit of `observed` counts to `probabilities`, categories
/// of small expectation merged: its p-value. Panics on an empty sample, which
/// would prove nothing.
#[must_use]
pub fn fit(observed: &[u64], probabilities: &[f64]) -> f64 {
    let total: u64 = observed.iter().sum();
    assert!(total > 0, "an empty sample proves nothing");
    let expected: Vec<f64> = probabilities
        .iter()
        .map(|probability| probability * total as f64)
        .collect();
    let (statistic, columns) = pearson(&[observed.to_vec()], &[expected]);
    p_value(statistic, columns.saturating_sub(1))
}

/// Pearson's test that the rows of `table` (samples, each counted over the same
/// categories) come from one distribution: its p-value. Categories whose
/// expected count is small in some row are merged with their neighbours.
/// Panics on an empty row, which would prove nothing.
#[must_use]
pub fn homogeneity(table: &[Vec<u64>]) -> f64 {
    let row_totals: Vec<f64> = table
        .iter()
        .map(|row| row.iter().sum::<u64>() as f64)
        .collect();
    assert!(
        row_totals.iter().all(|&total| total > 0.0),
        "an empty sample proves nothing"
    );
    let columns = table[0].len();
    let column_totals: Vec<f64> = (0..columns)
        .map(|column| table.iter().map(|row| row[column] as f64).sum())
        .collect();
    let grand: f64 = row_totals.iter().sum();
    let expected: Vec<Vec<f64>> = row_totals
        .iter()
        .map(|row_total| {
            column_totals
                .iter()
                .map(|column_total| row_total * column_total / grand)
                .collect()
        })
        .collect();
    let (statistic, columns) = pearson(table, &expected);
    p_value(statistic, (table.len() - 1) * columns.saturating_sub(1))
}

/// Pearson's statistic over rows of observed and expected counts, after merging
/// neighbouring columns until every expected count is at least `MIN_EXPECTED`;
/// and the number of columns left.
fn pearson(observed: &[Vec<u64>], expected: &[Vec<f64>]) -> (f64, usize) {
    let rows = observed.len();
    let columns = observed[0].len();
    let mut merged: Vec<(Vec<f64>, Vec<f64>)> = Vec::new();
    let mut pending = (vec![0.0; rows], vec![0.0; rows]);
    for column in 0..columns {
        for row in 0..rows {
            pending.0[row] += observed[row][column] as f64;
            pending.1[row] += expected[row][column];
        }
        if pending.1.iter().all(|&wanted| wanted >= MIN_EXPECTED) {
            merged.push(std::mem::replace(
                &mut pending,
                (vec![0.0; rows], vec![0.0; rows]),
            ));
        }
    }
    if let Some(last) = merged.last_mut() {
        for row in 0..rows {
            last.0[row] += pending.0[row];
            last.1[row] += pending.1[row];
        }
    }
    let statistic = merged
        .iter()
        .flat_map(|(seen, wanted)| seen.iter().zip(wanted))
        .map(|(seen, wanted)| (seen - wanted).powi(2) / wanted)
        .sum();
    (statistic, merged.len())
}

#[test]
fn p_values_match_the_tables() {
    // Critical values at 0,1 % and 0,01 %, from published tables.
    for (statistic, freedom, p) in [
        (10.828, 1, 1e-3),
        (29.588, 10, 1e-3),
        (15.137, 1, 1e-4),
        (35.564, 10, 1e-4),
        (52.386, 20, 1e-4),
        (3.841, 1, 0.05),
    ] {
        let computed = p_value(statistic, freedom);
        assert!(
            (computed / p - 1.0).abs() < 0.01,
            "χ²({freedom}) > {statistic}: {computed} instead of {p}"
        );
    }
}

#[test]
fn homogeneity_tells_apart_different_samples() {
    assert!(homogeneity(&[vec![500, 500], vec![510, 490]]) > 0.1);
    assert!(homogeneity(&[vec![500, 500], vec![700, 300]]) < 1e-6);
}

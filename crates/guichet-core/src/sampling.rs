//! Small sampling tools shared by the generators: uniform picks, fixed weighted
//! distributions, and the ways to split a prize into winning zones.

use std::collections::BTreeMap;

use rand::{Rng, RngExt as _};

use crate::emission::Tier;
use crate::money::Cents;

/// A uniformly chosen element of a non-empty slice.
pub fn pick<'a, T>(rng: &mut (impl Rng + ?Sized), items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// How finely [`Weighted::from_expectations`] keeps fractional expectations:
/// weights are expectations times 2^24, rounded.
const EXPECTATION_SCALE: f64 = 16_777_216.0;

/// A fixed distribution over amounts, with integer weights: the same whatever
/// the unit's prize.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weighted {
    /// (amount, weight) pairs, amounts increasing, weights positive.
    entries: Vec<(Cents, u64)>,
    total: u64,
}

impl Weighted {
    /// The distribution giving each amount of `entries` its weight; amounts of
    /// weight zero are left out.
    ///
    /// # Panics
    /// If every weight is zero or the weights overflow.
    #[must_use]
    pub fn new(entries: impl IntoIterator<Item = (Cents, u64)>) -> Self {
        let mut merged: BTreeMap<Cents, u64> = BTreeMap::new();
        for (amount, weight) in entries {
            let slot = merged.entry(amount).or_default();
            *slot = slot.checked_add(weight).expect("weights fit in u64");
        }
        let entries: Vec<(Cents, u64)> = merged
            .into_iter()
            .filter(|&(_, weight)| weight > 0)
            .collect();
        let total = entries
            .iter()
            .try_fold(0_u64, |sum, &(_, weight)| sum.checked_add(weight))
            .expect("weights fit in u64");
        assert!(total > 0, "a distribution has some weight");
        Self { entries, total }
    }

    /// The distribution proportional to `expectations` (amount, expected count),
    /// kept to 2^-24 of a count.
    #[must_use]
    pub fn from_expectations(expectations: impl IntoIterator<Item = (Cents, f64)>) -> Self {
        Self::new(
            expectations
                .into_iter()
                .map(|(amount, expected)| (amount, (expected * EXPECTATION_SCALE).round() as u64)),
        )
    }

    /// The amounts and their weights, amounts increasing.
    #[must_use]
    pub fn entries(&self) -> &[(Cents, u64)] {
        &self.entries
    }

    /// The probability of `amount`.
    #[must_use]
    pub fn probability(&self, amount: Cents) -> f64 {
        self.entries
            .iter()
            .find(|&&(shown, _)| shown == amount)
            .map_or(0.0, |&(_, weight)| weight as f64 / self.total as f64)
    }

    /// Draws one amount.
    pub fn draw(&self, rng: &mut (impl Rng + ?Sized)) -> Cents {
        let mut point = rng.random_range(0..self.total);
        for &(amount, weight) in &self.entries {
            if point < weight {
                return amount;
            }
            point -= weight;
        }
        unreachable!("the point falls under one of the weights")
    }
}

/// The distribution of the amounts shown under winning zones over a whole block:
/// for each tier, its lots times the mean count of each amount among the tier's
/// splits (a split is chosen uniformly, so each weighs `1 / splits`). `shown`
/// gives the amount a winning part shows, or `None` for a part whose amount is
/// not in question (an X10 multiplier, which always wins).
pub fn block_winning_amounts<P>(
    tiers: &[Tier],
    splits_of: impl Fn(Cents) -> Option<&'static [Vec<P>]>,
    shown: impl Fn(&P) -> Option<Cents>,
) -> Weighted
where
    P: 'static,
{
    let mut expected: BTreeMap<Cents, f64> = BTreeMap::new();
    for tier in tiers {
        let splits = splits_of(tier.prize).unwrap_or(&[]);
        if splits.is_empty() {
            continue;
        }
        let weight = f64::from(tier.lots) / splits.len() as f64;
        for part in splits.iter().flatten() {
            if let Some(amount) = shown(part) {
                *expected.entry(amount).or_default() += weight;
            }
        }
    }
    Weighted::from_expectations(expected)
}

/// Every multiset of at most `max_parts` parts (repeats allowed) whose values add
/// up to `target`; each part is given with its value. Parts are listed in the
/// order of `parts`, so each multiset appears once.
pub fn splits<P: Copy>(parts: &[(P, Cents)], target: Cents, max_parts: usize) -> Vec<Vec<P>> {
    fn extend<P: Copy>(
        parts: &[(P, Cents)],
        from: usize,
        remaining: Cents,
        room: usize,
        chosen: &mut Vec<P>,
        found: &mut Vec<Vec<P>>,
    ) {
        if remaining == Cents::ZERO {
            if !chosen.is_empty() {
                found.push(chosen.clone());
            }
            return;
        }
        if room == 0 {
            return;
        }
        for (position, &(part, value)) in parts.iter().enumerate().skip(from) {
            if value.is_positive() && value <= remaining {
                chosen.push(part);
                extend(
                    parts,
                    position,
                    Cents(remaining.get() - value.get()),
                    room - 1,
                    chosen,
                    found,
                );
                chosen.pop();
            }
        }
    }
    let mut found = Vec::new();
    extend(parts, 0, target, max_parts, &mut Vec::new(), &mut found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng as _;

    #[test]
    fn splits_are_every_multiset_once() {
        let parts = [('a', Cents(1)), ('b', Cents(2))];
        let mut found = splits(&parts, Cents(4), 3);
        found.sort();
        assert_eq!(found, vec![vec!['a', 'a', 'b'], vec!['b', 'b']]);
        assert!(splits(&parts, Cents(7), 3).is_empty());
        // A part worth nothing (a losing symbol) is never one of the parts.
        let with_nothing = [('z', Cents::ZERO), ('a', Cents(1))];
        assert_eq!(splits(&with_nothing, Cents(2), 3), vec![vec!['a', 'a']]);
    }

    #[test]
    fn a_weighted_draw_follows_its_weights() {
        let weighted = Weighted::new([(Cents(100), 3), (Cents(200), 1), (Cents(300), 0)]);
        assert_eq!(weighted.entries().len(), 2, "a zero weight is left out");
        assert!((weighted.probability(Cents(100)) - 0.75).abs() < 1e-12);
        assert!(weighted.probability(Cents(300)).abs() < 1e-12);
        let mut rng = rand::rngs::ChaCha12Rng::seed_from_u64(7);
        let draws = 40_000;
        let hundreds = (0..draws)
            .filter(|_| weighted.draw(&mut rng) == Cents(100))
            .count();
        let share = hundreds as f64 / f64::from(draws);
        assert!((share - 0.75).abs() < 0.01, "{share}");
    }
}

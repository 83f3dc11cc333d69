//! Small sampling tools shared by the generators: uniform picks, fixed weighted
//! distributions, and the ways to split a prize into winning zones.

use rand::{Rng, RngExt as _};

use crate::money::Cents;

/// A uniformly chosen element of a non-empty slice.
pub fn pick<'a, T>(rng: &mut (impl Rng + ?Sized), items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// A fixed distribution over amounts in euros, with integer weights: the decoys'
/// distribution, the same whatever the unit's prize.
pub struct Weighted {
    /// (euros, weight) pairs.
    pub entries: &'static [(i64, u32)],
}

impl Weighted {
    /// Draws one amount.
    pub fn draw(&self, rng: &mut (impl Rng + ?Sized)) -> Cents {
        let total: u32 = self.entries.iter().map(|&(_, weight)| weight).sum();
        let mut point = rng.random_range(0..total);
        for &(euros, weight) in self.entries {
            if point < weight {
                return Cents::euros(euros);
            }
            point -= weight;
        }
        unreachable!("the point falls under one of the weights")
    }
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

    #[test]
    fn splits_are_every_multiset_once() {
        let parts = [('a', Cents(1)), ('b', Cents(2))];
        let mut found = splits(&parts, Cents(4), 3);
        found.sort();
        assert_eq!(found, vec![vec!['a', 'a', 'b'], vec!['b', 'b']]);
        assert!(splits(&parts, Cents(7), 3).is_empty());
    }
}

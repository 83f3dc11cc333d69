//! Drawing an X10 unit for a prize.
//!
//! **Decisions (GAMES.md leaves them open).** The three winning numbers are
//! uniform among the list and drawn first from the unit's stream, blind to the
//! prize. A prize is split into one to three winning bundles, each a number
//! matching a winning number (paying its amount) or a multiplier x1, x2, x5 or
//! x10 (paying its amount times the coefficient), with amounts from the banknote
//! amounts; the split is chosen uniformly among all such splits. The other
//! bundles show numbers of the list that match none of the winning numbers,
//! distinct, with amounts drawn from [`decoy_amounts`]: the distribution of the
//! amounts under *matching numbers* over a whole block, so that, over a block, the
//! amount on a number says nothing of whether it matches (a multiplier always
//! wins, so its amount is not in question). Bundles are shuffled.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::Rng;
use rand::seq::SliceRandom as _;
use rand::seq::index::sample;

use super::game::X10;
use super::scenario::{BANKNOTE_AMOUNTS_EUROS, Cell, MULTIPLIERS, NUMBERS, Symbol, X10Scenario};
use crate::emission::Emission;
use crate::money::Cents;
use crate::sampling::{Weighted, block_winning_amounts, pick, splits};

/// One winning bundle of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinningBundle {
    /// A number equal to a winning number, with its amount.
    Match(Cents),
    /// A multiplier and its amount.
    Multiplier(u8, Cents),
}

/// The splits of an X10 prize into winning bundles, each chosen with the same
/// probability; `None` for a prize the table does not hold.
#[must_use]
pub fn splits_of(prize: Cents) -> Option<&'static [Vec<WinningBundle>]> {
    static SPLITS: OnceLock<BTreeMap<Cents, Vec<Vec<WinningBundle>>>> = OnceLock::new();
    let table = SPLITS.get_or_init(|| {
        let mut parts = Vec::new();
        for &euros in &BANKNOTE_AMOUNTS_EUROS {
            let amount = Cents::euros(euros);
            parts.push((WinningBundle::Match(amount), amount));
            for &multiplier in &MULTIPLIERS {
                let paid = Cents::euros(euros * i64::from(multiplier));
                parts.push((WinningBundle::Multiplier(multiplier, amount), paid));
            }
        }
        // At most three: there are only three winning numbers to match.
        X10.tiers
            .iter()
            .map(|tier| (tier.prize, splits(&parts, tier.prize, 3)))
            .collect()
    });
    table.get(&prize).map(Vec::as_slice)
}

/// The amounts on the numbers that match none of the winning numbers: the
/// amounts on matching numbers over a whole block (each tier weighted by its
/// lots), the same for every prize.
#[must_use]
pub fn decoy_amounts() -> &'static Weighted {
    static DECOYS: OnceLock<Weighted> = OnceLock::new();
    DECOYS.get_or_init(|| {
        block_winning_amounts(
            X10.tiers,
            splits_of,
            |bundle: &WinningBundle| match *bundle {
                WinningBundle::Match(amount) => Some(amount),
                WinningBundle::Multiplier(..) => None,
            },
        )
    })
}

/// Draws the bundles of a unit worth `prize`, or `None` if X10 has no such prize
/// (the same under every generators' version this build draws).
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(
    _emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
    _version: u32,
) -> Option<X10Scenario> {
    // Blind to the prize: the winning numbers come first.
    let drawn: Vec<u8> = sample(rng, NUMBERS.len(), 3)
        .iter()
        .map(|position| NUMBERS[position])
        .collect();
    let winning_numbers: [u8; 3] = drawn.try_into().expect("three winning numbers");
    let split: &[WinningBundle] = if prize == Cents::ZERO {
        &[]
    } else {
        pick(rng, splits_of(prize)?).as_slice()
    };
    let mut unmatched = winning_numbers.iter();
    let mut cells: Vec<Cell> = split
        .iter()
        .map(|bundle| match *bundle {
            WinningBundle::Match(amount) => Cell {
                symbol: Symbol::Number {
                    number: *unmatched.next().expect("at most three matches"),
                },
                amount,
            },
            WinningBundle::Multiplier(multiplier, amount) => Cell {
                symbol: Symbol::Multiplier { multiplier },
                amount,
            },
        })
        .collect();
    let others: Vec<u8> = NUMBERS
        .iter()
        .copied()
        .filter(|number| !winning_numbers.contains(number))
        .collect();
    let decoys = 9 - cells.len();
    for position in sample(rng, others.len(), decoys) {
        cells.push(Cell {
            symbol: Symbol::Number {
                number: others[position],
            },
            amount: decoy_amounts().draw(rng),
        });
    }
    cells.shuffle(rng);
    Some(X10Scenario {
        winning_numbers,
        cells: cells.try_into().expect("nine bundles"),
    })
}

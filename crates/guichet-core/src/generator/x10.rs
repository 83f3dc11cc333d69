//! Drawing an X10 unit for a prize.
//!
//! **Decisions (GAMES.md leaves them open).** A prize is split into one to three
//! winning bundles, each a number matching a winning number (paying its amount) or
//! a multiplier x1, x2, x5 or x10 (paying its amount times the coefficient), with
//! amounts from the banknote amounts; the split is chosen uniformly among all
//! such splits. The three winning numbers are uniform among the list; the other
//! bundles show numbers of the list that match none of them, distinct, with
//! amounts from [`DECOY_AMOUNTS`] whatever the prize. Bundles are shuffled.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::Rng;
use rand::seq::SliceRandom as _;
use rand::seq::index::sample;

use super::sampling::{Weighted, pick, splits};
use crate::emission::X10;
use crate::money::Cents;
use crate::scenario::x10::{
    BANKNOTE_AMOUNTS_EUROS, Cell, MULTIPLIERS, NUMBERS, Symbol, X10Scenario,
};

/// The amounts on losing bundles, per mille. The same for every prize.
pub const DECOY_AMOUNTS: Weighted = Weighted {
    entries: &[
        (1, 60),
        (2, 130),
        (4, 130),
        (5, 110),
        (7, 90),
        (10, 90),
        (15, 70),
        (20, 70),
        (25, 60),
        (50, 50),
        (100, 50),
        (500, 35),
        (1_000, 25),
        (2_000, 15),
        (10_000, 10),
        (20_000, 5),
    ],
};

/// One winning bundle of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WinningBundle {
    /// A number equal to a winning number, with its amount.
    Match(Cents),
    /// A multiplier and its amount.
    Multiplier(u8, Cents),
}

fn splits_of(prize: Cents) -> Option<&'static [Vec<WinningBundle>]> {
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

/// Draws the bundles of a unit worth `prize`, or `None` if X10 has no such prize.
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(prize: Cents, rng: &mut (impl Rng + ?Sized)) -> Option<X10Scenario> {
    let split: &[WinningBundle] = if prize == Cents::ZERO {
        &[]
    } else {
        pick(rng, splits_of(prize)?).as_slice()
    };
    let drawn: Vec<u8> = sample(rng, NUMBERS.len(), 3)
        .iter()
        .map(|position| NUMBERS[position])
        .collect();
    let winning_numbers: [u8; 3] = drawn.try_into().expect("three winning numbers");
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
            amount: DECOY_AMOUNTS.draw(rng),
        });
    }
    cells.shuffle(rng);
    Some(X10Scenario {
        winning_numbers,
        cells: cells.try_into().expect("nine bundles"),
    })
}

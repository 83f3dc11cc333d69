//! Drawing a Black Jack table for a prize.
//!
//! **Decisions (GAMES.md leaves them open).** A prize is split into one to three
//! winning hands, each paying a chip amount, or twice a chip amount when it is a
//! 21; the split is chosen uniformly among all such splits (4 € is one hand of 4 €,
//! two hands of 2 €, or a 21 on 2 €). The bank's number is uniform in 17..=19 when
//! a winning hand is not a 21 (it must be beaten without 21), in 17..=20 otherwise.
//! A winning hand's number is uniform above the bank's (21 for a doubled hand); a
//! losing hand's is uniform in 13..=bank, and its amount is drawn from
//! [`DECOY_AMOUNTS`] whatever the prize. Cards are uniform among the pairs making
//! their number; suits are uniform.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::seq::SliceRandom as _;
use rand::{Rng, RngExt as _};

use super::sampling::{Weighted, pick, splits};
use crate::emission::BLACK_JACK;
use crate::money::Cents;
use crate::scenario::blackjack::{Bank, BlackJackScenario, CHIP_AMOUNTS_EUROS, Hand, Rank, Suit};

/// The amounts under the chips of losing hands, per mille: many small amounts,
/// a few large ones. The same for every prize.
pub const DECOY_AMOUNTS: Weighted = Weighted {
    entries: &[
        (2, 150),
        (4, 150),
        (5, 120),
        (10, 120),
        (20, 100),
        (25, 80),
        (50, 80),
        (100, 60),
        (200, 50),
        (500, 40),
        (1_000, 30),
        (10_000, 12),
        (20_000, 8),
    ],
};

/// One winning hand of a split: its chip amount, and whether it is a 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WinningHand {
    amount: Cents,
    twenty_one: bool,
}

/// The splits of every Black Jack prize into winning hands.
fn splits_of(prize: Cents) -> Option<&'static [Vec<WinningHand>]> {
    static SPLITS: OnceLock<BTreeMap<Cents, Vec<Vec<WinningHand>>>> = OnceLock::new();
    let table = SPLITS.get_or_init(|| {
        let parts: Vec<(WinningHand, Cents)> = CHIP_AMOUNTS_EUROS
            .iter()
            .flat_map(|&euros| {
                let amount = Cents::euros(euros);
                [
                    (
                        WinningHand {
                            amount,
                            twenty_one: false,
                        },
                        amount,
                    ),
                    (
                        WinningHand {
                            amount,
                            twenty_one: true,
                        },
                        Cents::euros(euros * 2),
                    ),
                ]
            })
            .collect();
        BLACK_JACK
            .tiers
            .iter()
            .map(|tier| (tier.prize, splits(&parts, tier.prize, 3)))
            .collect()
    });
    table.get(&prize).map(Vec::as_slice)
}

/// Draws the table of a unit worth `prize`, or `None` if Black Jack has no such
/// prize.
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(prize: Cents, rng: &mut (impl Rng + ?Sized)) -> Option<BlackJackScenario> {
    let split: &[WinningHand] = if prize == Cents::ZERO {
        &[]
    } else {
        pick(rng, splits_of(prize)?).as_slice()
    };
    let only_twenty_ones = split.iter().all(|hand| hand.twenty_one);
    let bank_total = rng.random_range(17..=if only_twenty_ones { 20 } else { 19 });
    let mut hands: Vec<Hand> = split
        .iter()
        .map(|winner| {
            let total = if winner.twenty_one {
                21
            } else {
                rng.random_range(bank_total + 1..=20)
            };
            hand(total, winner.amount, rng)
        })
        .collect();
    while hands.len() < 3 {
        let total = rng.random_range(13..=bank_total);
        let amount = DECOY_AMOUNTS.draw(rng);
        hands.push(hand(total, amount, rng));
    }
    hands.shuffle(rng);
    let bank = bank(bank_total, rng);
    Some(BlackJackScenario {
        bank,
        hands: hands.try_into().expect("three hands"),
    })
}

fn hand(total: u8, amount: Cents, rng: &mut (impl Rng + ?Sized)) -> Hand {
    let pairs: Vec<[Rank; 2]> = Rank::ALL
        .iter()
        .flat_map(|&first| Rank::ALL.iter().map(move |&second| [first, second]))
        .filter(|[first, second]| first.value() + second.value() == total)
        .collect();
    Hand {
        cards: *pick(rng, &pairs),
        suits: [*pick(rng, &Suit::ALL), *pick(rng, &Suit::ALL)],
        amount,
    }
}

fn bank(total: u8, rng: &mut (impl Rng + ?Sized)) -> Bank {
    let pairs: Vec<(Rank, Rank)> = Rank::ALL
        .iter()
        .flat_map(|&shown| Rank::BANK_HIDDEN.iter().map(move |&hidden| (shown, hidden)))
        .filter(|(shown, hidden)| shown.value() + hidden.value() == total)
        .collect();
    let (shown, hidden) = *pick(rng, &pairs);
    Bank {
        shown,
        hidden,
        suits: [*pick(rng, &Suit::ALL), *pick(rng, &Suit::ALL)],
    }
}

//! Drawing a Black Jack table for a prize.
//!
//! **Decisions (GAMES.md leaves them open).**
//! - *The bank, first and blind to the prize.* The bank's number is uniform in
//!   17..=19 for every unit (the règlement allows 17 to 20; 20 could only face
//!   winning 21s, so showing it would tell the tier), and its two cards are
//!   uniform among the pairs making that number. Both are drawn first from the
//!   unit's stream, before the prize is looked at: the same stream gives the same
//!   bank whatever the tier, and the face-up card tells nothing.
//! - *The winners.* A prize is split into one to three winning hands, each paying
//!   a chip amount, or twice a chip amount when it is a 21; the split is chosen
//!   uniformly among all such splits (4 € is one hand of 4 €, two hands of 2 €, or
//!   a 21 on 2 €). A winning hand's number is uniform above the bank's (21 for a
//!   doubled hand).
//! - *The losers.* A losing hand's number is uniform in 13..=bank, and its amount
//!   is drawn from [`decoy_amounts`]: the distribution of the amounts under
//!   winning hands over a whole block. Over a block, then, an amount says nothing
//!   of whether its hand wins. Cards are uniform among the pairs making their
//!   number; suits are uniform.
//! - *One deck* (generators' version 3 on). The eight cards of a table are
//!   dealt from one 52-card deck: each hand's pair is uniform among the pairs
//!   of cards still in the deck that make its number, so no card shows twice.
//!   Under version 2 each card was drawn afresh (a table could show 8♣ twice);
//!   that drawing is kept, to redraw the units sold under it.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::seq::SliceRandom as _;
use rand::{Rng, RngExt as _};

use super::game::BLACK_JACK;
use super::scenario::{Bank, BlackJackScenario, CHIP_AMOUNTS_EUROS, Hand, Rank, Suit};
use crate::emission::Emission;
use crate::money::Cents;
use crate::sampling::{Weighted, block_winning_amounts, pick, splits};

/// The bank's numbers shown, whatever the prize.
pub const BANK_TOTALS: std::ops::RangeInclusive<u8> = 17..=19;

/// One winning hand of a split: its chip amount, and whether it is a 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinningHand {
    /// The amount under its chips.
    pub amount: Cents,
    /// Whether it is a 21 (paid double).
    pub twenty_one: bool,
}

/// The splits of a Black Jack prize into winning hands, each chosen with the
/// same probability; `None` for a prize the table does not hold.
#[must_use]
pub fn splits_of(prize: Cents) -> Option<&'static [Vec<WinningHand>]> {
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

/// The amounts under the chips of losing hands: the amounts under winning hands
/// over a whole block (each tier weighted by its lots), the same for every prize.
#[must_use]
pub fn decoy_amounts() -> &'static Weighted {
    static DECOYS: OnceLock<Weighted> = OnceLock::new();
    DECOYS.get_or_init(|| {
        block_winning_amounts(BLACK_JACK.tiers, splits_of, |hand: &WinningHand| {
            Some(hand.amount)
        })
    })
}

/// Draws the table of a unit worth `prize`, or `None` if Black Jack has no such
/// prize.
///
/// # Panics
/// Never: the counts of zones, balls and numbers are fixed by construction.
pub fn generate(
    _emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
    version: u32,
) -> Option<BlackJackScenario> {
    let mut deck = Deck {
        one_deck: version >= 3,
        dealt: Vec::with_capacity(8),
    };
    // What shows before any reveal comes first, blind to the prize.
    let bank_total = rng.random_range(BANK_TOTALS);
    let bank = deck.bank(bank_total, rng);
    let split: &[WinningHand] = if prize == Cents::ZERO {
        &[]
    } else {
        pick(rng, splits_of(prize)?).as_slice()
    };
    let mut hands: Vec<Hand> = split
        .iter()
        .map(|winner| {
            let total = if winner.twenty_one {
                21
            } else {
                rng.random_range(bank_total + 1..=20)
            };
            deck.hand(total, winner.amount, rng)
        })
        .collect();
    while hands.len() < 3 {
        let total = rng.random_range(13..=bank_total);
        let amount = decoy_amounts().draw(rng);
        hands.push(deck.hand(total, amount, rng));
    }
    hands.shuffle(rng);
    Some(BlackJackScenario {
        bank,
        hands: hands.try_into().expect("three hands"),
    })
}

/// A card: its rank and suit.
type Card = (Rank, Suit);

/// The cards a table is dealt from.
struct Deck {
    /// Whether they come from one deck (version 3 on), each card once.
    one_deck: bool,
    /// The cards dealt so far.
    dealt: Vec<Card>,
}

impl Deck {
    /// A hand of number `total` over `amount`.
    fn hand(&mut self, total: u8, amount: Cents, rng: &mut (impl Rng + ?Sized)) -> Hand {
        let [first, second] = if self.one_deck {
            self.deal_pair(
                &Rank::ALL,
                |first, second| first.value() + second.value() == total,
                rng,
            )
        } else {
            afresh_hand(total, rng)
        };
        Hand {
            cards: [first.0, second.0],
            suits: [first.1, second.1],
            amount,
        }
    }

    /// The bank's two cards, of number `total`.
    fn bank(&mut self, total: u8, rng: &mut (impl Rng + ?Sized)) -> Bank {
        let [shown, hidden] = if self.one_deck {
            self.deal_pair(
                &Rank::BANK_HIDDEN,
                |shown, hidden| shown.value() + hidden.value() == total,
                rng,
            )
        } else {
            afresh_bank(total, rng)
        };
        Bank {
            shown: shown.0,
            hidden: hidden.0,
            suits: [shown.1, hidden.1],
        }
    }

    /// Two cards still in the deck, the second of `second_ranks`, that
    /// `fits`: uniform among all such pairs.
    fn deal_pair(
        &mut self,
        second_ranks: &[Rank],
        fits: impl Fn(Rank, Rank) -> bool,
        rng: &mut (impl Rng + ?Sized),
    ) -> [Card; 2] {
        let cards = |ranks: &'static [Rank]| {
            ranks
                .iter()
                .flat_map(|&rank| Suit::ALL.iter().map(move |&suit| (rank, suit)))
        };
        let left = |card: &Card| !self.dealt.contains(card);
        let fits = &fits;
        let pairs: Vec<[Card; 2]> = cards(&Rank::ALL)
            .filter(left)
            .flat_map(|first| {
                second_ranks
                    .iter()
                    .flat_map(|&rank| Suit::ALL.iter().map(move |&suit| (rank, suit)))
                    .filter(move |second| *second != first && fits(first.0, second.0))
                    .map(move |second| [first, second])
            })
            .filter(|[_, second]| left(second))
            .collect();
        let pair = *pick(rng, &pairs);
        self.dealt.extend(pair);
        pair
    }
}

/// A hand of number `total` as version 2 drew it: the ranks, then each suit,
/// afresh.
fn afresh_hand(total: u8, rng: &mut (impl Rng + ?Sized)) -> [Card; 2] {
    let pairs: Vec<[Rank; 2]> = Rank::ALL
        .iter()
        .flat_map(|&first| Rank::ALL.iter().map(move |&second| [first, second]))
        .filter(|[first, second]| first.value() + second.value() == total)
        .collect();
    let [first, second] = *pick(rng, &pairs);
    let suits = [*pick(rng, &Suit::ALL), *pick(rng, &Suit::ALL)];
    [(first, suits[0]), (second, suits[1])]
}

/// The bank's cards of number `total` as version 2 drew them.
fn afresh_bank(total: u8, rng: &mut (impl Rng + ?Sized)) -> [Card; 2] {
    let pairs: Vec<(Rank, Rank)> = Rank::ALL
        .iter()
        .flat_map(|&shown| Rank::BANK_HIDDEN.iter().map(move |&hidden| (shown, hidden)))
        .filter(|(shown, hidden)| shown.value() + hidden.value() == total)
        .collect();
    let (shown, hidden) = *pick(rng, &pairs);
    let suits = [*pick(rng, &Suit::ALL), *pick(rng, &Suit::ALL)];
    [(shown, suits[0]), (hidden, suits[1])]
}

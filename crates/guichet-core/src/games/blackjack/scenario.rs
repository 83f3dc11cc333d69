//! Black Jack as its règlement (article 4) describes it: three hands in "Vos jeux",
//! each a pair of cards over a stack of chips hiding an amount, against the
//! "Banque" pair. This module is the rules: the symbols, what is legal, and what a
//! table pays. It knows nothing of how tables are drawn.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::emission::Emission;
use crate::money::Cents;
use crate::scenario::{ScenarioError, ScenarioRules};

/// A card's rank, in the règlement's order (4.3). Serialized as `"2"`..`"10"`,
/// `"V"`, `"D"`, `"R"`, `"A"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    /// 2.
    #[serde(rename = "2")]
    Two,
    /// 3.
    #[serde(rename = "3")]
    Three,
    /// 4.
    #[serde(rename = "4")]
    Four,
    /// 5.
    #[serde(rename = "5")]
    Five,
    /// 6.
    #[serde(rename = "6")]
    Six,
    /// 7.
    #[serde(rename = "7")]
    Seven,
    /// 8.
    #[serde(rename = "8")]
    Eight,
    /// 9.
    #[serde(rename = "9")]
    Nine,
    /// 10.
    #[serde(rename = "10")]
    Ten,
    /// Valet (jack), worth 10.
    #[serde(rename = "V")]
    Valet,
    /// Dame (queen), worth 10.
    #[serde(rename = "D")]
    Dame,
    /// Roi (king), worth 10.
    #[serde(rename = "R")]
    Roi,
    /// As (ace), worth 11, always.
    #[serde(rename = "A")]
    As,
}

impl Rank {
    /// The thirteen ranks, in order.
    pub const ALL: [Self; 13] = [
        Self::Two,
        Self::Three,
        Self::Four,
        Self::Five,
        Self::Six,
        Self::Seven,
        Self::Eight,
        Self::Nine,
        Self::Ten,
        Self::Valet,
        Self::Dame,
        Self::Roi,
        Self::As,
    ];

    /// The ranks the bank's hidden card may have (4.4): 6 to A.
    pub const BANK_HIDDEN: [Self; 9] = [
        Self::Six,
        Self::Seven,
        Self::Eight,
        Self::Nine,
        Self::Ten,
        Self::Valet,
        Self::Dame,
        Self::Roi,
        Self::As,
    ];

    /// Its value (4.3): its number; V, D and R count 10; A counts 11.
    #[must_use]
    pub const fn value(self) -> u8 {
        match self {
            Self::Two => 2,
            Self::Three => 3,
            Self::Four => 4,
            Self::Five => 5,
            Self::Six => 6,
            Self::Seven => 7,
            Self::Eight => 8,
            Self::Nine => 9,
            Self::Ten | Self::Valet | Self::Dame | Self::Roi => 10,
            Self::As => 11,
        }
    }

    /// The French index printed in the card's corner: `2`..`10`, `V`, `D`, `R`, `A`.
    #[must_use]
    pub const fn index(self) -> &'static str {
        match self {
            Self::Two => "2",
            Self::Three => "3",
            Self::Four => "4",
            Self::Five => "5",
            Self::Six => "6",
            Self::Seven => "7",
            Self::Eight => "8",
            Self::Nine => "9",
            Self::Ten => "10",
            Self::Valet => "V",
            Self::Dame => "D",
            Self::Roi => "R",
            Self::As => "A",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.index())
    }
}

/// A card's suit. The règlement does not use suits; they are drawn for the eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// ♠ Pique.
    Spades,
    /// ♥ Cœur.
    Hearts,
    /// ♦ Carreau.
    Diamonds,
    /// ♣ Trèfle.
    Clubs,
}

impl Suit {
    /// The four suits.
    pub const ALL: [Self; 4] = [Self::Spades, Self::Hearts, Self::Diamonds, Self::Clubs];

    /// Whether the suit is printed in red.
    #[must_use]
    pub const fn is_red(self) -> bool {
        matches!(self, Self::Hearts | Self::Diamonds)
    }
}

/// The bank's pair (4.2, 4.4): one card shown from the start, one hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bank {
    /// The card face up from the start.
    pub shown: Rank,
    /// The card face down, the fourth zone to reveal.
    pub hidden: Rank,
    /// The suits of `shown` and `hidden`.
    pub suits: [Suit; 2],
}

impl Bank {
    /// The bank's number: the sum of its two cards.
    #[must_use]
    pub const fn total(&self) -> u8 {
        self.shown.value() + self.hidden.value()
    }
}

/// One zone of "Vos jeux" (4.3): two cards and the amount under the chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The two cards.
    pub cards: [Rank; 2],
    /// Their suits.
    pub suits: [Suit; 2],
    /// The amount under the stack of chips.
    #[serde(rename = "amount_cents")]
    pub amount: Cents,
}

impl Hand {
    /// The hand's number: the sum of its two cards.
    #[must_use]
    pub const fn total(&self) -> u8 {
        self.cards[0].value() + self.cards[1].value()
    }
}

/// What one Black Jack unit shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlackJackScenario {
    /// "Banque".
    pub bank: Bank,
    /// "Vos jeux": Gain 1, Gain 2, Gain 3.
    pub hands: [Hand; 3],
}

/// What one hand pays against the bank (4.6, 4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandOutcome {
    /// Its number is not above the bank's.
    Loses,
    /// Its number is above the bank's: it pays its amount.
    Wins(Cents),
    /// Its number is 21 (and so above the bank's): it pays its amount doubled.
    WinsDoubled(Cents),
}

impl HandOutcome {
    /// What the hand pays.
    #[must_use]
    pub const fn paid(self) -> Cents {
        match self {
            Self::Loses => Cents::ZERO,
            Self::Wins(amount) | Self::WinsDoubled(amount) => amount,
        }
    }
}

/// **Decision (GAMES.md leaves it open):** the amounts that can appear under a
/// stack of chips, in euros. Every tier is a sum of at most three of them, some
/// doubled by a 21.
pub const CHIP_AMOUNTS_EUROS: [i64; 13] = [
    2, 4, 5, 10, 20, 25, 50, 100, 200, 500, 1_000, 10_000, 20_000,
];

/// The lowest and highest number a hand may show (4.3).
pub const HAND_TOTALS: std::ops::RangeInclusive<u8> = 13..=21;
/// The lowest and highest number the bank may show (4.4).
pub const BANK_TOTALS: std::ops::RangeInclusive<u8> = 17..=20;

impl BlackJackScenario {
    /// What each hand pays: a number above the bank's wins its amount (4.6), a 21
    /// wins it doubled (4.7).
    ///
    /// # Panics
    /// If a doubled amount overflows cents, which no valid scenario does.
    #[must_use]
    pub fn outcomes(&self) -> [HandOutcome; 3] {
        let bank = self.bank.total();
        self.hands.map(|hand| match hand.total() {
            total if total <= bank => HandOutcome::Loses,
            21 => {
                HandOutcome::WinsDoubled(hand.amount.checked_mul(2).expect("a chip amount doubles"))
            }
            _ => HandOutcome::Wins(hand.amount),
        })
    }
}
impl ScenarioRules for BlackJackScenario {
    /// The unit's lot: the winning hands add up into one lot (4.8).
    ///
    /// # Panics
    /// If the amounts overflow cents, which no valid scenario does.
    fn prize(&self) -> Cents {
        Cents::checked_sum(self.outcomes().map(HandOutcome::paid))
            .expect("three hands fit in cents")
    }

    /// Checks every constraint of the règlement: hand numbers 13 to 21, bank
    /// number 17 to 20 with a hidden card from 6 to A, chip amounts from
    /// [`CHIP_AMOUNTS_EUROS`].
    ///
    /// # Errors
    /// The first constraint broken.
    fn validate(&self, _emission: &Emission) -> Result<(), ScenarioError> {
        if !BANK_TOTALS.contains(&self.bank.total()) {
            return Err(ScenarioError::new(format!(
                "bank number {} is not 17 to 20",
                self.bank.total()
            )));
        }
        if !Rank::BANK_HIDDEN.contains(&self.bank.hidden) {
            return Err(ScenarioError::new(format!(
                "bank hidden card {} is below 6",
                self.bank.hidden
            )));
        }
        for (position, hand) in self.hands.iter().enumerate() {
            if !HAND_TOTALS.contains(&hand.total()) {
                return Err(ScenarioError::new(format!(
                    "Gain {} shows {}, not 13 to 21",
                    position + 1,
                    hand.total()
                )));
            }
            if !CHIP_AMOUNTS_EUROS
                .iter()
                .any(|&euros| Cents::euros(euros) == hand.amount)
            {
                return Err(ScenarioError::new(format!(
                    "Gain {} hides {}, not a chip amount",
                    position + 1,
                    hand.amount
                )));
            }
        }
        Ok(())
    }
}

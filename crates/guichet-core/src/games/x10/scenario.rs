//! X10 as its règlement (article 4) describes it: "Vos numéros", nine banknote
//! bundles each hiding a number or a multiplier with an amount, and "Numéros
//! gagnants", three diamonds hiding numbers. This module is the rules.

use serde::{Deserialize, Serialize};

use crate::emission::Emission;
use crate::money::Cents;
use crate::scenario::{ScenarioError, ScenarioRules, all_distinct};

/// The only numbers X10 may show (4.3).
pub const NUMBERS: [u8; 50] = [
    1, 6, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 26, 27, 28, 29, 30, 31, 32, 33, 34,
    35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    60,
];

/// The only multipliers X10 may show (4.3): x1, x2, x5, x10.
pub const MULTIPLIERS: [u8; 4] = [1, 2, 5, 10];

/// **Decision (GAMES.md leaves it open):** the amounts that can appear on a
/// banknote bundle, in euros. Every tier is a sum of at most three of them, some
/// multiplied.
pub const BANKNOTE_AMOUNTS_EUROS: [i64; 16] = [
    1, 2, 4, 5, 7, 10, 15, 20, 25, 50, 100, 500, 1_000, 2_000, 10_000, 20_000,
];

/// What a banknote bundle hides besides its amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Symbol {
    /// A number from [`NUMBERS`] (game 2).
    Number {
        /// The number.
        number: u8,
    },
    /// A multiplier from [`MULTIPLIERS`] (game 1).
    Multiplier {
        /// Its coefficient.
        multiplier: u8,
    },
}

/// One of the nine bundles of "Vos numéros".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The number or multiplier.
    #[serde(flatten)]
    pub symbol: Symbol,
    /// The amount associated with it.
    #[serde(rename = "amount_cents")]
    pub amount: Cents,
}

/// What one X10 unit shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct X10Scenario {
    /// "Numéros gagnants": three diamonds.
    pub winning_numbers: [u8; 3],
    /// "Vos numéros": nine bundles.
    pub cells: [Cell; 9],
}

impl X10Scenario {
    /// What each bundle pays: a multiplier its amount times its coefficient (game
    /// 1, 4.5), a number equal to a winning number its amount (game 2, 4.6).
    ///
    /// # Panics
    /// If an amount overflows cents, which no valid scenario does.
    #[must_use]
    pub fn cell_payouts(&self) -> [Cents; 9] {
        self.cells.map(|cell| match cell.symbol {
            Symbol::Multiplier { multiplier } => cell
                .amount
                .checked_mul(i64::from(multiplier))
                .expect("a multiplied amount fits in cents"),
            Symbol::Number { number } if self.winning_numbers.contains(&number) => cell.amount,
            Symbol::Number { .. } => Cents::ZERO,
        })
    }
}
impl ScenarioRules for X10Scenario {
    /// The unit's lot: every gain adds up into one lot (4.7).
    ///
    /// # Panics
    /// If the amounts overflow cents, which no valid scenario does.
    fn prize(&self) -> Cents {
        Cents::checked_sum(self.cell_payouts()).expect("nine amounts fit in cents")
    }

    /// Checks every constraint of the règlement: numbers from the list, winning
    /// numbers distinct, the nine numbers distinct, multipliers from the list,
    /// amounts from [`BANKNOTE_AMOUNTS_EUROS`].
    ///
    /// # Errors
    /// The first constraint broken.
    fn validate(&self, _emission: &Emission) -> Result<(), ScenarioError> {
        for number in self.winning_numbers {
            if !NUMBERS.contains(&number) {
                return Err(ScenarioError::new(format!(
                    "winning number {number} is not in the list"
                )));
            }
        }
        if !all_distinct(&self.winning_numbers) {
            return Err(ScenarioError::new("the winning numbers repeat"));
        }
        let mut numbers = Vec::with_capacity(9);
        for cell in &self.cells {
            match cell.symbol {
                Symbol::Number { number } if !NUMBERS.contains(&number) => {
                    return Err(ScenarioError::new(format!(
                        "number {number} is not in the list"
                    )));
                }
                Symbol::Number { number } => numbers.push(number),
                Symbol::Multiplier { multiplier } if !MULTIPLIERS.contains(&multiplier) => {
                    return Err(ScenarioError::new(format!(
                        "x{multiplier} is not a multiplier"
                    )));
                }
                Symbol::Multiplier { .. } => {}
            }
            if !BANKNOTE_AMOUNTS_EUROS
                .iter()
                .any(|&euros| Cents::euros(euros) == cell.amount)
            {
                return Err(ScenarioError::new(format!(
                    "{} is not a banknote amount",
                    cell.amount
                )));
            }
        }
        if !all_distinct(&numbers) {
            return Err(ScenarioError::new(
                "the numbers of \u{ab} Vos numéros \u{bb} repeat",
            ));
        }
        Ok(())
    }
}

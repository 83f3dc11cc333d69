//! Star Fortune as its règlement (article 4) describes it: a tilted board with
//! three slots at the top, two "BONUS" cases in the middle and a row of prize
//! places at the bottom; two pucks fall, one after the other. This module is the
//! rules and the board of each stake.
//!
//! **Decision (GAMES.md leaves it open): the board.** The row holds nine places
//! whose amounts are, in stakes, `0 1 2 5 0 5 2 1 0` (at 2 €: 0, 2, 4, 10, 0, 10,
//! 4, 2, 0 €). A BONUS can reveal any amount of the stake's prize table (1, 2, 5,
//! 10, 15, 20, 100, 1 000, 10 000 or 25 000 stakes), never zero.

use serde::{Deserialize, Serialize};

use super::physics::Physics;
use super::puck_path::{Landing, PuckPath};
use crate::emission::Emission;
use crate::money::Cents;
use crate::scenario::{DropFacts, ScenarioError, ScenarioRules};

/// The prize places of the row, left to right, in stakes.
pub const PLACES_IN_STAKES: [i64; 9] = [0, 1, 2, 5, 0, 5, 2, 1, 0];
/// What a BONUS can reveal, in stakes.
pub const BONUS_IN_STAKES: [i64; 10] = [1, 2, 5, 10, 15, 20, 100, 1_000, 10_000, 25_000];
/// Pucks offered above the three slots for each drop (4.3).
pub const PUCKS: u8 = 3;
/// BONUS cases on the board (4.1).
pub const BONUS_CASES: u8 = 2;

/// The prize row of the board sold at `emission`'s stake.
#[must_use]
pub fn places(emission: &Emission) -> Vec<Cents> {
    PLACES_IN_STAKES
        .iter()
        .map(|&stakes| in_stakes(emission, stakes))
        .collect()
}

/// The amounts a BONUS can reveal at `emission`'s stake.
#[must_use]
pub fn bonus_amounts(emission: &Emission) -> Vec<Cents> {
    BONUS_IN_STAKES
        .iter()
        .map(|&stakes| in_stakes(emission, stakes))
        .collect()
}

fn in_stakes(emission: &Emission, stakes: i64) -> Cents {
    emission
        .stake
        .checked_mul(stakes)
        .expect("board amounts fit in cents")
}

/// One of the unit's two drops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drop {
    /// The puck the player picked (0 to 2), once picked. It does not change the
    /// landing (4.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puck: Option<u8>,
    /// Where the puck lands: fixed when the unit is sold.
    #[serde(flatten)]
    pub landing: Landing,
    /// The puck's way down through the pegs, once picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<PuckPath>,
}

/// What one Star Fortune unit shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarFortuneScenario {
    /// The prize row of this stake's board, left to right.
    pub slots_cents: Vec<Cents>,
    /// The first and the second drop.
    pub drops: [Drop; 2],
    /// Seeds the pucks' ways down, so that a replay shows the same fall.
    pub path_seed: u64,
    /// The board and physics the pucks fall by: the unit's own, whatever
    /// build replays it (absent from what was written before physics 2: the
    /// first).
    #[serde(default, skip_serializing_if = "Physics::is_first")]
    pub physics: Physics,
}

impl StarFortuneScenario {
    /// Records the puck the player picked for drop `drop` (0 or 1) and draws its
    /// way down to the landing the unit already holds.
    ///
    /// # Panics
    /// If `drop` is not 0 or 1, or `puck` not 0, 1 or 2.
    pub fn pick_puck(&mut self, drop: usize, puck: u8) {
        assert!(puck < PUCKS, "no puck {puck}");
        let path_seed = self.path_seed;
        let chosen = &mut self.drops[drop];
        chosen.puck = Some(puck);
        chosen.path = Some(PuckPath::draw(path_seed, drop as u8, puck, chosen.landing));
    }

    /// The pucks an automatic player picks (the headless `play` and the audit
    /// export): drawn from the unit's path seed, so always the same for a unit.
    #[must_use]
    pub const fn automatic_pucks(&self) -> [u8; 2] {
        let draws = self.path_seed.rotate_left(17);
        [(draws % 3) as u8, ((draws / 3) % 3) as u8]
    }

    /// What each drop pays: its place's amount, or what its BONUS reveals.
    #[must_use]
    pub fn drop_payouts(&self) -> [Cents; 2] {
        self.drops.each_ref().map(|drop| match drop.landing {
            Landing::Slot { slot } => self
                .slots_cents
                .get(usize::from(slot))
                .copied()
                .unwrap_or(Cents::ZERO),
            Landing::Bonus { bonus_cents, .. } => bonus_cents,
        })
    }
}
impl ScenarioRules for StarFortuneScenario {
    /// The unit's lot: the two results add up into one lot (4.6).
    ///
    /// # Panics
    /// If the amounts overflow cents, which no valid scenario does.
    fn prize(&self) -> Cents {
        Cents::checked_sum(self.drop_payouts()).expect("two amounts fit in cents")
    }

    /// Checks every constraint: the board is this stake's, two drops, each on a
    /// place of the row or in a BONUS case revealing an amount the board allows,
    /// pucks among the three, and each way down legal and ending on its landing.
    ///
    /// # Errors
    /// The first constraint broken.
    fn validate(&self, emission: &Emission) -> Result<(), ScenarioError> {
        if self.slots_cents != places(emission) {
            return Err(ScenarioError::new(
                "the prize row is not this stake's board",
            ));
        }
        let bonus_amounts = bonus_amounts(emission);
        for (number, drop) in self.drops.iter().enumerate() {
            let broken =
                |what: &str| Err(ScenarioError::new(format!("drop {}: {what}", number + 1)));
            match drop.landing {
                Landing::Slot { slot } if usize::from(slot) >= self.slots_cents.len() => {
                    return broken("no such place");
                }
                Landing::Bonus { bonus, .. } if bonus >= BONUS_CASES => {
                    return broken("no such BONUS case");
                }
                Landing::Bonus { bonus_cents, .. } if !bonus_amounts.contains(&bonus_cents) => {
                    return broken("the BONUS reveals an amount the board does not have");
                }
                Landing::Slot { .. } | Landing::Bonus { .. } => {}
            }
            match (drop.puck, &drop.path) {
                (Some(puck), _) if puck >= PUCKS => return broken("no such puck"),
                (Some(puck), Some(path)) if !path.is_legal(puck, drop.landing) => {
                    return broken("the way down does not lead to the landing");
                }
                (None, Some(_)) => return broken("a way down without a puck"),
                _ => {}
            }
        }
        Ok(())
    }

    fn drops(&self) -> Vec<DropFacts> {
        let automatic = self.automatic_pucks();
        self.drops
            .iter()
            .zip(automatic)
            .map(|(drop, automatic_puck)| DropFacts {
                bonus: matches!(drop.landing, Landing::Bonus { .. }),
                automatic_puck,
            })
            .collect()
    }

    fn pick_puck(&mut self, drop: usize, puck: u8) {
        self.pick_puck(drop, puck);
    }
}

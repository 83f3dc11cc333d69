//! Drawing a Star Fortune unit for a prize.
//!
//! **Decisions (GAMES.md leaves them open).** A prize is split into the results
//! of the two drops, each either a place of the row (its amount, 0 € included) or
//! a BONUS case (an amount the board allows, never 0); the ordered pair is chosen
//! uniformly among all pairs of results adding up to the prize. A result names an
//! amount: its place is drawn uniformly among the places showing that amount (so
//! which 0 € place a losing drop lands on does not depend on the prize), its BONUS
//! case uniformly between the two. The pucks' ways down are drawn later, when the
//! player picks a puck (`PuckPath::draw`), from the unit's `path_seed`.

use rand::{Rng, RngExt as _};

use super::physics::Physics;
use super::puck_path::Landing;
use super::scenario::{BONUS_CASES, Drop, StarFortuneScenario, bonus_amounts, places};
use crate::emission::Emission;
use crate::money::Cents;
use crate::sampling::pick;

/// The result of one drop, before its place or case is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DropResult {
    /// A place of the row showing this amount.
    Place(Cents),
    /// A BONUS case revealing this amount.
    Bonus(Cents),
}

impl DropResult {
    const fn amount(self) -> Cents {
        match self {
            Self::Place(amount) | Self::Bonus(amount) => amount,
        }
    }
}

/// Draws the two drops of a unit of `emission` worth `prize`, or `None` if the
/// emission has no such prize (the same under every generators' version this
/// build draws); the unit falls by the physics of generators' `version`.
pub fn generate(
    emission: &Emission,
    prize: Cents,
    rng: &mut (impl Rng + ?Sized),
    version: u32,
) -> Option<StarFortuneScenario> {
    if prize != Cents::ZERO && emission.tier_of(prize).is_none() {
        return None;
    }
    let row = places(emission);
    let mut results: Vec<DropResult> = Vec::new();
    for &amount in &row {
        if !results.contains(&DropResult::Place(amount)) {
            results.push(DropResult::Place(amount));
        }
    }
    results.extend(bonus_amounts(emission).into_iter().map(DropResult::Bonus));
    let pairs: Vec<[DropResult; 2]> = results
        .iter()
        .flat_map(|&first| results.iter().map(move |&second| [first, second]))
        .filter(|[first, second]| first.amount().checked_add(second.amount()) == Some(prize))
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let chosen = *pick(rng, &pairs);
    let drops = chosen.map(|result| Drop {
        puck: None,
        landing: landing(result, &row, rng),
        path: None,
    });
    Some(StarFortuneScenario {
        slots_cents: row,
        drops,
        path_seed: rng.random(),
        physics: Physics::of_generators(version),
    })
}

fn landing(result: DropResult, row: &[Cents], rng: &mut (impl Rng + ?Sized)) -> Landing {
    match result {
        DropResult::Place(amount) => {
            let showing: Vec<u8> = (0..row.len() as u8)
                .filter(|&slot| row[usize::from(slot)] == amount)
                .collect();
            Landing::Slot {
                slot: *pick(rng, &showing),
            }
        }
        DropResult::Bonus(bonus_cents) => Landing::Bonus {
            bonus: rng.random_range(0..BONUS_CASES),
            bonus_cents,
        },
    }
}

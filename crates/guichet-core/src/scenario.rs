//! What every game's scenario answers: the scenario of one unit is what its
//! screen shows, and its game's rules say whether it is legal and what it
//! pays ([`ScenarioRules`]). Each game's scenario type and rules are in its
//! folder (`games/`); the registry makes [`Scenario`](crate::games::Scenario),
//! the scenario of any game, from them.
//!
//! Invariant: the evaluators ([`ScenarioRules::prize`]) are written from the
//! règlements alone; the generators (each game's `generator.rs`) are separate
//! code, and property tests prove that every generated scenario evaluates to
//! its unit's prize. A screen draws a scenario and nothing else.

use crate::emission::Emission;
use crate::money::Cents;

/// A scenario that breaks a rule of its règlement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal scenario: {0}")]
pub struct ScenarioError(String);

impl ScenarioError {
    pub(crate) fn new(reason: impl Into<String>) -> Self {
        Self(reason.into())
    }
}

/// One drop of a game played by dropping pucks, as its reveal needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropFacts {
    /// Whether the drop ends in a BONUS case, opened by "GO".
    pub bonus: bool,
    /// The puck "Auto" (and an automatic player) picks.
    pub automatic_puck: u8,
}

/// What every game's scenario answers, whatever the game.
pub trait ScenarioRules {
    /// What it pays, by the game's règlement.
    fn prize(&self) -> Cents;

    /// Checks every constraint of the règlement for a unit of `emission`.
    ///
    /// # Errors
    /// The first constraint broken.
    fn validate(&self, emission: &Emission) -> Result<(), ScenarioError>;

    /// Its drops, for a game played by dropping pucks (none otherwise).
    fn drops(&self) -> Vec<DropFacts> {
        Vec::new()
    }

    /// Shows puck `puck` picked for drop `drop`, and its way down (a game
    /// without drops has nothing to pick).
    fn pick_puck(&mut self, _drop: usize, _puck: u8) {}
}

/// Whether no value repeats.
pub(crate) fn all_distinct(values: &[u8]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(position, value)| !values[..position].contains(value))
}

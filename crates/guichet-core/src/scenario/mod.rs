//! What each game shows for one unit (its *scenario*), the constraints the
//! règlements put on it, and what it pays.
//!
//! Invariant: the evaluators here ([`Scenario::prize`]) are written from the
//! règlements alone; the generators (`crate::generator`) are separate code, and
//! property tests prove that every generated scenario evaluates to its unit's
//! prize. A screen draws a scenario and nothing else.

pub mod bingo;
pub mod blackjack;
pub mod puck_path;
pub mod star_fortune;
pub mod x10;

use serde::Serialize;

use crate::emission::{Emission, Game};
use crate::money::Cents;

pub use bingo::BingoScenario;
pub use blackjack::BlackJackScenario;
pub use star_fortune::StarFortuneScenario;
pub use x10::X10Scenario;

/// A scenario that breaks a rule of its règlement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal scenario: {0}")]
pub struct ScenarioError(String);

impl ScenarioError {
    pub(crate) fn new(reason: impl Into<String>) -> Self {
        Self(reason.into())
    }
}

/// A scenario of any of the four games. Serialized as the game's own object, the
/// `scenario` of the audit formats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Scenario {
    /// Black Jack.
    BlackJack(BlackJackScenario),
    /// X10.
    X10(X10Scenario),
    /// Star Fortune.
    StarFortune(StarFortuneScenario),
    /// Bingo.
    Bingo(BingoScenario),
}

impl Scenario {
    /// The game this scenario is of.
    #[must_use]
    pub const fn game(&self) -> Game {
        match self {
            Self::BlackJack(_) => Game::BlackJack,
            Self::X10(_) => Game::X10,
            Self::StarFortune(_) => Game::StarFortune,
            Self::Bingo(_) => Game::Bingo,
        }
    }

    /// What the scenario pays, by its game's rules.
    #[must_use]
    pub fn prize(&self) -> Cents {
        match self {
            Self::BlackJack(scenario) => scenario.prize(),
            Self::X10(scenario) => scenario.prize(),
            Self::StarFortune(scenario) => scenario.prize(),
            Self::Bingo(scenario) => scenario.prize(),
        }
    }

    /// Checks every constraint of the règlement of `emission`'s game.
    ///
    /// # Errors
    /// The first constraint broken, or a scenario of another game.
    pub fn validate(&self, emission: &Emission) -> Result<(), ScenarioError> {
        if self.game() != emission.game {
            return Err(ScenarioError::new(format!(
                "a {} scenario sold as {}",
                self.game(),
                emission.game
            )));
        }
        match self {
            Self::BlackJack(scenario) => scenario.validate(),
            Self::X10(scenario) => scenario.validate(),
            Self::StarFortune(scenario) => scenario.validate(emission),
            Self::Bingo(scenario) => scenario.validate(),
        }
    }

    /// Reads a scenario of `game` from its JSON object.
    ///
    /// # Errors
    /// When the JSON is not a scenario of that game.
    pub fn from_json(game: Game, json: &str) -> Result<Self, serde_json::Error> {
        Ok(match game {
            Game::BlackJack => Self::BlackJack(serde_json::from_str(json)?),
            Game::X10 => Self::X10(serde_json::from_str(json)?),
            Game::StarFortune => Self::StarFortune(serde_json::from_str(json)?),
            Game::Bingo => Self::Bingo(serde_json::from_str(json)?),
        })
    }

    /// The scenario as its JSON object.
    ///
    /// # Panics
    /// Never: scenarios are plain data.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scenario serializes")
    }
}

/// Whether no value repeats.
pub(crate) fn all_distinct(values: &[u8]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(position, value)| !values[..position].contains(value))
}

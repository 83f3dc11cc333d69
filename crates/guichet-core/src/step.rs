//! The steps a unit is revealed by: a zone, a puck picked, a "GO" pressed
//! ([`RevealStep`]), and which of them a game has ([`Steps`], in its folder).
//! A game's zones are named in its folder (`games::bingo::BALLS`): a screen
//! asks for "the bank's hidden card", never for zone 3.

use serde::{Deserialize, Serialize};

/// Zone `zone` of a game.
#[must_use]
pub const fn zone(zone: usize) -> RevealStep {
    RevealStep::Zone { zone: zone as u8 }
}

/// `N` zones in a row, from zone `first`.
#[must_use]
pub const fn zones_from<const N: usize>(first: usize) -> [RevealStep; N] {
    let mut zones = [zone(0); N];
    let mut position = 0;
    while position < N {
        zones[position] = zone(first + position);
        position += 1;
    }
    zones
}

/// The steps a game's units are revealed by.
#[derive(Debug, PartialEq, Eq)]
pub struct Steps {
    /// Zones to reveal, in any order but for the first `zones_in_order`.
    pub zones: u8,
    /// How many of the first zones come out one after the other, in order
    /// (Bingo's sphere balls).
    pub zones_in_order: u8,
    /// The order "Auto" reveals the zones in: every zone once.
    pub auto_order: &'static [RevealStep],
    /// Drops (at most [`MAX_DROPS`]): for each, in turn, a puck to pick among
    /// `pucks`, then "GO" if the drop ends in a BONUS case.
    pub drops: u8,
    /// Pucks offered for each drop.
    pub pucks: u8,
}

/// The most drops a game may have.
pub const MAX_DROPS: usize = 2;

/// One thing the player does to reveal a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum RevealStep {
    /// Reveal zone `zone` (its meaning depends on the game).
    Zone {
        /// The zone.
        zone: u8,
    },
    /// Star Fortune: pick puck `puck` (0 to 2) for drop `drop` (0 or 1).
    Puck {
        /// The drop.
        drop: u8,
        /// The puck.
        puck: u8,
    },
    /// Star Fortune: press "GO" in the BONUS case drop `drop` fell into.
    Go {
        /// The drop.
        drop: u8,
    },
}

/// A step that does not fit the unit where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("step {step:?} is not possible now: {reason}")]
pub struct StepError {
    /// The step refused.
    pub step: RevealStep,
    /// Why.
    pub reason: &'static str,
}

//! Star Fortune's board as a physical thing: its geometry ([`board`]) and the
//! pucks' falls through it ([`flight`]). A fall is a pure function of the
//! board and the drop's way down ([`PuckPath`](crate::games::star_fortune::puck_path)),
//! which the unit stores once the puck is picked: the screen, a replay and the
//! auditors' export all draw the same samples.
//!
//! The board and its physics have versions ([`Physics`]), recorded in each
//! unit's scenario: a unit sold under one always falls by it, whatever the
//! build that replays or exports it.

pub mod board;
pub mod flight;

pub use board::{Board, Geometry};

use serde::{Deserialize, Serialize};
pub use flight::{Sample, Trajectory, fly};

use crate::games::star_fortune::puck_path::Landing;
use crate::games::star_fortune::scenario::Drop;

/// A version of the board and of the physics its pucks fall by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Physics {
    /// The first: small pucks steered down, never rising after a peg (every
    /// unit sold before generators' version 4, and a stored scenario that
    /// names none).
    #[default]
    V1,
    /// Pucks twice as big that bounce: after a peg a puck may rise, slow and
    /// spin before it falls on (generators' version 4 on).
    V2,
}

impl Physics {
    /// Every version this build falls by, oldest first.
    pub const ALL: [Self; 2] = [Self::V1, Self::V2];
    /// The version new units are sold with.
    pub const CURRENT: Self = Self::V2;

    /// The physics of a unit drawn by generators' `version`.
    #[must_use]
    pub const fn of_generators(version: u32) -> Self {
        if version >= 4 { Self::V2 } else { Self::V1 }
    }

    /// Whether it is the first version (left out of what is written, so
    /// that the first board and scenarios are written as they always were).
    #[must_use]
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if takes a reference
    pub const fn is_first(&self) -> bool {
        matches!(self, Self::V1)
    }

    /// The board's measures under this version.
    #[must_use]
    pub const fn geometry(self) -> &'static Geometry {
        match self {
            Self::V1 => &Geometry::STEERED,
            Self::V2 => &Geometry::BOUNCING,
        }
    }
}

impl From<Physics> for u8 {
    fn from(physics: Physics) -> Self {
        match physics {
            Physics::V1 => 1,
            Physics::V2 => 2,
        }
    }
}

/// A physics version this build does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no Star Fortune physics version {0}")]
pub struct UnknownPhysics(pub u8);

impl TryFrom<u8> for Physics {
    type Error = UnknownPhysics;

    fn try_from(version: u8) -> Result<Self, Self::Error> {
        match version {
            1 => Ok(Self::V1),
            2 => Ok(Self::V2),
            other => Err(UnknownPhysics(other)),
        }
    }
}

/// The fall of `drop`'s puck on `board`, once a puck is picked.
#[must_use]
pub fn drop_trajectory(board: &Board, drop: &Drop) -> Option<Trajectory> {
    drop.path
        .as_ref()
        .map(|path| fly(board, path, drop.landing))
}

/// Whether a puck whose centre is at `x`, `y` lies in `landing`: between the
/// place's dividers on its floor, or inside the BONUS case.
#[must_use]
pub fn lies_in(board: &Board, landing: Landing, x: f64, y: f64) -> bool {
    let radius = board.puck_radius;
    match landing {
        Landing::Slot { slot } => board.places.get(usize::from(slot)).is_some_and(|place| {
            x - radius >= place.x0
                && x + radius <= place.x1
                && y <= place.y
                && y >= place.y - 3.0 * radius
        }),
        Landing::Bonus { bonus, .. } => board.bonus.get(usize::from(bonus)).is_some_and(|case| {
            x - radius >= case.x0 && x + radius <= case.x1 && y <= case.y1 && y >= case.y0
        }),
    }
}

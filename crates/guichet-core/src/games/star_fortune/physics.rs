//! The versions of Star Fortune's board and of the physics its pucks fall by
//! ([`Physics`]): named in each unit's scenario, so that a unit falls by the
//! one it was sold under in every later build.

use serde::{Deserialize, Serialize};

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

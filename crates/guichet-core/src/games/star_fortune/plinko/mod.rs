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

pub use crate::games::star_fortune::physics::Physics;
pub use board::{Board, Geometry};
pub use flight::{Sample, Trajectory, fly};

use crate::games::star_fortune::puck_path::Landing;
use crate::games::star_fortune::scenario::Drop;

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

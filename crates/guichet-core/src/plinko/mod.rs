//! Star Fortune's board as a physical thing: its geometry ([`board`]) and the
//! pucks' falls through it ([`flight`]). A fall is a pure function of the
//! board and the drop's way down ([`PuckPath`](crate::scenario::puck_path)),
//! which the unit stores once the puck is picked: the screen, a replay and the
//! auditors' export all draw the same samples.

pub mod board;
pub mod flight;

pub use board::Board;
pub use flight::{Sample, Trajectory, fly};

use crate::scenario::star_fortune::{Drop, Landing};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emission::STAR_FORTUNE_100;
    use crate::money::Cents;

    /// A hundredth of a pixel: how far inside or beyond an edge the checks go.
    const HAIR: f64 = 0.01;

    /// Checks that `landing` holds a puck at `inside` and at every point within
    /// a hair of its edges, and none a hair beyond them.
    fn holds_up_to_its_edges(
        board: &Board,
        landing: Landing,
        [left, right, top, bottom]: [f64; 4],
    ) {
        let radius = board.puck_radius;
        let (middle, height) = ((left + right) / 2.0, (top + bottom) / 2.0);
        let inside = [
            (middle, height),
            (left + radius + HAIR, height),
            (right - radius - HAIR, height),
            (middle, top + HAIR),
            (middle, bottom - HAIR),
        ];
        let beyond = [
            (left + radius - HAIR, height),
            (right - radius + HAIR, height),
            (middle, top - HAIR),
            (middle, bottom + HAIR),
        ];
        for (x, y) in inside {
            assert!(lies_in(board, landing, x, y), "{landing:?} at {x}, {y}");
        }
        for (x, y) in beyond {
            assert!(!lies_in(board, landing, x, y), "{landing:?} at {x}, {y}");
        }
    }

    #[test]
    fn a_puck_lies_in_a_place_up_to_its_dividers_and_floor_and_not_a_hair_beyond() {
        let board = Board::of(&STAR_FORTUNE_100);
        let radius = board.puck_radius;
        for (slot, place) in (0_u8..).zip(&board.places) {
            let top = place.y - 3.0 * radius;
            holds_up_to_its_edges(
                &board,
                Landing::Slot { slot },
                [place.x0, place.x1, top, place.y],
            );
            let middle = (place.x0 + place.x1) / 2.0;
            let next = Landing::Slot { slot: slot + 1 };
            assert!(!lies_in(&board, next, middle, place.y - radius));
        }
    }

    #[test]
    fn a_puck_lies_in_a_bonus_case_up_to_its_sides_and_not_a_hair_beyond() {
        let board = Board::of(&STAR_FORTUNE_100);
        for (bonus, case) in (0_u8..).zip(&board.bonus) {
            let landing = Landing::Bonus {
                bonus,
                bonus_cents: Cents(100),
            };
            holds_up_to_its_edges(&board, landing, [case.x0, case.x1, case.y0, case.y1]);
            let other = Landing::Bonus {
                bonus: 1 - bonus,
                bonus_cents: Cents(100),
            };
            assert!(!lies_in(&board, other, (case.x0 + case.x1) / 2.0, case.y1));
        }
    }
}

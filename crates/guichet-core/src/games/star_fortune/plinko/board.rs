//! The Star Fortune board in its own units: `px` at the size the game is
//! designed for, y growing downwards. Every stake has the same board; only the
//! amounts of its prize row differ.
//!
//! Position `p` of the lattice ([`puck_path`](crate::games::star_fortune::puck_path)) is at
//! `x = LEFT + p · HALF_SPACING`; row `r` at `y = TOP + r · ROW_SPACING`. Row `r`
//! has a peg at each position of `r`'s parity, except the two BONUS cases on
//! row 8; row 16 is the prize row, its places between dividers.

use serde::Serialize;

use crate::emission::Emission;
use crate::games::star_fortune::puck_path::{
    BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, PUCK_STARTS, ROWS,
};
use crate::games::star_fortune::scenario::places;

/// The board's width.
pub const WIDTH: f64 = 1000.0;
/// The board's height, the strip under the prize row where the places'
/// amounts are written included.
pub const HEIGHT: f64 = 1300.0;
/// A peg's radius.
pub const PEG_RADIUS: f64 = 6.0;
/// A puck's radius.
pub const PUCK_RADIUS: f64 = 14.0;
/// Half the thickness of a divider or of a BONUS case's wall.
pub const WALL_HALF_WIDTH: f64 = 3.0;
/// The x of position 0.
const LEFT: f64 = 100.0;
/// The distance between two neighbouring positions.
pub const HALF_SPACING: f64 = 50.0;
/// The y of row 0.
const TOP: f64 = 200.0;
/// The distance between two rows.
pub const ROW_SPACING: f64 = 56.0;
/// The side walls, left and right.
pub const WALLS: [f64; 2] = [72.0, 928.0];
/// Where the pucks wait above the slots, before the drop.
const START_Y: f64 = 50.0;
/// The floor of the prize row.
pub const FLOOR_Y: f64 = 1190.0;
/// Where the dividers of the prize row begin.
const DIVIDER_TOP: f64 = 1084.0;
/// A BONUS case's half width.
const CASE_HALF_WIDTH: f64 = 30.0;
/// A BONUS case's walls begin this far above its row.
const CASE_ABOVE: f64 = 12.0;
/// A BONUS case's floor lies this far below its row.
const CASE_BELOW: f64 = 8.0;

/// The x of lattice position `position`.
#[must_use]
pub fn x_of(position: u8) -> f64 {
    LEFT + f64::from(position) * HALF_SPACING
}

/// The y of row `row`.
#[must_use]
pub fn y_of(row: usize) -> f64 {
    TOP + row as f64 * ROW_SPACING
}

/// A straight wall between two points, rounded at its ends (a divider, a
/// BONUS case's side or floor, the prize row's floor).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// One end.
    pub from: [f64; 2],
    /// The other end.
    pub to: [f64; 2],
}

/// A place of the prize row.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Place {
    /// Its left edge.
    pub x0: f64,
    /// Its right edge.
    pub x1: f64,
    /// Its floor.
    pub y: f64,
    /// What it pays.
    pub amount_cents: i64,
}

/// A BONUS case.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Case {
    /// Its left wall.
    pub x0: f64,
    /// Its right wall.
    pub x1: f64,
    /// The top of its walls.
    pub y0: f64,
    /// Its floor.
    pub y1: f64,
}

impl Case {
    /// Its centre, across.
    #[must_use]
    pub fn center_x(&self) -> f64 {
        f64::midpoint(self.x0, self.x1)
    }
}

/// The board of one stake.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Its width.
    pub width: f64,
    /// Its height.
    pub height: f64,
    /// The pegs' centres.
    pub pegs: Vec<[f64; 2]>,
    /// A peg's radius.
    pub peg_radius: f64,
    /// A puck's radius.
    pub puck_radius: f64,
    /// The side walls' x, left and right.
    pub walls: [f64; 2],
    /// Where the three pucks wait, above the slots.
    pub starts: [[f64; 2]; 3],
    /// The prize row, left to right.
    #[serde(rename = "slots")]
    pub places: Vec<Place>,
    /// The two BONUS cases, left and right.
    pub bonus: [Case; 2],
}

impl Board {
    /// The board sold at `emission`'s stake.
    #[must_use]
    pub fn of(emission: &Emission) -> Self {
        let mut pegs = Vec::new();
        for row in 0..ROWS {
            for position in (0..=LAST_POSITION).filter(|&p| usize::from(p) % 2 == row % 2) {
                if row == BONUS_ROW && BONUS_POSITIONS.contains(&position) {
                    continue;
                }
                pegs.push([x_of(position), y_of(row)]);
            }
        }
        let places = places(emission)
            .into_iter()
            .enumerate()
            .map(|(slot, amount)| {
                let center = x_of(2 * slot as u8);
                Place {
                    x0: (center - HALF_SPACING).max(WALLS[0]),
                    x1: (center + HALF_SPACING).min(WALLS[1]),
                    y: FLOOR_Y,
                    amount_cents: amount.0,
                }
            })
            .collect();
        Self {
            width: WIDTH,
            height: HEIGHT,
            pegs,
            peg_radius: PEG_RADIUS,
            puck_radius: PUCK_RADIUS,
            walls: WALLS,
            starts: PUCK_STARTS.map(|position| [x_of(position), START_Y]),
            places,
            bonus: BONUS_POSITIONS.map(|position| {
                let center = x_of(position);
                Case {
                    x0: center - CASE_HALF_WIDTH,
                    x1: center + CASE_HALF_WIDTH,
                    y0: y_of(BONUS_ROW) - CASE_ABOVE,
                    y1: y_of(BONUS_ROW) + CASE_BELOW,
                }
            }),
        }
    }

    /// The walls a puck can meet besides the pegs and the side walls: the
    /// dividers of the prize row, its floor, and each BONUS case's sides and
    /// floor.
    #[must_use]
    pub fn segments(&self) -> Vec<Segment> {
        let mut segments: Vec<Segment> = self
            .places
            .windows(2)
            .map(|pair| Segment {
                from: [pair[0].x1, DIVIDER_TOP],
                to: [pair[0].x1, FLOOR_Y],
            })
            .collect();
        segments.push(Segment {
            from: [self.walls[0], FLOOR_Y],
            to: [self.walls[1], FLOOR_Y],
        });
        for case in &self.bonus {
            segments.extend([
                Segment {
                    from: [case.x0, case.y0],
                    to: [case.x0, case.y1],
                },
                Segment {
                    from: [case.x0, case.y1],
                    to: [case.x1, case.y1],
                },
                Segment {
                    from: [case.x1, case.y0],
                    to: [case.x1, case.y1],
                },
            ]);
        }
        segments
    }

    /// The top of the dividers between the prize places.
    #[must_use]
    pub const fn divider_top(&self) -> f64 {
        DIVIDER_TOP
    }
}

#[cfg(test)]
mod tests {
    use super::*;


    #[test]
    fn the_board_has_its_pegs_cases_and_places() {
        let emission = crate::games::star_fortune::game::GAME.emissions().next().expect("a stake");
        let board = Board::of(emission);
        // 16 rows, alternately 9 and 8 pegs, less the two BONUS cases.
        assert_eq!(board.pegs.len(), 8 * 9 + 8 * 8 - 2);
        assert_eq!(board.places.len(), 9);
        let clearance = 2.0 * PUCK_RADIUS;
        for place in &board.places {
            assert!(place.x1 - place.x0 > clearance);
        }
        for case in &board.bonus {
            assert!(case.x1 - case.x0 > clearance);
        }
        assert!(
            board
                .pegs
                .iter()
                .all(|peg| peg[0] > WALLS[0] && peg[0] < WALLS[1])
        );
    }
}

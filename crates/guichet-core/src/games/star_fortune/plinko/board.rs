//! The Star Fortune board in its own units: `px` at the size the game is
//! designed for, y growing downwards. Every stake has the same board; only the
//! amounts of its prize row differ.
//!
//! Position `p` of the lattice ([`puck_path`](crate::games::star_fortune::puck_path)) is at
//! `x = left + p · half_spacing`; row `r` at `y = top + r · row_spacing`
//! ([`Geometry`], one per [`Physics`]: a unit is drawn on the board it was sold
//! with). Row `r`
//! has a peg at each position of `r`'s parity, except the two BONUS cases on
//! row 8; row 16 is the prize row, its places between dividers.

use serde::Serialize;

use crate::emission::Emission;
use crate::games::star_fortune::physics::Physics;
use crate::games::star_fortune::puck_path::{
    BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, PUCK_STARTS, ROWS,
};
use crate::games::star_fortune::scenario::places;

/// The board's measures under one [`Physics`]: where the pegs, walls,
/// places and cases are, and how big a puck and a peg are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The board's width.
    pub width: f64,
    /// The board's height, the strip under the prize row where the places'
    /// amounts are written included.
    pub height: f64,
    /// A peg's radius.
    pub peg_radius: f64,
    /// A puck's radius.
    pub puck_radius: f64,
    /// Half the thickness of a divider or of a BONUS case's wall.
    pub wall_half_width: f64,
    /// The x of position 0.
    left: f64,
    /// The distance between two neighbouring positions.
    pub half_spacing: f64,
    /// The y of row 0.
    top: f64,
    /// The distance between two rows.
    pub row_spacing: f64,
    /// The side walls, left and right.
    pub walls: [f64; 2],
    /// Where the pucks wait above the slots, before the drop.
    start_y: f64,
    /// The floor of the prize row.
    pub floor_y: f64,
    /// Where the dividers of the prize row begin.
    pub divider_top: f64,
    /// A BONUS case's half width.
    case_half_width: f64,
    /// A BONUS case's walls begin this far above its row.
    case_above: f64,
    /// A BONUS case's floor lies this far below its row.
    case_below: f64,
}

impl Geometry {
    /// The first board (physics 1): small pucks, 16 rows 56 px apart.
    pub const STEERED: Self = Self {
        width: 1000.0,
        height: 1300.0,
        peg_radius: 6.0,
        puck_radius: 14.0,
        wall_half_width: 3.0,
        left: 100.0,
        half_spacing: 50.0,
        top: 200.0,
        row_spacing: 56.0,
        walls: [72.0, 928.0],
        start_y: 50.0,
        floor_y: 1190.0,
        divider_top: 1084.0,
        case_half_width: 30.0,
        case_above: 12.0,
        case_below: 8.0,
    };

    /// The board of physics 2: pucks more than twice as big (36 px at
    /// 1920×1080, a chip a finger can follow) on a lattice 80 px apart across
    /// (a puck's reach over the spacing, 0,48, near the first board's 0,40,
    /// so every way down still has room), less empty board above the pegs,
    /// and BONUS cases that hold the bigger puck with their floor above the
    /// row, clear of the pucks passing under them.
    pub const BOUNCING: Self = Self {
        width: 1480.0,
        height: 1270.0,
        peg_radius: 7.0,
        puck_radius: 31.0,
        wall_half_width: 3.0,
        left: 100.0,
        half_spacing: 80.0,
        top: 170.0,
        row_spacing: 56.0,
        walls: [54.0, 1426.0],
        start_y: 45.0,
        floor_y: 1160.0,
        divider_top: 1054.0,
        case_half_width: 41.0,
        case_above: 50.0,
        case_below: -6.0,
    };

    /// The board's measures under `physics`.
    #[must_use]
    pub const fn of(physics: Physics) -> &'static Self {
        match physics {
            Physics::V1 => &Self::STEERED,
            Physics::V2 => &Self::BOUNCING,
        }
    }

    /// The x of lattice position `position`.
    #[must_use]
    pub fn x_of(&self, position: u8) -> f64 {
        self.left + f64::from(position) * self.half_spacing
    }

    /// The y of row `row`.
    #[must_use]
    pub fn y_of(&self, row: usize) -> f64 {
        self.top + row as f64 * self.row_spacing
    }
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
    /// The physics the pucks fall by on it (written from physics 2 on: the
    /// first board's export is as it always was).
    #[serde(skip_serializing_if = "Physics::is_first")]
    pub physics: Physics,
}

impl Board {
    /// The board sold at `emission`'s stake, for pucks that fall by `physics`.
    #[must_use]
    pub fn of(emission: &Emission, physics: Physics) -> Self {
        let measures = Geometry::of(physics);
        let mut pegs = Vec::new();
        for row in 0..ROWS {
            for position in (0..=LAST_POSITION).filter(|&p| usize::from(p) % 2 == row % 2) {
                if row == BONUS_ROW && BONUS_POSITIONS.contains(&position) {
                    continue;
                }
                pegs.push([measures.x_of(position), measures.y_of(row)]);
            }
        }
        let places = places(emission)
            .into_iter()
            .enumerate()
            .map(|(slot, amount)| {
                let center = measures.x_of(2 * slot as u8);
                Place {
                    x0: (center - measures.half_spacing).max(measures.walls[0]),
                    x1: (center + measures.half_spacing).min(measures.walls[1]),
                    y: measures.floor_y,
                    amount_cents: amount.0,
                }
            })
            .collect();
        Self {
            width: measures.width,
            height: measures.height,
            pegs,
            peg_radius: measures.peg_radius,
            puck_radius: measures.puck_radius,
            walls: measures.walls,
            starts: PUCK_STARTS.map(|position| [measures.x_of(position), measures.start_y]),
            places,
            bonus: BONUS_POSITIONS.map(|position| {
                let center = measures.x_of(position);
                Case {
                    x0: center - measures.case_half_width,
                    x1: center + measures.case_half_width,
                    y0: measures.y_of(BONUS_ROW) - measures.case_above,
                    y1: measures.y_of(BONUS_ROW) + measures.case_below,
                }
            }),
            physics,
        }
    }

    /// Its measures.
    #[must_use]
    pub const fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.physics)
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
                from: [pair[0].x1, self.geometry().divider_top],
                to: [pair[0].x1, self.geometry().floor_y],
            })
            .collect();
        segments.push(Segment {
            from: [self.walls[0], self.geometry().floor_y],
            to: [self.walls[1], self.geometry().floor_y],
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
        self.geometry().divider_top
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_its_pegs_cases_and_places() {
        let emission = crate::games::star_fortune::game::GAME
            .emissions()
            .next()
            .expect("a stake");
        for physics in Physics::ALL {
            let board = Board::of(emission, physics);
            // 16 rows, alternately 9 and 8 pegs, less the two BONUS cases.
            assert_eq!(board.pegs.len(), 8 * 9 + 8 * 8 - 2);
            assert_eq!(board.places.len(), 9);
            let clearance = 2.0 * board.puck_radius;
            for place in &board.places {
                assert!(place.x1 - place.x0 > clearance);
            }
            for case in &board.bonus {
                // The puck fits between the walls and rests inside the case.
                assert!(case.x1 - case.x0 - 2.0 * board.geometry().wall_half_width > clearance);
                let resting = case.y1 - board.geometry().wall_half_width - board.puck_radius;
                assert!(resting >= case.y0, "{physics:?}");
            }
            let walls = board.walls;
            assert!(
                board
                    .pegs
                    .iter()
                    .all(|peg| peg[0] > walls[0] && peg[0] < walls[1])
            );
            // A puck passes between two pegs of a row, and between a peg and
            // the next row's neighbour.
            let measures = board.geometry();
            let across = 2.0 * measures.half_spacing - 2.0 * measures.peg_radius;
            let diagonal =
                measures.half_spacing.hypot(measures.row_spacing) - 2.0 * measures.peg_radius;
            assert!(across.min(diagonal) > clearance, "{physics:?}");
        }
    }
}

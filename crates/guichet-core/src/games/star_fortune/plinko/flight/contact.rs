//! What a puck touches in a step — the pegs, the walls and floors (the
//! board's segments), the side walls — and the bounces off them.

use super::body::Body;
use super::world::World;
use crate::games::star_fortune::plinko::board::{Geometry, Segment};
use crate::games::star_fortune::puck_path::{BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, ROWS};

/// Whether lattice `row` has a peg at `position`.
pub fn has_peg(row: usize, position: u8) -> bool {
    row < ROWS
        && position <= LAST_POSITION
        && usize::from(position) % 2 == row % 2
        && !(row == BONUS_ROW && BONUS_POSITIONS.contains(&position))
}

/// The pegs (row, position) whose centres may lie within `reach` of `x`, `y`
/// (a few more at most, never fewer).
pub fn pegs_near(
    measures: &Geometry,
    x: f64,
    y: f64,
    reach: f64,
) -> impl Iterator<Item = (usize, u8)> {
    let around = |at: f64, origin: f64, spacing: f64| {
        (
            ((at - reach - origin) / spacing).floor().max(0.0),
            ((at + reach - origin) / spacing).ceil().max(0.0),
        )
    };
    let (first_row, last_row) = around(y, measures.y_of(0), measures.row_spacing);
    let (first_position, last_position) = around(x, measures.x_of(0), measures.half_spacing);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // small, non-negative
    let (rows, positions) = (
        first_row as usize..=last_row as usize,
        first_position as u8..=(last_position.min(f64::from(LAST_POSITION)) as u8),
    );
    rows.flat_map(move |row| positions.clone().map(move |position| (row, position)))
        .filter(|&(row, position)| has_peg(row, position))
}

/// What a puck touched in one step.
#[derive(Clone, Copy, Debug, Default)]
pub struct Contact {
    /// The last peg it bounced off (row, position).
    pub peg: Option<(usize, u8)>,
    /// Whether it lies on a floor.
    pub on_floor: bool,
}

/// Resolves every contact (twice, for a puck between two things).
pub fn collide(world: World<'_>, body: &mut Body, segments: &[Segment]) -> Contact {
    let (walls, radius, tuning) = (world.board.walls, world.measures.puck_radius, world.tuning);
    let mut contact = Contact::default();
    for _ in 0..2 {
        if let Some(peg) = collide_pegs(world, body) {
            contact.peg = Some(peg);
        }
        for segment in segments {
            if let Some((normal, depth)) = segment_contact(world.measures, body, segment) {
                let floor = normal[1] < -0.7;
                contact.on_floor |= floor;
                let restitution = if floor {
                    tuning.floor_restitution
                } else {
                    tuning.wall_restitution
                };
                body.bounce(world, normal, depth, restitution);
            }
        }
        if body.x - radius < walls[0] {
            body.bounce(
                world,
                [1.0, 0.0],
                walls[0] + radius - body.x,
                tuning.wall_restitution,
            );
        }
        if body.x + radius > walls[1] {
            body.bounce(
                world,
                [-1.0, 0.0],
                body.x + radius - walls[1],
                tuning.wall_restitution,
            );
        }
    }
    contact
}

/// Bounces the puck off the pegs it touches (only the few near it are looked
/// at); returns the last one it touched.
pub fn collide_pegs(world: World<'_>, body: &mut Body) -> Option<(usize, u8)> {
    let measures = world.measures;
    let (x_of, y_of) = (|position| measures.x_of(position), |row| measures.y_of(row));
    let contact = measures.puck_radius + measures.peg_radius;
    let first_row = ((body.y - contact - y_of(0)) / measures.row_spacing)
        .floor()
        .max(0.0);
    let last_row = ((body.y + contact - y_of(0)) / measures.row_spacing).ceil();
    let first_position = ((body.x - contact - x_of(0)) / measures.half_spacing)
        .floor()
        .max(0.0);
    let last_position = ((body.x + contact - x_of(0)) / measures.half_spacing).ceil();
    if last_row < 0.0 || last_position < 0.0 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // small, non-negative
    let (rows, positions) = (
        first_row as usize..=last_row as usize,
        first_position as u8..=(last_position.min(f64::from(LAST_POSITION)) as u8),
    );
    let mut touched = None;
    for row in rows {
        for position in positions.clone() {
            if !has_peg(row, position) {
                continue;
            }
            let (dx, dy) = (body.x - x_of(position), body.y - y_of(row));
            let distance = (dx * dx + dy * dy).sqrt();
            if distance < contact && distance > 0.0 {
                body.bounce(
                    world,
                    [dx / distance, dy / distance],
                    contact - distance,
                    world.tuning.peg_restitution,
                );
                touched = Some((row, position));
            }
        }
    }
    touched
}

/// The puck's contact with a wall segment, if it touches it: the normal
/// towards the puck and how deep it is in.
pub fn segment_contact(
    measures: &Geometry,
    body: &Body,
    segment: &Segment,
) -> Option<([f64; 2], f64)> {
    let reach = measures.puck_radius + measures.wall_half_width;
    let (ax, ay) = (segment.from[0], segment.from[1]);
    let (bx, by) = (segment.to[0], segment.to[1]);
    if body.x + reach < ax.min(bx)
        || body.x - reach > ax.max(bx)
        || body.y + reach < ay.min(by)
        || body.y - reach > ay.max(by)
    {
        return None;
    }
    let (ex, ey) = (bx - ax, by - ay);
    let length_squared = ex * ex + ey * ey;
    let along = (((body.x - ax) * ex + (body.y - ay) * ey) / length_squared).clamp(0.0, 1.0);
    let (dx, dy) = (body.x - (ax + along * ex), body.y - (ay + along * ey));
    let distance = (dx * dx + dy * dy).sqrt();
    (distance < reach && distance > 0.0).then(|| ([dx / distance, dy / distance], reach - distance))
}

#[cfg(test)]
mod tests {
    use super::super::world::Tuning;
    use super::*;
    use crate::games::star_fortune::game::STAR_FORTUNE_100;
    use crate::games::star_fortune::physics::Physics;
    use crate::games::star_fortune::plinko::board::Board;

    /// The first board's measures, which these tests use.
    const MEASURES: &Geometry = &Geometry::STEERED;
    const PUCK_RADIUS: f64 = MEASURES.puck_radius;
    const PEG_RADIUS: f64 = MEASURES.peg_radius;
    const WALL_HALF_WIDTH: f64 = MEASURES.wall_half_width;

    fn x_of(position: u8) -> f64 {
        MEASURES.x_of(position)
    }

    fn y_of(row: usize) -> f64 {
        MEASURES.y_of(row)
    }

    fn first_board() -> Board {
        Board::of(&STAR_FORTUNE_100, Physics::V1)
    }

    fn world(board: &Board) -> World<'_> {
        World {
            board,
            measures: board.geometry(),
            tuning: Tuning::of(board.physics),
        }
    }

    /// Between rows 0 and 2, on row 1: no peg within reach of either wall.
    const CLEAR_OF_PEGS: f64 = 256.0;

    fn puck(x: f64, y: f64, vx: f64, vy: f64) -> Body {
        Body {
            x,
            y,
            vx,
            vy,
            angle: 0.0,
            spin: 0.0,
        }
    }

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// Where a puck `depth` px into the side wall `side` (0 left, 1 right),
    /// moving into it at 100 px/s, is after the contacts, and its speed across.
    fn after_a_wall(side: usize, depth: f64) -> (f64, f64) {
        let board = first_board();
        let inward = if side == 0 { 1.0 } else { -1.0 };
        let touching = board.walls[side] + inward * PUCK_RADIUS;
        let mut body = puck(
            touching - inward * depth,
            CLEAR_OF_PEGS,
            -inward * 100.0,
            0.0,
        );
        let contact = collide(world(&board), &mut body, &board.segments());
        assert!(contact.peg.is_none() && !contact.on_floor);
        (body.x, body.vx)
    }

    #[test]
    fn a_side_wall_puts_the_puck_back_against_it_and_sends_it_back() {
        let board = first_board();
        for (side, inward) in [(0, 1.0), (1, -1.0)] {
            let (x, vx) = after_a_wall(side, 2.0);
            assert!(near(x, board.walls[side] + inward * PUCK_RADIUS), "{x}");
            // Restitution 0,4 of the 100 px/s it came with.
            assert!(near(vx, inward * 40.0), "{vx}");
            // Just touching is not a contact yet.
            let (x, vx) = after_a_wall(side, 0.0);
            assert!(near(x, board.walls[side] + inward * PUCK_RADIUS), "{x}");
            assert!(near(vx, -inward * 100.0), "{vx}");
        }
    }

    #[test]
    fn a_pucks_speed_is_the_length_of_its_velocity() {
        assert!(near(puck(0.0, 0.0, 3.0, -4.0).speed(), 5.0));
        assert!(near(puck(0.0, 0.0, -30.0, 0.0).speed(), 30.0));
    }

    #[test]
    fn a_wall_segment_is_met_within_its_reach_only() {
        let reach = PUCK_RADIUS + WALL_HALF_WIDTH;
        let floor = Segment {
            from: [300.0, 1000.0],
            to: [400.0, 1000.0],
        };
        let touch = |x: f64, y: f64| segment_contact(MEASURES, &puck(x, y, 0.0, 0.0), &floor);
        assert_eq!(touch(350.0, 1000.0 - reach + 1.0), Some(([0.0, -1.0], 1.0)));
        assert_eq!(touch(350.0, 1000.0 + reach - 1.0), Some(([0.0, 1.0], 1.0)));
        // Just touching, past a corner (within the box, out of reach), on the
        // line itself: no contact.
        assert_eq!(touch(350.0, 1000.0 - reach), None);
        assert_eq!(touch(413.0, 987.0), None);
        assert_eq!(touch(350.0, 1000.0), None);
        let (normal, depth) = touch(410.0, 990.0).expect("within reach of the corner");
        assert!(near(normal[0], normal[1].abs()) && normal[1] < 0.0);
        assert!(near(depth, reach - 200.0_f64.sqrt()));
    }

    #[test]
    fn a_peg_is_met_from_every_side_and_pushes_the_puck_out_of_it() {
        let board = first_board();
        let contact = PUCK_RADIUS + PEG_RADIUS;
        // Pegs at the corners of the lattice and in its middle.
        for (row, position) in [(0, 0), (0, 16), (7, 7), (14, 8), (15, 15)] {
            let (px, py) = (x_of(position), y_of(row));
            for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0), (0.6, 0.8)] {
                let inside = contact - 2.0;
                let mut body = puck(px + dx * inside, py + dy * inside, -dx * 50.0, -dy * 50.0);
                assert_eq!(
                    collide_pegs(world(&board), &mut body),
                    Some((row, position))
                );
                let distance = ((body.x - px).powi(2) + (body.y - py).powi(2)).sqrt();
                assert!(near(distance, contact), "{row}, {position}: {distance}");
                // It now moves away from the peg.
                assert!(body.vx * dx + body.vy * dy > 0.0);
            }
        }
        let mut far = puck(x_of(7), y_of(7) - contact - 1.0, 0.0, 50.0);
        assert_eq!(collide_pegs(world(&board), &mut far), None);
        // Just touching is not a contact yet; nor is a puck on the peg's very
        // centre, which has no side to be pushed out by (and never happens).
        for y in [y_of(7) - contact, y_of(7)] {
            let mut body = puck(x_of(7), y, 0.0, 50.0);
            assert_eq!(collide_pegs(world(&board), &mut body), None);
            assert!(near(body.vy, 50.0) && near(body.y, y));
        }
    }
}

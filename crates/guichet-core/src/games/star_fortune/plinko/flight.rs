//! A puck's fall through the board: a fixed-timestep integrator in `f64` —
//! gravity, bounces off pegs and walls with restitution and friction that
//! spins the puck, felt on the floors — steered so that at every peg it leaves
//! on the side its way down ([`PuckPath`]) says, and comes to rest where the
//! unit's landing is.
//!
//! The steering acts where a puck meets a peg of its path: the bounce is
//! computed as physics says, then its sideways speed (and, within bounds, its
//! speed down) is set so that the puck's free flight meets the next peg of the
//! path at a point of that peg's upper half on the side the path leaves by —
//! the point drawn from the path, so that two falls differ — or, after the
//! last, the middle of its landing. Between pegs a gentle sideways push (a
//! tilt of the board) makes up for what a bounce leaves over. Only `+ − × ÷` and `sqrt` are
//! used, which IEEE 754 rounds the same way on every machine: the same path
//! gives the same samples, bit for bit, everywhere.

use super::board::{
    Board, HALF_SPACING, PEG_RADIUS, PUCK_RADIUS, ROW_SPACING, Segment, WALL_HALF_WIDTH, x_of, y_of,
};
use crate::games::star_fortune::puck_path::{
    BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, Landing, PUCK_STARTS, PuckPath, ROWS,
};

/// Samples per second of a trajectory (the screen's frame rate).
pub const SAMPLE_RATE: f64 = 60.0;
/// Integrator steps per sample.
const SUBSTEPS: u32 = 8;
/// The board's slope pulls the puck down at this acceleration, px/s².
const GRAVITY: f64 = 3300.0;
/// Restitution of a peg.
const PEG_RESTITUTION: f64 = 0.3;
/// Restitution of a side wall, a divider or a case's side.
const WALL_RESTITUTION: f64 = 0.4;
/// Restitution of a floor (the prize row's, a BONUS case's): felt.
const FLOOR_RESTITUTION: f64 = 0.2;
/// The felt of a floor slows a puck rolling on it, per second.
const FELT: f64 = 12.0;
/// How much of the rolling friction a contact applies (0: ice, 1: rolls).
const GRIP: f64 = 0.35;
/// Spin lost to the air, per second.
const SPIN_DECAY: f64 = 0.5;
/// How fast the push between pegs matches the speed it wants, per second.
const STEER_RATE: f64 = 10.0;
/// The strongest push between pegs, px/s².
const STEER_LIMIT: f64 = 500.0;
/// The fastest sideways speed the steering gives, px/s.
const STEER_SPEED: f64 = 500.0;
/// The speed down a puck may leave a peg with, px/s (negative: up).
const LEAVE_DOWN: [f64; 2] = [150.0, 250.0];
/// The speed down a puck leaves its last peg with for a BONUS case, px/s: up,
/// a lob that drops it into the case.
const LOB: [f64; 2] = [-240.0, -180.0];
/// The shortest flight the steering plans from a peg to the next aim, s.
const SHORTEST_HOP: f64 = 0.1;
/// A puck slower than this on its floor is at rest, px/s.
const REST_SPEED: f64 = 30.0;
/// A fall ends here whatever happens (none comes close: see the tests).
const LONGEST: f64 = 6.0;
/// The fastest a puck ever goes, px/s: the tests hold every trajectory to it.
pub const SPEED_LIMIT: f64 = 1200.0;

/// Where the puck is at one instant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Seconds since release.
    pub t: f64,
    /// The centre, across.
    pub x: f64,
    /// The centre, down.
    pub y: f64,
    /// How far the puck has turned, radians.
    pub angle: f64,
}

/// A puck's whole fall, sampled at [`SAMPLE_RATE`] from release to rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Trajectory {
    /// The samples, the first at release, the last at rest.
    pub samples: Vec<Sample>,
}

impl Trajectory {
    /// How long the fall lasts, release to rest.
    #[must_use]
    pub fn duration(&self) -> f64 {
        self.samples.last().map_or(0.0, |sample| sample.t)
    }

    /// Where the puck is `t` seconds after release, between two samples
    /// (linearly), at rest after the last.
    #[must_use]
    pub fn at(&self, t: f64) -> Sample {
        let last = self.samples.len().saturating_sub(1);
        let index = (t.max(0.0) * SAMPLE_RATE).floor();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        // floor of a non-negative
        let index = index as usize;
        if index >= last {
            return self.samples[last];
        }
        let (a, b) = (self.samples[index], self.samples[index + 1]);
        let along = (t - a.t) * SAMPLE_RATE;
        let mix = |from: f64, to: f64| from + (to - from) * along;
        Sample {
            t,
            x: mix(a.x, b.x),
            y: mix(a.y, b.y),
            angle: mix(a.angle, b.angle),
        }
    }

    /// The row of the lattice the puck has gone down to at `t` (how many rows
    /// of pegs are above its centre).
    #[must_use]
    pub fn rows_passed(&self, t: f64) -> usize {
        let y = self.at(t).y;
        (0..ROWS).take_while(|&row| y > y_of(row)).count()
    }
}

/// A point the steering aims at: where the puck meets a peg of its path (that
/// peg's row and position), or the middle of its landing's floor.
#[derive(Clone, Copy, Debug)]
struct Aim {
    x: f64,
    y: f64,
    peg: Option<(usize, u8)>,
    /// The speeds down the puck may leave for this aim with.
    leave: [f64; 2],
}

/// The aims of `path`: on each row, a point of the peg's upper half on the
/// side the path leaves by; at the end, the floor of the landing.
fn aims(board: &Board, path: &PuckPath, landing: Landing) -> Vec<Aim> {
    let contact = PUCK_RADIUS + PEG_RADIUS;
    let positions = &path.0;
    let mut aims: Vec<Aim> = positions
        .windows(2)
        .enumerate()
        .map(|(row, step)| {
            let side = if step[1] > step[0] { 1.0 } else { -1.0 };
            // From 55 % to 80 % of the way off the peg's top: a glancing hit.
            let offset = contact * (0.55 + 0.25 * unit_draw(positions, row));
            Aim {
                x: x_of(step[0]) + side * offset,
                y: y_of(row) - (contact * contact - offset * offset).sqrt(),
                peg: Some((row, step[0])),
                leave: LEAVE_DOWN,
            }
        })
        .collect();
    let last = *positions.last().unwrap_or(&0);
    let (x, floor, leave) = match landing {
        Landing::Slot { .. } => (x_of(last), board.places[0].y, LEAVE_DOWN),
        Landing::Bonus { bonus, .. } => {
            let case = board.bonus[usize::from(bonus.min(1))];
            (case.center_x(), case.y1, LOB)
        }
    };
    aims.push(Aim {
        x,
        y: floor - PUCK_RADIUS - WALL_HALF_WIDTH,
        peg: None,
        leave,
    });
    aims
}

/// A number in `[0, 1)` drawn from the path and a row (`SplitMix64`): which part
/// of a peg the puck meets, the same for the same path.
fn unit_draw(positions: &[u8], row: usize) -> f64 {
    let mut state = positions.iter().fold(row as u64, |hash, &position| {
        hash.wrapping_mul(31).wrapping_add(u64::from(position))
    });
    state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    state = (state ^ (state >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    state = (state ^ (state >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    state ^= state >> 31;
    #[allow(clippy::cast_precision_loss)] // 53 bits, exactly
    let draw = (state >> 11) as f64 / (1_u64 << 53) as f64;
    draw
}

/// The puck in flight.
#[derive(Clone, Copy, Debug)]
struct Body {
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    angle: f64,
    spin: f64,
}

impl Body {
    /// Pushes the puck out of a contact along `normal` (unit, towards the
    /// puck) by `depth`, and bounces it: restitution along the normal,
    /// friction across it that turns the puck.
    fn bounce(&mut self, normal: [f64; 2], depth: f64, restitution: f64) {
        self.x += normal[0] * depth;
        self.y += normal[1] * depth;
        let along = self.vx * normal[0] + self.vy * normal[1];
        if along >= 0.0 {
            return;
        }
        self.vx -= (1.0 + restitution) * along * normal[0];
        self.vy -= (1.0 + restitution) * along * normal[1];
        let tangent = [-normal[1], normal[0]];
        let slip = self.vx * tangent[0] + self.vy * tangent[1] - self.spin * PUCK_RADIUS;
        // A disc: a third of the slip goes to its speed, two thirds to its turn.
        let impulse = -GRIP * slip / 3.0;
        self.vx += impulse * tangent[0];
        self.vy += impulse * tangent[1];
        self.spin -= 2.0 * impulse / PUCK_RADIUS;
    }

    fn speed(&self) -> f64 {
        (self.vx * self.vx + self.vy * self.vy).sqrt()
    }
}

/// Whether lattice `row` has a peg at `position`.
fn has_peg(row: usize, position: u8) -> bool {
    row < ROWS
        && position <= LAST_POSITION
        && usize::from(position) % 2 == row % 2
        && !(row == BONUS_ROW && BONUS_POSITIONS.contains(&position))
}

/// The fall of a puck along `path` to `landing` on `board`.
#[must_use]
pub fn fly(board: &Board, path: &PuckPath, landing: Landing) -> Trajectory {
    let aims = aims(board, path, landing);
    let segments = board.segments();
    let start = board.starts[usize::from(start_index(path))];
    let mut body = Body {
        x: start[0],
        y: start[1],
        vx: 0.0,
        vy: 0.0,
        angle: 0.0,
        spin: 0.0,
    };
    let dt = 1.0 / (SAMPLE_RATE * f64::from(SUBSTEPS));
    let mut aim_index = 0;
    // Released from rest: only a sideways nudge towards the first peg.
    leave_towards(
        &mut body,
        Aim {
            leave: [0.0, 0.0],
            ..aims[0]
        },
    );
    let mut samples = vec![sample(0.0, &body)];
    let mut tick: u32 = 0;
    loop {
        tick += 1;
        let mut resting = false;
        for _ in 0..SUBSTEPS {
            if let Some((row, _)) = aims[aim_index].peg
                && body.y > y_of(row) + PEG_RADIUS
            {
                // Gone past its peg without touching it: on to the next.
                aim_index += 1;
            }
            steer_and_move(&mut body, aims[aim_index], dt);
            let contact = collide(&mut body, board, &segments);
            if contact.peg.is_some() && contact.peg == aims[aim_index].peg {
                aim_index += 1;
                leave_towards(&mut body, aims[aim_index]);
            }
            if contact.on_floor {
                body.vx -= body.vx * FELT * dt;
                body.spin -= body.spin * FELT * dt;
            }
            resting = contact.on_floor && aims[aim_index].peg.is_none();
        }
        let t = f64::from(tick) / SAMPLE_RATE;
        samples.push(sample(t, &body));
        if (resting && body.speed() < REST_SPEED) || t >= LONGEST {
            return Trajectory { samples };
        }
    }
}

/// Which of the three pucks a path starts from.
fn start_index(path: &PuckPath) -> u8 {
    let first = path.0.first().copied().unwrap_or(0);
    PUCK_STARTS
        .iter()
        .position(|&start| start == first)
        .map_or(0, |index| index as u8)
}

fn sample(t: f64, body: &Body) -> Sample {
    Sample {
        t,
        x: body.x,
        y: body.y,
        angle: body.angle,
    }
}

/// How long a puck moving down at `down` px/s takes to fall `drop` px more.
fn time_to_fall(down: f64, drop: f64) -> f64 {
    let square = down * down + 2.0 * GRAVITY * drop;
    if drop <= 0.0 || square <= 0.0 {
        return 0.0;
    }
    (-down + square.sqrt()) / GRAVITY
}

/// The steering at a peg of the path (and at release): the puck leaves with
/// the speed down it has (within what the aim allows) and the sideways speed that
/// takes it to `aim` in free flight.
fn leave_towards(body: &mut Body, aim: Aim) {
    body.vy = body.vy.clamp(aim.leave[0], aim.leave[1]);
    let time = time_to_fall(body.vy, aim.y - body.y).max(SHORTEST_HOP);
    body.vx = ((aim.x - body.x) / time).clamp(-STEER_SPEED, STEER_SPEED);
}

/// One step of the integrator (semi-implicit Euler): the gentle push towards
/// `aim` and gravity, then the move.
fn steer_and_move(body: &mut Body, aim: Aim, dt: f64) {
    let time = time_to_fall(body.vy, aim.y - body.y).max(SHORTEST_HOP / 2.0);
    let wanted = ((aim.x - body.x) / time).clamp(-STEER_SPEED, STEER_SPEED);
    let push = (STEER_RATE * (wanted - body.vx)).clamp(-STEER_LIMIT, STEER_LIMIT);
    body.vx += push * dt;
    body.vy += GRAVITY * dt;
    body.x += body.vx * dt;
    body.y += body.vy * dt;
    body.angle += body.spin * dt;
    body.spin -= body.spin * SPIN_DECAY * dt;
}

/// What a puck touched in one step.
#[derive(Clone, Copy, Debug, Default)]
struct Contact {
    /// The last peg it bounced off (row, position).
    peg: Option<(usize, u8)>,
    /// Whether it lies on a floor.
    on_floor: bool,
}

/// Resolves every contact (twice, for a puck between two things).
fn collide(body: &mut Body, board: &Board, segments: &[Segment]) -> Contact {
    let mut contact = Contact::default();
    for _ in 0..2 {
        if let Some(peg) = collide_pegs(body) {
            contact.peg = Some(peg);
        }
        for segment in segments {
            if let Some((normal, depth)) = segment_contact(body, segment) {
                let floor = normal[1] < -0.7;
                contact.on_floor |= floor;
                let restitution = if floor {
                    FLOOR_RESTITUTION
                } else {
                    WALL_RESTITUTION
                };
                body.bounce(normal, depth, restitution);
            }
        }
        if body.x - PUCK_RADIUS < board.walls[0] {
            body.bounce(
                [1.0, 0.0],
                board.walls[0] + PUCK_RADIUS - body.x,
                WALL_RESTITUTION,
            );
        }
        if body.x + PUCK_RADIUS > board.walls[1] {
            body.bounce(
                [-1.0, 0.0],
                body.x + PUCK_RADIUS - board.walls[1],
                WALL_RESTITUTION,
            );
        }
    }
    contact
}

/// Bounces the puck off the pegs it touches (only the few near it are looked
/// at); returns the last one it touched.
fn collide_pegs(body: &mut Body) -> Option<(usize, u8)> {
    let contact = PUCK_RADIUS + PEG_RADIUS;
    let first_row = ((body.y - contact - y_of(0)) / ROW_SPACING)
        .floor()
        .max(0.0);
    let last_row = ((body.y + contact - y_of(0)) / ROW_SPACING).ceil();
    let first_position = ((body.x - contact - x_of(0)) / HALF_SPACING)
        .floor()
        .max(0.0);
    let last_position = ((body.x + contact - x_of(0)) / HALF_SPACING).ceil();
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
                    [dx / distance, dy / distance],
                    contact - distance,
                    PEG_RESTITUTION,
                );
                touched = Some((row, position));
            }
        }
    }
    touched
}

/// The puck's contact with a wall segment, if it touches it: the normal
/// towards the puck and how deep it is in.
fn segment_contact(body: &Body, segment: &Segment) -> Option<([f64; 2], f64)> {
    let reach = PUCK_RADIUS + WALL_HALF_WIDTH;
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
    use super::*;
    use crate::games::star_fortune::game::STAR_FORTUNE_100;

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
        let board = Board::of(&STAR_FORTUNE_100);
        let inward = if side == 0 { 1.0 } else { -1.0 };
        let touching = board.walls[side] + inward * PUCK_RADIUS;
        let mut body = puck(
            touching - inward * depth,
            CLEAR_OF_PEGS,
            -inward * 100.0,
            0.0,
        );
        let contact = collide(&mut body, &board, &board.segments());
        assert!(contact.peg.is_none() && !contact.on_floor);
        (body.x, body.vx)
    }

    #[test]
    fn a_side_wall_puts_the_puck_back_against_it_and_sends_it_back() {
        let board = Board::of(&STAR_FORTUNE_100);
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
        let touch = |x: f64, y: f64| segment_contact(&puck(x, y, 0.0, 0.0), &floor);
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
        let contact = PUCK_RADIUS + PEG_RADIUS;
        // Pegs at the corners of the lattice and in its middle.
        for (row, position) in [(0, 0), (0, 16), (7, 7), (14, 8), (15, 15)] {
            let (px, py) = (x_of(position), y_of(row));
            for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0), (0.6, 0.8)] {
                let inside = contact - 2.0;
                let mut body = puck(px + dx * inside, py + dy * inside, -dx * 50.0, -dy * 50.0);
                assert_eq!(collide_pegs(&mut body), Some((row, position)));
                let distance = ((body.x - px).powi(2) + (body.y - py).powi(2)).sqrt();
                assert!(near(distance, contact), "{row}, {position}: {distance}");
                // It now moves away from the peg.
                assert!(body.vx * dx + body.vy * dy > 0.0);
            }
        }
        let mut far = puck(x_of(7), y_of(7) - contact - 1.0, 0.0, 50.0);
        assert_eq!(collide_pegs(&mut far), None);
        // Just touching is not a contact yet; nor is a puck on the peg's very
        // centre, which has no side to be pushed out by (and never happens).
        for y in [y_of(7) - contact, y_of(7)] {
            let mut body = puck(x_of(7), y, 0.0, 50.0);
            assert_eq!(collide_pegs(&mut body), None);
            assert!(near(body.vy, 50.0) && near(body.y, y));
        }
    }
}

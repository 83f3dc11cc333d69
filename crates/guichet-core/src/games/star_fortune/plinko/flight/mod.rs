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
//! tilt of the board) makes up for what a bounce leaves over.
//!
//! Each [`Physics`] has its constants ([`Tuning`]); under physics 2 a puck
//! bounces up off a peg when it hits it near the top, and the flight it leaves
//! with is the first, among the points of the next peg's shoulder and the
//! speeds down near the one it bounced with, that clears every peg and wall on
//! its way. Only `+ − × ÷` and `sqrt` are used, which IEEE 754 rounds the same
//! way on every machine: the same path gives the same samples, bit for bit,
//! everywhere.

use super::board::{Board, Geometry, Segment};
use crate::games::star_fortune::physics::Physics;
use crate::games::star_fortune::puck_path::{
    BONUS_POSITIONS, BONUS_ROW, LAST_POSITION, Landing, PUCK_STARTS, PuckPath, ROWS,
};

/// Samples per second of a trajectory (the screen's frame rate).
pub const SAMPLE_RATE: f64 = 60.0;
/// Integrator steps per sample.
const SUBSTEPS: u32 = 8;
/// A fall ends here whatever happens (none comes close: see the tests).
const LONGEST: f64 = 6.0;
/// The fastest a puck ever goes, px/s: the tests hold every trajectory to it.
pub const SPEED_LIMIT: f64 = 1200.0;

/// The constants of one physics version.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// The board's slope pulls the puck down at this acceleration, px/s².
    gravity: f64,
    /// Restitution of a peg.
    peg_restitution: f64,
    /// Restitution of a side wall, a divider or a case's side.
    wall_restitution: f64,
    /// Restitution of a floor (the prize row's, a BONUS case's): felt.
    floor_restitution: f64,
    /// The felt of a floor slows a puck rolling on it, per second.
    felt: f64,
    /// How much of the rolling friction a contact applies (0: ice, 1: rolls).
    grip: f64,
    /// Spin lost to the air, per second.
    spin_decay: f64,
    /// How fast the push between pegs matches the speed it wants, per second.
    steer_rate: f64,
    /// The strongest push between pegs, px/s².
    steer_limit: f64,
    /// The fastest sideways speed the steering gives, px/s.
    steer_speed: f64,
    /// The speed down a puck may leave a peg with, px/s (negative: up).
    leave_down: [f64; 2],
    /// The speed down a puck leaves its last peg with for a BONUS case, px/s:
    /// up, a lob that drops it into the case.
    lob: [f64; 2],
    /// Where on a peg's upper half the puck meets it, as a share of the
    /// contact distance off the top: the least, and how much more a path's
    /// draw may add.
    hit_offset: [f64; 2],
    /// The shortest flight the steering plans from a peg to the next aim, s.
    shortest_hop: f64,
    /// A puck slower than this on its floor is at rest, px/s.
    rest_speed: f64,
    /// Whether pucks hop (physics 2): off each peg of its path a puck takes a
    /// flight planned to clear every peg and wall on its way ([`plan_hop`]):
    /// a hop to go over the next peg's top to its far side, a drop off a
    /// peg's flank to turn back.
    hops: bool,
}

impl Tuning {
    /// Physics 1: soft pegs, glancing hits; a puck always leaves a peg
    /// downwards.
    const STEERED: Self = Self {
        gravity: 3300.0,
        peg_restitution: 0.3,
        wall_restitution: 0.4,
        floor_restitution: 0.2,
        felt: 12.0,
        grip: 0.35,
        spin_decay: 0.5,
        steer_rate: 10.0,
        steer_limit: 500.0,
        steer_speed: 500.0,
        leave_down: [150.0, 250.0],
        lob: [-240.0, -180.0],
        // From 55 % to 80 % of the way off the peg's top: a glancing hit.
        hit_offset: [0.55, 0.25],
        shortest_hop: 0.1,
        rest_speed: 30.0,
        hops: false,
    };

    /// Physics 2 (pucks twice as big on a wider board): livelier pegs and
    /// hits nearer their tops, so that a puck may bounce up off a peg, slow at
    /// the top of its hop, spin from the rub and fall on; the speed it leaves
    /// a peg with is held within a hop that never stalls the fall, and its
    /// flight planned clear of every peg on the way ([`plan_hop`]).
    const BOUNCING: Self = Self {
        gravity: 4200.0,
        peg_restitution: 0.55,
        steer_speed: 800.0,
        leave_down: [-450.0, 280.0],
        // From 50 % to 80 % of the way off the peg's top.
        hit_offset: [0.5, 0.3],
        hops: true,
        // The walls, the felt, the spin and the steering as physics 1's.
        ..Self::STEERED
    };

    const fn of(physics: Physics) -> &'static Self {
        match physics {
            Physics::V1 => &Self::STEERED,
            Physics::V2 => &Self::BOUNCING,
        }
    }
}

/// The board and the constants a fall is computed with.
#[derive(Clone, Copy)]
struct World<'a> {
    board: &'a Board,
    measures: &'static Geometry,
    tuning: &'static Tuning,
}

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
    /// of pegs of a board of `measures` are above its centre).
    #[must_use]
    pub fn rows_passed(&self, measures: &Geometry, t: f64) -> usize {
        let y = self.at(t).y;
        (0..ROWS).take_while(|&row| y > measures.y_of(row)).count()
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
fn aims(world: World<'_>, path: &PuckPath, landing: Landing) -> Vec<Aim> {
    let World {
        board,
        measures,
        tuning,
    } = world;
    let contact = measures.puck_radius + measures.peg_radius;
    let positions = &path.0;
    let mut aims: Vec<Aim> = positions
        .windows(2)
        .enumerate()
        .map(|(row, step)| {
            let side = if step[1] > step[0] { 1.0 } else { -1.0 };
            let [least, more] = tuning.hit_offset;
            let offset = contact * (least + more * unit_draw(positions, row));
            Aim {
                x: measures.x_of(step[0]) + side * offset,
                y: measures.y_of(row) - (contact * contact - offset * offset).sqrt(),
                peg: Some((row, step[0])),
                leave: tuning.leave_down,
            }
        })
        .collect();
    let last = *positions.last().unwrap_or(&0);
    let (x, floor, leave) = match landing {
        Landing::Slot { .. } => (measures.x_of(last), board.places[0].y, tuning.leave_down),
        Landing::Bonus { bonus, .. } => {
            let case = board.bonus[usize::from(bonus.min(1))];
            (case.center_x(), case.y1, tuning.lob)
        }
    };
    aims.push(Aim {
        x,
        y: floor - measures.puck_radius - measures.wall_half_width,
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
    fn bounce(&mut self, world: World<'_>, normal: [f64; 2], depth: f64, restitution: f64) {
        let radius = world.measures.puck_radius;
        self.x += normal[0] * depth;
        self.y += normal[1] * depth;
        let along = self.vx * normal[0] + self.vy * normal[1];
        if along >= 0.0 {
            return;
        }
        self.vx -= (1.0 + restitution) * along * normal[0];
        self.vy -= (1.0 + restitution) * along * normal[1];
        let tangent = [-normal[1], normal[0]];
        let slip = self.vx * tangent[0] + self.vy * tangent[1] - self.spin * radius;
        // A disc: a third of the slip goes to its speed, two thirds to its turn.
        let impulse = -world.tuning.grip * slip / 3.0;
        self.vx += impulse * tangent[0];
        self.vy += impulse * tangent[1];
        self.spin -= 2.0 * impulse / radius;
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

/// The fall of a puck along `path` to `landing` on `board`, by the board's
/// physics.
#[must_use]
pub fn fly(board: &Board, path: &PuckPath, landing: Landing) -> Trajectory {
    let world = World {
        board,
        measures: board.geometry(),
        tuning: Tuning::of(board.physics),
    };
    let mut aims = aims(world, path, landing);
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
        world,
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
                && body.y > world.measures.y_of(row) + world.measures.peg_radius
            {
                // Gone past its peg without touching it: on to the next.
                aim_index += 1;
            }
            steer_and_move(world, &mut body, aims[aim_index], dt);
            let contact = collide(world, &mut body, &segments);
            if let Some(off) = contact.peg
                && contact.peg == aims[aim_index].peg
            {
                aim_index += 1;
                if world.tuning.hops {
                    plan_hop(world, &mut body, &mut aims[aim_index], off, &segments);
                } else {
                    leave_towards(world, &mut body, aims[aim_index]);
                }
            }
            if contact.on_floor {
                let felt = world.tuning.felt;
                body.vx -= body.vx * felt * dt;
                body.spin -= body.spin * felt * dt;
            }
            resting = contact.on_floor && aims[aim_index].peg.is_none();
        }
        let t = f64::from(tick) / SAMPLE_RATE;
        samples.push(sample(t, &body));
        if (resting && body.speed() < world.tuning.rest_speed) || t >= LONGEST {
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

/// How long a puck moving down at `down` px/s takes to fall `drop` px more
/// under `gravity`.
fn time_to_fall(gravity: f64, down: f64, drop: f64) -> f64 {
    let square = down * down + 2.0 * gravity * drop;
    if drop <= 0.0 || square <= 0.0 {
        return 0.0;
    }
    (-down + square.sqrt()) / gravity
}

/// The steering at a peg of the path (and at release): the puck leaves with
/// the speed down it has (within what the aim allows) and the sideways speed that
/// takes it to `aim` in free flight.
fn leave_towards(world: World<'_>, body: &mut Body, aim: Aim) {
    let tuning = world.tuning;
    body.vy = body.vy.clamp(aim.leave[0], aim.leave[1]);
    let time = time_to_fall(tuning.gravity, body.vy, aim.y - body.y).max(tuning.shortest_hop);
    body.vx = ((aim.x - body.x) / time).clamp(-tuning.steer_speed, tuning.steer_speed);
}

/// Where on the next peg a hopping puck may meet it, as shares of the contact
/// distance off the peg's top, tried after the path's own draw.
const OTHER_OFFSETS: [f64; 8] = [0.5, 0.6, 0.7, 0.8, 0.9, 0.4, 0.3, 0.2];
/// The step between two speeds down tried for a hop, px/s.
const HOP_STEP: f64 = 30.0;
/// Points of a planned flight checked against what it passes.
const CLEARING_CHECKS: u32 = 32;
/// How long after it leaves a peg, and before it meets the next, a planned
/// flight may touch them, s.
const TOUCHING: f64 = 0.04;
/// How far a planned flight keeps from every peg on its way, px.
const MARGIN: f64 = 2.0;

/// The flight off peg `off` under a physics whose pucks hop: the first
/// meeting point on the next peg (`aim`'s, the path's drawn one first) and
/// speed down (the one it bounced with first, then more of a hop, then less)
/// whose free flight moves away from `off` and clears every peg and wall on
/// its way; `aim` is moved to the point chosen. If none does, the path's
/// point and the speed it bounced with, as [`leave_towards`].
fn plan_hop(world: World<'_>, body: &mut Body, aim: &mut Aim, off: (usize, u8), segments: &[Segment]) {
    let tuning = world.tuning;
    let measures = world.measures;
    let contact = measures.puck_radius + measures.peg_radius;
    let bounced = body.vy.clamp(aim.leave[0], aim.leave[1]);
    let drawn = *aim;
    let points = std::iter::once((drawn.x, drawn.y)).chain(aim.peg.into_iter().flat_map(|(row, position)| {
        let center = measures.x_of(position);
        let side = if drawn.x >= center { 1.0 } else { -1.0 };
        OTHER_OFFSETS.iter().map(move |share| {
            let offset = contact * share;
            (
                center + side * offset,
                measures.y_of(row) - (contact * contact - offset * offset).sqrt(),
            )
        })
    }));
    let speeds = || {
        let higher = (1..)
            .map(|step| bounced - f64::from(step) * HOP_STEP)
            .take_while(|&vy| vy >= drawn.leave[0]);
        let lower = (1..)
            .map(|step| bounced + f64::from(step) * HOP_STEP)
            .take_while(|&vy| vy <= drawn.leave[1]);
        std::iter::once(bounced).chain(lower).chain(higher)
    };
    let start = *body;
    for (x, y) in points {
        for vy in speeds() {
            let target = Aim { x, y, ..drawn };
            let mut flying = start;
            flying.vy = vy;
            let time = time_to_fall(tuning.gravity, vy, y - flying.y).max(tuning.shortest_hop);
            flying.vx = (x - flying.x) / time;
            if flying.vx.abs() <= tuning.steer_speed
                && clears(world, &flying, target, off, time, segments)
            {
                *body = flying;
                *aim = target;
                return;
            }
        }
    }
    leave_towards(world, body, drawn);
}

/// Whether the puck, flying freely from where it is for `time` s to `aim`,
/// moves away from the peg it leaves (`off`) and clears everything on its
/// way: a pixel clear of every other peg, of the walls and of the segments,
/// and never into its aim's peg before it meets it.
fn clears(
    world: World<'_>,
    body: &Body,
    aim: Aim,
    off: (usize, u8),
    time: f64,
    segments: &[Segment],
) -> bool {
    let measures = world.measures;
    let contact = measures.puck_radius + measures.peg_radius;
    let peg_at = |(row, position): (usize, u8)| [measures.x_of(position), measures.y_of(row)];
    let from_off = [body.x - peg_at(off)[0], body.y - peg_at(off)[1]];
    if body.vx * from_off[0] + body.vy * from_off[1] <= 0.0 {
        return false;
    }
    let radius = measures.puck_radius;
    let walls = world.board.walls;
    (1..CLEARING_CHECKS).all(|check| {
        let t = time * f64::from(check) / f64::from(CLEARING_CHECKS);
        let x = body.x + body.vx * t;
        let y = body.y + body.vy * t + 0.5 * world.tuning.gravity * t * t;
        let pegs_clear = pegs_near(measures, x, y, contact + 1.0).all(|peg| {
            let [px, py] = peg_at(peg);
            // Leaving the peg it is on, and meeting its aim's at the end,
            // it touches them; on the way it keeps a margin from every peg.
            let touching = (peg == off && t < TOUCHING) || (Some(peg) == aim.peg && time - t < TOUCHING);
            let reach = if touching { contact - 0.5 } else { contact + MARGIN };
            (x - px) * (x - px) + (y - py) * (y - py) >= reach * reach
        });
        let probe = Body { x, y, ..*body };
        // The last checks are at the floor the flight ends on.
        let walls_clear = check + 2 >= CLEARING_CHECKS
            || segments
                .iter()
                .all(|segment| segment_contact(measures, &probe, segment).is_none());
        pegs_clear && walls_clear && x - radius >= walls[0] && x + radius <= walls[1]
    })
}

/// The pegs (row, position) whose centres may lie within `reach` of `x`, `y`
/// (a few more at most, never fewer).
fn pegs_near(
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

/// One step of the integrator (semi-implicit Euler): the gentle push towards
/// `aim` and gravity, then the move.
fn steer_and_move(world: World<'_>, body: &mut Body, aim: Aim, dt: f64) {
    let tuning = world.tuning;
    let time =
        time_to_fall(tuning.gravity, body.vy, aim.y - body.y).max(tuning.shortest_hop / 2.0);
    let wanted = ((aim.x - body.x) / time).clamp(-tuning.steer_speed, tuning.steer_speed);
    let push = (tuning.steer_rate * (wanted - body.vx)).clamp(-tuning.steer_limit, tuning.steer_limit);
    body.vx += push * dt;
    body.vy += tuning.gravity * dt;
    body.x += body.vx * dt;
    body.y += body.vy * dt;
    body.angle += body.spin * dt;
    body.spin -= body.spin * tuning.spin_decay * dt;
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
fn collide(world: World<'_>, body: &mut Body, segments: &[Segment]) -> Contact {
    let (walls, radius, tuning) = (
        world.board.walls,
        world.measures.puck_radius,
        world.tuning,
    );
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
fn collide_pegs(world: World<'_>, body: &mut Body) -> Option<(usize, u8)> {
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
fn segment_contact(measures: &Geometry, body: &Body, segment: &Segment) -> Option<([f64; 2], f64)> {
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
    use super::*;
    use crate::games::star_fortune::game::STAR_FORTUNE_100;

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
                assert_eq!(collide_pegs(world(&board), &mut body), Some((row, position)));
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

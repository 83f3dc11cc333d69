//! The steering that takes a puck down its way ([`PuckPath`]): the points
//! it aims at, the flight it leaves each peg with (planned clear of every
//! peg and wall where pucks hop), and the gentle push between pegs.

use super::body::Body;
use super::contact::{pegs_near, segment_contact};
use super::world::World;
use crate::games::star_fortune::plinko::board::Segment;
use crate::games::star_fortune::puck_path::{Landing, PuckPath};

/// A point the steering aims at: where the puck meets a peg of its path (that
/// peg's row and position), or the middle of its landing's floor.
#[derive(Clone, Copy, Debug)]
pub struct Aim {
    /// Across.
    pub x: f64,
    /// Down.
    pub y: f64,
    /// The peg it meets there (row, position); `None` for the landing's floor.
    pub peg: Option<(usize, u8)>,
    /// The speeds down the puck may leave for this aim with.
    pub leave: [f64; 2],
}

/// The aims of `path`: on each row, a point of the peg's upper half on the
/// side the path leaves by; at the end, the floor of the landing.
pub fn aims(world: World<'_>, path: &PuckPath, landing: Landing) -> Vec<Aim> {
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
pub fn unit_draw(positions: &[u8], row: usize) -> f64 {
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

/// How long a puck moving down at `down` px/s takes to fall `drop` px more
/// under `gravity`.
pub fn time_to_fall(gravity: f64, down: f64, drop: f64) -> f64 {
    let square = down * down + 2.0 * gravity * drop;
    if drop <= 0.0 || square <= 0.0 {
        return 0.0;
    }
    (-down + square.sqrt()) / gravity
}

/// The steering at a peg of the path (and at release): the puck leaves with
/// the speed down it has (within what the aim allows) and the sideways speed that
/// takes it to `aim` in free flight.
pub fn leave_towards(world: World<'_>, body: &mut Body, aim: Aim) {
    let tuning = world.tuning;
    body.vy = body.vy.clamp(aim.leave[0], aim.leave[1]);
    let time = time_to_fall(tuning.gravity, body.vy, aim.y - body.y).max(tuning.shortest_hop);
    body.vx = ((aim.x - body.x) / time).clamp(-tuning.steer_speed, tuning.steer_speed);
}

/// Where on the next peg a hopping puck may meet it, as shares of the contact
/// distance off the peg's top, tried after the path's own draw.
pub const OTHER_OFFSETS: [f64; 8] = [0.5, 0.6, 0.7, 0.8, 0.9, 0.4, 0.3, 0.2];
/// The step between two speeds down tried for a hop, px/s.
pub const HOP_STEP: f64 = 30.0;
/// Points of a planned flight checked against what it passes.
pub const CLEARING_CHECKS: u32 = 32;
/// How long after it leaves a peg, and before it meets the next, a planned
/// flight may touch them, s.
pub const TOUCHING: f64 = 0.04;
/// How far a planned flight keeps from every peg on its way, px.
pub const MARGIN: f64 = 2.0;

/// The flight off peg `off` under a physics whose pucks hop: the first
/// meeting point on the next peg (`aim`'s, the path's drawn one first) and
/// speed down (the one it bounced with first, then more of a hop, then less)
/// whose free flight moves away from `off` and clears every peg and wall on
/// its way; `aim` is moved to the point chosen. If none does, the path's
/// point and the speed it bounced with, as [`leave_towards`].
pub fn plan_hop(
    world: World<'_>,
    body: &mut Body,
    aim: &mut Aim,
    off: (usize, u8),
    segments: &[Segment],
) {
    let tuning = world.tuning;
    let measures = world.measures;
    let contact = measures.puck_radius + measures.peg_radius;
    let bounced = body.vy.clamp(aim.leave[0], aim.leave[1]);
    let drawn = *aim;
    let points = std::iter::once((drawn.x, drawn.y)).chain(aim.peg.into_iter().flat_map(
        |(row, position)| {
            let center = measures.x_of(position);
            let side = if drawn.x >= center { 1.0 } else { -1.0 };
            OTHER_OFFSETS.iter().map(move |share| {
                let offset = contact * share;
                (
                    center + side * offset,
                    measures.y_of(row) - (contact * contact - offset * offset).sqrt(),
                )
            })
        },
    ));
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
pub fn clears(
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
            let touching =
                (peg == off && t < TOUCHING) || (Some(peg) == aim.peg && time - t < TOUCHING);
            let reach = if touching {
                contact - 0.5
            } else {
                contact + MARGIN
            };
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

/// One step of the integrator (semi-implicit Euler): the gentle push towards
/// `aim` and gravity, then the move.
pub fn steer_and_move(world: World<'_>, body: &mut Body, aim: Aim, dt: f64) {
    let tuning = world.tuning;
    let time = time_to_fall(tuning.gravity, body.vy, aim.y - body.y).max(tuning.shortest_hop / 2.0);
    let wanted = ((aim.x - body.x) / time).clamp(-tuning.steer_speed, tuning.steer_speed);
    let push =
        (tuning.steer_rate * (wanted - body.vx)).clamp(-tuning.steer_limit, tuning.steer_limit);
    body.vx += push * dt;
    body.vy += tuning.gravity * dt;
    body.x += body.vx * dt;
    body.y += body.vy * dt;
    body.angle += body.spin * dt;
    body.spin -= body.spin * tuning.spin_decay * dt;
}

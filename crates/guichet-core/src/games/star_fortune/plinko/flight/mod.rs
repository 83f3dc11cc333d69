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
//! Each [`Physics`](crate::games::star_fortune::physics::Physics) has its
//! constants (`Tuning`, in `world`); under physics 2 a puck
//! bounces up off a peg when it hits it near the top, and the flight it leaves
//! with is the first, among the points of the next peg's shoulder and the
//! speeds down near the one it bounced with, that clears every peg and wall on
//! its way. Only `+ − × ÷` and `sqrt` are used, which IEEE 754 rounds the same
//! way on every machine: the same path gives the same samples, bit for bit,
//! everywhere.

mod body;
mod contact;
mod steering;
mod world;

use super::board::{Board, Geometry};
use crate::games::star_fortune::puck_path::{Landing, PUCK_STARTS, PuckPath, ROWS};
use body::Body;
use contact::collide;
use steering::{Aim, aims, leave_towards, plan_hop, steer_and_move};
use world::{Tuning, World};

/// Samples per second of a trajectory (the screen's frame rate).
pub const SAMPLE_RATE: f64 = 60.0;
/// Integrator steps per sample.
const SUBSTEPS: u32 = 8;
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
    /// of pegs of a board of `measures` are above its centre).
    #[must_use]
    pub fn rows_passed(&self, measures: &Geometry, t: f64) -> usize {
        let y = self.at(t).y;
        (0..ROWS).take_while(|&row| y > measures.y_of(row)).count()
    }
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

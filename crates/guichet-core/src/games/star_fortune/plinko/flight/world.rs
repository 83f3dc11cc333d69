//! What a fall is computed with: the board, its measures, and the constants
//! of its physics version ([`Tuning`]).

use crate::games::star_fortune::physics::Physics;
use crate::games::star_fortune::plinko::board::{Board, Geometry};

/// The constants of one physics version.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// The board's slope pulls the puck down at this acceleration, px/s².
    pub gravity: f64,
    /// Restitution of a peg.
    pub peg_restitution: f64,
    /// Restitution of a side wall, a divider or a case's side.
    pub wall_restitution: f64,
    /// Restitution of a floor (the prize row's, a BONUS case's): felt.
    pub floor_restitution: f64,
    /// The felt of a floor slows a puck rolling on it, per second.
    pub felt: f64,
    /// How much of the rolling friction a contact applies (0: ice, 1: rolls).
    pub grip: f64,
    /// Spin lost to the air, per second.
    pub spin_decay: f64,
    /// How fast the push between pegs matches the speed it wants, per second.
    pub steer_rate: f64,
    /// The strongest push between pegs, px/s².
    pub steer_limit: f64,
    /// The fastest sideways speed the steering gives, px/s.
    pub steer_speed: f64,
    /// The speed down a puck may leave a peg with, px/s (negative: up).
    pub leave_down: [f64; 2],
    /// The speed down a puck leaves its last peg with for a BONUS case, px/s:
    /// up, a lob that drops it into the case.
    pub lob: [f64; 2],
    /// Where on a peg's upper half the puck meets it, as a share of the
    /// contact distance off the top: the least, and how much more a path's
    /// draw may add.
    pub hit_offset: [f64; 2],
    /// The shortest flight the steering plans from a peg to the next aim, s.
    pub shortest_hop: f64,
    /// A puck slower than this on its floor is at rest, px/s.
    pub rest_speed: f64,
    /// Whether pucks hop (physics 2): off each peg of its path a puck takes a
    /// flight planned to clear every peg and wall on its way ([`plan_hop`](super::steering::plan_hop)):
    /// a hop to go over the next peg's top to its far side, a drop off a
    /// peg's flank to turn back.
    pub hops: bool,
}

impl Tuning {
    /// Physics 1: soft pegs, glancing hits; a puck always leaves a peg
    /// downwards.
    pub const STEERED: Self = Self {
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
    /// flight planned clear of every peg on the way ([`plan_hop`](super::steering::plan_hop)).
    pub const BOUNCING: Self = Self {
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

    /// The constants of `physics`.
    pub const fn of(physics: Physics) -> &'static Self {
        match physics {
            Physics::V1 => &Self::STEERED,
            Physics::V2 => &Self::BOUNCING,
        }
    }
}

/// The board and the constants a fall is computed with.
#[derive(Clone, Copy)]
pub struct World<'a> {
    /// The board.
    pub board: &'a Board,
    /// Its measures.
    pub measures: &'static Geometry,
    /// Its physics' constants.
    pub tuning: &'static Tuning,
}

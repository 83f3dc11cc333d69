//! The puck in flight: where it is, how fast it goes and turns, and how it
//! bounces off what it touches.

use super::world::World;

/// The puck in flight.
#[derive(Clone, Copy, Debug)]
pub struct Body {
    /// The centre, across.
    pub x: f64,
    /// The centre, down.
    pub y: f64,
    /// The speed across, px/s.
    pub vx: f64,
    /// The speed down, px/s.
    pub vy: f64,
    /// How far it has turned, radians.
    pub angle: f64,
    /// How fast it turns, radians/s.
    pub spin: f64,
}

impl Body {
    /// Pushes the puck out of a contact along `normal` (unit, towards the
    /// puck) by `depth`, and bounces it: restitution along the normal,
    /// friction across it that turns the puck.
    pub fn bounce(&mut self, world: World<'_>, normal: [f64; 2], depth: f64, restitution: f64) {
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

    /// How fast it goes, px/s.
    pub fn speed(&self) -> f64 {
        (self.vx * self.vx + self.vy * self.vy).sqrt()
    }
}

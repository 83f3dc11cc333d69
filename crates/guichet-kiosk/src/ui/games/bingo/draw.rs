//! How far the Bingo draw has come at a frame: the sphere's balls begun to
//! come out, the drum's tumble, the numbers out and their daubs.

use guichet_core::games::bingo::game::{BALLS, BONUS};
use guichet_core::games::bingo::scenario::BingoScenario;

use super::look;
use crate::ui::games::table::TableFrame;
use crate::ui::theme::motion;

/// How long a ball takes from the drum to its place on the rail.
pub const ROLL: f32 = look::BALL_DRAW;
/// How long a bonus ball takes to open.
pub const OPEN: f32 = motion::REVEAL;

/// How far the draw has come at this frame.
pub struct Draw {
    /// Sphere balls begun to come out.
    pub started: usize,
    /// How long balls have been tumbling, in seconds: the drum's phase.
    pub tumble: f32,
    /// The numbers out and shown (arrived, or opened), with how far their
    /// daubs have landed.
    out: Vec<(u8, f32)>,
    /// The sphere's last ball arrived on the rail, shown big in the sphere.
    pub last_drawn: Option<u8>,
}

impl Draw {
    /// The draw as `view` shows it of `scenario` (none before a unit).
    pub fn new(view: &TableFrame<'_>, scenario: Option<&BingoScenario>) -> Self {
        let started = BALLS.iter().filter(|&&step| view.is_shown(step)).count();
        let tumble = BALLS
            .iter()
            .map(|&step| view.progress(step, 0.0, ROLL) * ROLL)
            .sum();
        let mut out = Vec::new();
        let mut last_drawn = None;
        if let Some(scenario) = scenario {
            for (slot, &step) in BALLS.iter().enumerate() {
                if view.progress(step, 0.0, ROLL) >= 1.0 {
                    last_drawn = Some(scenario.balls[slot]);
                    out.push((
                        scenario.balls[slot],
                        view.progress(step, ROLL, look::DAUB_LANDING),
                    ));
                }
            }
            for (k, &step) in BONUS.iter().enumerate() {
                if view.progress(step, 0.0, OPEN) >= 1.0 {
                    out.push((
                        scenario.bonus_balls[k],
                        view.progress(step, OPEN, look::DAUB_LANDING),
                    ));
                }
            }
        }
        Self {
            started,
            tumble,
            out,
            last_drawn,
        }
    }

    /// The numbers out and shown.
    pub fn numbers(&self) -> Vec<u8> {
        self.out.iter().map(|&(number, _)| number).collect()
    }

    /// How far `number`'s daubs have landed, eased (0 to 1).
    pub fn daub(&self, number: u8) -> f32 {
        self.out
            .iter()
            .find(|&&(out, _)| out == number)
            .map_or(0.0, |&(_, daub)| egui::emath::easing::cubic_out(daub))
    }
}

//! The reveal clock of a table: when each step of the unit began to show on
//! screen, and when its result did. Keyed by [`RevealStep`], so it serves any
//! game — four zones, twelve symbols, eighteen balls or two pucks.

use guichet_core::step::RevealStep;
use guichet_sale::{Unit, UnitState};

/// When each revealed step, and the result, began to show.
#[derive(Debug, Default)]
pub struct RevealClock {
    /// The unit these times belong to.
    unit: Option<i64>,
    /// Each step shown, and when it began to (`-∞`: shown from the start).
    started: Vec<(RevealStep, f64)>,
    /// When the result began to show (`-∞`: from the start).
    result_at: Option<f64>,
    /// The steps of a replay, waiting for its first frame to be scheduled.
    replay: Option<Vec<RevealStep>>,
    /// Whether a win is celebrated when its result shows (not in a replay).
    celebrates: bool,
}

impl RevealClock {
    /// Starts over with `unit`: what it has revealed is shown as revealed
    /// already, without animation, and so is its result if it is settled.
    pub fn reset(&mut self, unit: &Unit) {
        self.unit = Some(unit.id);
        self.started = unit
            .steps
            .iter()
            .map(|&step| (step, f64::NEG_INFINITY))
            .collect();
        self.result_at = (unit.state == UnitState::Settled).then_some(f64::NEG_INFINITY);
        self.replay = None;
        self.celebrates = true;
    }

    /// Starts over with a settled `unit`, to replay it step by step as it was
    /// played, from the next frame on; its result shows after the last step,
    /// without celebration.
    pub fn replay(&mut self, unit: &Unit) {
        self.unit = Some(unit.id);
        self.started.clear();
        self.result_at = None;
        self.replay = Some(unit.steps.clone());
        self.celebrates = false;
    }

    /// Starts the animation of every step the store revealed since the last
    /// frame (a replay's steps, each `pause` after the one before); once the
    /// unit is settled, its result shows when every animation has ended.
    pub fn follow(
        &mut self,
        unit: &Unit,
        now: f64,
        duration: impl Fn(RevealStep) -> f32,
        pause: f32,
    ) {
        if self.unit != Some(unit.id) {
            self.reset(unit);
            return;
        }
        if let Some(steps) = self.replay.take() {
            // Each step after the one before it, with the pause "Auto" makes.
            let mut at = now + f64::from(pause);
            for step in steps {
                self.started.push((step, at));
                at += f64::from(duration(step) + pause);
            }
            self.result_at = Some(at);
        }
        for &step in &unit.steps {
            if self.started(step).is_none() {
                self.started.push((step, now));
            }
        }
        if self.result_at.is_none() && unit.state == UnitState::Settled {
            self.result_at = Some(self.still_from(duration).max(now));
        }
    }

    /// When `step` began to show, if it has.
    #[must_use]
    pub fn started(&self, step: RevealStep) -> Option<f64> {
        self.started
            .iter()
            .find(|(shown, _)| *shown == step)
            .map(|&(_, at)| at)
    }

    /// How far an animation of `duration` seconds, starting `delay` seconds
    /// after `step` began to show, has run at `now`: 0 to 1, not eased.
    #[must_use]
    pub fn progress(&self, step: RevealStep, delay: f32, duration: f32, now: f64) -> f32 {
        self.started(step).map_or(0.0, |start| {
            let elapsed = (now - start) as f32 - delay;
            (elapsed / duration.max(f32::EPSILON)).clamp(0.0, 1.0)
        })
    }

    /// When the result began to show, if it has been decided.
    #[must_use]
    pub const fn result_at(&self) -> Option<f64> {
        self.result_at
    }

    /// Whether a win is celebrated when its result shows.
    #[must_use]
    pub const fn celebrates(&self) -> bool {
        self.celebrates
    }

    /// Whether `unit` was settled while on this table (not replayed, not
    /// shown settled) and its result has not shown yet at `now`: until it
    /// does, the screen shows the money as it was.
    #[must_use]
    pub fn result_pending(&self, unit: &Unit, now: f64) -> bool {
        self.celebrates
            && self.unit == Some(unit.id)
            && unit.state == UnitState::Settled
            && self.result_at.is_none_or(|at| now < at)
    }

    /// Whether the result of a unit settled while on this table began to
    /// show at `now` or before (it was pending once: never a unit shown
    /// settled from the start, never a replay).
    #[must_use]
    pub fn result_came(&self, now: f64) -> bool {
        self.celebrates && self.result_at.is_some_and(|at| at.is_finite() && now >= at)
    }

    /// When every step's animation ends, each lasting `duration(step)`.
    #[must_use]
    pub fn still_from(&self, duration: impl Fn(RevealStep) -> f32) -> f64 {
        self.started
            .iter()
            .map(|&(step, start)| start + f64::from(duration(step)))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

//! What one frame of a table shows a game: the unit, how far each of its
//! reveals has run, the table's scale.

use egui::emath::easing;
use guichet_core::emission::Emission;
use guichet_core::step::RevealStep;
use guichet_sale::Unit;

use crate::ui::games::table::clock::RevealClock;
use crate::ui::i18n::Texts;
use crate::ui::theme::motion;

/// What one frame of a table shows: the unit and how far each of its reveals
/// has run.
pub struct TableFrame<'a> {
    /// The emission on sale.
    pub emission: &'static Emission,
    /// The unit on the table, if any.
    pub unit: Option<&'a Unit>,
    /// When each step began to show.
    pub clock: &'a RevealClock,
    /// The frame's time (`ui.input` time).
    pub now: f64,
    /// The kiosk's words.
    pub texts: &'a Texts,
    /// Whether a tap on a hidden zone reveals it.
    pub takes_taps: bool,
    /// Whether the result shows (the unit settled and every animation ended).
    pub result_shows: bool,
    /// The table's scale: 1 at the design size, computed from the room it has.
    pub scale: f32,
}

impl TableFrame<'_> {
    /// How far `step`'s animation of `duration` seconds, `delay` seconds after
    /// it began, has run: 0 to 1, not eased.
    #[must_use]
    pub fn progress(&self, step: RevealStep, delay: f32, duration: f32) -> f32 {
        self.clock.progress(step, delay, duration, self.now)
    }

    /// How far what follows `step`'s reveal (a total, an amount) has faded in,
    /// `after` seconds after the step began: 0 to 1, eased out.
    #[must_use]
    pub fn fade_in(&self, step: RevealStep, after: f32) -> f32 {
        easing::cubic_out(self.progress(step, after, motion::REVEAL))
    }

    /// Whether `step` has begun to show.
    #[must_use]
    pub fn is_shown(&self, step: RevealStep) -> bool {
        self.clock.started(step).is_some()
    }

    /// A length of the design, at this table's scale.
    #[must_use]
    pub fn px(&self, design: f32) -> f32 {
        design * self.scale
    }
}

//! The pace of a table: when "Auto" takes its next step, and when a fully
//! revealed unit is settled. Both wait until the table is still, so that the
//! player sees every reveal and the result after the last one.

use guichet_core::reveal::RevealStep;
use guichet_store::{Unit, UnitState};

use crate::app::Command;
use crate::ui::theme::motion;

/// Drives the automatic steps of one table.
#[derive(Debug, Default)]
pub struct Pace {
    auto: bool,
    /// The number of journaled steps when the last command was sent, so that a
    /// command is sent once per state of the unit.
    sent_at_steps: Option<(i64, usize)>,
}

impl Pace {
    /// A new unit is on the table; with `auto`, reveal all of it.
    pub fn start(&mut self, auto: bool) {
        self.auto = auto;
        self.sent_at_steps = None;
    }

    /// Whether "Auto" is revealing.
    #[must_use]
    pub const fn is_auto(&self) -> bool {
        self.auto
    }

    /// Pushes the next automatic command for `unit`, if it is time: the next
    /// "Auto" step once the table has been still for a moment, or the
    /// settlement once every step is taken and shown. `still_since` is when the
    /// table's last animation ended (in `ui.input` time), or `None` while one
    /// runs. Returns when to look again, if something is waiting.
    pub fn drive(
        &mut self,
        unit: &Unit,
        now: f64,
        still_since: Option<f64>,
        commands: &mut Vec<Command>,
    ) -> Option<f64> {
        if unit.state == UnitState::Settled {
            self.auto = false;
            return None;
        }
        let still_since = still_since?;
        let state = (unit.id, unit.steps.len());
        if self.sent_at_steps == Some(state) {
            return None;
        }
        if unit.progress.is_complete() {
            self.sent_at_steps = Some(state);
            commands.push(Command::Settle(unit.id));
            return None;
        }
        if !self.auto {
            return None;
        }
        let due = still_since + f64::from(motion::AUTO_PAUSE);
        if now < due {
            return Some(due - now);
        }
        let next: Option<RevealStep> = unit
            .progress
            .remaining_steps(&unit.scenario)
            .first()
            .copied();
        if let Some(step) = next {
            self.sent_at_steps = Some(state);
            commands.push(Command::Reveal {
                unit: unit.id,
                step,
            });
        }
        None
    }
}

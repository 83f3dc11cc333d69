//! The state of a table between frames: which unit it shows, whether the player may reveal
//! it (a replay may not), and "Auto", which reveals the rest in turn, each step
//! once the table has been still for a moment.

use guichet_sale::{Unit, UnitState};

use crate::command::{Command, PlayCommand};
use crate::ui::games::table::clock::RevealClock;

/// How a unit comes onto the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Just bought; with `auto`, revealed in turn without waiting for taps.
    Play {
        /// Whether "Auto" bought it.
        auto: bool,
    },
    /// Unfinished: taken up where it was left.
    Resume,
    /// Settled, from the history: replayed step by step as it was played,
    /// read-only.
    Replay,
    /// Settled (by another process, meanwhile): shown whole, read-only.
    Shown,
}

/// The state of one table between frames.
#[derive(Debug, Default)]
pub struct TableState {
    /// The times of the unit on the table.
    pub clock: RevealClock,
    read_only: bool,
    auto: bool,
    /// When "Auto" was pressed, to pause before its first step.
    auto_since: f64,
    /// The unit's state when the last automatic step was sent: one per state.
    sent: Option<(i64, usize)>,
    /// The unit whose result was announced as shown: once per unit.
    announced: Option<i64>,
}

impl TableState {
    /// Puts `unit` on the table.
    pub fn open(&mut self, unit: &Unit, opening: Opening) {
        if opening == Opening::Replay {
            self.clock.replay(unit);
        } else {
            self.clock.reset(unit);
        }
        self.read_only = matches!(opening, Opening::Replay | Opening::Shown);
        self.auto = opening == (Opening::Play { auto: true });
        self.auto_since = f64::NEG_INFINITY;
        self.sent = None;
        self.announced = None;
    }

    /// "Auto" on the unit on the table: reveal the rest in turn.
    pub fn start_auto(&mut self) {
        self.auto = true;
        self.read_only = false;
        self.auto_since = f64::NEG_INFINITY;
    }

    /// Stops "Auto": the unit is shown as the store holds it, taps take over.
    pub fn stop_auto(&mut self) {
        self.auto = false;
        self.sent = None;
    }

    /// Pushes, once, that the result of `unit` settled on this table has
    /// begun to show at `now`: its money and its sound come then.
    pub fn announce_result(&mut self, unit: &Unit, now: f64, commands: &mut Vec<Command>) {
        if self.announced != Some(unit.id) && self.clock.result_came(now) {
            self.announced = Some(unit.id);
            commands.push(Command::Play(PlayCommand::ResultShown(unit.id)));
        }
    }

    /// Whether "Auto" is revealing (or revealed the unit on the table).
    #[must_use]
    pub const fn is_auto(&self) -> bool {
        self.auto
    }

    /// Whether the player may reveal `unit` by tapping.
    #[must_use]
    pub fn takes_taps(&self, unit: &Unit) -> bool {
        !self.read_only && !self.auto && unit.state != UnitState::Settled
    }

    /// Whether the unit is only shown (a replay).
    #[must_use]
    pub const fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Pushes the next automatic step of `unit`, if "Auto" runs and the table
    /// has been still (since `still_from`) for `pause` seconds. Returns when to
    /// look again, if a pause is running.
    pub fn drive_auto(
        &mut self,
        unit: &Unit,
        now: f64,
        still_from: f64,
        pause: f32,
        commands: &mut Vec<Command>,
    ) -> Option<f64> {
        if !self.auto || unit.state == UnitState::Settled || now < still_from {
            return None;
        }
        if self.auto_since == f64::NEG_INFINITY {
            self.auto_since = now;
        }
        let due = still_from.max(self.auto_since) + f64::from(pause);
        if now < due {
            return Some(due - now);
        }
        let state = (unit.id, unit.steps.len());
        if self.sent == Some(state) {
            return None;
        }
        let next = unit
            .progress
            .remaining_steps(&unit.scenario)
            .first()
            .copied();
        if let Some(step) = next {
            self.sent = Some(state);
            commands.push(Command::Play(PlayCommand::Reveal {
                unit: unit.id,
                step,
            }));
        }
        None
    }
}

//! The player's session on the kiosk: since when it runs (in the window's own
//! time, so that tests drive it), what it has won and staked, and when the
//! next reality check is due.

use guichet_core::money::Cents;

use crate::ui::reality_check::RealityFacts;

/// One session of play: it begins with the first unit bought, and ends when
/// the player chooses "Arrêter" at a reality check.
#[derive(Debug)]
pub struct Session {
    /// When it began, in seconds of the window's time, and the last ledger
    /// entry before it (the session counts those after); `None` until the
    /// first unit bought.
    started: Option<(f64, i64)>,
    /// When the next reality check is due, in seconds of the window's time.
    next_check: Option<f64>,
    /// The period of the reality checks, in minutes (at least one).
    minutes: u32,
    /// Won − staked since it began, as last read.
    pub net: Cents,
}

impl Session {
    /// A session to begin with the next unit bought, with a reality check
    /// every `minutes`.
    #[must_use]
    pub fn new(minutes: u32) -> Self {
        Self {
            started: None,
            next_check: None,
            minutes: minutes.max(1),
            net: Cents::ZERO,
        }
    }

    /// The period of its reality checks, in minutes.
    #[must_use]
    pub const fn period_minutes(&self) -> u32 {
        self.minutes
    }

    /// The period of its reality checks, in seconds.
    fn period(&self) -> f64 {
        f64::from(self.minutes) * 60.0
    }

    /// The ledger entry the session counts after, once it has begun.
    #[must_use]
    pub fn ledger_mark(&self) -> Option<i64> {
        self.started.map(|(_, mark)| mark)
    }

    /// Whether it has begun.
    #[must_use]
    pub const fn has_begun(&self) -> bool {
        self.started.is_some()
    }

    /// Starts the clock at `time`, counting the ledger entries after
    /// `ledger_mark`, if it is not running yet.
    pub fn begin(&mut self, time: f64, ledger_mark: i64) {
        if self.started.is_none() {
            self.started = Some((time, ledger_mark));
            self.next_check = Some(time + self.period());
        }
    }

    /// What the session amounts to at `time`, once it has begun.
    #[must_use]
    pub fn facts(&self, time: f64) -> Option<RealityFacts> {
        self.started.map(|_| RealityFacts {
            minutes: self.played_seconds(time) / 60,
            net: self.net,
        })
    }

    /// Whole seconds played at `time`.
    #[must_use]
    pub fn played_seconds(&self, time: f64) -> u32 {
        // Seconds of a session fit a u32 for 136 years.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let seconds = self
            .started
            .map_or(0.0, |(started, _)| (time - started).max(0.0)) as u32;
        seconds
    }

    /// Whether a reality check is due at `time`.
    #[must_use]
    pub fn check_due(&self, time: f64) -> bool {
        self.next_check.is_some_and(|due| time >= due)
    }

    /// The player chose to go on: the next check comes a period from `time`.
    pub fn go_on(&mut self, time: f64) {
        self.next_check = Some(time + self.period());
    }

    /// How long until something on screen changes, once it has begun: the
    /// next minute of the session clock, or the next reality check.
    #[must_use]
    pub fn next_change_in(&self, time: f64) -> Option<f64> {
        let (started, _) = self.started?;
        let into_minute = (time - started).max(0.0) % 60.0;
        let to_check = self.next_check.map_or(f64::INFINITY, |due| due - time);
        Some((60.0 - into_minute).min(to_check).max(0.05))
    }
}

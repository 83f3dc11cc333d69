//! `verify`'s check of each player's protection: every deposit and stake of
//! their ledger against the limits and breaks recorded when it was made.
//!
//! Entries older than the first limit ever set come from a database that
//! predates the limits and are not judged. Times are whole seconds: when a
//! record and an entry share one, the reading that finds no fault is taken
//! (a limit lowered in the same second as a deposit it followed is no fault).

use std::collections::VecDeque;

use guichet_core::money::Cents;
use jiff::Timestamp;

use crate::account::{LedgerEntry, LedgerKind};
use crate::protection::{ProtectionEvent, Setting, in_force, settings_in};
use crate::store::Store;
use guichet_sale::StoreError;
use guichet_sale::time::{in_utc, parse};
use guichet_sale::{LIMIT_WINDOW, LimitKind};

/// A break: when it was chosen and until when it runs.
struct Break {
    from: Timestamp,
    until: Timestamp,
}

/// One limit's history and the last 7 days of what it counts, as the ledger
/// is walked in order.
struct Tracked {
    kind: LimitKind,
    settings: Vec<Setting>,
    window: VecDeque<(Timestamp, i64)>,
    used: i64,
}

impl Tracked {
    /// Counts `entry` (made at `at`) if it is of this limit's kind, and says
    /// what is wrong if it is a deposit or a stake past the limit in force.
    fn count(&mut self, entry: &LedgerEntry, at: Timestamp, judged: bool) -> Option<String> {
        let part = match (self.kind, entry.kind) {
            (LimitKind::Deposit, LedgerKind::Deposit) | (LimitKind::Stake, LedgerKind::Refund) => {
                entry.amount.get()
            }
            (LimitKind::Stake, LedgerKind::Stake) => -entry.amount.get(),
            _ => return None,
        };
        while self
            .window
            .front()
            .is_some_and(|(made, _)| *made + LIMIT_WINDOW <= at)
        {
            if let Some((_, left)) = self.window.pop_front() {
                self.used -= left;
            }
        }
        self.window.push_back((at, part));
        self.used += part;
        if !judged || entry.kind == LedgerKind::Refund {
            return None;
        }
        let noun = self.kind.noun();
        match self.limit_at(at) {
            None => Some(format!(
                "ledger entry {}: a {noun} made with no 7-day {noun} limit set",
                entry.id
            )),
            Some(limit) if self.used > limit.get() => Some(format!(
                "ledger entry {}: the {noun}s of 7 days reach {}, past the limit of {limit} in force",
                entry.id,
                Cents(self.used)
            )),
            Some(_) => None,
        }
    }

    /// The limit in force at `at`: settings made in that very second may have
    /// come before or after the entry, and the reading that allows most is
    /// taken.
    fn limit_at(&self, at: Timestamp) -> Option<Cents> {
        let before = self
            .settings
            .iter()
            .take_while(|setting| setting.at < at)
            .count();
        let through = self
            .settings
            .iter()
            .take_while(|setting| setting.at <= at)
            .count();
        (before..=through)
            .filter_map(|made| in_force(&self.settings[..made], at).0)
            .max()
    }
}

impl Store {
    /// Every player's deposits and stakes against their limits and breaks
    /// in force when each was made (see the module's documentation).
    pub(crate) fn protection_checks(&self) -> Result<Vec<String>, StoreError> {
        let mut violations = Vec::new();
        for player in self.player_ids()? {
            violations.extend(self.player_protection_checks(player)?);
        }
        Ok(violations)
    }

    /// Player `player`'s deposits and stakes against their limits and
    /// breaks.
    fn player_protection_checks(&self, player: i64) -> Result<Vec<String>, StoreError> {
        let broken = |detail: String| self.inconsistent(detail);
        let mut limits = Vec::with_capacity(2);
        for kind in [LimitKind::Deposit, LimitKind::Stake] {
            limits.push(Tracked {
                kind,
                settings: settings_in(&self.file.connection, &self.file.path, player, kind)?,
                window: VecDeque::new(),
                used: 0,
            });
        }
        let first_limit = limits
            .iter()
            .filter_map(|limit| limit.settings.first().map(|setting| setting.at))
            .min();
        let mut breaks = Vec::new();
        for record in self.protection_records_of(player)? {
            if let ProtectionEvent::Exclusion { until } = record.event {
                breaks.push(Break {
                    from: parse(&record.at).map_err(broken)?,
                    until: parse(&until).map_err(broken)?,
                });
            }
        }
        let mut violations = Vec::new();
        for entry in self.ledger_of(player)? {
            let at = parse(&entry.at).map_err(broken)?;
            let judged = first_limit.is_some_and(|first| first <= at);
            let paid_in = matches!(entry.kind, LedgerKind::Deposit | LedgerKind::Stake);
            if judged
                && paid_in
                && let Some(running) = breaks.iter().find(|one| one.from < at && at < one.until)
            {
                violations.push(format!(
                    "ledger entry {}: a {} during a break from play (until {})",
                    entry.id,
                    entry.kind,
                    in_utc(running.until)
                ));
            }
            for limit in &mut limits {
                violations.extend(limit.count(&entry, at, judged));
            }
        }
        Ok(violations)
    }
}

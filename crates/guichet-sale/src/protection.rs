//! The player's protection as both engines keep it (ANJ, décret n° 2020-494,
//! article 17: the "modérateurs de jeu"): the rules of the 7-day deposit and
//! stake limits and of self-exclusion, and what a player's protection is at a
//! moment. Each engine records and enforces them in its own store.

use guichet_core::money::Cents;
use jiff::{SignedDuration, Timestamp};

/// The window the limits count over: 7 rolling days.
pub const LIMIT_WINDOW: SignedDuration = SignedDuration::from_hours(7 * 24);
/// How long a raised limit waits before it takes effect: 48 hours.
pub const RAISE_DELAY: SignedDuration = SignedDuration::from_hours(48);
/// The highest limit: the most deposits may bring the balance to.
pub const MAX_LIMIT: Cents = Cents::euros(100_000);
/// The longest self-exclusion recorded at once: ten years.
pub const MAX_EXCLUSION_DAYS: u32 = 3650;

/// The reality check's default period: 60 minutes of a session.
pub const DEFAULT_REALITY_CHECK_MINUTES: u32 = 60;

/// Which of the two limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// Money put into the account.
    Deposit,
    /// Money staked on units (less stakes refunded).
    Stake,
}

impl LimitKind {
    /// The record's kind in the database and in exports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Deposit => "deposit_limit",
            Self::Stake => "stake_limit",
        }
    }

    /// What it limits, in a message: "deposit" or "stake".
    #[must_use]
    pub const fn noun(self) -> &'static str {
        match self {
            Self::Deposit => "deposit",
            Self::Stake => "stake",
        }
    }
}

/// A raised limit waiting out its delay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingRaise {
    /// The new limit.
    pub amount: Cents,
    /// When it takes effect.
    pub from: Timestamp,
}

/// One limit as it stands at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The limit in force; `None` before the first setting.
    pub current: Option<Cents>,
    /// A raise waiting out [`RAISE_DELAY`].
    pub pending: Option<PendingRaise>,
    /// What the last 7 days used: deposits, or stakes less refunds.
    pub used: Cents,
}

impl Limit {
    /// What may still be deposited or staked in the window (`None` without a
    /// limit).
    #[must_use]
    pub fn left(&self) -> Option<Cents> {
        self.current
            .map(|limit| Cents((limit.get() - self.used.get()).max(0)))
    }
}

/// The player's protection at a moment, recomputed from the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protection {
    /// The player's last answer to "18 or over?"; `None` if never asked.
    pub adult: Option<bool>,
    /// The deposit limit.
    pub deposit: Limit,
    /// The stake limit.
    pub stake: Limit,
    /// The end of the self-exclusion running, if one is.
    pub excluded_until: Option<Timestamp>,
}

impl Protection {
    /// Whether both limits are set.
    #[must_use]
    pub const fn limits_set(&self) -> bool {
        self.deposit.current.is_some() && self.stake.current.is_some()
    }

    /// The limit of this kind.
    #[must_use]
    pub const fn limit(&self, kind: LimitKind) -> &Limit {
        match kind {
            LimitKind::Deposit => &self.deposit,
            LimitKind::Stake => &self.stake,
        }
    }
}

/// What a limit setting did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitChange {
    /// Which limit.
    pub kind: LimitKind,
    /// The amount asked for.
    pub amount: Cents,
    /// When it takes effect: now, or after the delay of a raise.
    pub effective_at: Timestamp,
    /// Whether it took effect at once.
    pub immediate: bool,
}

/// The player's answer to a reality check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RealityChoice {
    /// "Continuer".
    Continue,
    /// "Arrêter".
    Stop,
}

impl RealityChoice {
    /// The name in the database and in exports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Continue => "continue",
            Self::Stop => "stop",
        }
    }
}

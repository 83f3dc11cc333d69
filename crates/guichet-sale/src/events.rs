//! The kiosk's event log as an operator reads it: errors, operator actions,
//! resumes, PIN tries and lockouts, cash movements (each pointing to its
//! ledger entry).

/// What the log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Something went wrong (a store error shown to the player).
    Error,
    /// An unfinished unit was taken up.
    Resume,
    /// The operator PIN was set or changed.
    PinSet,
    /// The right PIN opened the operator menu.
    PinRight,
    /// A wrong PIN.
    PinWrong,
    /// Too many wrong PINs: the menu is locked.
    Lockout,
    /// Money paid in by the operator.
    CashIn,
    /// Money paid out by the operator.
    CashOut,
    /// The meters were reset.
    MeterReset,
    /// A setting changed.
    Setting,
    /// The operator ran the store's verification.
    Verify,
    /// The operator closed the kiosk.
    Exit,
    /// The clock jumped more than a day forward between two records of a
    /// run.
    ClockJump,
    /// A player was added.
    PlayerAdded,
    /// The desk set a player's PIN.
    PlayerPinSet,
    /// A player signed in with the right PIN.
    PlayerPinRight,
    /// A wrong PIN for a player's card.
    PlayerPinWrong,
    /// Too many wrong PINs: the player's card is locked.
    PlayerLockout,
    /// A player signed out (or their session ended).
    SignOut,
}

impl EventKind {
    /// Every kind, in the log's order of importance.
    pub const ALL: [Self; 19] = [
        Self::Error,
        Self::Resume,
        Self::PinSet,
        Self::PinRight,
        Self::PinWrong,
        Self::Lockout,
        Self::CashIn,
        Self::CashOut,
        Self::MeterReset,
        Self::Setting,
        Self::Verify,
        Self::Exit,
        Self::ClockJump,
        Self::PlayerAdded,
        Self::PlayerPinSet,
        Self::PlayerPinRight,
        Self::PlayerPinWrong,
        Self::PlayerLockout,
        Self::SignOut,
    ];

    /// The kind's name in the database.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Resume => "resume",
            Self::PinSet => "pin_set",
            Self::PinRight => "pin_right",
            Self::PinWrong => "pin_wrong",
            Self::Lockout => "lockout",
            Self::CashIn => "cash_in",
            Self::CashOut => "cash_out",
            Self::MeterReset => "meter_reset",
            Self::Setting => "setting",
            Self::Verify => "verify",
            Self::Exit => "exit",
            Self::ClockJump => "clock_jump",
            Self::PlayerAdded => "player_added",
            Self::PlayerPinSet => "player_pin_set",
            Self::PlayerPinRight => "player_pin_right",
            Self::PlayerPinWrong => "player_pin_wrong",
            Self::PlayerLockout => "player_lockout",
            Self::SignOut => "sign_out",
        }
    }

    /// The kind named `name` in the database, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One line of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its place in the log.
    pub id: i64,
    /// When, as the store stamped it.
    pub at: String,
    /// What.
    pub kind: EventKind,
    /// In words.
    pub detail: String,
    /// The ledger entry it concerns (cash in and out).
    pub ledger_id: Option<i64>,
}

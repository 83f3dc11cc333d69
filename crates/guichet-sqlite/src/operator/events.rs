//! The kiosk's event log: errors, operator actions, resumes, PIN tries and
//! lockouts, cash movements (each pointing to its ledger entry). Append-only:
//! a trigger refuses any change or deletion.

use guichet_sale::StoreError;
use guichet_sale::time::stamp;
use rusqlite::params;

use crate::sqlite_error::OnFile as _;
use crate::store::{Store, Writing};

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

    fn from_name(name: &str) -> Option<Self> {
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

impl Store {
    /// Appends `detail` to the event log.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn log_event(&mut self, kind: EventKind, detail: &str) -> Result<(), StoreError> {
        self.write(|writing| insert_event(writing, kind, detail, None))
    }

    /// The last `limit` events, newest first.
    ///
    /// # Errors
    /// [`StoreError`] if the log cannot be read.
    pub fn events(&self, limit: u32) -> Result<Vec<Event>, StoreError> {
        let mut statement = self
            .file
            .connection
            .prepare_cached(
                "SELECT id, at, kind, detail, ledger_id FROM events ORDER BY id DESC LIMIT ?1",
            )
            .on(&self.file.path)?;
        let rows = statement
            .query_map([limit], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                ))
            })
            .on(&self.file.path)?;
        let mut events = Vec::new();
        for row in rows {
            let (id, at, kind, detail, ledger_id) = row.on(&self.file.path)?;
            let kind = EventKind::from_name(&kind)
                .ok_or_else(|| self.inconsistent(format!("event {id} has unknown kind {kind}")))?;
            events.push(Event {
                id,
                at,
                kind,
                detail,
                ledger_id,
            });
        }
        Ok(events)
    }
}

/// Appends one event in the transaction; one that moves money (a ledger
/// entry) names the player the store acts for.
pub(crate) fn insert_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
) -> Result<(), StoreError> {
    let player = ledger_id.and(writing.player);
    append_event(writing, kind, detail, ledger_id, player)
}

/// Appends one event of player `player`'s in the transaction.
pub(crate) fn insert_player_event(
    writing: &Writing<'_>,
    kind: EventKind,
    player: i64,
    detail: &str,
) -> Result<(), StoreError> {
    append_event(writing, kind, detail, None, Some(player))
}

/// Appends one event, as given.
fn append_event(
    writing: &Writing<'_>,
    kind: EventKind,
    detail: &str,
    ledger_id: Option<i64>,
    player: Option<i64>,
) -> Result<(), StoreError> {
    writing
        .sql
        .prepare_cached(
            "INSERT INTO events (at, kind, detail, ledger_id, player_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .and_then(|mut insert| {
            insert.execute(params![stamp(writing.now), kind.name(), detail, ledger_id, player])
        })
        .on(writing.path)
        .map(drop)
}

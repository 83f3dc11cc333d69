//! What can go wrong in either engine, each case with a message a kiosk
//! operator can act on: the refusals of the sale API, and the faults of the
//! kiosk's file or of the network's database.

use std::path::PathBuf;

use guichet_core::money::Cents;
use guichet_core::step::StepError;
use jiff::Timestamp;

use crate::protection::LimitKind;
use crate::sign_in::SignInRefusal;
use crate::time::in_utc;

/// A failure of the store a unit is played through, either engine. Whenever
/// the kiosk's file itself is at fault (not a database, damaged, newer,
/// read-only, locked, replaced), Guichet has written nothing to it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is not a SQLite database at all.
    #[error("{} is not a SQLite database; Guichet left it untouched", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// A SQLite database, but not one of Guichet's.
    #[error("{} is another program's database, not Guichet's; Guichet left it untouched", path.display())]
    NotGuichet {
        /// The file.
        path: PathBuf,
    },
    /// Shorter than its own header says: part of it is missing.
    #[error("{} is truncated (part of the file is missing); Guichet left it untouched — restore it from a backup", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
    },
    /// SQLite's own check finds damage.
    #[error("{} is damaged ({detail}); Guichet left it untouched — restore it from a backup", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// SQLite's first complaint.
        detail: String,
    },
    /// Written by a later version of Guichet.
    #[error(
        "{} was written by a newer Guichet (schema {found}, this one knows up to {known}); \
         Guichet left it untouched — update Guichet",
        path.display()
    )]
    NewerSchema {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// The file can be read but not written.
    #[error("{} is read-only; Guichet needs to write to it (give its user write permission); nothing was written", path.display())]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// The file can be written, but not its folder, where SQLite keeps its
    /// journal beside it.
    #[error(
        "the folder {} is read-only; Guichet writes the journal of {} there (give its user write permission to the folder); nothing was written",
        folder.display(), path.display()
    )]
    ReadOnlyFolder {
        /// The file.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// A write asked of a store opened to read only.
    #[error("{} was opened to read only: nothing is written to it", path.display())]
    ReadOnlyOpen {
        /// The file.
        path: PathBuf,
    },
    /// The database is gone, but its tally says it was there: a new one in
    /// its place would sell its units again.
    #[error(
        "there is no database at {}, yet its tally {} is there: the database was deleted or moved; put it back (nothing was created)",
        path.display(), tally.display()
    )]
    DatabaseGone {
        /// Where the database was.
        path: PathBuf,
        /// Its tally, left behind.
        tally: PathBuf,
    },
    /// A schema version no Guichet writes (below 1).
    #[error("{} has schema version {found}, which no Guichet writes; Guichet left it untouched", path.display())]
    UnknownSchema {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
    },
    /// A schema older than a read-only open reads as it is.
    #[error(
        "{} has schema version {found}, older than this Guichet reads without changing it; \
         migrate it with `guichet migrate --db {}` (a backup copy is kept beside it); nothing was written",
        path.display(), path.display()
    )]
    OldSchema {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
    },
    /// The database's write-ahead log was deleted or replaced while Guichet
    /// ran: what it held was kept (folded into the database, or copied out),
    /// and nothing more is written.
    #[error(
        "{} was deleted or replaced while Guichet was running; {}, and nothing more was written — restart Guichet",
        wal.display(),
        kept.as_ref().map_or_else(
            || "its sales could not be kept: do not delete anything, call the operator".to_owned(),
            |kept| if kept == path {
                format!("the sales it held are kept in {}", path.display())
            } else {
                format!("the sales it held are copied to {} (put it back as the -wal before any other start)", kept.display())
            }
        )
    )]
    LogReplaced {
        /// The database.
        path: PathBuf,
        /// Its `-wal`.
        wal: PathBuf,
        /// Where its sales are kept: the database itself (folded in), a copy
        /// of the log, or nowhere.
        kept: Option<PathBuf>,
    },
    /// A record the store acts on was written or changed without the key:
    /// the file was forged, and the store opens it for nothing but reading.
    #[error(
        "{}: {record}: the file was changed without its key; nothing was written — \
         `guichet verify --db {}` names every record changed",
        path.display(), path.display()
    )]
    Forged {
        /// The database.
        path: PathBuf,
        /// The first record found forged.
        record: String,
    },
    /// The clock is behind the last record written: a record dated before it
    /// is never written.
    #[error(
        "the clock says {now}, before the last record of {} ({last}): the clock is wrong; \
         nothing was written — set the clock right",
        path.display()
    )]
    ClockBehind {
        /// The database.
        path: PathBuf,
        /// The date of its last record.
        last: String,
        /// What the clock says.
        now: String,
    },
    /// The file can be neither read nor written by this user.
    #[error("{} cannot be read by this user (permissions {mode:03o}); give its user read and write permission", path.display())]
    NoPermission {
        /// The file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The path names a folder, a FIFO, a device: not a file.
    #[error("{} is a {kind}, not a database file; name a file with --db", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is: "folder", "FIFO", "device".
        kind: &'static str,
    },
    /// A command that only reads was given a database that does not exist.
    #[error("there is no database at {}; check the path given with --db", path.display())]
    NoDatabase {
        /// The path.
        path: PathBuf,
    },
    /// Another program holds the database.
    #[error("{} is locked by another program; close it and try again", path.display())]
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be created or opened.
    #[error("cannot open {}: {reason}", path.display())]
    CannotOpen {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The file at the database's path is no longer the one opened: it was
    /// replaced, moved or deleted while Guichet ran.
    #[error("{} was replaced or deleted while Guichet was running; nothing more was written — restart Guichet", path.display())]
    FileReplaced {
        /// The file.
        path: PathBuf,
    },
    /// The database holds fewer committed sales than its tally recorded: its
    /// `-wal` file was probably deleted after a crash, or an old copy put back.
    #[error(
        "{} has lost committed sales (units up to {recorded_units} and ledger entries up to {recorded_ledger} were recorded, \
         the file holds {found_units} and {found_ledger}); nothing was written — put back its -wal file or the last backup, \
         or accept the loss by deleting {}",
        path.display(), tally.display()
    )]
    RolledBack {
        /// The file.
        path: PathBuf,
        /// The tally that recorded more.
        tally: PathBuf,
        /// The highest unit id recorded.
        recorded_units: i64,
        /// The highest ledger id recorded.
        recorded_ledger: i64,
        /// The highest unit id in the file.
        found_units: i64,
        /// The highest ledger id in the file.
        found_ledger: i64,
    },
    /// The seal key file cannot be read, or is not a key.
    #[error("the seal key {} cannot be used: {reason}", path.display())]
    SealKeyUnreadable {
        /// The key file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The seeds of the open blocks cannot be unsealed: their key file is
    /// missing or is another database's. Nothing can be sold from those blocks,
    /// nor any record written (the chain's key is derived from it).
    #[error(
        "the seal key {} is {problem}: the {blocks} open block(s) cannot sell, and nothing can be \
         recorded (the records are chained with it); put the key back, or an operator closes the \
         blocks as void with `guichet blocks --void-unsealable`",
        path.display()
    )]
    SealKeyLost {
        /// The key file.
        path: PathBuf,
        /// "missing" or "not this database's".
        problem: &'static str,
        /// How many open blocks are concerned.
        blocks: usize,
    },
    /// The balance does not cover the stake.
    #[error("insufficient funds: the balance is {balance}, the stake {stake}")]
    InsufficientFunds {
        /// The balance.
        balance: Cents,
        /// The stake asked for.
        stake: Cents,
    },
    /// A withdrawal larger than the balance.
    #[error("cannot withdraw {amount}: the balance is {balance}")]
    InsufficientBalance {
        /// The balance.
        balance: Cents,
        /// The amount asked for.
        amount: Cents,
    },
    /// An amount of zero or less.
    #[error("the amount must be more than 0 (got {0})")]
    NotPositive(Cents),
    /// A deposit above the most one deposit may bring.
    #[error("a deposit is at most {max}; {amount} is too much")]
    DepositTooLarge {
        /// The amount asked for.
        amount: Cents,
        /// The most one deposit may bring.
        max: Cents,
    },
    /// A deposit that would take the balance above its ceiling.
    #[error(
        "the balance may not exceed {max} through deposits; it is {balance}, so {amount} is too much"
    )]
    BalanceCeiling {
        /// The balance.
        balance: Cents,
        /// The amount asked for.
        amount: Cents,
        /// The ceiling.
        max: Cents,
    },
    /// No deposit and no stake before both 7-day limits are set.
    #[error(
        "set your 7-day deposit and stake limits first (guichet limits --deposit EUROS --stake EUROS)"
    )]
    NoLimits,
    /// A deposit or a stake that would pass its 7-day limit.
    #[error("{}", limit_reached(*kind, *amount, *limit, *left, *fits_from))]
    LimitReached {
        /// Which limit.
        kind: LimitKind,
        /// The deposit or stake asked for.
        amount: Cents,
        /// The limit in force.
        limit: Cents,
        /// What is left of it over the last 7 days.
        left: Cents,
        /// When the amount fits, as earlier deposits or stakes leave the
        /// window; `None` when it never will (it is above the limit itself).
        fits_from: Option<Timestamp>,
    },
    /// The player excluded themselves: no stake and no deposit until then.
    #[error("you are excluded from play until {}: no stake and no deposit until then", in_utc(*until))]
    Excluded {
        /// The end of the exclusion.
        until: Timestamp,
    },
    /// A limit that cannot be set.
    #[error("a 7-day limit is between 0,01 € and {max}, not {amount}")]
    LimitOutOfRange {
        /// The amount asked for.
        amount: Cents,
        /// The highest limit.
        max: Cents,
    },
    /// An exclusion that cannot be recorded.
    #[error("an exclusion lasts 1 to {max} days, not {days}")]
    ExclusionOutOfRange {
        /// The days asked for.
        days: u32,
        /// The longest.
        max: u32,
    },
    /// An operator PIN that cannot be set.
    #[error("an operator PIN is {min} to {max} digits")]
    PinFormat {
        /// The fewest digits.
        min: usize,
        /// The most digits.
        max: usize,
    },
    /// A stake with no "18 or over" on record for the player.
    #[error(
        "no stake without the player's answer \"18 or over\" on record (the desk records it: guichet player add --adult)"
    )]
    NotAnAdult,
    /// A player's card number that cannot be one.
    #[error("a player card is 1 to 32 letters, digits or dashes, not {0:?}")]
    CardFormat(String),
    /// A card already given to a player.
    #[error("card {0} is already a player's")]
    CardTaken(String),
    /// A player's PIN that cannot be set.
    #[error("a player's PIN is {min} to {max} digits")]
    PlayerPinFormat {
        /// The fewest digits.
        min: usize,
        /// The most digits.
        max: usize,
    },
    /// An operator action without its reason.
    #[error("an operator action needs a reason")]
    NoReason,
    /// A stored value this build cannot read or hash.
    #[error("the operator PIN could not be hashed or read: {0}")]
    PinHash(String),
    /// A unit is bought and not settled: it must be finished before another.
    #[error("unit {0} is not finished yet; finish it before buying another")]
    UnitUnfinished(i64),
    /// Another process is playing the unit.
    #[error("{}", played_elsewhere(*unit, *pid))]
    PlayedElsewhere {
        /// The unit, if known.
        unit: Option<i64>,
        /// The process playing it, if known.
        pid: Option<u32>,
    },
    /// No unit with this id.
    #[error("there is no unit {0}")]
    NoSuchUnit(i64),
    /// A reveal step that does not fit the unit.
    #[error("unit {unit}: {source}")]
    Step {
        /// The unit.
        unit: i64,
        /// Why the step was refused.
        source: StepError,
    },
    /// The unit is already settled; nothing more can be revealed.
    #[error("unit {0} is already settled")]
    AlreadySettled(i64),
    /// Settling a unit not yet fully revealed.
    #[error("unit {0} is not fully revealed yet")]
    NotFinished(i64),
    /// The database holds something this build cannot read.
    #[error("{} holds something unexpected: {detail}", path.display())]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// What.
        detail: String,
    },
    /// The operating system gave no randomness for a new block's seed.
    #[error("cannot open a new block: {0}")]
    Entropy(String),
    /// A file beside the database (tally, lease) cannot be used.
    #[error("cannot use {}: {reason}", path.display())]
    SideFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The network does not know this kiosk by the name and secret it gave.
    #[error("{0}")]
    KioskRefused(String),
    /// The player's session ended (signed out, signed in elsewhere, unused
    /// too long): nothing is done for them until they sign in again.
    #[error("the player's session has ended: sign in again")]
    SignedOut,
    /// A sign-in refused.
    #[error("{0}")]
    SignIn(SignInRefusal),
    /// The network's database refused or failed.
    #[error(transparent)]
    Network(Box<dyn std::error::Error + Send + Sync>),
    /// Any other failure of the kiosk's file.
    #[error("database error on {}: {source}", path.display())]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

fn limit_reached(
    kind: LimitKind,
    amount: Cents,
    limit: Cents,
    left: Cents,
    fits_from: Option<Timestamp>,
) -> String {
    let noun = kind.noun();
    let when = fits_from.map_or_else(
        || format!("; a {noun} of {amount} is above the limit itself"),
        |from| format!("; a {noun} of {amount} fits from {}", in_utc(from)),
    );
    format!(
        "this {noun} of {amount} would pass your 7-day {noun} limit of {limit}: {left} left{when}"
    )
}

fn played_elsewhere(unit: Option<i64>, pid: Option<u32>) -> String {
    let unit = unit.map_or_else(|| "a unit".to_owned(), |unit| format!("unit {unit}"));
    let holder = pid.map_or_else(
        || "another Guichet process".to_owned(),
        |pid| format!("another Guichet process (pid {pid})"),
    );
    format!("{unit} is being played by {holder}; it can be taken up once that process ends")
}

impl StoreError {
    /// Whether the fault is in the database file itself (as opposed to the
    /// request): the kiosk then shows a screen about the file, not a message.
    #[must_use]
    pub const fn is_about_the_file(&self) -> bool {
        matches!(
            self,
            Self::NotADatabase { .. }
                | Self::NotGuichet { .. }
                | Self::Truncated { .. }
                | Self::Corrupt { .. }
                | Self::NewerSchema { .. }
                | Self::ReadOnly { .. }
                | Self::ReadOnlyFolder { .. }
                | Self::DatabaseGone { .. }
                | Self::UnknownSchema { .. }
                | Self::OldSchema { .. }
                | Self::LogReplaced { .. }
                | Self::ClockBehind { .. }
                | Self::Forged { .. }
                | Self::SideFile { .. }
                | Self::NoPermission { .. }
                | Self::NotAFile { .. }
                | Self::NoDatabase { .. }
                | Self::Locked { .. }
                | Self::CannotOpen { .. }
                | Self::FileReplaced { .. }
                | Self::RolledBack { .. }
                | Self::SealKeyUnreadable { .. }
                | Self::Inconsistent { .. }
        )
    }
}

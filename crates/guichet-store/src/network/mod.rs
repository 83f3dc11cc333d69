//! The store on PostgreSQL, for a network of kiosks: the schema and its
//! migrations, a kiosk role that never sees a secret, blocks opened by the
//! operator's tool, player accounts, and units sold, revealed and settled on
//! the kiosks.
//!
//! The operator's tool ([`Operator`]) connects as the schema's owner: it holds
//! each block's seed, computes every unit's tier with the core
//! ([`Block::walk`](guichet_core::block::Block::walk)) and stores them in a
//! table the kiosk role cannot read; it credits the players' accounts and
//! verifies the whole database. A kiosk ([`Kiosk`], and [`Session`] for a
//! player at it) connects as the kiosk role and may only call the schema's
//! `SECURITY DEFINER` functions — `sell`, `buy` (which return the unit sold and
//! nothing else), `reveal`, `settle`, `kiosk_units`, `balance` — and read
//! `guichet.public_blocks` (commitments, sales, and the seed of a block once it
//! is closed); it gives its name and the secret the operator added it with
//! ([`Operator::add_kiosk`]) to each, and acts as itself only. Players'
//! accounts are protected as on a kiosk's own file: 7-day deposit and stake
//! limits, self-exclusion (`protection.rs`). See `v1.sql`, `v2.sql` and
//! `v3.sql`.

mod kiosk;
mod operator;
mod protection;
mod session;
mod verify;

pub use kiosk::Kiosk;
pub use operator::Operator;
pub use session::Session;

use guichet_core::money::Cents;

/// The schema's migrations, in order: migration `n` (from 1) brings the schema
/// to version `n`.
const MIGRATIONS: [&str; 3] = [
    include_str!("v1.sql"),
    include_str!("v2.sql"),
    include_str!("v3.sql"),
];

/// The schema's version once every migration is applied.
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // 3 fits.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Units per row of `guichet.block_tiers` (as `v1.sql`'s `sell` reads them).
const CHUNK: u32 = 4096;

/// A unit's tier byte when it loses.
const LOSING: u8 = 255;

/// The kiosk role's name when none is chosen.
pub const KIOSK_ROLE: &str = "guichet_kiosk";

/// What went wrong with the network's database.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The server refused or failed (connection, permission, a constraint).
    #[error("PostgreSQL: {}", describe(.0))]
    Postgres(postgres::Error),
    /// A role name that is not a plain lower-case identifier.
    #[error("{0:?} is not a role name (lower-case letters, digits and _ only)")]
    RoleName(String),
    /// A kiosk's name that is empty or longer than 64 characters.
    #[error("{0:?} is not a kiosk's name (1 to 64 characters)")]
    KioskName(String),
    /// The operating system gave no randomness for a kiosk's secret.
    #[error("no randomness for a kiosk's secret: {0}")]
    Entropy(String),
    /// A deposit or a withdrawal of zero or less.
    #[error("an amount is more than 0, not {0}")]
    NotPositive(Cents),
    /// An emission has more tiers than a byte can number.
    #[error("emission {0} has too many tiers to store")]
    TooManyTiers(String),
    /// The database's schema is newer than this build knows.
    #[error(
        "the database's schema is version {found}, this Guichet knows up to {known}: update Guichet"
    )]
    NewerSchema {
        /// The database's version.
        found: i32,
        /// The newest this build knows.
        known: i32,
    },
    /// The server sent what this build cannot use.
    #[error("the database holds something unexpected: {0}")]
    Unexpected(String),
}

impl From<postgres::Error> for NetworkError {
    fn from(error: postgres::Error) -> Self {
        Self::Postgres(error)
    }
}

impl NetworkError {
    /// The SQLSTATE the server raised, if it did (`GU004` for "no player", say).
    #[must_use]
    pub fn code(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.code().map(postgres::error::SqlState::code),
            _ => None,
        }
    }

    /// The detail the server gave with its error, if any.
    fn detail(&self) -> Option<&str> {
        match self {
            Self::Postgres(error) => error.as_db_error().and_then(|db| db.detail()),
            _ => None,
        }
    }
}

/// The server's own words for `error` when it has some ("db error" otherwise).
fn describe(error: &postgres::Error) -> String {
    error
        .as_db_error()
        .map_or_else(|| error.to_string(), |db| db.message().to_owned())
}

/// Whether `role` is a plain lower-case identifier, safe to name in SQL.
fn check_role_name(role: &str) -> Result<(), NetworkError> {
    if role.is_empty()
        || !role
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return Err(NetworkError::RoleName(role.to_owned()));
    }
    Ok(())
}

/// A unit sold to a kiosk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sale {
    /// The block it belongs to.
    pub block: u32,
    /// Its index in the block.
    pub index: u32,
    /// Its tier in the emission's table, `None` when it loses.
    pub tier: Option<usize>,
}

/// The sale in `row`: block number, unit index, tier.
fn sale_of(row: &postgres::Row) -> Sale {
    let block: i32 = row.get(0);
    let index: i32 = row.get(1);
    let tier: Option<i16> = row.get(2);
    Sale {
        block: u32::try_from(block).unwrap_or_default(),
        index: u32::try_from(index).unwrap_or_default(),
        tier: tier.and_then(|tier| usize::try_from(tier).ok()),
    }
}

/// A block as anybody may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicBlock {
    /// Its number in the emission.
    pub number: u32,
    /// Its units.
    pub size: u32,
    /// Units sold.
    pub sold: u32,
    /// Its commitment.
    pub commitment: [u8; 32],
    /// Its seed, once it is closed.
    pub seed: Option<Vec<u8>>,
}

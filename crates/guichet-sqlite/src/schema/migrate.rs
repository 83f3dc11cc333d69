//! The forward migrations: a database brought from its schema version to
//! this build's, one transaction per version, each stamping its version and
//! the application id; nothing is left behind by one that fails.

use rusqlite::{Connection, OptionalExtension as _, Transaction, TransactionBehavior, params};

use guichet_core::block::Seed;

use crate::chain;
use crate::schema::versions::{
    APPLICATION_ID, VERSION_1, VERSION_2_SWAP, VERSION_2_TABLES, VERSION_3, VERSION_4, VERSION_5,
    VERSION_6_TABLES, VERSION_7_TABLES,
};
use crate::seal::SealKey;

/// What a migration may need besides the database.
pub struct MigrationContext<'a> {
    /// The key that seals the seeds of open blocks (a new database, which has
    /// none, needs no key).
    pub seal: Option<&'a SealKey>,
    /// The id version 5 gives the database.
    pub database_id: &'a str,
    /// The time of the migration, as the store stamps it (the links version
    /// 7 adds are dated then, or at the chain's last link if later).
    pub now: &'a str,
}

/// The tables version 7 gives a player column: their rows' content changes,
/// so the chain restates each.
const GIVEN_A_PLAYER: [&str; 4] = ["units", "ledger", "protection", "events"];

/// Why a migration failed.
#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    /// SQLite's.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// The old data cannot be carried over.
    #[error("{0}")]
    Data(String),
}

/// The number of schema versions this build knows.
pub(super) const VERSIONS: i64 = 7;

/// The schema version this build writes.
#[must_use]
pub const fn current_version() -> i64 {
    VERSIONS
}

/// Brings a database at schema `from` to the current version, one transaction
/// per migration, each stamping its version and the application id.
///
/// # Errors
/// The first migration that fails; it then leaves nothing behind.
pub fn migrate(
    connection: &mut Connection,
    from: i64,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    migrate_to(connection, from, VERSIONS, context)
}

/// [`migrate`], up to version `to`.
pub(super) fn migrate_to(
    connection: &mut Connection,
    from: i64,
    to: i64,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    // Table rebuilds drop tables that others refer to: foreign keys are checked
    // once each migration is done, not during it (the pragma only takes effect
    // outside a transaction). Dropped pages are zeroed, so no seed stays behind.
    connection.pragma_update(None, "foreign_keys", false)?;
    connection.pragma_update(None, "secure_delete", true)?;
    for version in (from + 1)..=to {
        let transaction = Transaction::new(connection, TransactionBehavior::Immediate)?;
        match version {
            1 => transaction.execute_batch(VERSION_1)?,
            2 => to_version_2(&transaction, context)?,
            3 => transaction.execute_batch(VERSION_3)?,
            4 => transaction.execute_batch(VERSION_4)?,
            5 => {
                transaction.execute_batch(VERSION_5)?;
                transaction.execute(
                    "INSERT INTO store_identity (id, database_id, created_at)
                     VALUES (1, ?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                    [context.database_id],
                )?;
            }
            6 => {
                transaction.execute_batch(VERSION_6_TABLES)?;
                transaction.execute_batch(&chain::schema_sql(6))?;
            }
            _ => to_version_7(&transaction, context)?,
        }
        let broken: Option<String> = transaction
            .query_row(
                "SELECT \"table\" || ' row ' || rowid || ' points to a missing ' || parent FROM pragma_foreign_key_check LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()?;
        if let Some(broken) = broken {
            return Err(MigrationError::Data(broken));
        }
        transaction.pragma_update(None, "application_id", APPLICATION_ID)?;
        transaction.pragma_update(None, "user_version", version)?;
        transaction.commit()?;
    }
    connection.pragma_update(None, "foreign_keys", true)?;
    connection.pragma_update(None, "secure_delete", false)?;
    if from == 1 {
        // The copied-over pages left the log: keep none of the old ones.
        connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    }
    Ok(())
}

/// Version 6 to 7: the players. A chain already begun is checked first —
/// every row to be rebuilt must be the one its last link holds, made with
/// the key — so that no record forged before is vouched for after; then the
/// tables are rebuilt, their chain triggers made again, and each rebuilt row
/// restated by a link after one saying why.
fn to_version_7(
    transaction: &Transaction<'_>,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    let head = chain::head(transaction)?;
    let key = match (&head, context.seal) {
        (None, _) => None,
        (Some(_), Some(seal)) => Some(chain::ChainKey::of(seal)),
        (Some(_), None) => {
            return Err(MigrationError::Data(
                "the chain's records are restated with the seal key, which is missing".to_owned(),
            ));
        }
    };
    if let Some(key) = &key {
        let walk = crate::chain_check::walk(transaction, key)?;
        let findings: Vec<String> = walk
            .findings
            .iter()
            .cloned()
            .chain(crate::chain_check::rows_against(transaction, &walk)?)
            .collect();
        if let Some(first) = findings.first() {
            return Err(MigrationError::Data(format!(
                "the file does not verify ({first}); nothing is migrated: `guichet verify` lists what is wrong"
            )));
        }
    }
    transaction.execute_batch(VERSION_7_TABLES)?;
    let mut chained = vec!["players"];
    chained.extend(GIVEN_A_PLAYER);
    transaction.execute_batch(&chain::triggers_sql(7, &chained))?;
    if let (Some(key), Some(head)) = (&key, head) {
        chain::restate(transaction, key, (head, 7), &chained, context.now)?;
    }
    Ok(())
}

/// A block of schema 1: id, emission, number, seed, commitment, size, next
/// index, opened at, closed at.
type VersionOneBlock = (
    i64,
    String,
    u32,
    Vec<u8>,
    Vec<u8>,
    u32,
    u32,
    String,
    Option<String>,
);

/// Version 1 to 2: the tables rebuilt, every open block's seed sealed.
fn to_version_2(
    transaction: &Transaction<'_>,
    context: &MigrationContext<'_>,
) -> Result<(), MigrationError> {
    let not_integer: Option<i64> = transaction
        .query_row(
            "SELECT id FROM ledger WHERE typeof(amount_cents) <> 'integer'
                OR typeof(balance_after_cents) <> 'integer' LIMIT 1",
            [],
            |row| row.get(0),
        )
        .optional()?;
    if let Some(entry) = not_integer {
        return Err(MigrationError::Data(format!(
            "ledger entry {entry} holds an amount that is not whole cents (an overflow of an earlier version); \
             restore the last backup from before it"
        )));
    }
    transaction.execute_batch(VERSION_2_TABLES)?;
    let blocks: Vec<VersionOneBlock> = transaction
            .prepare("SELECT id, emission, number, seed, commitment, size, next_index, opened_at, closed_at FROM blocks")?
            .query_map([], |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                    row.get(5)?,
                    row.get(6)?,
                    row.get(7)?,
                    row.get(8)?,
                ))
            })?
            .collect::<Result<_, _>>()?;
    for (id, code, number, seed, commitment, size, next_index, opened_at, closed_at) in blocks {
        let emission = guichet_core::games::emission_by_code(&code)
            .ok_or_else(|| MigrationError::Data(format!("block {id}: unknown emission {code}")))?;
        let seed: [u8; 32] = seed.try_into().map_err(|seed: Vec<u8>| {
            MigrationError::Data(format!(
                "block {id}: malformed seed ({} bytes, not 32)",
                seed.len()
            ))
        })?;
        let seed = Seed::from_bytes(seed);
        let (status, sealed, published) = if closed_at.is_some() {
            ("closed", None, Some(seed.expose_bytes().to_vec()))
        } else {
            let key = context.seal.ok_or_else(|| {
                MigrationError::Data(format!("block {id} is open but no seal key was given"))
            })?;
            (
                "selling",
                Some(key.seal(emission, number, &seed).to_vec()),
                None,
            )
        };
        transaction.execute(
            "INSERT INTO blocks_v2 (id, emission, number, status, commitment, sealed_seed, seed, size,
                                    next_index, committed_at, selling_since, closed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11)",
            params![id, code, number, status, commitment, sealed, published, size, next_index, opened_at, closed_at],
        )?;
    }
    transaction.execute_batch(VERSION_2_SWAP)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::{SharedSigner, with_signer};
    use crate::chain_check::{rows_against, walk};

    /// A database of schema 6 in memory, its chain made with `seal`'s key:
    /// a deposit, a limit and an event of the one account, chained.
    fn version_6(seal: &SealKey) -> Connection {
        let mut connection = Connection::open_in_memory().unwrap();
        let context = MigrationContext {
            seal: None,
            database_id: "00000000000000000000000000000000",
            now: "2026-12-01T08:00:00Z",
        };
        migrate_to(&mut connection, 0, 6, &context).unwrap();
        let signer = SharedSigner::default();
        chain::register(&connection, &signer).unwrap();
        let key = chain::ChainKey::of(seal);
        with_signer(&signer, |signer| {
            signer.set_key(Some(key.clone()));
            signer.set_time(Some("2026-12-01T08:00:00Z".to_owned()));
        });
        chain::begin(&connection, &key, "2026-12-01T08:00:00Z").unwrap();
        connection
            .execute_batch(
                "INSERT INTO protection (at, kind, amount_cents, effective_at)
                     VALUES ('2026-12-01T08:00:00Z', 'deposit_limit', 5000, '2026-12-01T08:00:00Z');
                 INSERT INTO ledger (at, kind, amount_cents, balance_after_cents)
                     VALUES ('2026-12-01T08:00:00Z', 'deposit', 2000, 2000);
                 INSERT INTO events (at, kind, detail, ledger_id)
                     VALUES ('2026-12-01T08:00:00Z', 'cash_in', '20,00 €', 1);",
            )
            .unwrap();
        connection
    }

    fn findings(connection: &Connection, seal: &SealKey) -> Vec<String> {
        let walked = walk(connection, &chain::ChainKey::of(seal)).unwrap();
        let mut found = walked.findings.clone();
        found.extend(rows_against(connection, &walked).unwrap());
        found
    }

    #[test]
    fn version_7_makes_the_account_player_1_and_restates_its_rows_in_the_chain() {
        let seal = SealKey::for_tests([7; 32]);
        let mut connection = version_6(&seal);
        assert_eq!(findings(&connection, &seal), Vec::<String>::new());
        let context = MigrationContext {
            seal: Some(&seal),
            database_id: "00000000000000000000000000000000",
            now: "2026-12-02T08:00:00Z",
        };
        migrate_to(&mut connection, 6, 7, &context).unwrap();
        assert_eq!(findings(&connection, &seal), Vec::<String>::new());
        let owners: i64 = connection
            .query_row(
                "SELECT (SELECT COUNT(*) FROM ledger WHERE player_id = 1)
                      + (SELECT COUNT(*) FROM protection WHERE player_id = 1)
                      + (SELECT COUNT(*) FROM events WHERE player_id = 1)",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(owners, 3);
        let card: String = connection
            .query_row("SELECT card FROM players WHERE id = 1", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(card, "1");
    }

    #[test]
    fn version_7_refuses_a_file_forged_before_it_and_vouches_for_nothing() {
        let seal = SealKey::for_tests([7; 32]);
        let mut connection = version_6(&seal);
        connection
            .execute_batch(
                "DROP TRIGGER protection_is_append_only_update;
                 UPDATE protection SET amount_cents = 900000;",
            )
            .unwrap();
        let context = MigrationContext {
            seal: Some(&seal),
            database_id: "00000000000000000000000000000000",
            now: "2026-12-02T08:00:00Z",
        };
        let refused = migrate_to(&mut connection, 6, 7, &context).unwrap_err();
        assert!(refused.to_string().contains("does not verify"), "{refused}");
        let version: i64 = connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(version, 6, "nothing migrated");
        let without_key = MigrationContext {
            seal: None,
            ..context
        };
        assert!(migrate_to(&mut connection, 6, 7, &without_key).is_err());
    }
}

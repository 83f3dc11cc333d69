//! The blocks of each emission and their lifecycle.
//!
//! A block is inserted **committed**: its commitment (SHA-256 over its identity
//! and seed) is stored and timestamped, its seed stored only sealed. It then
//! **sells**, unit after unit, and **closes** with its last unit: its seed is then
//! published in clear and can be checked against the commitment. Every emission
//! always has one block selling and the next one committed, so that a block's
//! commitment is public long before its first unit sells (and a block is never
//! created by the sale that sells from it). A block whose seed can no longer be
//! unsealed (its key lost) is closed as **void** by an operator.

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use rusqlite::{Connection, OptionalExtension as _, params};

use crate::schema::NOW;
use crate::seal::SealKey;
use crate::sqlite_error::OnFile as _;
use crate::store::{Seal, Store, Writing};
use guichet_sale::{BlockFacts, BlockRecord, BlockState, BlockStatus, StoreError};

/// The block an emission currently sells from, opened with its unsealed seed.
pub(crate) struct SellingBlock {
    pub id: i64,
    pub block: Block,
    pub next_index: u32,
    seed: Seed,
}

/// A sealed seed as the database holds it, with what checks it.
pub(crate) struct SealedSeed {
    emission: &'static Emission,
    number: u32,
    sealed: [u8; 32],
    commitment: Commitment,
}

impl SealedSeed {
    /// Whether `key` unseals this seed into the one committed to.
    pub fn unseals_with(&self, key: &SealKey) -> bool {
        let seed = key.unseal(self.emission, self.number, &self.sealed);
        Block::verify(self.emission, self.number, &seed, self.commitment)
    }
}

fn bytes32(bytes: Vec<u8>) -> Option<[u8; 32]> {
    bytes.try_into().ok()
}

/// The sealed seeds of every block not yet closed.
pub(crate) fn sealed_blocks(connection: &Connection) -> rusqlite::Result<Vec<SealedSeed>> {
    let rows: Vec<(String, u32, Vec<u8>, Vec<u8>)> = connection
        .prepare_cached(
            "SELECT emission, number, sealed_seed, commitment FROM blocks
             WHERE status IN ('committed', 'selling')",
        )?
        .query_map([], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows
        .into_iter()
        .filter_map(|(code, number, sealed, commitment)| {
            Some(SealedSeed {
                emission: guichet_core::games::emission_by_code(&code)?,
                number,
                sealed: bytes32(sealed)?,
                commitment: Commitment(bytes32(commitment)?),
            })
        })
        .collect())
}

/// Whether some emission lacks its selling or its committed block.
pub(crate) fn missing_blocks(connection: &Connection) -> rusqlite::Result<bool> {
    let complete: u32 = connection.query_row(
        "SELECT COUNT(DISTINCT emission || status) FROM blocks WHERE status IN ('committed', 'selling')",
        [],
        |row| row.get(0),
    )?;
    Ok(complete as usize != 2 * guichet_core::games::emissions().count())
}

/// Gives every emission a block selling and its next block committed.
pub(crate) fn ensure_blocks(writing: &Writing<'_>) -> Result<(), StoreError> {
    for emission in guichet_core::games::emissions() {
        let states: Vec<String> = writing
            .sql
            .prepare_cached(
                "SELECT status FROM blocks WHERE emission = ?1 AND status IN ('committed', 'selling')",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([emission.code()], |row| row.get(0))?
                    .collect()
            })
            .on(writing.path)?;
        let has = |state: &str| states.iter().any(|found| found == state);
        if !has("selling") {
            if !has("committed") {
                commit_next(writing, emission)?;
            }
            promote(writing, emission)?;
        }
        if !has("committed") || !has("selling") {
            commit_next(writing, emission)?;
        }
    }
    Ok(())
}

/// Commits the next block of `emission`: publishes its commitment, seals its seed.
fn commit_next(writing: &Writing<'_>, emission: &'static Emission) -> Result<(), StoreError> {
    let key = writing.key()?;
    let number: u32 = writing
        .sql
        .query_row(
            "SELECT COALESCE(MAX(number) + 1, 0) FROM blocks WHERE emission = ?1",
            [emission.code()],
            |row| row.get(0),
        )
        .on(writing.path)?;
    let seed = writing.seeds.seed(emission, number)?;
    let commitment = Block::commitment_of(emission, number, &seed);
    writing
        .sql
        .execute(
            &format!(
                "INSERT INTO blocks (emission, number, status, commitment, sealed_seed, size, committed_at)
                 VALUES (?1, ?2, 'committed', ?3, ?4, ?5, {NOW})"
            ),
            params![
                emission.code(),
                number,
                &commitment.0[..],
                &key.seal(emission, number, &seed)[..],
                emission.block_size
            ],
        )
        .on(writing.path)?;
    Ok(())
}

/// The committed block of `emission` starts selling, once its row proves
/// itself (never chained again over a forged one).
fn promote(writing: &Writing<'_>, emission: &Emission) -> Result<(), StoreError> {
    let committed: Option<i64> = writing
        .sql
        .prepare_cached("SELECT id FROM blocks WHERE emission = ?1 AND status = 'committed'")
        .and_then(|mut statement| {
            statement
                .query_row([emission.code()], |row| row.get(0))
                .optional()
        })
        .on(writing.path)?;
    let Some(committed) = committed else {
        return Err(StoreError::Inconsistent {
            path: writing.path.to_path_buf(),
            detail: format!("{} has no committed block to sell from", emission.code()),
        });
    };
    writing.prove_row("blocks", &committed.to_string())?;
    writing
        .sql
        .prepare_cached(&format!(
            "UPDATE blocks SET status = 'selling', selling_since = {NOW} WHERE id = ?1"
        ))
        .and_then(|mut statement| statement.execute([committed]))
        .on(writing.path)?;
    Ok(())
}

/// A selling block's row: id, number, sealed seed, commitment, next index.
type SellingRow = (i64, u32, Vec<u8>, Vec<u8>, u32);

/// The block `emission` sells from, its seed unsealed and checked against its
/// commitment.
pub(crate) fn selling_block(
    writing: &Writing<'_>,
    emission: &'static Emission,
) -> Result<SellingBlock, StoreError> {
    let key = writing.key()?;
    let found: Option<SellingRow> = writing
        .sql
        .prepare_cached(
            "SELECT id, number, sealed_seed, commitment, next_index FROM blocks
             WHERE emission = ?1 AND status = 'selling'",
        )
        .and_then(|mut statement| {
            statement
                .query_row([emission.code()], |row| {
                    Ok((
                        row.get(0)?,
                        row.get(1)?,
                        row.get(2)?,
                        row.get(3)?,
                        row.get(4)?,
                    ))
                })
                .optional()
        })
        .on(writing.path)?;
    let broken = |detail: String| StoreError::Inconsistent {
        path: writing.path.to_path_buf(),
        detail,
    };
    let (id, number, sealed, commitment, next_index) =
        found.ok_or_else(|| broken(format!("{} has no block selling", emission.code())))?;
    // Its next index and seal as its last link holds them: a next index
    // moved to units seen winning sells nothing.
    writing.prove_row("blocks", &id.to_string())?;
    let sealed = bytes32(sealed).ok_or_else(|| broken(format!("block {id}: malformed seal")))?;
    let commitment =
        bytes32(commitment).ok_or_else(|| broken(format!("block {id}: malformed commitment")))?;
    let seed = key.unseal(emission, number, &sealed);
    let block = Block::open(emission, number, &seed);
    if block.commitment() != Commitment(commitment) {
        return Err(broken(format!(
            "block {id}: its sealed seed does not match its commitment"
        )));
    }
    Ok(SellingBlock {
        id,
        block,
        next_index,
        seed,
    })
}

/// Marks unit `next_index` of the selling block sold. With its last unit the
/// block closes (its seed published), the committed block starts selling, and
/// the one after it is committed.
pub(crate) fn mark_sold(writing: &Writing<'_>, selling: &SellingBlock) -> Result<(), StoreError> {
    let changed = writing
        .sql
        .prepare_cached(
            "UPDATE blocks SET next_index = next_index + 1 WHERE id = ?1 AND next_index = ?2",
        )
        .and_then(|mut statement| statement.execute(params![selling.id, selling.next_index]))
        .on(writing.path)?;
    if changed != 1 {
        return Err(StoreError::Inconsistent {
            path: writing.path.to_path_buf(),
            detail: format!("block {} moved on during the sale", selling.id),
        });
    }
    if selling.next_index + 1 == selling.block.size() {
        writing
            .sql
            .execute(
                &format!(
                    "UPDATE blocks SET status = 'closed', seed = ?2, sealed_seed = NULL, closed_at = {NOW}
                     WHERE id = ?1"
                ),
                params![selling.id, &selling.seed.expose_bytes()[..]],
            )
            .on(writing.path)?;
        let emission = selling.block.emission();
        promote(writing, emission)?;
        commit_next(writing, emission)?;
    }
    Ok(())
}

/// A block's row as read for records.
type BlockRow = (
    String,
    u32,
    String,
    Vec<u8>,
    String,
    Option<Vec<u8>>,
    u32,
    u32,
    Option<String>,
    Option<String>,
);

impl Store {
    /// Where `emission` stands: the block selling (number, commitment, units sold
    /// and settled, lots of each tier not yet won) and the next one committed.
    /// `None` while the blocks cannot be opened (see [`Store::seal_problem`]):
    /// [`PointOfSale::block_status`](guichet_sale::PointOfSale::block_status)'s
    /// read, which needs no `&mut`.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub(crate) fn status_of(
        &self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError> {
        let read = |status: &str| {
            self.file
                .connection
                .prepare_cached(
                    "SELECT id, number, commitment, committed_at, next_index, size FROM blocks
                     WHERE emission = ?1 AND status = ?2",
                )
                .and_then(|mut statement| {
                    statement
                        .query_row(params![emission.code(), status], |row| {
                            Ok((
                                row.get::<_, i64>(0)?,
                                row.get::<_, u32>(1)?,
                                row.get::<_, Vec<u8>>(2)?,
                                row.get::<_, String>(3)?,
                                row.get::<_, u32>(4)?,
                                row.get::<_, u32>(5)?,
                            ))
                        })
                        .optional()
                })
                .on(&self.file.path)
        };
        let facts = |number: u32, commitment: Vec<u8>, committed_at: String| {
            bytes32(commitment)
                .map(|commitment| BlockFacts {
                    number,
                    commitment: Commitment(commitment),
                    committed_at,
                })
                .ok_or_else(|| self.inconsistent(format!("{emission}: malformed commitment")))
        };
        let Some((id, number, commitment, committed_at, sold, size)) = read("selling")? else {
            return Ok(None);
        };
        let next = read("committed")?
            .map(|(_, number, commitment, committed_at, _, _)| {
                facts(number, commitment, committed_at)
            })
            .transpose()?;
        let won: Vec<(Cents, u32)> = self
            .file
            .connection
            .prepare_cached(
                "SELECT prize_cents, COUNT(*) FROM units WHERE block_id = ?1 AND state = 'settled'
                 GROUP BY prize_cents",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([id], |row| Ok((Cents(row.get(0)?), row.get(1)?)))?
                    .collect()
            })
            .on(&self.file.path)?;
        let remaining_lots = emission
            .tiers
            .iter()
            .map(|tier| {
                let gone = won
                    .iter()
                    .find(|(prize, _)| *prize == tier.prize)
                    .map_or(0, |&(_, count)| count);
                tier.lots.saturating_sub(gone)
            })
            .collect();
        Ok(Some(BlockStatus {
            selling: facts(number, commitment, committed_at)?,
            sold,
            settled: Some(won.iter().map(|&(_, count)| count).sum()),
            size,
            remaining_lots: Some(remaining_lots),
            next,
        }))
    }

    /// Every block, oldest first, as anyone may see it.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn blocks(&self) -> Result<Vec<BlockRecord>, StoreError> {
        let rows: Vec<BlockRow> = self
            .file
            .connection
            .prepare_cached(
                "SELECT emission, number, status, commitment, committed_at, seed, next_index, size,
                        closed_at, void_reason
                 FROM blocks ORDER BY id",
            )
            .and_then(|mut statement| {
                statement
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
                            row.get(9)?,
                        ))
                    })?
                    .collect()
            })
            .on(&self.file.path)?;
        rows.into_iter()
            .map(
                |(
                    code,
                    number,
                    status,
                    commitment,
                    committed_at,
                    seed,
                    sold,
                    size,
                    closed_at,
                    void_reason,
                )| {
                    let broken =
                        |what: &str| self.inconsistent(format!("{code} block {number}: {what}"));
                    let emission = guichet_core::games::emission_by_code(&code)
                        .ok_or_else(|| broken("unknown emission"))?;
                    let state =
                        BlockState::from_name(&status).ok_or_else(|| broken("unknown status"))?;
                    let commitment =
                        bytes32(commitment).ok_or_else(|| broken("malformed commitment"))?;
                    let seed = seed
                        .map(|seed| {
                            bytes32(seed)
                                .map(Seed::from_bytes)
                                .ok_or_else(|| broken("malformed seed"))
                        })
                        .transpose()?;
                    Ok(BlockRecord {
                        emission,
                        facts: BlockFacts {
                            number,
                            commitment: Commitment(commitment),
                            committed_at,
                        },
                        state,
                        sold,
                        size,
                        closed_at,
                        seed,
                        void_reason,
                    })
                },
            )
            .collect()
    }

    /// Closes as void every block not yet closed whose seed cannot be unsealed
    /// (its key lost, or replaced), and commits fresh blocks in their place under
    /// the key at hand (a new one if the key file is missing). Units already sold
    /// from a voided block keep their stored outcome and can still be finished.
    /// Returns the blocks voided. Nothing happens while the key works.
    ///
    /// # Errors
    /// [`StoreError`] if the database or the key file cannot be written.
    pub fn void_unsealable_blocks(
        &mut self,
        reason: &str,
    ) -> Result<Vec<(&'static Emission, u32)>, StoreError> {
        if matches!(self.keys.seal, Seal::Ready(_)) {
            return Ok(Vec::new());
        }
        if self.file.read_only {
            return Err(StoreError::ReadOnlyOpen {
                path: self.file.path.clone(),
            });
        }
        let key_path = self.key_path();
        let key = match SealKey::load(&key_path)? {
            Some(key) => key,
            None => SealKey::create(&key_path)?,
        };
        let voided: Vec<(&'static Emission, u32)> = sealed_blocks(&self.file.connection)
            .on(&self.file.path)?
            .iter()
            .filter(|sealed| !sealed.unseals_with(&key))
            .map(|sealed| (sealed.emission, sealed.number))
            .collect();
        self.set_seal(Seal::Ready(key));
        self.chain.rekeyed = true;
        self.write(|writing| {
            for (emission, number) in &voided {
                writing
                    .sql
                    .execute(
                        &format!(
                            "UPDATE blocks SET status = 'void', sealed_seed = NULL, closed_at = {NOW}, void_reason = ?3
                             WHERE emission = ?1 AND number = ?2"
                        ),
                        params![emission.code(), number, reason],
                    )
                    .on(writing.path)?;
            }
            ensure_blocks(writing)
        })?;
        Ok(voided)
    }
}

//! The blocks of each emission: the open one, which units are sold from, and the
//! closed ones, whose seeds may now be revealed.

use guichet_core::block::{Block, Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use rusqlite::{OptionalExtension as _, Transaction, params};

use crate::schema::NOW;
use crate::{OnFile as _, Store, StoreError};

/// The block an emission currently sells from, as the store holds it.
pub(crate) struct OpenBlock {
    pub id: i64,
    pub block: Block,
    pub next_index: u32,
}

/// Where the open block of an emission stands: public facts only, never its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockStatus {
    /// The block's number within its emission.
    pub number: u32,
    /// Units sold from it.
    pub sold: u32,
    /// Units in it.
    pub size: u32,
    /// The commitment to its seed.
    pub commitment: Commitment,
    /// For each tier of the emission's table, in order, the lots not yet sold.
    pub remaining_lots: Vec<u32>,
}

/// A block that is sold out: its seed can be revealed and checked against the
/// commitment published while it sold.
#[derive(Clone, Debug)]
pub struct ClosedBlock {
    /// Its emission.
    pub emission: &'static Emission,
    /// Its number.
    pub number: u32,
    /// Its seed, now public.
    pub seed: Seed,
    /// The commitment it was sold under.
    pub commitment: Commitment,
    /// When its last unit sold.
    pub closed_at: String,
}

impl ClosedBlock {
    /// Whether the revealed seed is the one committed to.
    #[must_use]
    pub fn verifies(&self) -> bool {
        Block::verify(self.emission, self.number, &self.seed, self.commitment)
    }
}

/// A closed block's row: emission code, number, seed, commitment, closing time.
type ClosedRow = (String, u32, Vec<u8>, Vec<u8>, String);

/// The open block of `emission`, opening the next one (with a fresh seed from the
/// operating system) if there is none.
pub(crate) fn open_block(
    store_path: &std::path::Path,
    transaction: &Transaction<'_>,
    emission: &'static Emission,
) -> Result<OpenBlock, StoreError> {
    let found = transaction
        .prepare_cached("SELECT id, number, seed, next_index FROM blocks WHERE emission = ?1 AND closed_at IS NULL")
        .on(store_path)?
        .query_row([emission.code()], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, u32>(1)?, row.get::<_, Vec<u8>>(2)?, row.get::<_, u32>(3)?))
        })
        .optional()
        .on(store_path)?;
    if let Some((id, number, seed, next_index)) = found {
        let seed: [u8; 32] = seed.try_into().map_err(|_| StoreError::Inconsistent {
            path: store_path.to_path_buf(),
            detail: format!("block {id} has a malformed seed"),
        })?;
        let block = Block::open(emission, number, &Seed::from_bytes(seed));
        return Ok(OpenBlock {
            id,
            block,
            next_index,
        });
    }
    let number: u32 = transaction
        .query_row(
            "SELECT COALESCE(MAX(number) + 1, 0) FROM blocks WHERE emission = ?1",
            [emission.code()],
            |row| row.get(0),
        )
        .on(store_path)?;
    let seed = Seed::generate().map_err(|error| StoreError::Entropy(error.to_string()))?;
    insert_block(store_path, transaction, emission, number, &seed)
}

/// Records block `number` of `emission` with `seed` as its open block.
fn insert_block(
    store_path: &std::path::Path,
    transaction: &Transaction<'_>,
    emission: &'static Emission,
    number: u32,
    seed: &Seed,
) -> Result<OpenBlock, StoreError> {
    let block = Block::open(emission, number, seed);
    transaction
        .execute(
            &format!(
                "INSERT INTO blocks (emission, number, seed, commitment, size, next_index, opened_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0, {NOW})"
            ),
            params![emission.code(), number, &seed.expose_bytes()[..], &block.commitment().0[..], block.size()],
        )
        .on(store_path)?;
    Ok(OpenBlock {
        id: transaction.last_insert_rowid(),
        block,
        next_index: 0,
    })
}

/// The number the next block of `emission` takes.
fn next_number(transaction: &Transaction<'_>, emission: &Emission) -> rusqlite::Result<u32> {
    transaction.query_row(
        "SELECT COALESCE(MAX(number) + 1, 0) FROM blocks WHERE emission = ?1",
        [emission.code()],
        |row| row.get(0),
    )
}

/// Marks unit `index` of the open block sold, closing the block when it was its
/// last unit.
pub(crate) fn mark_sold(transaction: &Transaction<'_>, open: &OpenBlock) -> rusqlite::Result<()> {
    let changed = transaction
        .prepare_cached(
            "UPDATE blocks SET next_index = next_index + 1 WHERE id = ?1 AND next_index = ?2",
        )?
        .execute(params![open.id, open.next_index])?;
    if changed != 1 {
        return Err(rusqlite::Error::StatementChangedRows(changed));
    }
    // Closing is a separate statement so that the common case leaves the
    // open-block index alone.
    if open.next_index + 1 == open.block.size() {
        transaction.execute(
            &format!("UPDATE blocks SET closed_at = {NOW} WHERE id = ?1"),
            [open.id],
        )?;
    }
    Ok(())
}

impl Store {
    /// Opens the next block of `emission` with `seed` instead of a fresh one from
    /// the operating system: for an operator whose seeds come from a certified
    /// source (and for tests that choose their units). Returns the block's number
    /// and commitment.
    ///
    /// # Errors
    /// [`StoreError::BlockAlreadyOpen`] while the emission still has an open
    /// block; [`StoreError`] if it cannot be written.
    pub fn open_next_block(
        &mut self,
        emission: &'static Emission,
        seed: &Seed,
    ) -> Result<BlockStatus, StoreError> {
        self.write(|transaction, path| {
            let open: bool = transaction
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM blocks WHERE emission = ?1 AND closed_at IS NULL)",
                    [emission.code()],
                    |row| row.get(0),
                )
                .on(path)?;
            if open {
                return Err(StoreError::BlockAlreadyOpen(emission.code()));
            }
            let number = next_number(transaction, emission).on(path)?;
            insert_block(path, transaction, emission, number, seed).map(|_| ())
        })?;
        self.block_status(emission)?
            .ok_or_else(|| self.inconsistent("a block just opened is not open"))
    }

    /// The open block of `emission`, if one has been opened: its number, how far
    /// it is sold, its commitment and the lots of each tier still in it. Some of
    /// a block's prizes may already have been won.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn block_status(
        &self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError> {
        let found = self
            .connection
            .query_row(
                "SELECT id, number, next_index, size, commitment FROM blocks WHERE emission = ?1 AND closed_at IS NULL",
                [emission.code()],
                |row| {
                    Ok((
                        row.get::<_, i64>(0)?,
                        row.get::<_, u32>(1)?,
                        row.get::<_, u32>(2)?,
                        row.get::<_, u32>(3)?,
                        row.get::<_, Vec<u8>>(4)?,
                    ))
                },
            )
            .optional()
            .on(&self.path)?;
        let Some((id, number, sold, size, commitment)) = found else {
            return Ok(None);
        };
        let commitment: [u8; 32] = commitment
            .try_into()
            .map_err(|_| self.inconsistent(format!("block {id} has a malformed commitment")))?;
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT prize_cents, COUNT(*) FROM units WHERE block_id = ?1 GROUP BY prize_cents",
            )
            .on(&self.path)?;
        let won: Vec<(Cents, u32)> = statement
            .query_map([id], |row| Ok((Cents(row.get(0)?), row.get(1)?)))
            .and_then(Iterator::collect)
            .on(&self.path)?;
        let remaining_lots = emission
            .tiers
            .iter()
            .map(|tier| {
                let sold = won
                    .iter()
                    .find(|(prize, _)| *prize == tier.prize)
                    .map_or(0, |&(_, count)| count);
                tier.lots.saturating_sub(sold)
            })
            .collect();
        Ok(Some(BlockStatus {
            number,
            sold,
            size,
            commitment: Commitment(commitment),
            remaining_lots,
        }))
    }

    /// The sold-out blocks, oldest first, with their seeds revealed.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn closed_blocks(&self) -> Result<Vec<ClosedBlock>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT emission, number, seed, commitment, closed_at FROM blocks
                 WHERE closed_at IS NOT NULL ORDER BY id",
            )
            .on(&self.path)?;
        let rows: Vec<ClosedRow> = statement
            .query_map([], |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                ))
            })
            .and_then(Iterator::collect)
            .on(&self.path)?;
        rows.into_iter()
            .map(|(code, number, seed, commitment, closed_at)| {
                let emission = Emission::from_code(&code)
                    .ok_or_else(|| self.inconsistent(format!("unknown emission {code}")))?;
                let seed: [u8; 32] = seed.try_into().map_err(|_| {
                    self.inconsistent(format!("{code} block {number}: malformed seed"))
                })?;
                let commitment: [u8; 32] = commitment.try_into().map_err(|_| {
                    self.inconsistent(format!("{code} block {number}: malformed commitment"))
                })?;
                Ok(ClosedBlock {
                    emission,
                    number,
                    seed: Seed::from_bytes(seed),
                    commitment: Commitment(commitment),
                    closed_at,
                })
            })
            .collect()
    }
}

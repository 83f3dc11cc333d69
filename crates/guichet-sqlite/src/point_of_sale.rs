//! The kiosk's own file as a [`PointOfSale`]: the sale API over [`Store`],
//! and its one API for a unit's life — bought, taken up, revealed, settled —
//! and the player's reads that go with it (no inherent method of the same
//! name beside it).

use guichet_core::emission::Emission;
use guichet_core::generator::{self, unit_scenario};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::{
    BlockStatus, LimitKind, PointOfSale, Protection, PublishedBlock, Settlement, StoreError, Unit,
    UnitState,
};
use rusqlite::params;

use crate::account::{LedgerKind, balance_in, insert_entry, proven_balance_in};
use crate::blocks::{mark_sold, selling_block};
use crate::protection::{self, protection_in};
use crate::schema::NOW;
use crate::sqlite_error::OnFile as _;
use crate::store::Store;
use crate::units::{THE_PLAYER_S, first_unfinished_in, load, load_where};

impl PointOfSale for Store {
    /// The balance of the player the store acts for: the sum of their
    /// ledger, as its last entry carries it.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    fn balance(&mut self) -> Result<Cents, StoreError> {
        balance_in(&self.file.connection, self.player_id()?).on(&self.file.path)
    }

    /// Buys the next unit of `emission`'s selling block, in one transaction:
    /// checks that no unit is unfinished and that the balance covers the stake,
    /// that the player is not excluded and that the stake fits the 7-day stake
    /// limit, takes the unit, draws its prize and scenario, stores them and
    /// debits the stake. Nothing about the unit exists before this returns. The store then
    /// holds the play lease until the unit is settled.
    ///
    /// # Errors
    /// [`StoreError::UnitUnfinished`] while another unit is not settled;
    /// [`StoreError::PlayedElsewhere`] while another process plays one;
    /// [`StoreError::Excluded`], [`StoreError::NoLimits`],
    /// [`StoreError::LimitReached`];
    /// [`StoreError::InsufficientFunds`] when the balance does not cover the
    /// stake; [`StoreError::SealKeyLost`] when the block's seed cannot be
    /// unsealed; nothing is bought then. [`StoreError`] if it cannot be written.
    fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError> {
        if let Some(unit) = self.first_unfinished()? {
            return Err(StoreError::UnitUnfinished(unit));
        }
        self.take_lease(None)?;
        let bought = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let player = writing.player()?;
            if let Some(unit) = first_unfinished_in(transaction, player).on(path)? {
                return Err(StoreError::UnitUnfinished(unit));
            }
            protection::check(writing, LimitKind::Stake, emission.stake)?;
            let balance = proven_balance_in(writing, player)?;
            if balance < emission.stake {
                return Err(StoreError::InsufficientFunds {
                    balance,
                    stake: emission.stake,
                });
            }
            let selling = selling_block(writing, emission)?;
            let (prize, scenario) = unit_scenario(&selling.block, selling.next_index);
            let (unit_id, sold_at): (i64, String) = transaction
                .prepare_cached(&format!(
                    "INSERT INTO units (block_id, unit_index, prize_cents, scenario, generator, state, sold_at, player_id)
                     VALUES (?1, ?2, ?3, ?4, ?5, 'sold', {NOW}, ?6) RETURNING id, sold_at"
                ))
                .and_then(|mut insert| {
                    insert.query_row(
                        params![
                            selling.id,
                            selling.next_index,
                            prize.get(),
                            scenario.to_json(),
                            generator::VERSION,
                            player
                        ],
                        |row| Ok((row.get(0)?, row.get(1)?)),
                    )
                })
                .on(path)?;
            insert_entry(writing, player, LedgerKind::Stake, -emission.stake, Some(unit_id))?;
            mark_sold(writing, &selling)?;
            Ok(Unit::sold(
                unit_id,
                (emission, selling.block.number(), selling.next_index),
                (prize, scenario),
                sold_at,
            ))
        });
        if bought.is_err() {
            self.give_back_lease_if_idle();
        }
        bought
    }

    /// Takes up unfinished unit `unit` to play it here: takes the play lease,
    /// and returns the unit as it stands.
    ///
    /// # Errors
    /// [`StoreError::PlayedElsewhere`] while another process plays it;
    /// [`StoreError::NoSuchUnit`].
    fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError> {
        let current = self.unit(unit)?;
        if current.state != UnitState::Settled {
            self.take_lease(Some(unit))?;
        }
        self.unit(unit)
    }

    /// Journals reveal steps of unit `unit`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Step`] when a step does not fit (nothing is journaled),
    /// [`StoreError::AlreadySettled`], [`StoreError::NoSuchUnit`],
    /// [`StoreError::PlayedElsewhere`].
    ///
    /// # Panics
    /// Never: a step always serializes.
    fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        self.take_lease(Some(unit))?;
        let revealed = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let mut current = load(transaction, path, writing.player()?, unit)?;
            writing.prove_row("units", &unit.to_string())?;
            if current.state == UnitState::Settled {
                return Err(StoreError::AlreadySettled(unit));
            }
            let first_seq = i64::try_from(current.steps.len()).unwrap_or(i64::MAX);
            for &step in steps {
                current
                    .progress
                    .apply(step)
                    .map_err(|source| StoreError::Step { unit, source })?;
            }
            let mut insert = transaction
                .prepare_cached(&format!(
                    "INSERT INTO reveal_steps (unit_id, seq, step, at) VALUES (?1, ?2, ?3, {NOW})"
                ))
                .on(path)?;
            for (seq, step) in (first_seq..).zip(steps) {
                let json = serde_json::to_string(step).expect("a step serializes");
                insert.execute(params![unit, seq, json]).on(path)?;
            }
            if !steps.is_empty() {
                transaction
                    .prepare_cached(
                        "UPDATE units SET state = 'revealing' WHERE id = ?1 AND state = 'sold'",
                    )
                    .and_then(|mut update| update.execute([unit]))
                    .on(path)?;
            }
            Ok(())
        });
        if let Err(error) = revealed {
            self.give_back_lease_if_idle();
            return Err(error);
        }
        self.unit(unit)
    }

    /// Settles unit `unit` once it is fully revealed: credits its prize (if any)
    /// exactly once, and gives back the play lease. Settling it again credits
    /// nothing.
    ///
    /// # Errors
    /// [`StoreError::NotFinished`] before every step is taken;
    /// [`StoreError::NoSuchUnit`]; [`StoreError::PlayedElsewhere`].
    fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        if self.unit(unit)?.state == UnitState::Settled {
            return Ok(Settlement {
                unit: self.unit(unit)?,
                credited: false,
            });
        }
        self.take_lease(Some(unit))?;
        let credited = self.write(|writing| {
            let (transaction, path) = (writing.sql, writing.path);
            let player = writing.player()?;
            let current = load(transaction, path, player, unit)?;
            // Its state and prize as its last link holds them: a settled
            // unit set back to `sold` with a prize is neither paid nor
            // chained again.
            writing.prove_row("units", &unit.to_string())?;
            if current.state == UnitState::Settled {
                return Ok(false);
            }
            if !current.progress.is_complete() {
                return Err(StoreError::NotFinished(unit));
            }
            transaction
                .prepare_cached(&format!(
                    "UPDATE units SET state = 'settled', settled_at = {NOW} WHERE id = ?1"
                ))
                .and_then(|mut update| update.execute([unit]))
                .on(path)?;
            if current.prize.is_positive() {
                insert_entry(
                    writing,
                    player,
                    LedgerKind::Prize,
                    current.prize,
                    Some(unit),
                )?;
            }
            Ok(true)
        });
        self.give_back_lease_if_idle();
        Ok(Settlement {
            unit: self.unit(unit)?,
            credited: credited?,
        })
    }

    /// Unit `unit` of the player the store acts for.
    ///
    /// # Errors
    /// [`StoreError::NoSuchUnit`] (another player's too);
    /// [`StoreError::SignedOut`]; [`StoreError::Inconsistent`] if its row
    /// cannot be read back.
    fn unit(&mut self, unit: i64) -> Result<Unit, StoreError> {
        load(
            &self.file.connection,
            &self.file.path,
            self.player_id()?,
            unit,
        )
    }

    /// The player's units bought but not yet settled, oldest first: to
    /// resume at sign-in (none when the store acts for nobody).
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    fn unfinished_units(&mut self) -> Result<Vec<Unit>, StoreError> {
        let Some(player) = self.play.player.as_ref() else {
            return Ok(Vec::new());
        };
        load_where(
            &self.file.connection,
            &self.file.path,
            "WHERE u.id IN (SELECT id FROM units INDEXED BY units_unsettled
                            WHERE player_id = ?1 AND state <> 'settled')
             ORDER BY u.id",
            Some(player.id),
        )
    }

    /// The player's most recent units, newest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    fn recent_units(&mut self, limit: u32) -> Result<Vec<Unit>, StoreError> {
        load_where(
            &self.file.connection,
            &self.file.path,
            &format!("WHERE {THE_PLAYER_S} ORDER BY u.id DESC LIMIT {limit}"),
            Some(self.player_id()?),
        )
    }

    fn published_block(
        &mut self,
        emission: &'static Emission,
        number: u32,
    ) -> Result<PublishedBlock, StoreError> {
        let block = self
            .blocks()?
            .into_iter()
            .find(|block| std::ptr::eq(block.emission, emission) && block.facts.number == number)
            .ok_or_else(|| StoreError::Inconsistent {
                path: self.path().to_owned(),
                detail: format!("no block {number} of {emission}"),
            })?;
        Ok(PublishedBlock {
            commitment: block.facts.commitment,
            committed_at: block.facts.committed_at,
            sold: block.sold,
            size: block.size,
            closed_at: block.closed_at,
            seed: block.seed,
        })
    }

    fn block_status(
        &mut self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError> {
        self.status_of(emission)
    }

    fn ledger_mark(&mut self) -> Result<i64, StoreError> {
        self.mark().map(|mark| mark.ledger)
    }

    /// What the games gave and took the player the store acts for since
    /// ledger entry `after`: prizes and refunds less stakes (deposits and
    /// withdrawals left out).
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    fn net_since(&mut self, after: i64) -> Result<Cents, StoreError> {
        let player = self.player_id()?;
        self.file
            .connection
            .prepare_cached(
                "SELECT COALESCE(SUM(amount_cents), 0) FROM ledger INDEXED BY ledger_by_player
                 WHERE player_id = ?1 AND id > ?2 AND kind IN ('stake', 'prize', 'refund')",
            )
            .and_then(|mut statement| statement.query_row([player, after], |row| row.get(0)))
            .map(Cents)
            .on(&self.file.path)
    }

    /// The player's protection now: age, limits, exclusion.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    fn protection(&mut self) -> Result<Protection, StoreError> {
        protection_in(
            &self.file.connection,
            &self.file.path,
            self.player_id()?,
            self.now(),
        )
    }
}

//! The API a unit is played through, whichever engine keeps it: the kiosk's
//! own SQLite file (`guichet_sqlite::Store`) or a network's PostgreSQL
//! database (`guichet_network::PlayerAccount`, a player at a kiosk).

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;

use crate::error::StoreError;
use crate::protection::Protection;
use crate::published::{BlockStatus, PublishedBlock};
use crate::unit::{Settlement, Unit, UnitState};

/// Where a player buys, reveals and settles units: one unit at a time is
/// unfinished; a unit is bought (stake debited, prize fixed) before anything
/// is shown; every reveal step is journaled before it is shown; settling
/// credits the prize exactly once. The same tests run against every engine
/// (this crate's `tests/point_of_sale.rs`).
pub trait PointOfSale {
    /// The player's balance.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    fn balance(&mut self) -> Result<Cents, StoreError>;

    /// Buys the next unit of `emission`, paid from the balance.
    ///
    /// # Errors
    /// [`StoreError::UnitUnfinished`] while another unit is not settled,
    /// [`StoreError::InsufficientFunds`] when the balance is below the stake:
    /// nothing is bought then. The engine's other refusals.
    fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError>;

    /// Takes up unfinished unit `unit` to play it here, and returns it as it
    /// stands.
    ///
    /// # Errors
    /// [`StoreError::NoSuchUnit`]; [`StoreError::PlayedElsewhere`].
    fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError>;

    /// Journals reveal steps of unit `unit`, all or none.
    ///
    /// # Errors
    /// [`StoreError::Step`] when a step does not fit (nothing is journaled),
    /// [`StoreError::AlreadySettled`], [`StoreError::NoSuchUnit`].
    fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError>;

    /// Settles unit `unit` once it is fully revealed: credits its prize (if
    /// any) exactly once. Settling it again credits nothing.
    ///
    /// # Errors
    /// [`StoreError::NotFinished`] before every step is taken;
    /// [`StoreError::NoSuchUnit`].
    fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError>;

    /// Unit `unit`, as it stands.
    ///
    /// # Errors
    /// [`StoreError::NoSuchUnit`].
    fn unit(&mut self, unit: i64) -> Result<Unit, StoreError>;

    /// The units bought and not settled, oldest first: to resume at start.
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be read.
    fn unfinished_units(&mut self) -> Result<Vec<Unit>, StoreError>;

    /// The player's units played here, newest first, at most `limit` (the
    /// history a kiosk shows).
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be read.
    fn recent_units(&mut self, limit: u32) -> Result<Vec<Unit>, StoreError>;

    /// The public record of block `number` of `emission`: its commitment
    /// and, once it has closed, its seed — to check a unit of it.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read, or the block is not there.
    fn published_block(
        &mut self,
        emission: &'static Emission,
        number: u32,
    ) -> Result<PublishedBlock, StoreError>;

    /// Where `emission`'s sales stand here: the block selling (its
    /// commitment, units sold, and what the engine publishes of the lots
    /// won) and the next one committed; `None` while none sells.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    fn block_status(
        &mut self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError>;

    /// The number of the player's last ledger entry: where a session of play
    /// starts counting (see [`PointOfSale::net_since`]).
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    fn ledger_mark(&mut self) -> Result<i64, StoreError>;

    /// What the player's stakes and prizes after ledger entry `after` come
    /// to: negative when they lost (a reality check tells it).
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    fn net_since(&mut self, after: i64) -> Result<Cents, StoreError>;

    /// The player's protection as it stands: their 7-day limits (in force, a
    /// raise waiting, what the last 7 days used) and an exclusion running.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be read.
    fn protection(&mut self) -> Result<Protection, StoreError>;

    /// Reveals everything left of unit `unit` at once, as "Auto" does, and
    /// settles it.
    ///
    /// # Errors
    /// As [`PointOfSale::reveal`] and [`PointOfSale::settle`].
    fn finish(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        let current = self.unit(unit)?;
        if current.state != UnitState::Settled {
            let steps = current.progress.remaining_steps(&current.scenario);
            if !steps.is_empty() {
                self.reveal(unit, &steps)?;
            }
        }
        self.settle(unit)
    }
}

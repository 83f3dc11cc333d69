//! The API a unit is played through, whichever engine keeps it: the kiosk's
//! own SQLite file ([`Store`]) or a network's PostgreSQL database
//! ([`Session`](crate::network::Session), a player at a kiosk).

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_core::reveal::RevealStep;

use crate::{Settlement, Store, StoreError, Unit, UnitState};

/// Where a player buys, reveals and settles units: one unit at a time is
/// unfinished; a unit is bought (stake debited, prize fixed) before anything
/// is shown; every reveal step is journaled before it is shown; settling
/// credits the prize exactly once. The same tests run against every engine
/// (`tests/point_of_sale.rs`).
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

impl PointOfSale for Store {
    fn balance(&mut self) -> Result<Cents, StoreError> {
        Self::balance(self)
    }

    fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError> {
        Self::buy(self, emission)
    }

    fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError> {
        Self::take_up(self, unit)
    }

    fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        Self::reveal(self, unit, steps)
    }

    fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        Self::settle(self, unit)
    }

    fn unit(&mut self, unit: i64) -> Result<Unit, StoreError> {
        Self::unit(self, unit)
    }

    fn unfinished_units(&mut self) -> Result<Vec<Unit>, StoreError> {
        Self::unfinished_units(self)
    }
}

//! The kiosk's own file as a [`PointOfSale`]: the sale API over [`Store`].

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::{
    BlockStatus, PointOfSale, Protection, PublishedBlock, Settlement, StoreError, Unit,
};

use crate::store::Store;

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

    fn recent_units(&mut self, limit: u32) -> Result<Vec<Unit>, StoreError> {
        Self::recent_units(self, limit)
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
        Self::block_status(self, emission)
    }

    fn ledger_mark(&mut self) -> Result<i64, StoreError> {
        self.mark().map(|mark| mark.ledger)
    }

    fn net_since(&mut self, after: i64) -> Result<Cents, StoreError> {
        Self::net_since(self, after)
    }

    fn protection(&mut self) -> Result<Protection, StoreError> {
        Self::protection(self)
    }
}

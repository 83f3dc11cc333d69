//! Where the seeds of new blocks come from: the operating system, or chosen.

use std::sync::Arc;

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_sale::StoreError;

/// A seed chooser: the seed of block `number` of an emission.
pub type ChooseSeed = dyn Fn(&'static Emission, u32) -> Seed + Send + Sync;

/// Where the seeds of new blocks come from.
#[derive(Clone, Default)]
pub enum SeedSource {
    /// The operating system's cryptographic random source: for real kiosks.
    #[default]
    Os,
    /// Chosen seeds: for an operator whose seeds come from a certified source,
    /// and for tests that choose their units.
    Chosen(Arc<ChooseSeed>),
}

impl SeedSource {
    /// The seed of block `number` of `emission`.
    pub(crate) fn seed(
        &self,
        emission: &'static Emission,
        number: u32,
    ) -> Result<Seed, StoreError> {
        match self {
            Self::Os => Seed::generate().map_err(|error| StoreError::Entropy(error.to_string())),
            Self::Chosen(choose) => Ok(choose(emission, number)),
        }
    }
}

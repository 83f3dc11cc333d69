//! What a block's public record says: its commitment, published before its
//! first sale, and its seed, published once it has closed — all a player
//! needs to check a unit of it (`guichet_core::unit_check`).

use guichet_core::block::{Commitment, Seed};

/// A block as anyone may read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedBlock {
    /// The commitment to its seed.
    pub commitment: Commitment,
    /// When the commitment was published, as `2026-11-29T20:01:02Z`.
    pub committed_at: String,
    /// Units sold from it so far.
    pub sold: u32,
    /// Units in it.
    pub size: u32,
    /// When it closed, once it has.
    pub closed_at: Option<String>,
    /// Its seed, once it has closed.
    pub seed: Option<Seed>,
}

/// A block's public identity: number, commitment, and when it was published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockFacts {
    /// The block's number within its emission.
    pub number: u32,
    /// The commitment to its seed.
    pub commitment: Commitment,
    /// When the commitment was published, as `2026-11-29T20:01:02Z`.
    pub committed_at: String,
}

/// Where an emission's sales stand: public facts only, never a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockStatus {
    /// The block selling.
    pub selling: BlockFacts,
    /// Units sold from it.
    pub sold: u32,
    /// Units of it settled (fully revealed and paid); `None` where the point
    /// of sale does not publish it (a network).
    pub settled: Option<u32>,
    /// Units in it.
    pub size: u32,
    /// For each tier of the emission's table, in order, the lots not yet won:
    /// a lot is gone once its unit is settled, never at its purchase, so that
    /// nothing shown changes between a purchase and its reveal. `None` where
    /// the point of sale does not publish them (a network).
    pub remaining_lots: Option<Vec<u32>>,
    /// The next block, committed before the selling one runs out.
    pub next: Option<BlockFacts>,
}

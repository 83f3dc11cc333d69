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

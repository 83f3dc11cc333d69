//! Guichet's domain core: money, the four games' prize tables, blocks and the
//! scenarios the screens show.
//!
//! Invariant: this crate knows nothing of egui, `SQLite` or files. It compiles and
//! tests on its own, and everything the kiosk shows or pays is decided here.

pub mod block;
pub mod emission;
pub mod generator;
pub mod money;
pub mod permutation;
pub mod plinko;
pub mod reveal;
pub mod scenario;

pub use block::{Block, Commitment, Seed, TierTally};
pub use emission::{Emission, Game, Tier};
pub use money::Cents;
pub use scenario::Scenario;

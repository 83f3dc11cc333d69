//! Guichet's domain core: money, the games and their prize tables, blocks, the
//! scenarios the screens show and how they are revealed.
//!
//! Invariant: this crate knows nothing of egui, `SQLite` or files, and may
//! import no crate of Guichet's: it compiles and tests on its own, and
//! everything the kiosk shows or pays is decided here.
//! Its modules are layered: `money`, `step`, `emission` and `scenario` name no
//! game; each game's folder builds on them; the registry (`games`) lists the
//! folders; `reveal`, `generator` and `block` work on any game of the registry.

pub mod block;
pub mod emission;
pub mod games;
pub mod generator;
pub mod money;
pub mod permutation;
pub mod reveal;
pub mod sampling;
pub mod scenario;
pub mod step;
pub mod unit_check;

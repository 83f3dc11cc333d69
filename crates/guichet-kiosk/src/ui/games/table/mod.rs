//! The game-table layer: the machinery every game's table shares, so that a
//! game only paints its table. Its layers, one name each: a game's page
//! ([`GamePage`](crate::ui::views::GamePage)) holds a [`Table`], the shared
//! machinery, which drives the game's [`GameTable`] (what it paints); the page
//! gives the table a [`TableContext`], the table gives the game a
//! [`TableFrame`] each frame.
//!
//! - [`RevealClock`]: when each revealed step began to show, keyed by
//!   `RevealStep` (zones, pucks, balls alike), and when the result did;
//! - [`TableState`]: play, resume and replay once, and "Auto";
//! - [`Table`]: the per-frame sequence around a game's [`GameTable::paint`]
//!   — follow the store, paint, turn a tap into a reveal (only a step the unit
//!   can take, only when the table takes taps), pace "Auto", show the result
//!   once every animation has ended, celebrate a win in proportion, repaint only
//!   while something moves;
//! - the bottom bar ([`bar`]): one message and "Jouer"/"Auto", in each game's
//!   words.
//!
//! Invariant: a table shows the stored unit and nothing else. A step turns over
//! only once the store has journaled it; the result shown is `unit.prize`, read
//! from the store; the unit is settled by `Guichet::handle` when its last step
//! is journaled, never by painting; its money, the bar's buttons and its win
//! chime wait on screen until its result shows (`Table::result_pending`).

pub mod bar;
mod celebration;
mod clock;
mod context;
mod frame;
mod game_table;
mod machinery;
mod outcome;
pub mod paint;
mod state;

pub use bar::BarWords;
pub use clock::RevealClock;
pub use context::TableContext;
pub use frame::TableFrame;
pub use game_table::GameTable;
pub use machinery::Table;
pub use outcome::{Celebration, Outcome};
pub use state::{Opening, TableState};

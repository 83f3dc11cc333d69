//! The sale API: what a kiosk plays a unit through, whichever engine keeps
//! the player's account — [`PointOfSale`], the unit and its state, the
//! player's protection, the times both write, every error either meets, and
//! the trial's point of sale of play money.
//! May import the core alone: never SQLite, PostgreSQL, the kiosk or egui.

mod error;
mod point_of_sale;
mod protection;
mod published;
mod sign_in;
pub mod time;
mod trial;
mod unit;

pub use error::StoreError;
pub use point_of_sale::PointOfSale;
pub use protection::{
    DEFAULT_REALITY_CHECK_MINUTES, LIMIT_WINDOW, Limit, LimitChange, LimitKind, MAX_EXCLUSION_DAYS,
    MAX_LIMIT, PendingRaise, Protection, RAISE_DELAY, RealityChoice,
};
pub use published::{BlockFacts, BlockStatus, PublishedBlock};
pub use sign_in::{PLAYER_PIN_MAX, PLAYER_PIN_MIN, SignInRefusal, is_player_pin};
pub use trial::{TRIAL_CEILING, TRIAL_CREDIT, Trial};
pub use unit::{Settlement, Unit, UnitState};

//! The kiosk application. [`Guichet`] (the eframe app) holds the state the
//! pages show (`state`, over the engines of `backend`), the sound and the
//! window's policy (`window_policy`: kiosk mode, the operator's way in, idle
//! time and the attract loop); [`Guichet::handle`] is the one place the
//! screens' commands are applied, each concern by its module —
//! `navigation`, `play`, `protection`, `screen`, `operator`, `players` —
//! which says what it changed, so that only that is read again.

mod backend;
mod desk;
mod export;
mod guichet;
mod idle;
mod navigation;
mod operator;
mod page;
mod play;
mod players;
mod protection;
mod screen;
mod session;
mod state;
mod watch;
mod window_policy;

pub use desk::Mode;
pub use guichet::Guichet;
pub use idle::{ATTRACT_AFTER, POINTER_SHOWN};
pub use operator::RECALL_LENGTH;
pub use page::{Page, PageKind};
pub use window_policy::{OPERATOR_KEY, OPERATOR_PRESS};

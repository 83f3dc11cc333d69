//! Everything drawn: the design tokens, the bundled fonts, the words, the frame,
//! the pages and the game screens. Views only draw what the store and the core
//! say, and push [`crate::command::Command`]s; they never change state
//! themselves, and know nothing of the application above them.

pub mod attract;
pub mod fonts;
pub mod games;
pub mod i18n;
pub mod keypad;
pub mod layout;
pub mod legal;
pub mod notice;
pub mod reality_check;
pub mod still_there;
pub mod theme;
pub mod top_bar;
pub mod trial_band;
pub mod view;
pub mod views;
pub mod widgets;

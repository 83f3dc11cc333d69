//! Guichet, the application: the kiosk window and the command line, over the
//! domain core (`guichet-core`) and the store (`guichet-store`).

pub mod app;
pub mod cli;
pub mod command;
pub mod kiosk;
pub mod settings;
pub mod sound;
pub mod ui;

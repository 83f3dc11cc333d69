//! The kiosk application: the window (eframe/egui), its pages and game tables,
//! its sounds and the operator's settings, over the core and either engine.
//! May import the core, the sale API, both engines, the sound device and the
//! program check; never the command line.

pub mod app;
pub mod command;
pub mod replay;
pub mod settings;
pub mod sound;
pub mod ui;
pub mod window;

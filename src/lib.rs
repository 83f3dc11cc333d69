//! Guichet, the application: the command line and (soon) the kiosk window, over
//! the domain core (`guichet-core`).

pub mod cli;

//! X10: nine banknote bundles, three winning numbers, multipliers. Its
//! emission (2 €, blocks of 4 500 000), the zones a unit is revealed by — the
//! nine bundles of "Vos numéros" and the three diamonds of "Numéros gagnants",
//! in any order (règlement 4.4) — its rules ([`scenario`]) and its drawing
//! ([`generator`]).

pub mod game;
pub mod generator;
pub mod scenario;

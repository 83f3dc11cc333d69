//! Bingo: fifteen balls and three bonus balls on two grids. Its emission
//! (2 €, blocks of 1 500 000), the zones a unit is revealed by — the sphere's
//! fifteen balls, drawn one tap at a time and so in draw order, and the three
//! "boules Bonus", in any order (règlement 4.4) — its rules ([`scenario`]) and
//! its drawing ([`generator`]).

pub mod game;
pub mod generator;
pub mod scenario;

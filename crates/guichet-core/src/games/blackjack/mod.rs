//! Black Jack: three hands against the bank. Its emission (2 €, blocks of
//! 1 500 000), the zones a unit is revealed by — the hands "Gain 1/2/3" and
//! the bank's hidden card, in any order (règlement 4.1) — its rules
//! ([`scenario`]) and its drawing ([`generator`]).

pub mod game;
pub mod generator;
pub mod scenario;

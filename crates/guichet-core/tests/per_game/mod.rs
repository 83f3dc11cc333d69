//! Tables of checks kept per game or per emission, keyed by the registry's
//! names, and the proof that a table covers the registry exactly: a game added
//! to the registry without its entry fails the test that loops over it, and an
//! entry whose game or emission left the registry fails too.

#![allow(dead_code)] // Each test file uses its own part of this module.

use guichet_core::emission::{Emission, Game};
use guichet_core::games;

/// What a table holds for one game.
pub enum Proof {
    /// Checks, each run on the game's first offered emission.
    Checks(&'static [fn(&'static Emission)]),
    /// Nothing to check here, and why.
    Nothing(&'static str),
}

/// The entry of `key` in `table`, whose rows say `what`.
///
/// # Panics
/// When `key` has no entry: a game or an emission of the registry left out.
pub fn entry<'a, T>(table: &'a [(&str, T)], key: &str, what: &str) -> &'a T {
    &table
        .iter()
        .find(|(name, _)| *name == key)
        .unwrap_or_else(|| panic!("`{key}` of the registry has no entry in {what}"))
        .1
}

/// Fails unless the keys of `table` are `registered`, each once.
pub fn covers_exactly<T>(table: &[(&str, T)], registered: &[String], what: &str) {
    for key in registered {
        entry(table, key, what);
    }
    for (position, (key, _)) in table.iter().enumerate() {
        assert!(
            registered.iter().any(|name| name == key),
            "{what}: `{key}` is no name of the registry"
        );
        assert!(
            table[..position].iter().all(|(earlier, _)| earlier != key),
            "{what}: `{key}` twice"
        );
    }
}

/// The export names of the registry's games: the keys of a per-game table.
pub fn game_names() -> Vec<String> {
    games::ALL
        .iter()
        .map(|game| game.export_name().to_owned())
        .collect()
}

/// Runs, for every game of the registry, its checks of `table` on its first
/// offered emission.
pub fn run_for_every_game(table: &[(&str, Proof)], what: &str) {
    covers_exactly(table, &game_names(), what);
    for game in games::ALL {
        if let Proof::Checks(checks) = entry(table, game.export_name(), what) {
            for check in *checks {
                check(first_offered(game));
            }
        }
    }
}

/// The emission a game's checks run on.
fn first_offered(game: Game) -> &'static Emission {
    game.rules().first_offered
}

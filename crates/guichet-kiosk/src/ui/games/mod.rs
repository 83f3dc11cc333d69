//! The game screens, and the registry that names them once. Each game paints
//! its table in a folder of its own ([`table::GameTable`]) and makes its
//! [`GameEntry`] there (its tile, its rules' words, its table); the shared
//! layer ([`table`]) does the rest — the unit's reveals and their times, taps
//! turned into reveals, "Auto", the result, the celebration and the bar. The
//! lobby, the rules page, the attract loop and every test loop go through
//! [`GAMES`].

mod entry;
pub mod table;

pub use entry::{GameEntry, TileLook, table_of};
pub use table::{Opening, Outcome, Table};

use guichet_core::emission::Game;

/// Makes the registry from its list: one game's folder per line, each with
/// its `ENTRY`.
macro_rules! tables {
    ($($module:ident,)+) => {
        $(mod $module;)+

        /// Every game's entry, in the core's lobby order (a test holds the
        /// two lists together).
        pub static GAMES: &[&GameEntry] = &[$(&$module::ENTRY),+];
    };
}

tables! {
    blackjack,
    x10,
    star_fortune,
    bingo,
}

/// The entry of `game`.
///
/// # Panics
/// If `game` has no table in [`GAMES`] (a test proves every game has one).
#[must_use]
pub fn entry(game: Game) -> &'static GameEntry {
    GAMES
        .iter()
        .find(|entry| entry.game == game)
        .unwrap_or_else(|| panic!("{game} has no table in the registry"))
}

/// A new table of `game`, nothing on it.
#[must_use]
pub fn table_for(game: Game) -> Table {
    Table::new((entry(game).table)())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_of_the_core_has_one_table_in_its_order() {
        let tables: Vec<Game> = GAMES.iter().map(|entry| entry.game).collect();
        assert_eq!(tables, guichet_core::games::ALL);
    }
}

//! What the kiosk's pages know of a game beside its table: how its tile looks
//! (the lobby and the attract loop show it), how its rules page words a tier,
//! and how its table is made. Each game's folder makes its [`GameEntry`]; the
//! registry (`ui::games`) lists them.

use egui::{Color32, ImageSource};
use guichet_core::emission::Game;
use guichet_core::money::Cents;

use super::table::GameTable;
use crate::ui::i18n::Texts;

/// How a game's tile looks (the attract loop shows the games the same way).
pub struct TileLook {
    /// The tile's color.
    pub background: Color32,
    /// The light behind its illustration.
    pub glow: Color32,
    /// Its outline when touched, and its top prize.
    pub highlight: Color32,
    /// Its illustration.
    pub illustration: ImageSource<'static>,
}

/// One game as the kiosk shows it.
pub struct GameEntry {
    /// The game.
    pub game: Game,
    /// Its tile.
    pub tile: TileLook,
    /// How a tier's prize is made, for a game whose rules page says it beside
    /// each tier (Bingo's combinations).
    pub tier_words: Option<fn(Cents, &Texts) -> String>,
    /// What the game paints on a new table.
    pub table: fn() -> Box<dyn GameTable>,
}

impl GameEntry {
    /// The Fluent key of the game's rules: `rules-` and its command-line name.
    #[must_use]
    pub fn rules_key(&self) -> String {
        format!("rules-{}", self.game.slug())
    }
}

/// What the game `G` paints on a new table, for a [`GameEntry`].
#[must_use]
pub fn table_of<G: GameTable + Default + 'static>() -> Box<dyn GameTable> {
    Box::new(G::default())
}

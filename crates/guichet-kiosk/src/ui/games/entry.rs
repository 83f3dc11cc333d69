//! What the kiosk's pages know of a game beside its table: how its tile looks
//! (the lobby and the attract loop show it), how its rules page words a tier,
//! and how its table is made. Each game's folder makes its [`GameEntry`]; the
//! registry (`ui::games`) lists them.

use egui::{Color32, ImageSource};
use guichet_core::emission::Game;
use guichet_core::money::Cents;

use super::table::{GameScreen, GameTable, TableScreen};
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
    /// A new table of the game, nothing on it.
    pub table: fn() -> Box<dyn GameScreen>,
}

impl GameEntry {
    /// The Fluent key of the game's rules: `rules-` and its command-line name.
    #[must_use]
    pub fn rules_key(&self) -> String {
        format!("rules-{}", self.game.slug())
    }
}

/// A new table of the game `G` paints, for a [`GameEntry`].
#[must_use]
pub fn table_of<G: GameTable + Default + 'static>() -> Box<dyn GameScreen> {
    Box::new(TableScreen::new(G::default()))
}

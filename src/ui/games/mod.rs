//! The game screens. Every game's table implements [`GameScreen`]: it is told to
//! play a unit just bought, resume an unfinished one or replay a settled one, and
//! each frame it draws the stored unit it is given — never anything else — and
//! pushes the player's requests as commands.

mod auto;
mod blackjack;
mod celebration;
mod controls;
mod outcome;
mod text_table;

pub use auto::Pace;
pub use outcome::Outcome;

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_store::Unit;

use crate::app::Command;
use crate::ui::i18n::Texts;

/// What a game screen draws from.
pub struct Table<'a> {
    /// The emission on sale at this table.
    pub emission: &'static Emission,
    /// The unit on the table, as the store holds it (none before buying).
    pub unit: Option<&'a Unit>,
    /// The player's balance.
    pub balance: Cents,
    /// The kiosk's words.
    pub texts: &'a Texts,
}

/// A game's table.
pub trait GameScreen {
    /// A unit was just bought: reveal it from the start; with `auto`, every zone
    /// in turn without waiting for taps.
    fn play(&mut self, unit: &Unit, auto: bool);
    /// An unfinished unit: show what was revealed as revealed, without animation,
    /// and let the player go on.
    fn resume(&mut self, unit: &Unit);
    /// A settled unit from the history: show it whole, read-only.
    fn replay(&mut self, unit: &Unit);
    /// Draws the table and pushes what the player asks for.
    fn ui(&mut self, ui: &mut egui::Ui, table: &Table<'_>, commands: &mut Vec<Command>);
}

/// The screen of `game`.
#[must_use]
pub fn screen_for(game: Game) -> Box<dyn GameScreen> {
    match game {
        Game::BlackJack => Box::new(blackjack::BlackJackScreen::default()),
        Game::X10 | Game::StarFortune | Game::Bingo => Box::new(text_table::TextTable::default()),
    }
}

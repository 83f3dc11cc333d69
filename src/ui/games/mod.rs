//! The game screens: each game paints its table ([`table::GameTable`]); the
//! shared layer ([`table`]) does the rest — the unit's reveals and their times,
//! taps turned into reveals, "Auto", the result, the celebration and the bar.

mod bingo;
mod blackjack;
mod star_fortune;
pub mod table;
mod x10;

pub use table::{GameScreen, Opening, Outcome, Table};

use guichet_core::emission::Game;

use table::TableScreen;

/// The screen of `game`.
#[must_use]
pub fn screen_for(game: Game) -> Box<dyn GameScreen> {
    match game {
        Game::BlackJack => Box::new(TableScreen::new(blackjack::BlackJackTable)),
        Game::X10 => Box::new(TableScreen::new(x10::X10Table)),
        Game::Bingo => Box::new(TableScreen::new(bingo::BingoTable)),
        Game::StarFortune => Box::new(TableScreen::new(star_fortune::StarFortuneTable::default())),
    }
}

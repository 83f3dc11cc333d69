//! The pages, each a [`View`].

mod game_page;
mod history;
mod lobby;
mod resume;
mod rules;
mod store_problem;

pub use game_page::GamePage;
pub use history::HistoryPage;
pub use lobby::Lobby;
pub use resume::ResumePage;
pub use rules::RulesPage;
pub use store_problem::StoreProblemPage;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;

use crate::command::Command;
use crate::ui::i18n::Texts;

/// What every page may read: the words, the balance, the game waiting.
pub struct Kiosk<'a> {
    /// The kiosk's words, in the language chosen.
    pub texts: &'a Texts,
    /// The player's balance (`None` when it could not be read: a notice says why).
    pub balance: Option<Cents>,
    /// The time zone times are shown in.
    pub time_zone: &'a jiff::tz::TimeZone,
    /// The emission of the unit bought and not finished, if any: its game waits.
    pub waiting: Option<&'static Emission>,
}

/// A page of the kiosk.
pub trait View {
    /// Draws the page and pushes what the player asks for.
    fn ui(&mut self, ui: &mut egui::Ui, kiosk: &Kiosk<'_>, commands: &mut Vec<Command>);
}

//! The pages, each a [`View`].

mod age;
mod exclusion;
mod game_page;
mod history;
mod limits;
mod lobby;
mod operator;
mod pin;
mod resume;
mod rules;
mod store_problem;

pub use age::AgePage;
pub use exclusion::ExclusionPage;
pub use game_page::GamePage;
pub use history::HistoryPage;
pub use limits::LimitsPage;
pub use lobby::Lobby;
pub use operator::{ChartFacts, OperatorPage, OperatorTab, RtpCurve, TabContent, TierFacts};
pub use pin::{PinMessage, PinPage, PinStep};
pub use resume::ResumePage;
pub use rules::RulesPage;
pub use store_problem::StoreProblemPage;

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::Protection;

use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::reality_check::RealityFacts;

/// What every page may read: the words, the balance, the game waiting, the
/// player's protection and session.
pub struct Kiosk<'a> {
    /// The kiosk's words, in the language chosen.
    pub texts: &'a Texts,
    /// The player's balance (`None` when it could not be read: a notice says why).
    pub balance: Option<Cents>,
    /// The time zone times are shown in.
    pub time_zone: &'a jiff::tz::TimeZone,
    /// The emission of the unit bought and not finished, if any: its game waits.
    pub waiting: Option<&'static Emission>,
    /// The player's age answer, limits and exclusion (`None` when they could
    /// not be read).
    pub protection: Option<&'a Protection>,
    /// The session so far: minutes played and net position.
    pub session: Option<RealityFacts>,
}

/// A page of the kiosk.
pub trait View {
    /// Draws the page and pushes what the player asks for.
    fn ui(&mut self, ui: &mut egui::Ui, kiosk: &Kiosk<'_>, commands: &mut Vec<Command>);
}

//! A page of the kiosk ([`View`]), and what every page may read
//! ([`PageContext`]).

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::Protection;

use crate::command::Command;
use crate::ui::i18n::Texts;
use crate::ui::reality_check::RealityFacts;

/// Who the kiosk serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat<'a> {
    /// Nobody signed in: nothing of money or play.
    Free,
    /// This card's player signed in.
    Taken {
        /// Their card's number.
        card: &'a str,
    },
    /// A trial of play money ("Partie d'essai — sans argent"): nobody's
    /// money, nothing recorded.
    Trial {
        /// The stakeholders' demonstration (`--demo`), which never ends.
        demonstration: bool,
    },
}

/// What every page may read: the words, who is served, the balance, the
/// game waiting, the player's protection and session.
pub struct PageContext<'a> {
    /// The kiosk's words, in the language chosen.
    pub texts: &'a Texts,
    /// Who the kiosk serves.
    pub seat: Seat<'a>,
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

/// Whether a page carries the law's warning at its foot (the arrêté of 29
/// July 2022's message), on a band of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegalWarning {
    /// None: the page neither promotes play nor speaks of its risks.
    Absent,
    /// The warning: the page promotes play or speaks of its risks.
    Shown,
    /// The warning with "Jeu interdit aux mineurs" and the 18+ mark beside
    /// it (the lobby).
    WithMinors,
}

/// A page of the kiosk. Every page answers each question itself — no answer
/// is given by default, so a new page does not compile until it says.
pub trait View {
    /// Draws the page and pushes what the player asks for.
    fn ui(&mut self, ui: &mut egui::Ui, context: &PageContext<'_>, commands: &mut Vec<Command>);

    /// Whether it promotes play, or speaks of its risks: the law's warning
    /// at its foot.
    fn legal_warning(&self) -> LegalWarning;

    /// Whether the idle timeout leaves it for the lobby (a player left alone
    /// signed out).
    fn times_out(&self) -> bool;

    /// The prize of a unit settled on it whose result has not shown yet at
    /// `now` (its last reveal still runs): the screen holds it back from the
    /// balance and the session's net, and nothing is bought until it shows.
    fn result_pending(&self, now: f64) -> Option<Cents>;
}

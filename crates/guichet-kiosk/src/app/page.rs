//! The pages of the kiosk.

use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_sale::Unit;

use crate::ui::view::View;
use crate::ui::views::{
    AgePage, CheckUnitPage, ExclusionPage, GamePage, HistoryPage, LimitsPage, Lobby, NewPlayerPage,
    OperatorPage, OutOfServicePage, PinPage, ReconnectingPage, ResumePage, RulesPage, SignInPage,
    StoreProblemPage,
};

/// The page shown under the top bar.
pub enum Page {
    /// The four games.
    Lobby(Lobby),
    /// A game's table.
    Game(GamePage),
    /// The player's units, newest first.
    History(HistoryPage),
    /// One settled unit of the history, checked as its player can.
    CheckUnit(CheckUnitPage),
    /// A game's rules and paytable.
    Rules(RulesPage),
    /// An unfinished unit to take up again.
    Resume(ResumePage),
    /// The network stopped answering: the kiosk tries again by itself.
    Reconnecting(ReconnectingPage),
    /// The database could not be opened or used: why, and what to do.
    StoreProblem(StoreProblemPage),
    /// The kiosk's own program is not the release's: it sells nothing.
    OutOfService(OutOfServicePage),
    /// "18 or over?", the first time the account is used.
    Age(AgePage),
    /// The 7-day deposit and stake limits.
    Limits(LimitsPage),
    /// A break from play.
    Exclusion(ExclusionPage),
    /// The operator's PIN, chosen or typed.
    Pin(PinPage),
    /// The operator menu.
    Operator(OperatorPage),
    /// A player signing in.
    SignIn(SignInPage),
    /// A new player signing up ("Nouveau joueur").
    NewPlayer(NewPlayerPage),
}

impl Page {
    /// The view that draws this page.
    pub fn view_mut(&mut self) -> &mut dyn View {
        match self {
            Self::Lobby(page) => page,
            Self::Game(page) => page,
            Self::History(page) => page,
            Self::CheckUnit(page) => page,
            Self::Rules(page) => page,
            Self::Resume(page) => page,
            Self::StoreProblem(page) => page,
            Self::Reconnecting(page) => page,
            Self::OutOfService(page) => page,
            Self::Age(page) => page,
            Self::Limits(page) => page,
            Self::Exclusion(page) => page,
            Self::Pin(page) => page,
            Self::Operator(page) => page,
            Self::SignIn(page) => page,
            Self::NewPlayer(page) => page,
        }
    }

    /// The store changed `unit`: show its new state if it is on the table.
    pub fn update_unit(&mut self, unit: Unit) {
        if let Self::Game(page) = self {
            page.update_unit(unit);
        }
    }

    /// The table, if this is a game's page.
    pub const fn game_mut(&mut self) -> Option<&mut GamePage> {
        match self {
            Self::Game(page) => Some(page),
            _ => None,
        }
    }

    /// What the screen holds back of the money at `now`: the prize of a unit
    /// settled on a table whose result has not shown yet.
    #[must_use]
    pub fn withheld(&self, now: f64) -> Cents {
        match self {
            Self::Game(page) => page.withheld(now),
            _ => Cents::ZERO,
        }
    }

    /// Whether a unit settled on the table has yet to show its result at
    /// `now`: nothing is bought until it has.
    #[must_use]
    pub fn result_pending(&self, now: f64) -> bool {
        matches!(self, Self::Game(page) if page.result_pending(now))
    }

    /// Whether the idle timeout leaves this page for the lobby: every page
    /// but the lobby itself, the age question, a store problem, the network
    /// out of reach (it stays until the network answers) and the kiosk out
    /// of service.
    #[must_use]
    pub const fn times_out(&self) -> bool {
        !matches!(
            self,
            Self::Lobby(_)
                | Self::Age(_)
                | Self::StoreProblem(_)
                | Self::Reconnecting(_)
                | Self::OutOfService(_)
        )
    }

    /// Whether this page promotes play, or speaks of its risks: the lobby,
    /// a game's rules and table, the age question, the limits and the break
    /// show the law's warning at their foot — `Some(true)` with "Jeu interdit
    /// aux mineurs" beside it (the lobby).
    #[must_use]
    pub const fn legal_warning(&self) -> Option<bool> {
        match self {
            Self::Lobby(_) => Some(true),
            Self::Rules(_)
            | Self::Game(_)
            | Self::Age(_)
            | Self::Limits(_)
            | Self::Exclusion(_) => Some(false),
            _ => None,
        }
    }

    /// Whether this is the lobby.
    #[must_use]
    pub const fn is_lobby(&self) -> bool {
        matches!(self, Self::Lobby(_))
    }

    /// The game whose rules "Règles" opens from here: the one on the table, or
    /// the one whose rules are shown, else the first game.
    #[must_use]
    pub fn rules_game(&self) -> Game {
        match self {
            Self::Game(game) => game.emission().game,
            Self::Rules(rules) => rules.game(),
            _ => guichet_core::games::ALL[0],
        }
    }
}

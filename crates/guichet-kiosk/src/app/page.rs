//! The pages of the kiosk, listed once ([`pages!`]): the page shown
//! ([`Page`]), which page it is ([`PageKind`], every one in
//! [`PageKind::ALL`]), and the view that draws it. What each page answers
//! of the law's warning, the idle timeout and the money held back is its
//! view's own ([`View`]), with no default.

use guichet_core::emission::Game;
use guichet_core::money::Cents;
use guichet_sale::Unit;

use crate::ui::view::{LegalWarning, View};
use crate::ui::views::{
    AgePage, CheckUnitPage, ExclusionPage, GamePage, HistoryPage, LimitsPage, Lobby, NewPlayerPage,
    OperatorPage, OutOfServicePage, PinPage, ReconnectingPage, ResumePage, RulesPage, SignInPage,
    StoreProblemPage,
};

/// Makes the pages from their list: one line a page, its variant, its view
/// and its name.
macro_rules! pages {
    ($($(#[doc = $doc:literal])+ $variant:ident($view:ty) = $name:literal,)+) => {
        /// The page shown under the top bar.
        pub enum Page {
            $($(#[doc = $doc])+ $variant($view),)+
        }

        /// Which page is shown, without what it holds.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum PageKind {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl PageKind {
            /// Every page, in the list's order.
            pub const ALL: [Self; [$($name),+].len()] = [$(Self::$variant),+];

            /// Its name, in English (tests and logs).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }
        }

        impl Page {
            /// Which page this is.
            #[must_use]
            pub const fn kind(&self) -> PageKind {
                match self {
                    $(Self::$variant(_) => PageKind::$variant,)+
                }
            }

            /// The view that draws this page.
            #[must_use]
            pub fn view(&self) -> &dyn View {
                match self {
                    $(Self::$variant(page) => page,)+
                }
            }

            /// The view that draws this page, to draw it.
            pub fn view_mut(&mut self) -> &mut dyn View {
                match self {
                    $(Self::$variant(page) => page,)+
                }
            }
        }
    };
}

pages! {
    /// The four games.
    Lobby(Lobby) = "lobby",
    /// A game's table.
    Game(GamePage) = "table",
    /// The player's units, newest first.
    History(HistoryPage) = "history",
    /// One settled unit of the history, checked as its player can.
    CheckUnit(CheckUnitPage) = "check unit",
    /// A game's rules and paytable.
    Rules(RulesPage) = "rules",
    /// An unfinished unit to take up again.
    Resume(ResumePage) = "resume",
    /// The network stopped answering: the kiosk tries again by itself.
    Reconnecting(ReconnectingPage) = "reconnecting",
    /// The database could not be opened or used: why, and what to do.
    StoreProblem(StoreProblemPage) = "store problem",
    /// The kiosk's own program is not the release's: it sells nothing.
    OutOfService(OutOfServicePage) = "out of service",
    /// "18 or over?", the first time the account is used.
    Age(AgePage) = "age",
    /// The 7-day deposit and stake limits.
    Limits(LimitsPage) = "limits",
    /// A break from play.
    Exclusion(ExclusionPage) = "exclusion",
    /// The operator's PIN, chosen or typed.
    Pin(PinPage) = "operator PIN",
    /// The operator menu.
    Operator(OperatorPage) = "operator menu",
    /// A player signing in.
    SignIn(SignInPage) = "sign-in",
    /// A new player signing up ("Nouveau joueur").
    NewPlayer(NewPlayerPage) = "new player",
}

impl Page {
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
    /// settled on the page whose result has not shown yet.
    #[must_use]
    pub fn withheld(&self, now: f64) -> Cents {
        self.view().result_pending(now).unwrap_or(Cents::ZERO)
    }

    /// Whether a unit settled on the page has yet to show its result at
    /// `now`: nothing is bought until it has.
    #[must_use]
    pub fn result_pending(&self, now: f64) -> bool {
        self.view().result_pending(now).is_some()
    }

    /// Whether the idle timeout leaves this page for the lobby.
    #[must_use]
    pub fn times_out(&self) -> bool {
        self.view().times_out()
    }

    /// Whether this page carries the law's warning at its foot.
    #[must_use]
    pub fn legal_warning(&self) -> LegalWarning {
        self.view().legal_warning()
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

//! What the screens ask for, grouped by concern. Views never change the
//! application's state; they push commands, and the application applies them
//! in one place (`app::Guichet::handle`), each concern by an exhaustive match.
//! This module sits below both the application (`app`) and the screens
//! (`ui`): it names only the core's, the sale API's and the words' types.

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::RealityChoice;

use crate::ui::i18n::Language;

/// One request from a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Go to a page.
    Go(Navigation),
    /// Buy, reveal or open a unit.
    Play(PlayCommand),
    /// The player's protection: the age answer, limits, a break, a reality
    /// check's answer.
    Protection(ProtectionCommand),
    /// The screen itself: language, notice, menu, sound.
    Screen(ScreenCommand),
    /// The operator menu.
    Operator(OperatorCommand),
    /// A player signing in, up or out, or a trial of play money.
    Player(PlayerCommand),
}

/// A player signing in, up or out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    /// Sign in with this card and PIN.
    SignIn {
        /// The card's number.
        card: String,
        /// The PIN typed.
        pin: String,
    },
    /// A new player, who said they are 18 or over, chose this PIN (typed
    /// twice): the kiosk gives them a card and signs them in.
    SignUp {
        /// The PIN chosen.
        pin: String,
    },
    /// Sign the player out, or end the trial running (a demonstration's
    /// never ends).
    SignOut,
    /// Try a game for free, signed out: a trial of play money starts at the
    /// table of this emission.
    Try(&'static Emission),
}

/// A page to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigation {
    /// The lobby.
    Lobby,
    /// The table of an emission (the unfinished unit, if it is of this game,
    /// is taken up there).
    Game(&'static Emission),
    /// The history.
    History,
    /// "Vérifier cette partie": a settled unit of the history checked
    /// against its block's published commitment and seed.
    CheckUnit(i64),
    /// The rules of a game.
    Rules(Game),
    /// "18 or over?" again (after a "no").
    Age,
    /// The play limits.
    Limits,
    /// The self-exclusion page.
    Exclusion,
    /// The operator's PIN (the hidden gesture, or the key).
    Operator,
    /// A player's sign-in: card, then PIN.
    SignIn,
    /// A new player's sign-up ("Nouveau joueur").
    NewPlayer,
}

/// Playing units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// Buy a unit of this emission; with `auto`, reveal all of it afterwards
    /// ("Auto" instead of "Jouer").
    Buy {
        /// The emission.
        emission: &'static Emission,
        /// Whether "Auto" was pressed.
        auto: bool,
    },
    /// "Auto" on a unit being revealed: reveal the rest of it, in turn.
    Auto(i64),
    /// Journal a reveal step of a unit (and settle it, if that was its last).
    Reveal {
        /// The unit.
        unit: i64,
        /// The step.
        step: RevealStep,
    },
    /// The result of a unit settled on its table has begun to show: its win
    /// sounds now (the money shown moves with it).
    ResultShown(i64),
    /// Open a unit of the history: replayed step by step if settled, resumed if
    /// not.
    OpenUnit(i64),
    /// Take up the unfinished unit (the resume page): resumed, or shown as it
    /// now stands if another process finished it meanwhile.
    ResumeUnit(i64),
    /// Add play money to the trial running (nothing outside a trial).
    TrialCredit,
}

/// The player's protection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProtectionCommand {
    /// The player's answer to "18 or over?".
    AnswerAge(bool),
    /// Set the 7-day limits given (a raise takes effect 48 hours later).
    SetLimits {
        /// The deposit limit, if changed.
        deposit: Option<Cents>,
        /// The stake limit, if changed.
        stake: Option<Cents>,
    },
    /// Exclude the player from play for this many days.
    Exclude(u32),
    /// The player's answer to a reality check.
    RealityCheck(RealityChoice),
}

/// The screen itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenCommand {
    /// Switch the language.
    SetLanguage(Language),
    /// Close the notice shown.
    DismissNotice,
    /// Open or close the top bar's menu (when the bar lacks room for its buttons).
    ToggleMenu,
    /// Turn the sound on or off (the player's toggle, always in the bar).
    ToggleSound,
    /// Try the network again, once it stopped answering (the page's own
    /// timer, or the player's tap).
    TryNetworkAgain,
}

/// The operator menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperatorCommand {
    /// The PIN typed on the PIN page: chosen (the first time) or to check.
    SubmitPin(String),
    /// Show a page of the operator menu.
    Tab(OperatorTab),
    /// Leave the operator menu for the lobby.
    Leave,
    /// Pay money in, for the operator.
    CashIn {
        /// Whose account: their card's number.
        card: String,
        /// How much.
        amount: Cents,
        /// Why, in the operator's words.
        reason: String,
    },
    /// Pay money out, for the operator.
    CashOut {
        /// Whose account: their card's number.
        card: String,
        /// How much.
        amount: Cents,
        /// Why, in the operator's words.
        reason: String,
    },
    /// Reset the meters "since the last reset", for this reason.
    ResetMeters(String),
    /// Run the store's verification.
    Verify,
    /// Make a closing now.
    MakeClosing,
    /// Write the latest closing to the export folder (a USB stick).
    ExportClosing,
    /// Replay a unit step by step from the operator's recall.
    Recall(i64),
    /// Record the recalled unit's reveal as an animated PNG in the export
    /// folder (a USB stick), as `guichet replay` does.
    ExportRecall(i64),
    /// Change one of the kiosk's settings.
    ChangeSetting(Setting),
    /// Close the kiosk (the operator's "Quitter", kiosk mode only).
    ExitKiosk,
}

impl OperatorCommand {
    /// Whether it needs the menu open (the right PIN typed): all but the
    /// PIN itself and the way out.
    #[must_use]
    pub const fn needs_pin(&self) -> bool {
        !matches!(self, Self::SubmitPin(_) | Self::Leave)
    }
}

/// The operator menu's pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperatorTab {
    /// Cash in and out.
    Credits,
    /// Units sold, staked, paid, per game and stake.
    Meters,
    /// The blocks of each emission, and the store's verification.
    Blocks,
    /// Return to player and prizes paid, against the tables.
    Charts,
    /// The last units, to replay.
    Recall,
    /// The event log.
    Events,
    /// The closings: made each day, on demand, exported.
    Closings,
    /// The kiosk's settings.
    Settings,
}

impl OperatorTab {
    /// Every tab, in the menu's order.
    pub const ALL: [Self; 8] = [
        Self::Credits,
        Self::Meters,
        Self::Blocks,
        Self::Charts,
        Self::Recall,
        Self::Events,
        Self::Closings,
        Self::Settings,
    ];

    /// The key of its name in the kiosk's words.
    #[must_use]
    pub const fn text_key(self) -> &'static str {
        match self {
            Self::Credits => "operator-tab-credits",
            Self::Meters => "operator-tab-meters",
            Self::Blocks => "operator-tab-blocks",
            Self::Charts => "operator-tab-charts",
            Self::Recall => "operator-tab-recall",
            Self::Events => "operator-tab-events",
            Self::Closings => "operator-tab-closings",
            Self::Settings => "operator-tab-settings",
        }
    }
}

/// A change to the kiosk's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The language at start and after the idle timeout.
    Language(Language),
    /// Sound on or off.
    Sound(bool),
    /// The volume, 0 to 100.
    Volume(u8),
    /// Seconds without a touch before the kiosk goes back to the lobby.
    IdleSeconds(u32),
    /// Whether the attract loop plays on an idle kiosk with nothing to play.
    Attract(bool),
    /// Minutes of a session between two reality checks.
    RealityMinutes(u32),
}

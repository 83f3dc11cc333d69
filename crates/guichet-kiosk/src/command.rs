//! What the screens ask for. Views never change the application's state; they
//! push commands, and `Guichet::handle` applies them, in one place. This module
//! sits below both the application (`app`) and the screens (`ui`): each knows
//! it, neither knows the other through it.

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;
use guichet_sale::RealityChoice;

use crate::ui::i18n::Language;
use crate::ui::views::OperatorTab;

/// One request from a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Show the lobby.
    ShowLobby,
    /// Open the table of an emission (the unfinished unit, if it is of this
    /// game, is taken up there).
    ShowGame(&'static Emission),
    /// Show the history.
    ShowHistory,
    /// Show the rules of a game.
    ShowRules(Game),
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
    /// Open a unit of the history: replayed step by step if settled, resumed if
    /// not.
    OpenUnit(i64),
    /// Take up the unfinished unit (the resume page): resumed, or shown as it
    /// now stands if another process finished it meanwhile.
    ResumeUnit(i64),
    /// Credit demonstration money (only with `--demo`).
    DemoCredit,
    /// Switch the language.
    SetLanguage(Language),
    /// Close the notice shown.
    DismissNotice,
    /// Open or close the top bar's menu (when the bar lacks room for its buttons).
    ToggleMenu,
    /// The player's answer to "18 or over?".
    AnswerAge(bool),
    /// Ask "18 or over?" again (after a "no").
    ShowAge,
    /// Show the play limits.
    ShowLimits,
    /// Set the 7-day limits given (a raise takes effect 48 hours later).
    SetLimits {
        /// The deposit limit, if changed.
        deposit: Option<Cents>,
        /// The stake limit, if changed.
        stake: Option<Cents>,
    },
    /// Show the self-exclusion page.
    ShowExclusion,
    /// Exclude the player from play for this many days.
    Exclude(u32),
    /// The player's answer to a reality check.
    RealityCheck(RealityChoice),
    /// Turn the sound on or off (the player's toggle, always in the bar).
    ToggleSound,
    /// Ask for the operator's PIN (the hidden gesture, or the key).
    ShowOperator,
    /// The PIN typed on the PIN page: chosen (the first time) or to check.
    SubmitPin(String),
    /// Show a page of the operator menu.
    OperatorTab(OperatorTab),
    /// Leave the operator menu for the lobby.
    LeaveOperator,
    /// Pay money in, for the operator.
    CashIn {
        /// How much.
        amount: Cents,
        /// Why, in the operator's words.
        reason: String,
    },
    /// Pay money out, for the operator.
    CashOut {
        /// How much.
        amount: Cents,
        /// Why, in the operator's words.
        reason: String,
    },
    /// Reset the meters "since the last reset", for this reason.
    ResetMeters(String),
    /// Run the store's verification.
    VerifyStore,
    /// Replay a unit step by step from the operator's recall.
    Recall(i64),
    /// Change one of the kiosk's settings.
    ChangeSetting(Setting),
    /// Close the kiosk (the operator's "Quitter", kiosk mode only).
    ExitKiosk,
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
}

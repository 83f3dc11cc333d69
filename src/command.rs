//! What the screens ask for. Views never change the application's state; they
//! push commands, and `Guichet::handle` applies them, in one place. This module
//! sits below both the application (`app`) and the screens (`ui`): each knows
//! it, neither knows the other through it.

use guichet_core::emission::{Emission, Game};
use guichet_core::money::Cents;
use guichet_core::reveal::RevealStep;
use guichet_store::RealityChoice;

use crate::ui::i18n::Language;

/// One request from a screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Credit demonstration money (until the operator menu exists).
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
}

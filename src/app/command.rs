//! What the screens ask for. Views never change the application's state; they
//! push commands, and `Guichet::handle` applies them, in one place.

use guichet_core::emission::{Emission, Game};
use guichet_core::reveal::RevealStep;

use crate::ui::i18n::Language;

/// One request from a screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Show the lobby.
    ShowLobby,
    /// Open the table of an emission, nothing bought yet.
    ShowGame(&'static Emission),
    /// Show the history.
    ShowHistory,
    /// Show the rules of a game.
    ShowRules(Game),
    /// Buy a unit of this emission; with `auto`, reveal all of it at once
    /// afterwards ("Auto" instead of "Jouer").
    Buy {
        /// The emission.
        emission: &'static Emission,
        /// Whether "Auto" was pressed.
        auto: bool,
    },
    /// Journal a reveal step of a unit.
    Reveal {
        /// The unit.
        unit: i64,
        /// The step.
        step: RevealStep,
    },
    /// Settle a fully revealed unit: credit its prize.
    Settle(i64),
    /// Open a unit of the history: replayed if settled, resumed if not.
    OpenUnit(i64),
    /// Credit demonstration money (until the operator menu exists).
    DemoCredit,
    /// Switch the language.
    SetLanguage(Language),
    /// Close the notice shown.
    DismissNotice,
}

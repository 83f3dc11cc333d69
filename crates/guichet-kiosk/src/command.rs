//! What the screens ask for, grouped by concern. Views never change the
//! application's state; they push commands, and the application applies them
//! in one place (`app::Guichet::handle`), each concern by an exhaustive match.
//! What each command needs before it is applied ([`Command::requires`]) is
//! answered here, by every command, in exhaustive matches: a new command
//! does not compile until it says, and nothing is allowed because it was
//! forgotten. This module sits below both the application (`app`) and the
//! screens (`ui`): it names only the core's, the sale API's and the words'
//! types.

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

impl Command {
    /// What it needs of the kiosk before it is applied; `app::Guichet::handle`
    /// checks each answer.
    #[must_use]
    pub const fn requires(&self) -> Requirements {
        match self {
            Self::Go(to) => to.requires(),
            Self::Play(command) => command.requires(),
            Self::Protection(command) => command.requires(),
            Self::Screen(command) => command.requires(),
            Self::Operator(command) => command.requires(),
            Self::Player(command) => command.requires(),
        }
    }
}

/// What a command needs of the kiosk before it is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirements {
    /// Someone served — a player signed in, or a trial: signed out, the
    /// sign-in page opens instead (nothing of money or play for nobody).
    pub player: bool,
    /// The player's "18 or over" (a trial's play money needs none): else the
    /// age question, or a notice saying why play is closed.
    pub adult: bool,
    /// What a trial of play money allows of it.
    pub trial: InTrial,
    /// What it needs of the operator's PIN.
    pub operator: OperatorAccess,
}

impl Requirements {
    /// Anyone may, once the kiosk's first operator PIN is chosen.
    pub const ANYONE: Self = Self {
        player: false,
        adult: false,
        trial: InTrial::Allowed,
        operator: OperatorAccess::PinChosen,
    };
    /// Someone served: the player's money or units (a trial's own).
    pub const PLAYER: Self = Self {
        player: true,
        ..Self::ANYONE
    };
    /// A stake: someone served, and of age unless in a trial.
    pub const STAKE: Self = Self {
        adult: true,
        ..Self::PLAYER
    };
    /// The player's own account — their age answer, limits, a break — which
    /// a trial, nobody's account, does not have.
    pub const ACCOUNT: Self = Self {
        trial: InTrial::Refused,
        ..Self::PLAYER
    };
    /// Who sits at the kiosk: signing in, up or out, which a demonstration,
    /// playing money that is not, never does.
    pub const SEAT: Self = Self {
        trial: InTrial::RefusedInDemonstration,
        ..Self::ANYONE
    };
    /// The operator menu open: the right PIN typed.
    pub const OPERATOR: Self = Self {
        operator: OperatorAccess::MenuOpen,
        ..Self::ANYONE
    };
    /// The operator's PIN itself: nothing, even before the first is chosen.
    pub const PIN: Self = Self {
        operator: OperatorAccess::Nothing,
        ..Self::ANYONE
    };
}

/// What a trial of play money allows of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InTrial {
    /// Allowed in every trial.
    Allowed,
    /// Refused during the stakeholders' demonstration (`--demo`), allowed in
    /// a player's trial.
    RefusedInDemonstration,
    /// Refused in every trial.
    Refused,
}

/// What a command needs of the operator's PIN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperatorAccess {
    /// Nothing: the PIN itself, chosen or typed.
    Nothing,
    /// The kiosk's first PIN chosen: until it is, the kiosk does nothing else.
    PinChosen,
    /// The operator menu open: the right PIN typed.
    MenuOpen,
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

impl PlayerCommand {
    /// What it needs: every one changes who sits at the kiosk.
    #[must_use]
    pub const fn requires(&self) -> Requirements {
        match self {
            Self::SignIn { .. } | Self::SignUp { .. } | Self::SignOut | Self::Try(_) => {
                Requirements::SEAT
            }
        }
    }
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

impl Navigation {
    /// What going there needs: the tables a stake's, the player's pages
    /// someone served, their protection an account of their own.
    #[must_use]
    pub const fn requires(self) -> Requirements {
        match self {
            Self::Lobby | Self::Rules(_) | Self::Operator => Requirements::ANYONE,
            Self::Game(_) => Requirements::STAKE,
            Self::History | Self::CheckUnit(_) => Requirements::PLAYER,
            Self::Age | Self::Limits | Self::Exclusion => Requirements::ACCOUNT,
            Self::SignIn | Self::NewPlayer => Requirements::SEAT,
        }
    }
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

impl PlayCommand {
    /// What it needs: a purchase a stake's, the rest of play someone
    /// served; the result shown nothing (the table's own word).
    #[must_use]
    pub const fn requires(self) -> Requirements {
        match self {
            Self::Buy { .. } => Requirements::STAKE,
            Self::Auto(_)
            | Self::Reveal { .. }
            | Self::OpenUnit(_)
            | Self::ResumeUnit(_)
            | Self::TrialCredit => Requirements::PLAYER,
            Self::ResultShown(_) => Requirements::ANYONE,
        }
    }
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

impl ProtectionCommand {
    /// What it needs: every one the player's own account.
    #[must_use]
    pub const fn requires(self) -> Requirements {
        match self {
            Self::AnswerAge(_)
            | Self::SetLimits { .. }
            | Self::Exclude(_)
            | Self::RealityCheck(_) => Requirements::ACCOUNT,
        }
    }
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

impl ScreenCommand {
    /// What it needs: nothing (the kiosk's first PIN chosen).
    #[must_use]
    pub const fn requires(self) -> Requirements {
        match self {
            Self::SetLanguage(_)
            | Self::DismissNotice
            | Self::ToggleMenu
            | Self::ToggleSound
            | Self::TryNetworkAgain => Requirements::ANYONE,
        }
    }
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
    /// What it needs: the menu open (the right PIN typed) for all but the
    /// PIN itself and the way out.
    #[must_use]
    pub const fn requires(&self) -> Requirements {
        match self {
            Self::SubmitPin(_) => Requirements::PIN,
            Self::Leave => Requirements::ANYONE,
            Self::Tab(_)
            | Self::CashIn { .. }
            | Self::CashOut { .. }
            | Self::ResetMeters(_)
            | Self::Verify
            | Self::MakeClosing
            | Self::ExportClosing
            | Self::Recall(_)
            | Self::ExportRecall(_)
            | Self::ChangeSetting(_)
            | Self::ExitKiosk => Requirements::OPERATOR,
        }
    }
}

/// Makes the operator menu's tabs from their list: one line a tab, its
/// variant, its name and its words' key (written whole, so that the words'
/// test finds it).
macro_rules! operator_tabs {
    ($($(#[doc = $doc:literal])+ $variant:ident = $name:literal => $key:literal,)+) => {
        /// The operator menu's pages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum OperatorTab {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl OperatorTab {
            /// Every tab, in the menu's order.
            pub const ALL: [Self; [$($name),+].len()] = [$(Self::$variant),+];

            /// Its name, in English (its snapshots', its words' key).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)+
                }
            }

            /// The key of its name in the kiosk's words.
            #[must_use]
            pub const fn text_key(self) -> &'static str {
                match self {
                    $(Self::$variant => $key,)+
                }
            }
        }
    };
}

operator_tabs! {
    /// Cash in and out.
    Credits = "credits" => "operator-tab-credits",
    /// Units sold, staked, paid, per game and stake.
    Meters = "meters" => "operator-tab-meters",
    /// The blocks of each emission, and the store's verification.
    Blocks = "blocks" => "operator-tab-blocks",
    /// Return to player and prizes paid, against the tables.
    Charts = "charts" => "operator-tab-charts",
    /// The last units, to replay.
    Recall = "recall" => "operator-tab-recall",
    /// The event log.
    Events = "events" => "operator-tab-events",
    /// The closings: made each day, on demand, exported.
    Closings = "closings" => "operator-tab-closings",
    /// The kiosk's settings.
    Settings = "settings" => "operator-tab-settings",
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

#[cfg(test)]
mod tests {
    use guichet_core::games::blackjack::game::BLACK_JACK;

    use super::*;

    /// One command of each kind, with what it needs: signed out, the
    /// player's pages open the sign-in; a stake needs the age answer; a
    /// trial has no account to protect; a demonstration no seat to change;
    /// the menu its PIN. A command missing here still answers (its match
    /// does not compile without), but is not held to the rule.
    #[test]
    fn each_command_needs_what_the_rules_say() {
        let reveal = RevealStep::Zone { zone: 0 };
        let table: [(Command, Requirements); 26] = [
            (Command::Go(Navigation::Lobby), Requirements::ANYONE),
            (
                Command::Go(Navigation::Rules(BLACK_JACK.game)),
                Requirements::ANYONE,
            ),
            (Command::Go(Navigation::Operator), Requirements::ANYONE),
            (
                Command::Go(Navigation::Game(&BLACK_JACK)),
                Requirements::STAKE,
            ),
            (Command::Go(Navigation::History), Requirements::PLAYER),
            (Command::Go(Navigation::CheckUnit(1)), Requirements::PLAYER),
            (Command::Go(Navigation::Age), Requirements::ACCOUNT),
            (Command::Go(Navigation::Limits), Requirements::ACCOUNT),
            (Command::Go(Navigation::Exclusion), Requirements::ACCOUNT),
            (Command::Go(Navigation::SignIn), Requirements::SEAT),
            (Command::Go(Navigation::NewPlayer), Requirements::SEAT),
            (
                Command::Play(PlayCommand::Buy {
                    emission: &BLACK_JACK,
                    auto: true,
                }),
                Requirements::STAKE,
            ),
            (
                Command::Play(PlayCommand::Reveal {
                    unit: 1,
                    step: reveal,
                }),
                Requirements::PLAYER,
            ),
            (
                Command::Play(PlayCommand::TrialCredit),
                Requirements::PLAYER,
            ),
            (
                Command::Play(PlayCommand::ResultShown(1)),
                Requirements::ANYONE,
            ),
            (
                Command::Protection(ProtectionCommand::AnswerAge(true)),
                Requirements::ACCOUNT,
            ),
            (
                Command::Protection(ProtectionCommand::Exclude(1)),
                Requirements::ACCOUNT,
            ),
            (
                Command::Screen(ScreenCommand::ToggleSound),
                Requirements::ANYONE,
            ),
            (
                Command::Operator(OperatorCommand::SubmitPin(String::new())),
                Requirements::PIN,
            ),
            (
                Command::Operator(OperatorCommand::Leave),
                Requirements::ANYONE,
            ),
            (
                Command::Operator(OperatorCommand::Tab(OperatorTab::Credits)),
                Requirements::OPERATOR,
            ),
            (
                Command::Operator(OperatorCommand::Verify),
                Requirements::OPERATOR,
            ),
            (
                Command::Operator(OperatorCommand::ExitKiosk),
                Requirements::OPERATOR,
            ),
            (Command::Player(PlayerCommand::SignOut), Requirements::SEAT),
            (
                Command::Player(PlayerCommand::SignUp { pin: String::new() }),
                Requirements::SEAT,
            ),
            (
                Command::Player(PlayerCommand::Try(&BLACK_JACK)),
                Requirements::SEAT,
            ),
        ];
        for (command, needs) in table {
            assert_eq!(command.requires(), needs, "{command:?}");
        }
    }
}

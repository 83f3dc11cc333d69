//! The frame of every page: the way back to the lobby, the balance and, once
//! a session runs, its time and net position, always in sight; the rules,
//! the history, the play limits, the sound and the language, which fold into
//! a menu when the bar lacks room for them. "Se connecter" while nobody is
//! signed in (and "Nouveau joueur" at a kiosk of its own file; the rules and
//! the language alone beside them), then the player's card and "Se
//! déconnecter", never folded. A trial's bar has its play money on a pill of
//! its own color, more play money instead of the limits, and "Terminer
//! l'essai" (none in a demonstration, which never ends).

use egui::{Align, Layout, RichText, Vec2};
use guichet_core::emission::Game;
use guichet_core::money::THOUSANDS_SEPARATOR;
use guichet_sale::TRIAL_CREDIT;

use crate::command::{Command, Navigation, PlayCommand, PlayerCommand, ScreenCommand};
use crate::ui::reality_check;
use crate::ui::theme::{palette, size, style};
use crate::ui::view::{PageContext, Seat};
use crate::ui::widgets::{primary_button, quiet_button, text_width};

/// What the bar shows besides the kiosk's state.
// Independent facts the bar shows, not states of one machine.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug)]
pub struct BarState {
    /// Whether the page is the lobby (the title then, no way back).
    pub on_lobby: bool,
    /// The game whose rules "Règles" opens.
    pub rules_game: Game,
    /// Whether the folded menu is open.
    pub menu_open: bool,
    /// Whether sounds play (the toggle says what a press will do).
    pub sound_on: bool,
    /// Whether "Nouveau joueur" is offered while nobody is signed in.
    pub sign_up: bool,
}

/// What the bar gives up to fit its width, least first: a narrow kiosk, a
/// long card number, a large balance and a session running together never
/// push one button over another. Each step gives up what the one before
/// did, and more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Squeeze {
    /// Everything shown.
    Nothing,
    /// The secondary buttons folded into "Menu".
    Folded,
    /// Folded, and the session's pill without its word.
    CompactSession,
    /// That, and the card named by its last characters ("Carte …5678").
    CardTail,
    /// That, and the balance's pill without the card: its amount alone.
    AmountOnly,
}

impl Squeeze {
    /// Every step, least given up first.
    const ALL: [Self; 5] = [
        Self::Nothing,
        Self::Folded,
        Self::CompactSession,
        Self::CardTail,
        Self::AmountOnly,
    ];
}

/// How many of a card's last characters name it on a crowded bar.
const CARD_TAIL: usize = 4;

/// One of the bar's secondary buttons.
struct Item {
    text: String,
    command: Command,
}

/// Draws the top bar.
pub fn show(
    ui: &mut egui::Ui,
    context: &PageContext<'_>,
    state: BarState,
    commands: &mut Vec<Command>,
) {
    let texts = context.texts;
    let items = items(context, state);
    let panel = egui::Panel::top("top_bar")
        .exact_size(size::TOP_BAR)
        .frame(
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(size::MARGIN as i8, 12))
                .stroke(egui::Stroke::new(1.0, palette::LINE)),
        )
        .show(ui, |ui| {
            let squeeze = squeeze(ui, context, state, &items);
            let folded = squeeze >= Squeeze::Folded;
            let mut menu_button = None;
            ui.horizontal_centered(|ui| {
                if state.on_lobby {
                    ui.label(
                        RichText::new("Guichet")
                            .text_style(style::amount())
                            .color(palette::INK),
                    );
                } else if quiet_button(ui, &texts.get("back-to-lobby")).clicked() {
                    commands.push(Command::Go(Navigation::Lobby));
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if folded {
                        let menu = quiet_button(ui, &texts.get("menu"));
                        if menu.clicked() {
                            commands.push(Command::Screen(ScreenCommand::ToggleMenu));
                        }
                        menu_button = Some(menu.rect);
                    } else {
                        for item in items.iter().rev() {
                            if quiet_button(ui, &item.text).clicked() {
                                commands.push(item.command.clone());
                            }
                        }
                    }
                    if context.seat == Seat::Free {
                        if state.sign_up && quiet_button(ui, &texts.get("new-player")).clicked() {
                            commands.push(Command::Go(Navigation::NewPlayer));
                        }
                        if primary_button(ui, &texts.get("sign-in")).clicked() {
                            commands.push(Command::Go(Navigation::SignIn));
                        }
                    } else {
                        balance_pill(ui, context, squeeze);
                        if let Some(text) = session_text(context, squeeze) {
                            quiet_pill(ui, &text);
                        }
                        // Always in sight, never folded into the menu.
                        if let Some(text) = leave_text(context)
                            && quiet_button(ui, &text).clicked()
                        {
                            commands.push(Command::Player(PlayerCommand::SignOut));
                        }
                    }
                });
            });
            menu_button.filter(|_| state.menu_open)
        });
    if let Some(anchor) = panel.inner {
        menu(ui, anchor, &items, commands);
    }
}

/// What the bar must give up to fit `ui`'s width, measured in its own type.
fn squeeze(ui: &egui::Ui, context: &PageContext<'_>, state: BarState, items: &[Item]) -> Squeeze {
    let texts = context.texts;
    let button_width = |text: &str| text_width(ui, text, egui::TextStyle::Button) + 48.0;
    let start = if state.on_lobby {
        text_width(ui, "Guichet", style::amount())
    } else {
        button_width(&texts.get("back-to-lobby"))
    };
    // A pill holding texts `width` across, its margins and the gap after it.
    let pill_of = |width: f32| width + 40.0 + size::GAP;
    let pill = |text: &str| pill_of(text_width(ui, text, egui::TextStyle::Body));
    let menu_width = button_width(&texts.get("menu")) + size::GAP;
    let spread: f32 = items
        .iter()
        .map(|item| button_width(&item.text) + size::GAP)
        .sum();
    let width = |squeeze: Squeeze| {
        let seat = match context.seat {
            Seat::Free => {
                button_width(&texts.get("sign-in"))
                    + size::GAP
                    + if state.sign_up {
                        button_width(&texts.get("new-player")) + size::GAP
                    } else {
                        0.0
                    }
            }
            Seat::Taken { .. } | Seat::Trial { .. } => {
                pill_of(
                    text_width(ui, &balance_text(context), style::amount())
                        + balance_name(context, squeeze).map_or(0.0, |name| {
                            ui.spacing().item_spacing.x
                                + text_width(ui, &name, egui::TextStyle::Body)
                        }),
                ) + session_text(context, squeeze).map_or(0.0, |text| pill(&text))
                    + leave_text(context).map_or(0.0, |text| button_width(&text) + size::GAP)
            }
        };
        let rest = if squeeze == Squeeze::Nothing {
            spread
        } else {
            menu_width
        };
        start + seat + rest + size::GAP
    };
    // The least given up that fits; the most, if nothing does.
    Squeeze::ALL
        .into_iter()
        .find(|&squeeze| width(squeeze) <= ui.available_width())
        .unwrap_or(Squeeze::AmountOnly)
}

/// The bar's secondary buttons: the rules and the language alone while
/// nobody is signed in; else the rules, the history, the limits (in a
/// trial, more play money instead), the sound and the language.
fn items(context: &PageContext<'_>, state: BarState) -> Vec<Item> {
    let texts = context.texts;
    let account = if matches!(context.seat, Seat::Trial { .. }) {
        Item {
            text: texts.with("trial-credit", &[("amount", TRIAL_CREDIT.short())]),
            command: Command::Play(PlayCommand::TrialCredit),
        }
    } else {
        Item {
            text: texts.get("limits"),
            command: Command::Go(Navigation::Limits),
        }
    };
    let rules = Item {
        text: texts.get("rules"),
        command: Command::Go(Navigation::Rules(state.rules_game)),
    };
    let language = Item {
        text: texts.get("language-switch"),
        command: Command::Screen(ScreenCommand::SetLanguage(texts.language().other())),
    };
    let items: Vec<Item> = if context.seat == Seat::Free {
        vec![rules, language]
    } else {
        [
            rules,
            Item {
                text: texts.get("history"),
                command: Command::Go(Navigation::History),
            },
            account,
            Item {
                text: texts.get(if state.sound_on {
                    "sound-off"
                } else {
                    "sound-on"
                }),
                command: Command::Screen(ScreenCommand::ToggleSound),
            },
            language,
        ]
        .into()
    };
    items
}

/// The folded menu, under its button.
fn menu(ui: &egui::Ui, anchor: egui::Rect, items: &[Item], commands: &mut Vec<Command>) {
    egui::Area::new(ui.scope_id().with("top_bar_menu"))
        .order(egui::Order::Foreground)
        .fixed_pos(anchor.right_bottom() + Vec2::new(0.0, size::GAP))
        .pivot(egui::Align2::RIGHT_TOP)
        .show(ui.ctx(), |ui| {
            let menu = egui::UiBuilder::new().accessibility_role(egui::accesskit::Role::Menu);
            ui.scope_builder(menu, |ui| {
                crate::ui::theme::card_frame().show(ui, |ui| {
                    ui.vertical(|ui| {
                        for item in items {
                            // Any command closes the menu (`Guichet::handle`).
                            if quiet_button(ui, &item.text).clicked() {
                                commands.push(item.command.clone());
                            }
                        }
                    });
                })
            });
        });
}

/// The balance as the pill shows it: the amount to the cent, its thousands
/// apart with a space the large type shows (the narrow one all but vanishes
/// there: "10018 €"), or a dash when it cannot be read (a notice says why).
fn balance_text(context: &PageContext<'_>) -> String {
    context.balance.map_or_else(
        || "—".to_owned(),
        |balance| balance.exact().replace(THOUSANDS_SEPARATOR, "\u{A0}"),
    )
}

/// The session as its pill says it: "Session 12 min · +4,00 €" (without
/// its word once squeezed that far); nothing before the first unit bought.
fn session_text(context: &PageContext<'_>, squeeze: Squeeze) -> Option<String> {
    let compact = squeeze >= Squeeze::CompactSession;
    context.session.map(|facts| {
        let played = reality_check::played(context.texts, facts.minutes);
        let net = reality_check::signed(facts.net);
        if compact {
            format!("{played} · {net}")
        } else {
            format!("{} {played} · {net}", context.texts.get("session-label"))
        }
    })
}

/// What the balance's pill names it by: the card of the player signed in,
/// "Carte 0042" (their balance; "Carte …0042", its last characters, once
/// squeezed that far), "Solde d'essai" in a trial, else "Solde"; nothing
/// when squeezed to the amount alone.
fn balance_name(context: &PageContext<'_>, squeeze: Squeeze) -> Option<String> {
    if squeeze == Squeeze::AmountOnly {
        return None;
    }
    Some(match context.seat {
        Seat::Taken { card } => {
            let length = card.chars().count();
            let card = if squeeze == Squeeze::CardTail && length > CARD_TAIL {
                let tail: String = card.chars().skip(length - CARD_TAIL).collect();
                format!("…{tail}")
            } else {
                card.to_owned()
            };
            context.texts.with("signed-in-card", &[("card", card)])
        }
        Seat::Trial { .. } => context.texts.get("trial-balance"),
        Seat::Free => context.texts.get("balance"),
    })
}

/// The way out of the seat, never folded: "Se déconnecter", "Terminer
/// l'essai"; none in a demonstration.
fn leave_text(context: &PageContext<'_>) -> Option<String> {
    match context.seat {
        Seat::Taken { .. } => Some(context.texts.get("sign-out")),
        Seat::Trial {
            demonstration: false,
        } => Some(context.texts.get("trial-end")),
        Seat::Trial {
            demonstration: true,
        }
        | Seat::Free => None,
    }
}

/// A light pill of the bar, holding `text`.
fn quiet_pill(ui: &mut egui::Ui, text: &str) {
    egui::Frame::NONE
        .fill(palette::QUIET)
        .corner_radius(size::RADIUS)
        .inner_margin(egui::Margin::symmetric(20, 10))
        .show(ui, |ui| {
            ui.set_min_size(Vec2::new(0.0, size::TOUCH - 20.0));
            ui.label(RichText::new(text).color(palette::INK));
        });
}

/// The balance, always in sight: a dark pill with the amount in white (a
/// trial's blue), and its name as `squeeze` leaves it.
fn balance_pill(ui: &mut egui::Ui, context: &PageContext<'_>, squeeze: Squeeze) {
    let fill = if matches!(context.seat, Seat::Trial { .. }) {
        palette::TRIAL
    } else {
        palette::BALANCE
    };
    egui::Frame::NONE
        .fill(fill)
        .corner_radius(size::RADIUS)
        .inner_margin(egui::Margin::symmetric(20, 10))
        .show(ui, |ui| {
            ui.set_min_size(Vec2::new(0.0, size::TOUCH - 20.0));
            // Laid out right to left, like the bar: the amount first, then its name.
            ui.label(
                RichText::new(balance_text(context))
                    .text_style(style::amount())
                    .color(palette::ON_DARK),
            );
            if let Some(name) = balance_name(context, squeeze) {
                ui.label(RichText::new(name).color(palette::ON_DARK_SOFT));
            }
        });
}

//! The frame of every page: the way back to the lobby, the balance, the demo
//! credit, the rules, the history and the language.

use egui::{Align, Layout, RichText, Vec2};
use guichet_core::emission::Game;

use crate::app::{Command, Page};
use crate::ui::theme::{palette, size, style};
use crate::ui::views::Kiosk;
use crate::ui::widgets::quiet_button;

/// Draws the top bar above `page`.
pub fn show(ui: &mut egui::Ui, kiosk: &Kiosk<'_>, page: &Page, commands: &mut Vec<Command>) {
    let texts = kiosk.texts;
    egui::Panel::top("top_bar")
        .exact_size(size::TOP_BAR)
        .frame(
            egui::Frame::NONE
                .fill(palette::PAPER)
                .inner_margin(egui::Margin::symmetric(size::MARGIN as i8, 12))
                .stroke(egui::Stroke::new(1.0, palette::LINE)),
        )
        .show(ui, |ui| {
            ui.horizontal_centered(|ui| {
                if page.is_lobby() {
                    ui.label(
                        RichText::new("Guichet")
                            .text_style(style::amount())
                            .color(palette::INK),
                    );
                } else if quiet_button(ui, &texts.get("back-to-lobby")).clicked() {
                    commands.push(Command::ShowLobby);
                }
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    let other = texts.language().other();
                    if quiet_button(ui, &texts.get("language-switch")).clicked() {
                        commands.push(Command::SetLanguage(other));
                    }
                    if quiet_button(ui, &texts.get("history")).clicked() {
                        commands.push(Command::ShowHistory);
                    }
                    if quiet_button(ui, &texts.get("rules")).clicked() {
                        commands.push(Command::ShowRules(rules_game(page)));
                    }
                    if quiet_button(ui, &texts.get("demo-credit")).clicked() {
                        commands.push(Command::DemoCredit);
                    }
                    balance(ui, kiosk);
                });
            });
        });
}

/// The balance, always in sight: a dark pill with the amount in white.
fn balance(ui: &mut egui::Ui, kiosk: &Kiosk<'_>) {
    egui::Frame::NONE
        .fill(palette::BALANCE)
        .corner_radius(size::RADIUS)
        .inner_margin(egui::Margin::symmetric(20, 10))
        .show(ui, |ui| {
            ui.set_min_size(Vec2::new(0.0, size::TOUCH - 20.0));
            // Laid out right to left, like the bar: the amount first, then its name.
            ui.label(
                RichText::new(kiosk.balance.to_string())
                    .text_style(style::amount())
                    .color(palette::ON_DARK),
            );
            ui.label(RichText::new(kiosk.texts.get("balance")).color(palette::ON_DARK_SOFT));
        });
}

/// The game whose rules the "Règles" button opens: the one on the table, or the
/// one whose rules are shown, else Black Jack.
fn rules_game(page: &Page) -> Game {
    match page {
        Page::Game(game) => game.emission().game,
        Page::Rules(rules) => rules.game(),
        _ => Game::BlackJack,
    }
}

//! The bottom bar of every table: one message — the invitation, the hint, the
//! result, or why nothing can be bought — and the buttons: the stakes (for a
//! game sold at several), "Jouer 2 €" and, where the règlement has it, "Auto".

use egui::{Rect, RichText, Vec2};
use guichet_core::emission::Emission;
use guichet_sale::UnitState;

use crate::command::{Command, Navigation, PlayCommand};
use crate::ui::games::table::context::TableContext;
use crate::ui::games::table::outcome::Outcome;
use crate::ui::games::table::state::TableState;
use crate::ui::theme::{palette, size, style};
use crate::ui::widgets::{primary_button, stake_button, table_button};

/// A game's words for the bar's message, as Fluent keys.
#[derive(Clone, Copy, Debug)]
pub struct BarWords {
    /// Before buying: what the game is (`$price` is the stake).
    pub invite: &'static str,
    /// While the player reveals: what to tap.
    pub tap: &'static str,
    /// While "Auto" reveals.
    pub auto: &'static str,
}

/// What the bar says: the one message it shows.
enum Message {
    /// Plain words.
    Words(String),
    /// The result, with how far it has faded in.
    Result(Outcome, f32),
}

/// The bar's message for `table` as the session stands.
fn message(
    table: &TableContext<'_>,
    session: &TableState,
    words: BarWords,
    result: Option<f32>,
) -> Message {
    let texts = table.texts;
    match table.unit {
        Some(unit) if unit.state == UnitState::Settled => match result {
            Some(appear) => Message::Result(Outcome::of(unit.prize, unit.emission.stake), appear),
            // The last reveal still runs on screen.
            None if session.is_read_only() => Message::Words(texts.get("replay-under-way")),
            None if session.is_auto() => Message::Words(texts.get(words.auto)),
            None => Message::Words(texts.get("result-coming")),
        },
        Some(_) if session.is_auto() => Message::Words(texts.get(words.auto)),
        Some(_) if !session.is_read_only() => Message::Words(texts.get(words.tap)),
        _ if table.balance < table.emission.stake => Message::Words(texts.get("balance-short")),
        _ => Message::Words(texts.with(words.invite, &[("price", table.emission.stake.short())])),
    }
}

/// Draws the bar in `rect`; `result` is how far the result has faded in, once
/// it shows.
#[allow(clippy::too_many_arguments)] // The bar is drawn from all of these, once.
pub fn show(
    ui: &mut egui::Ui,
    rect: Rect,
    table: &TableContext<'_>,
    session: &TableState,
    words: BarWords,
    has_auto: bool,
    result: Option<f32>,
    commands: &mut Vec<Command>,
) {
    ui.painter().rect_filled(rect, 0.0, palette::TABLE_BAR);
    let mut bar = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(Vec2::new(size::MARGIN, 12.0)))
            .layout(egui::Layout::right_to_left(egui::Align::Center)),
    );
    buttons(&mut bar, table, session, has_auto, result, commands);
    bar.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
        let text = match message(table, session, words, result) {
            Message::Words(words) => RichText::new(words).color(palette::ON_DARK),
            Message::Result(outcome, appear) => {
                let color = match outcome {
                    Outcome::Won(..) => palette::ACTION,
                    _ => palette::ON_DARK,
                };
                let headline = outcome.headline(table.texts);
                // One line, always: a bar crowded with buttons (three stakes)
                // gets the headline smaller, never below an amount's size.
                let font = style::title().resolve(ui.style());
                let width = ui
                    .painter()
                    .layout_no_wrap(headline.clone(), font.clone(), color)
                    .size()
                    .x;
                let fitted = (font.size * ui.available_width() / width.max(1.0))
                    .clamp(size::AMOUNT, font.size);
                RichText::new(headline)
                    .text_style(style::title())
                    .size(fitted)
                    .color(color.gamma_multiply(appear))
            }
        };
        ui.add(egui::Label::new(text).wrap());
    });
}

/// "Jouer", "Auto" and the stakes, right to left; `result` is whether the
/// settled unit's result shows.
fn buttons(
    ui: &mut egui::Ui,
    table: &TableContext<'_>,
    session: &TableState,
    has_auto: bool,
    result: Option<f32>,
    commands: &mut Vec<Command>,
) {
    if !table.for_sale {
        return;
    }
    let texts = table.texts;
    let emission = table.emission;
    // A unit is on the table until its result has shown: nothing is bought,
    // no stake changed, while its last reveal still runs.
    let in_progress = table
        .unit
        .filter(|unit| unit.state != UnitState::Settled || result.is_none());
    let unsettled = in_progress.filter(|unit| unit.state != UnitState::Settled);
    let play = texts.with("play", &[("price", emission.stake.short())]);
    if ui
        .add_enabled_ui(in_progress.is_none(), |ui| primary_button(ui, &play))
        .inner
        .clicked()
    {
        commands.push(Command::Play(PlayCommand::Buy {
            emission,
            auto: false,
        }));
    }
    if has_auto {
        // On a unit being revealed by taps, "Auto" takes over.
        let auto_enabled = in_progress.is_none() || unsettled.is_some() && !session.is_auto();
        if ui
            .add_enabled_ui(auto_enabled, |ui| table_button(ui, &texts.get("auto")))
            .inner
            .clicked()
        {
            commands.push(match unsettled {
                Some(unit) => Command::Play(PlayCommand::Auto(unit.id)),
                None => Command::Play(PlayCommand::Buy {
                    emission,
                    auto: true,
                }),
            });
        }
    }
    let stakes: Vec<&'static Emission> = emission.game.emissions().collect();
    if stakes.len() > 1 {
        for other in stakes.into_iter().rev() {
            let chosen = other == emission;
            if ui
                .add_enabled_ui(in_progress.is_none(), |ui| {
                    stake_button(ui, other.stake, chosen)
                })
                .inner
                .clicked()
                && !chosen
            {
                commands.push(Command::Go(Navigation::Game(other)));
            }
        }
        ui.label(RichText::new(texts.get("stake")).color(palette::ON_DARK));
    }
}
